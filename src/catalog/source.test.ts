import { describe, expect, it } from 'vitest';
import { firstLineOf, keepSource } from './source.js';

/** An export handed out in pieces of `size` bytes, as a file is read. */
function inPieces(text: string, size: number) {
  const bytes = Buffer.from(text);
  return {
    bytes: bytes.length,
    async *open() {
      for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
    },
  };
}

describe('firstLineOf', () => {
  it('reads up to the break that ends the first line holding more than blanks, across pieces', async () => {
    for (const size of [1, 3, 1000]) {
      const source = await keepSource(inPieces(' \n\t\n{"id":"1"}\n{"id":"2"}\n', size));
      expect(Buffer.from(await firstLineOf(source, 1000)).toString()).toBe(' \n\t\n{"id":"1"}');
    }
  });

  it('stops at the limit when no line ends before it', async () => {
    const source = await keepSource(inPieces(`${'a'.repeat(100)}\n`, 7));
    expect((await firstLineOf(source, 20)).length).toBe(20);
    expect(Buffer.from(await firstLineOf(await keepSource(inPieces('{}', 7)), 20)).toString()).toBe('{}');
  });
});

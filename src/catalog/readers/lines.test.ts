import { describe, expect, it } from 'vitest';
import { type TextLine, textLines } from './lines.js';

async function lines(chunks: string[], max = 10): Promise<TextLine[]> {
  async function* from() {
    yield* chunks;
  }
  const all: TextLine[] = [];
  for await (const line of textLines(from(), max)) all.push(line);
  return all;
}

describe('textLines', () => {
  it('splits lines across chunks and numbers them, the last one without a line break too', async () => {
    expect(await lines(['ab', 'c\nde', '\n\nf'])).toEqual([
      { number: 1, text: 'abc' },
      { number: 2, text: 'de' },
      { number: 3, text: '' },
      { number: 4, text: 'f' },
    ]);
  });

  it('hands out a line over the limit without its text and goes on after it', async () => {
    expect(await lines(['short\n0123456', '789012345', '6789\nnext\n', '0123456789ab'])).toEqual([
      { number: 1, text: 'short' },
      { number: 2 },
      { number: 3, text: 'next' },
      { number: 4 },
    ]);
  });
});

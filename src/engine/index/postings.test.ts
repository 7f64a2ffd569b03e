import { describe, expect, it } from 'vitest';
import { seek } from './postings.js';

describe('seek', () => {
  const docs = new Uint32Array([2, 3, 5, 8, 13, 21, 34, 55, 89]);

  it('finds the first doc at or after the target', () => {
    for (let target = 0; target <= 90; target++) {
      const expected = docs.findIndex((doc) => doc >= target);
      expect(seek(docs, 0, docs.length, target)).toBe(expected < 0 ? docs.length : expected);
    }
  });

  it('stays within its range', () => {
    expect(seek(docs, 3, 6, 1)).toBe(3);
    expect(seek(docs, 3, 6, 50)).toBe(6);
  });
});

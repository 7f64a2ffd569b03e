import { describe, expect, it } from 'vitest';
import { matchAll } from './conjunction.js';
import type { Slot } from './expand.js';
import { MatchScratch } from './scratch.js';
import type { SlotSources, Source } from './sources.js';

const DOCUMENTS = 5000;

/** A source over `docs` (ascending, distinct). */
function sourceOf(docs: number[]): Source {
  return {
    docs: Uint32Array.from(docs),
    values: new Float32Array(docs.length).fill(1),
    postingOf: undefined,
    alternativeOf: undefined,
    alternative: 0,
    penalty: 1,
    start: 0,
    end: docs.length,
    cursor: 0,
  };
}

/** A word held by any of its lists. */
function slotOf(lists: number[][]): SlotSources {
  const sources = lists.map(sourceOf);
  return {
    slot: {} as Slot,
    sources,
    size: sources.reduce((sum, source) => sum + source.end, 0),
  };
}

/** `count` distinct documents drawn with a fixed seed, ascending. */
function draw(count: number, seed: number): number[] {
  // xorshift32: every draw reaches every document, so the set fills.
  let state = seed;
  const picked = new Set<number>();
  while (picked.size < count) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    picked.add((state >>> 0) % DOCUMENTS);
  }
  return [...picked].sort((a, b) => a - b);
}

function matches(slots: SlotSources[], scratch: MatchScratch, cursors = true): number[] {
  const found: number[] = [];
  matchAll(slots, (doc) => found.push(doc), scratch, [], cursors);
  return found;
}

/** The documents every word holds through one of its lists. */
function expected(words: number[][][]): number[] {
  const held = words.map((lists) => new Set(lists.flat()));
  return [...held[0]!].filter((doc) => held.every((set) => set.has(doc))).sort((a, b) => a - b);
}

describe('matchAll', () => {
  // Sizes put the other words within and beyond the bitset filter's reach of the driving word.
  const shapes: Array<{ name: string; words: number[][][] }> = [
    { name: 'two words of similar size', words: [[draw(300, 1)], [draw(400, 2)]] },
    { name: 'a small word and a large one', words: [[draw(40, 3)], [draw(2500, 4)]] },
    {
      name: 'three words, two filtered, one of several lists',
      words: [[draw(200, 5)], [draw(600, 6), draw(500, 7)], [draw(900, 8)]],
    },
    {
      name: 'four words, filtered and sought',
      words: [[draw(60, 9), draw(50, 10)], [draw(700, 11)], [draw(4000, 12)], [draw(800, 13)]],
    },
    {
      name: 'three words of one list each, one filtered and one sought',
      words: [[draw(100, 14)], [draw(800, 15)], [draw(3000, 16)]],
    },
    { name: 'words that share nothing', words: [[[1, 2, 3]], [[4, 5, 6]]] },
  ];

  for (const { name, words } of shapes) {
    it(`finds every document all words hold: ${name}`, () => {
      const scratch = new MatchScratch(DOCUMENTS);
      const slots = words.map(slotOf).sort((a, b) => a.size - b.size);
      const want = expected(words);
      expect(matches(slots, scratch)).toEqual(want);
      // The bitsets are left clear: a second walk finds the same.
      expect(scratch.holders.every((word) => word === 0)).toBe(true);
      expect(scratch.wordBits.every((word) => word === 0)).toBe(true);
      expect(
        matches(
          words.map(slotOf).sort((a, b) => a.size - b.size),
          scratch,
        ),
      ).toEqual(want);
      // Without cursors at each match, the words the bitset filters are not sought: the same documents.
      expect(
        matches(
          words.map(slotOf).sort((a, b) => a.size - b.size),
          scratch,
          false,
        ),
      ).toEqual(want);
    });
  }

  it('leaves each source at the match, and moves optional words to it', () => {
    const scratch = new MatchScratch(DOCUMENTS);
    const required = [slotOf([[2, 10, 20, 30]]), slotOf([[1, 2, 3, 10, 30, 40]])];
    const optional = [slotOf([[5, 10, 35]])];
    const seen: Array<[number, number, number]> = [];
    matchAll(
      required,
      (doc) => {
        const other = required[1]!.sources[0]!;
        const maybe = optional[0]!.sources[0]!;
        seen.push([doc, other.docs[other.cursor]!, maybe.docs[maybe.cursor] ?? -1]);
      },
      scratch,
      optional,
    );
    expect(seen).toEqual([
      [2, 2, 5],
      [10, 10, 10],
      [30, 30, 35],
    ]);
  });
});

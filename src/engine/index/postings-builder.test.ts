import { describe, expect, it } from 'vitest';
import { positionOf } from './postings.js';
import { PostingsBuilder } from './postings-builder.js';

/** Per term, its documents with their frequency in field 0 and positions, as the postings hold them. */
function listsOf(postings: ReturnType<PostingsBuilder['build']>, terms: number) {
  const lists: Array<Array<{ doc: number; tf: number; positions: number[] }>> = [];
  for (let term = 0; term < terms; term++) {
    const list = [];
    for (let p = postings.start[term]!; p < postings.start[term + 1]!; p++) {
      list.push({
        doc: postings.docs[p]!,
        tf: postings.tf[p * 2]!,
        positions: [
          ...postings.positions.subarray(postings.positionStart[p]!, postings.positionStart[p + 1]!),
        ],
      });
    }
    lists.push(list);
  }
  return lists;
}

describe('PostingsBuilder', () => {
  // Three documents arrive; term 0 is in all, term 1 in the first and the last.
  function collected(): PostingsBuilder {
    const builder = new PostingsBuilder(2);
    builder.add(0, 0, 0, positionOf(0, 0));
    builder.add(1, 0, 0, positionOf(0, 1));
    builder.endDocument();
    builder.add(0, 1, 0, positionOf(0, 0));
    builder.add(0, 1, 0, positionOf(0, 3));
    builder.endDocument();
    builder.add(1, 2, 0, positionOf(0, 0));
    builder.add(0, 2, 1, positionOf(1, 2));
    builder.endDocument();
    return builder;
  }

  it('lays each term out in the order documents are numbered, each posting with its frequencies and positions', () => {
    // The third document to arrive becomes document 0, the first document 1, the second 2.
    const lists = listsOf(collected().build(Uint32Array.from([0, 1]), Uint32Array.from([2, 0, 1])), 2);
    expect(lists[0]).toEqual([
      { doc: 0, tf: 0, positions: [positionOf(1, 2)] },
      { doc: 1, tf: 1, positions: [positionOf(0, 0)] },
      { doc: 2, tf: 2, positions: [positionOf(0, 0), positionOf(0, 3)] },
    ]);
    expect(lists[1]).toEqual([
      { doc: 0, tf: 1, positions: [positionOf(0, 0)] },
      { doc: 1, tf: 1, positions: [positionOf(0, 1)] },
    ]);
  });

  it('keeps arrival order as the numbering when asked to, and refuses an order of another length', () => {
    const lists = listsOf(collected().build(Uint32Array.from([1, 0]), Uint32Array.from([0, 1, 2])), 2);
    // Terms renumbered: first-seen term 1 sorts first.
    expect(lists[0]!.map((posting) => posting.doc)).toEqual([0, 2]);
    expect(lists[1]!.map((posting) => posting.doc)).toEqual([0, 1, 2]);
    expect(() => collected().build(Uint32Array.from([0, 1]), Uint32Array.from([0, 1]))).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { TopK } from './top-k.js';

describe('TopK', () => {
  it('keeps the best k, best first, ties to the lower doc', () => {
    const top = new TopK(8);
    top.reset(4);
    const scores = [3, 9, 1, 9, 5, 7, 5, 2];
    scores.forEach((score, doc) => {
      top.offer(doc, score);
    });
    const docs = new Uint32Array(4);
    const kept = new Float64Array(4);
    expect(top.drain(docs, kept)).toBe(4);
    expect([...docs]).toEqual([1, 3, 5, 4]);
    expect([...kept]).toEqual([9, 9, 7, 5]);
  });

  it('agrees with a full sort on many documents', () => {
    const top = new TopK(100);
    top.reset(100);
    const scores = Array.from({ length: 5000 }, (_, doc) => (doc * 7919) % 1013);
    scores.forEach((score, doc) => {
      top.offer(doc, score);
    });
    const docs = new Uint32Array(100);
    top.drain(docs, new Float64Array(100));
    const expected = scores
      .map((score, doc) => ({ score, doc }))
      .sort((a, b) => b.score - a.score || a.doc - b.doc)
      .slice(0, 100)
      .map((entry) => entry.doc);
    expect([...docs]).toEqual(expected);
  });

  it('breaks ties by the tie order it is given, and by doc again without one', () => {
    const top = new TopK(8);
    // Per document its place in the tie order: doc 3 first, then 0, 5, 1, 4, 2.
    const order = Uint32Array.from([1, 3, 5, 0, 4, 2]);
    top.tieOrder(order).reset(4);
    const scores = [5, 5, 9, 5, 5, 5];
    scores.forEach((score, doc) => {
      top.offer(doc, score);
    });
    const docs = new Uint32Array(4);
    const kept = new Float64Array(4);
    expect(top.drain(docs, kept)).toBe(4);
    expect([...docs]).toEqual([2, 3, 0, 5]);
    top.tieOrder(undefined).reset(4);
    scores.forEach((score, doc) => {
      top.offer(doc, score);
    });
    top.drain(docs, kept);
    expect([...docs]).toEqual([2, 0, 1, 3]);
  });

  it('refuses a k beyond its capacity', () => {
    expect(() => new TopK(10).reset(11)).toThrow(RangeError);
  });
});

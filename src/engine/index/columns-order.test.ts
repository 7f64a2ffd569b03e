import { describe, expect, it } from 'vitest';
import { categoryOrder } from './columns-order.js';

/** Row starts of documents with these row counts. */
function rowStarts(counts: readonly number[]): Uint32Array {
  const starts = new Uint32Array(counts.length + 1);
  counts.forEach((count, doc) => {
    starts[doc + 1] = starts[doc]! + count;
  });
  return starts;
}

const catalog = {
  categories: [
    { id: 'home' },
    { id: 'fashion' },
    { id: 'lamps', parent: 'home' },
    // A cycle: no root above them.
    { id: 'loop-a', parent: 'loop-b' },
    { id: 'loop-b', parent: 'loop-a' },
  ],
  brands: [],
};

describe('categoryOrder', () => {
  it('sorts documents depth first by their primary category, then the categories of a cycle, an unknown category, none', () => {
    const primary = [undefined, 'loop-a', 'fashion', 'lamps', 'gone', 'home'];
    const order = categoryOrder(primary, catalog, rowStarts([1, 1, 1, 1, 1, 1]));
    // home, lamps (below home), fashion, loop-a, unknown, none.
    expect([...order]).toEqual([5, 3, 2, 1, 4, 0]);
  });

  it('within a category, orders documents by their row count, catalog order among equal counts', () => {
    const primary = ['home', 'home', 'home', 'home', 'home', 'fashion'];
    const order = categoryOrder(primary, catalog, rowStarts([3, 1, 6, 1, 3, 1]));
    expect([...order]).toEqual([1, 3, 0, 4, 2, 5]);
  });

  it('keeps documents of many rows together at the end of their category', () => {
    const primary = ['home', 'home', 'home'];
    const order = categoryOrder(primary, catalog, rowStarts([40, 2, 16]));
    expect([...order]).toEqual([1, 0, 2]);
  });
});

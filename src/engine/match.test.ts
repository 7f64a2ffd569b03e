import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import { compileIndex } from './compile.js';
import { executeSearch } from './execute.js';
import { loadIndex } from './load.js';

/** mulberry32, so a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('matching against a brute-force reference', () => {
  it('counts, pages and orders exactly', async () => {
    const next = random(42);
    // Skewed vocabulary: a few very common words, many rare ones, so postings differ in length.
    const word = () => `w${Math.floor(40 * next() ** 3)}`;
    const sentence = (length: number) => Array.from({ length }, word).join(' ');
    const catalog: CatalogEntity[] = Array.from({ length: 3000 }, (_, i) => ({
      type: 'product',
      id: `d${i}`,
      title: sentence(1 + Math.floor(next() * 4)),
      description: sentence(Math.floor(next() * 12)),
    }));
    const words = catalog.map((entity) => new Set(`${entity.title} ${entity.description}`.split(' ')));
    const index = loadIndex(await compileIndex(catalog));

    for (let round = 0; round < 200; round++) {
      const query = Array.from({ length: 1 + Math.floor(next() * 3) }, word);
      const expected = words.flatMap((set, doc) => (query.every((w) => set.has(w)) ? [doc] : []));
      const first = executeSearch(index, { text: query.join(' '), page: 1, perPage: 100 }).sections[0]!;
      expect(first.total, query.join(' ')).toBe(expected.length);
      expect(first.reachable).toBe(Math.min(expected.length, 1000));

      const ranked: Array<{ doc: number; score: number }> = [];
      for (let page = 1; page <= Math.ceil(first.reachable / 100); page++) {
        const section = executeSearch(index, { text: query.join(' '), page, perPage: 100 }).sections[0]!;
        for (const hit of section.hits)
          ranked.push({ doc: Number(hit.entity.slice('product:d'.length)), score: hit.score });
      }
      expect(ranked).toHaveLength(first.reachable);
      for (let i = 1; i < ranked.length; i++) {
        const [a, b] = [ranked[i - 1]!, ranked[i]!];
        expect(a.score > b.score || (a.score === b.score && a.doc < b.doc)).toBe(true);
      }
      if (expected.length <= 1000) expect(ranked.map((r) => r.doc).sort((a, b) => a - b)).toEqual(expected);
    }
  });
});

describe('matching words of very different frequencies', () => {
  it('finds only documents holding every word, whether a word is read through the bitset or sought', async () => {
    // `rare` (6 documents) drives; `mid` (80) is within the bitset's reach of it and `common` (600)
    // beyond it, so `common` is sought for each document the bitset lets through. Two of those
    // (d15, d45) hold rare and mid but not common.
    const catalog: CatalogEntity[] = Array.from({ length: 1200 }, (_, i) => {
      const words = [`filler${i % 7}`];
      if (i % 2 === 0) words.push('common');
      if (i % 15 === 0) words.push('mid');
      if (i % 300 === 0 || i === 15 || i === 45) words.push('rare');
      return { type: 'product', id: `d${i}`, title: words.join(' ') };
    });
    const index = loadIndex(await compileIndex(catalog));
    const found = (query: string) =>
      executeSearch(index, { text: query, page: 1, perPage: 100 })
        .sections[0]!.hits.map((hit) => hit.entity)
        .sort();
    const expected = ['product:d0', 'product:d300', 'product:d600', 'product:d900'];
    expect(found('rare mid common')).toEqual(expected);
    expect(found('common mid rare')).toEqual(expected);
    expect(found('rare mid')).toEqual([...expected, 'product:d15', 'product:d45'].sort());
  });
});

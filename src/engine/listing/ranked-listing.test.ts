import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateCatalog } from '../../catalog/demo/index.js';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { compileIndex } from '../compile.js';
import type { EngineIndex } from '../engine-index.js';
import { type EngineQuery, type EngineResult, executeSearch } from '../execute.js';
import type { FacetSpec } from '../facets/spec.js';
import { loadIndex } from '../load.js';
import { TopK } from '../ranking/top-k.js';
import type { EngineSettings } from '../settings.js';
import { shopIndex } from './shop.test-support.js';

/**
 * A text listing that needs no more than its page (no filter, no counted facet, relevance,
 * document tiles) ranks as the text search goes, with the page's floor. It must list exactly
 * what the listing of every match lists: asking for a counted facet takes that path, so each
 * query is run both ways and compared, facets aside.
 */

const TIME = Date.UTC(2025, 5, 15);
const COUNTED: FacetSpec = { field: 'brand', kind: 'list', label: 'Brand' };

let demo: Promise<{ index: EngineIndex; titles: string[] }> | undefined;

/** The demo shop with variants and weighted signals; every third product only on the web. */
function demoIndex(): Promise<{ index: EngineIndex; titles: string[] }> {
  demo ??= compileDemo();
  return demo;
}

async function compileDemo(): Promise<{ index: EngineIndex; titles: string[] }> {
  const catalog: CatalogEntity[] = [];
  let n = 0;
  for (const entity of generateCatalog({ products: 1500, seed: 7, variants: true })) {
    if (entity.type === 'product' && n++ % 3 === 0) catalog.push({ ...entity, channels: ['web'] });
    else catalog.push(entity);
  }
  const settings: EngineSettings = {
    locale: 'en',
    languages: ['en'],
    channels: [
      { id: 'web', locales: ['en'], currency: 'EUR' },
      { id: 'outlet', locales: ['en'], currency: 'EUR' },
    ],
    signals: [
      { code: 'sales_30d', direction: 'higher_is_better', normalize: 'percentile' },
      {
        code: 'rating',
        direction: 'higher_is_better',
        normalize: { damped: { count_signal: 'reviews', prior_count: 20 } },
      },
      { code: 'reviews', direction: 'higher_is_better', normalize: 'percentile' },
      { code: 'first_on_sale', direction: 'newer_is_better', normalize: { half_life_days: 90 } },
    ],
    signalWeights: { product: { sales_30d: 1, rating: 0.5, first_on_sale: 0.3 } },
  };
  const index = loadIndex(await compileIndex(catalog, { settings, time: TIME }));
  const titles = catalog
    .filter((entity) => entity.type === 'product')
    .map((entity) => String(entity.title).toLowerCase());
  return { index, titles };
}

/** Queries of one to three title words, typos, an unknown word, and cut short as a prefix (one word of several completions too). */
function queriesOf(titles: string[]): Array<Partial<EngineQuery>> {
  const queries: Array<Partial<EngineQuery>> = [];
  titles.slice(0, 12).forEach((title, i) => {
    const words = title.split(' ');
    queries.push({ text: words[i % words.length]! });
    queries.push({ text: words.slice(0, 2).join(' ') });
    queries.push({ text: words.slice(1, 4).join(' ') });
    queries.push({ text: `${words[0]} zzqx`, leaveOut: 'unknown' });
    const last = words[1]!;
    queries.push({ text: `${words[0]} ${last.slice(0, 1 + (i % 3))}`, prefix: true });
  });
  queries.push({ text: 'jackett', leaveOut: 'least_informative' });
  queries.push({ text: 'black', prefix: true });
  // One word found through several lists (its completions), each document scored once.
  queries.push({ text: 'bl', prefix: true });
  queries.push({ text: titles[0]!.slice(0, 3), prefix: true });
  return queries;
}

/** The answer without its facets, its traces as they read: what both paths must agree on. */
function withoutFacets(result: EngineResult) {
  return {
    ...result,
    sections: result.sections.map(({ facets: _, trace, ...section }) => ({
      ...section,
      trace: {
        searched: trace.searched,
        words: trace.words,
        leftOut: trace.leftOut,
        optional: trace.optional,
        candidates: trace.candidates,
        attempts: trace.attempts,
      },
    })),
  };
}

function bothWays(index: EngineIndex, query: Partial<EngineQuery>) {
  const base: EngineQuery = {
    text: '',
    page: 1,
    perPage: 10,
    time: TIME,
    locale: 'en',
    fill: true,
    ...query,
  };
  const pruned = executeSearch(index, base);
  const full = executeSearch(index, { ...base, facets: [...(base.facets ?? []), COUNTED] });
  return { pruned: withoutFacets(pruned), full: withoutFacets(full), raw: pruned };
}

const PAGES: Array<Partial<EngineQuery>> = [
  {},
  { page: 2, perPage: 7 },
  { page: 3, perPage: 7 },
  { page: 1, perPage: 1 },
  { page: 5, perPage: 30 },
  { explain: true, perPage: 12 },
  { countOnly: true },
  { page: 3, perPage: 500 },
  { channel: 'outlet' },
  { channel: 'outlet', page: 2, perPage: 9, explain: true },
  { fill: false },
  { sort: { by: 'relevance', direction: 'desc' } },
  { facets: [{ ...COUNTED, field: 'material', deferred: true }] },
];

describe('a text listing ranked only as deep as its page', () => {
  it('lists what the listing of every match lists, on realistic queries', async () => {
    const { index, titles } = await demoIndex();
    const product = index.types.find((type) => type.type === 'product')!;
    expect(product.listing.signals.at(TIME)).toBeDefined();
    expect(product.listing.channel('outlet')!.sellsAll).toBe(false);
    for (const query of queriesOf(titles)) {
      for (const page of PAGES) {
        const { pruned, full } = bothWays(index, { ...query, ...page });
        expect(pruned, JSON.stringify({ ...query, ...page })).toEqual(full);
      }
    }
  });

  it('counts only what the channel sells, and within a category', async () => {
    const { index, titles } = await demoIndex();
    const word = titles[0]!.split(' ')[0]!;
    const web = bothWays(index, { text: word });
    const outlet = bothWays(index, { text: word, channel: 'outlet' });
    expect(outlet.pruned).toEqual(outlet.full);
    const [webTotal, outletTotal] = [web.pruned.sections[0]!.total, outlet.pruned.sections[0]!.total];
    expect(outletTotal).toBeGreaterThan(0);
    expect(outletTotal).toBeLessThan(webTotal);
    const trace = outlet.pruned.sections[0]!.trace;
    // The trace counts every match of the words, sold or not.
    expect(trace.candidates).toBe(web.pruned.sections[0]!.trace.candidates);

    for (const category of ['electronics', 'fashion', 'home', 'no-such-category']) {
      for (const more of [{}, { channel: 'outlet', page: 2, perPage: 5 }, { countOnly: true }]) {
        const { pruned, full } = bothWays(index, { text: word, category, ...more });
        expect(pruned, `${category} ${JSON.stringify(more)}`).toEqual(full);
      }
    }
  });

  it('takes the pruning path: fewer offers than matches to rank', async () => {
    // Products alone, so that no other section ranks.
    const catalog = [...generateCatalog({ products: 1500, seed: 7 })].filter((one) => one.type === 'product');
    const index = loadIndex(await compileIndex(catalog, { settings: { locale: 'en', languages: ['en'] } }));
    const offer = vi.spyOn(TopK.prototype, 'offer');
    const offers = (query: Partial<EngineQuery>) => {
      offer.mockClear();
      const result = executeSearch(index, { text: '', page: 1, perPage: 5, time: TIME, ...query });
      return { offers: offer.mock.calls.length, total: result.sections[0]!.total };
    };
    for (const text of ['black', 'wireless', 'usb cable', 'b']) {
      const pruned = offers({ text, prefix: true });
      const full = offers({ text, prefix: true, facets: [COUNTED] });
      expect(pruned.total).toBe(full.total);
      expect(full.offers).toBe(full.total);
      expect(pruned.offers, text).toBeLessThan(0.75 * full.total);
    }
  });

  it('agrees on the fixture shop: signals, a channel without some documents, categories, explanations', async () => {
    const index = await shopIndex();
    for (const text of ['dress', 'lamp', 'shirt', 'summer dress', 'dres', 'paper lamp', 'lamp zzqx']) {
      for (const more of [
        {},
        { perPage: 1, page: 2 },
        { channel: 'ch' },
        { channel: 'ch', perPage: 1, page: 2, explain: true },
        { category: 'lamps' },
        { category: 'fashion', perPage: 1 },
        { prefix: true, explain: true },
        { leaveOut: 'unknown' as const, fill: true },
        { countOnly: true, channel: 'ch' },
      ]) {
        const { pruned, full } = bothWays(index, { text, time: Date.UTC(2025, 6, 15), ...more });
        expect(pruned, `${text} ${JSON.stringify(more)}`).toEqual(full);
      }
    }
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

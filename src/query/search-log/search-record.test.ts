import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../contracts/search.js';
import { chosenFilters, loggedSearch } from './search-record.js';

const answer: SearchResponse = {
  query_id: '019cad5e-d800-7000-8000-000000000001',
  release: 'rl_1',
  snapshot: 'sn_1',
  query: { typed: 'Red  Lamps', searched: 'lamps' },
  listed: 'product',
  sections: [
    {
      type: 'product',
      total: 57,
      reachable: 57,
      hits: [
        { entity: 'product:a', fields: {} },
        { entity: 'product:b', fields: {}, sponsored: { campaign: 'spring' } },
      ],
    },
    { type: 'content', total: 1, reachable: 1, hits: [{ entity: 'content:guide', fields: {} }] },
  ],
  placements: [{ slot: 'grid', position: 23, kind: 'card', title: 'Sale', rule: 'sale-card' }],
};

const files = {
  'channels.json': {
    channels: [
      { id: 'web', locales: ['en', 'de'], currency: 'EUR' },
      { id: 'app', locales: ['de'], currency: 'EUR' },
    ],
  },
};

describe('a search as the log keeps it', () => {
  it('keeps the page with positions across pages, campaigns and banners, and the defaults the answer used', () => {
    const logged = loggedSearch(
      { query: 'Red  Lamps', page: 2, per_page: 11, filters: { color: ['red'] }, page_view: 'pv-1' },
      answer,
      files,
      new Date('2026-03-02T10:00:00.000Z'),
    );
    expect(logged).toEqual({
      queryId: answer.query_id,
      arrivedAt: '2026-03-02T10:00:00.000Z',
      typed: 'Red  Lamps',
      searched: 'lamps',
      surface: 'search',
      channel: 'web',
      locale: 'en',
      filters: [{ field: 'color', value: 'red' }],
      page: 2,
      perPage: 11,
      countOnly: false,
      total: 57,
      hits: [
        { entity: 'product:a', position: 12 },
        { entity: 'product:b', position: 13, campaign: 'spring' },
        // A section beside the listed one does not page.
        { entity: 'content:guide', position: 1 },
      ],
      placements: [{ rule: 'sale-card', slot: 'grid', position: 23 }],
      pageView: 'pv-1',
      traffic: 'shopper',
      release: 'rl_1',
    });
  });

  it("takes the channel's first locale, and the release's default channel without channels.json", () => {
    const onApp = loggedSearch(
      { channel: 'app', on: 'autocomplete', traffic: 'bench' },
      answer,
      files,
      new Date(),
    );
    expect(onApp).toMatchObject({ channel: 'app', locale: 'de', surface: 'autocomplete', traffic: 'bench' });
    expect(loggedSearch({}, answer, {}, new Date())).toMatchObject({ channel: 'default', locale: 'en' });
  });

  it('writes each chosen value as text: ranges and buckets as bounds, categories by id', () => {
    expect(
      chosenFilters({
        brand: ['Acme', 'Homely'],
        price: { gte: 10, lte: 50 },
        width: { gt: 30 },
        weight: { lt: 2 },
        rating: { between: [3, 5] },
        on_sale: true,
        category: { within: 'audio' },
        gtin: { exists: false },
        any: [{ brand: 'Other' }],
      }),
    ).toEqual([
      { field: 'brand', value: 'Acme' },
      { field: 'brand', value: 'Homely' },
      { field: 'price', value: '10-50' },
      { field: 'width', value: '30-' },
      { field: 'weight', value: '-2' },
      { field: 'rating', value: '3-5' },
      { field: 'on_sale', value: 'true' },
      { field: 'category', value: 'audio' },
      { field: 'gtin', value: 'none' },
    ]);
    expect(chosenFilters(undefined)).toEqual([]);
  });
});

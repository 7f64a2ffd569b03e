import { describe, expect, it } from 'vitest';
import { FacetValueMemory } from './facets.js';
import { aisleRequest } from './request.js';

const values = new FacetValueMemory();
values.remember([
  {
    field: 'size',
    kind: 'list',
    label: 'Size',
    values: [
      { value: 42, label: '42', count: 3 },
      { value: '-1', label: 'minus one', count: 1 },
    ],
  },
]);

const request = (indexName: string, params: Record<string, unknown>) =>
  aisleRequest({ indexName, params }, { locale: 'en', pageView: 'pv-1' }, values);

describe('an InstantSearch request as an aisle search', () => {
  it('reads the channel and the sort from the index name, the page from 0', () => {
    expect(request('web/price_asc', { query: 'kettle', page: 2, hitsPerPage: 12 })).toEqual({
      query: 'kettle',
      channel: 'web',
      locale: 'en',
      sort: 'price_asc',
      page_view: 'pv-1',
      page: 3,
      per_page: 12,
    });
    expect(request('web', { hitsPerPage: 500 })).toMatchObject({ query: '', page: 1, per_page: 100 });
    expect(request('web', { hitsPerPage: 0, facets: ['brand'] })).toMatchObject({
      count_only: true,
      facets: ['brand'],
    });
  });

  it('turns facet filters into a selector: arrays are alternatives, clauses narrow each other', () => {
    const body = request('web', {
      facets: ['brand', 'category.lvl0', 'category.lvl1', '*'],
      facetFilters: [
        ['brand:acme', 'brand:sonora'],
        'on_sale:true',
        'size:42',
        'category.lvl1:electronics > audio',
        ['color:Black', 'material:steel'],
        'size:\\-1',
        'availability:-out_of_stock',
      ],
    });
    expect(body.facets).toEqual(['brand', 'category']);
    expect(body.filters).toEqual({
      brand: ['acme', 'sonora'],
      on_sale: [true],
      size: [42],
      category: { within: 'audio' },
      any: [{ color: ['Black'] }, { material: ['steel'] }],
      not: { availability: ['out_of_stock'] },
      all: [{ size: ['-1'] }],
    });
  });

  it('turns numeric filters into comparisons, the narrower bound holding', () => {
    const body = request('web', {
      numericFilters: [
        'price>=10',
        'price<=100',
        'price>=20',
        'rating:3 TO 5',
        'stock!=0',
        ['width<5', 'width>50'],
      ],
    });
    expect(body.filters).toEqual({
      not: { stock: [0] },
      any: [{ width: { lt: 5 } }, { width: { gt: 50 } }],
      price: { gte: 20, lte: 100 },
      rating: { gte: 3, lte: 5 },
    });
    expect(() => request('web', { numericFilters: ['price>=cheap'] })).toThrow(/no number/);
    expect(() => request('web', { facetFilters: ['justtext'] })).toThrow(/names no attribute/);
  });

  it('lays the facets over the filters of the aisle parameter, and takes its surface', () => {
    const body = request('web', {
      facetFilters: ['brand:acme'],
      aisle: {
        on: 'category_page',
        category: 'headphones',
        filters: { brand: ['sonora'], color: ['Black'] },
      },
    });
    expect(body).toMatchObject({
      on: 'category_page',
      category: 'headphones',
      filters: { brand: ['acme'], color: ['Black'] },
    });
  });

  it('reads traffic and context from analytics tags, and leaves other tags out', () => {
    expect(request('web', { analyticsTags: ['traffic:test', 'device:mobile', 'campaign'] })).toMatchObject({
      traffic: 'test',
      context: { device: 'mobile' },
    });
  });
});

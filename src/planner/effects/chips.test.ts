import { describe, expect, it } from 'vitest';
import { chipText, searchWith } from '../shop.fixture.js';

const labels = (request: Parameters<typeof searchWith>[1]) =>
  searchWith([], request).filters.flatMap((filter) => filter.chips.map(chipText));

describe('chips of applied filters', () => {
  it("a request's filters: one filter per field, one chip per value, in the locale", () => {
    const plan = searchWith([], {
      on: 'category_page',
      category: 'televisions',
      locale: 'de',
      filters: {
        brand: ['sony', 'Samsung'],
        screen_size: ['50-65'],
        on_sale: true,
        availability: ['in_stock'],
        price: { gte: 100, lte: 999.5 },
      },
    });
    expect(plan.filters.map((filter) => [filter.id, filter.from, filter.where])).toEqual([
      ['f1', 'page', { category: { within: 'televisions' } }],
      ['f2', 'request', { brand: ['sony', 'Samsung'] }],
      ['f3', 'request', { screen_size: ['50-65'] }],
      ['f4', 'request', { on_sale: true }],
      ['f5', 'request', { availability: ['in_stock'] }],
      ['f6', 'request', { price: { gte: 100, lte: 999.5 } }],
    ]);
    expect(plan.filters.flatMap((filter) => filter.chips.map(chipText))).toEqual([
      'Marke: Sony',
      'Marke: Samsung',
      'Bildschirmdiagonale: 50 bis 64 Zoll',
      'Im Angebot',
      'Verfügbarkeit: Auf Lager',
      'Preis: ab 100 EUR, bis 999,5 EUR',
    ]);
    expect(plan.filters[1]!.chips[0]).toEqual({
      field: 'brand',
      label: 'Marke',
      value: 'sony',
      value_label: 'Sony',
      from: 'request',
    });
  });

  it('labels of options, groups, categories and buckets no facet names', () => {
    expect(
      labels({ query: 'pegasus', filters: { color: ['blue_tones', 'Red'], category: { within: 'shoes' } } }),
    ).toEqual(['Color: Blues', 'Color: Red', 'Category: Shoes']);
    expect(labels({ query: 'desk', filters: { width: ['120-'], screen_size: ['-50'] } })).toEqual([
      'Width: from 120 cm',
      'Screen size: under 50 in',
      'Category: Desks',
    ]);
  });

  it('a composite selector reads as one chip', () => {
    expect(labels({ query: 'pegasus', filters: { any: [{ color: 'Red' }, { brand: 'Nike' }] } })).toEqual([
      'Color: Red / Brand: Nike',
    ]);
  });
});

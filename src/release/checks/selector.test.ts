import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FIELDS =
  '"category", "brand", "price", "on_sale", "availability", "delivery_days", "rating", "color", "size", "organic", "weight", "inseam", "release_date"';

/** The violations of the sale category (/nodes/1) selecting by `where`. */
function saleWhere(where: Record<string, unknown>) {
  const files = fashionShop();
  files['categories.json'].nodes![1]!.where = where;
  return violationsOf(files);
}

describe('selectors', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'an unknown field',
      { colour: 'red' },
      '/colour',
      `"colour" is neither a built-in field nor an attribute in attributes.json: use one of ${FIELDS}.`,
    ],
    [
      'a field that cannot filter inside any',
      { any: [{ on_sale: true }, { fit: 'slim' }] },
      '/any/1/fit',
      `"fit" is not filterable (attributes.json sets filterable: false): set it to true there, or use one of ${FIELDS}.`,
    ],
    [
      'an unknown field inside not inside all',
      { all: [{ not: { colour: 'red' } }] },
      '/all/0/not/colour',
      `"colour" is neither a built-in field nor an attribute in attributes.json: use one of ${FIELDS}.`,
    ],
    [
      'any that is no list',
      { any: { price: 3 } },
      '/any',
      '"any" takes a list of at least one selector: write [{ ... }].',
    ],
    ['an empty all', { all: [] }, '/all', '"all" takes a list of at least one selector: write [{ ... }].'],
    [
      'an item of any that is no selector',
      { any: ['acme'] },
      '/any/0',
      'Each item of "any" is a selector: write an object keyed by field, such as { "brand": "nike" }.',
    ],
    [
      'not that is no selector',
      { not: [{ brand: 'acme' }] },
      '/not',
      '"not" is a selector: write an object keyed by field, such as { "brand": "nike" }.',
    ],
    [
      'a category neither is nor within',
      { category: { under: 'jeans' } },
      '/category',
      '"category" takes { "is": ids } for exactly those categories or { "within": ids } for them and everything below, ids being one category id or a list: write {"under":"jeans"} in one of those forms.',
    ],
    [
      'a category both is and within',
      { category: { is: 'jeans', within: 'trousers' } },
      '/category',
      '"category" takes { "is": ids } for exactly those categories or { "within": ids } for them and everything below, ids being one category id or a list: write {"is":"jeans","within":"trousers"} in one of those forms.',
    ],
    [
      'an empty list of values',
      { brand: [] },
      '/brand',
      'The empty list for "brand" matches nothing: name at least one value.',
    ],
    [
      'a list holding more than values',
      { brand: ['acme', { is: 'northwind' }] },
      '/brand',
      'A list for "brand" holds plain values, not {"is":"northwind"}: write each value as a string, number or boolean.',
    ],
    [
      'an unknown comparison',
      { price: { below: 50 } },
      '/price',
      '"below" is no comparison for "price": give a value, a list of values, or an object with lt, lte, gt, gte, between or exists.',
    ],
    [
      'a comparison with a list',
      { price: { lt: [50] } },
      '/price',
      '"lt" of "price" compares with one value, not [50]: give a number or a string.',
    ],
    [
      'between with one value',
      { inseam: { between: [80] } },
      '/inseam',
      '"between" of "inseam" takes exactly two values, from and to, not [80]: write [from, to].',
    ],
    [
      'exists that is no boolean',
      { release_date: { exists: 'yes' } },
      '/release_date',
      '"exists" of "release_date" is true or false, not "yes": write true or false.',
    ],
    [
      'a null value',
      { brand: null },
      '/brand',
      'null is no value for "brand": give a value, a list of values, or an object with lt, lte, gt, gte, between or exists.',
    ],
    [
      'an empty comparison',
      { price: {} },
      '/price',
      '{} is no value for "price": give a value, a list of values, or an object with lt, lte, gt, gte, between or exists.',
    ],
    [
      'an availability that does not exist',
      { availability: ['in_stock', 'sold_out'] },
      '/availability',
      '"sold_out" is no availability: use one of "in_stock", "out_of_stock", "preorder", "backorder".',
    ],
  ])('refuses %s', (_what, where, at, message) => {
    expect(saleWhere(where)).toEqual([{ file: 'categories.json', pointer: `/nodes/1/where${at}`, message }]);
  });

  it('accepts every form the contract gives', () => {
    expect(
      saleWhere({
        brand: 'acme',
        color: ['navy', 'dark'],
        price: { gte: 10, lt: 50 },
        inseam: { between: [80, 90] },
        release_date: { gt: '2026-01-01' },
        delivery_days: { lte: 2 },
        rating: { gte: 4 },
        organic: true,
        weight: { exists: true },
        category: { is: ['jeans', 'chinos'] },
        any: [{ on_sale: true }, { not: { availability: 'out_of_stock' } }],
      }),
    ).toEqual([]);
  });

  it('escapes a field holding a slash in its pointer', () => {
    expect(saleWhere({ 'size/fit': 'M' })[0]?.pointer).toBe('/nodes/1/where/size~1fit');
  });
});

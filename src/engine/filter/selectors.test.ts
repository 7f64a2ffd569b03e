import { describe, expect, it } from 'vitest';
import { JUNE } from '../listing/fixture.test-support.js';
import { ids, list, shopIndex } from '../listing/shop.test-support.js';
import { SelectorError } from './choice.js';

const CATALOG_ORDER = ['d1', 'd2', 's1', 'l1', 'l2'];

/** The products a `filters` selector lists, in catalog order (relevance weighs sales first). */
async function matching(
  filters: Record<string, unknown>,
  more: Parameters<typeof list>[1] = {},
): Promise<string[]> {
  const found = ids(list(await shopIndex(), { filters, ...more }));
  return found.sort((a, b) => CATALOG_ORDER.indexOf(a) - CATALOG_ORDER.indexOf(b));
}

describe('Selector forms (Query API, Selector table)', () => {
  it('a plain string, number or boolean is equal to it', async () => {
    expect(await matching({ material: 'cotton' })).toEqual(['d1', 's1']);
    // Quantities compare in the attribute's unit: "2500 g" is 2.5 kg.
    expect(await matching({ weight: 0.4 })).toEqual(['d1']);
    expect(await matching({ weight: 2.5 })).toEqual(['l1']);
    expect(await matching({ eco: true })).toEqual(['d1']);
    expect(await matching({ eco: false })).toEqual(['s1']);
  });

  it('an array means any of its values', async () => {
    expect(await matching({ material: ['cotton', 'brass'] })).toEqual(['d1', 's1', 'l1']);
    expect(await matching({ availability: ['preorder', 'backorder'] })).toEqual(['d2', 'l2']);
  });

  it('lt, lte, gt and gte compare with one value', async () => {
    expect(await matching({ weight: { lt: 0.6 } })).toEqual(['d1', 's1']);
    expect(await matching({ weight: { lte: 0.6 } })).toEqual(['d1', 'd2', 's1']);
    expect(await matching({ weight: { gt: 0.8 } })).toEqual(['l1']);
    expect(await matching({ weight: { gte: 0.8 } })).toEqual(['l1', 'l2']);
    expect(await matching({ weight: { gt: 0.3, lt: 0.8 } })).toEqual(['d1', 'd2']);
  });

  it('compares dates as text', async () => {
    expect(await matching({ released: { gte: '2025-05-01' } })).toEqual(['d2']);
    expect(await matching({ released: { lt: '2025-05-01' } })).toEqual(['d1']);
  });

  it('between takes both ends', async () => {
    expect(await matching({ price: { between: [40, 55] } })).toEqual(['d1', 's1']);
    expect(await matching({ weight: { between: [0.3, 0.4] } })).toEqual(['d1', 's1']);
  });

  it('exists asks for a value, or for none', async () => {
    expect(await matching({ released: { exists: true } })).toEqual(['d1', 'd2']);
    expect(await matching({ released: { exists: false } })).toEqual(['s1', 'l1', 'l2']);
    expect(await matching({ width: { exists: true } })).toEqual(['l1', 'l2']);
    expect(await matching({ color: { exists: false } })).toEqual(['l2']);
  });

  it('category takes is (exactly those) and within (and everything below)', async () => {
    expect(await matching({ category: { is: 'dresses' } })).toEqual(['d1', 'd2']);
    expect(await matching({ category: { is: 'women' } })).toEqual([]);
    expect(await matching({ category: { is: ['dresses', 'lamps'] } })).toEqual(['d1', 'd2', 'l1', 'l2']);
    expect(await matching({ category: { within: 'fashion' } })).toEqual(['d1', 'd2', 's1']);
    expect(await matching({ category: { within: ['women', 'lamps'] } })).toEqual(['d1', 'd2', 'l1', 'l2']);
  });

  it('any, all and not combine selectors', async () => {
    expect(await matching({ any: [{ brand: 'Nordic Co' }, { price: { lt: 30 } }] })).toEqual([
      'd2',
      'l1',
      'l2',
    ]);
    expect(await matching({ all: [{ material: 'cotton' }, { eco: true }] })).toEqual(['d1']);
    expect(await matching({ not: { material: 'cotton' } })).toEqual(['d2', 'l1', 'l2']);
    expect(await matching({ not: { any: [{ material: 'cotton' }, { brand: 'acme' }] } })).toEqual([
      'd2',
      'l1',
    ]);
  });
});

describe('filters (Query API, Selector in a request)', () => {
  it('values of one field are alternatives, different fields narrow each other', async () => {
    expect(await matching({ brand: ['Nordic Co', 'acme'] })).toEqual(['d1', 'd2', 's1', 'l1', 'l2']);
    expect(await matching({ material: 'cotton', brand: 'Acme' })).toEqual(['d1', 's1']);
    expect(await matching({ material: 'cotton', brand: 'Nordic Co' })).toEqual([]);
  });

  it('chooses a bucket by its code written as bounds: <from>-<to>, -<to>, <from>-', async () => {
    // delivery_days reads the latest day of delivery of a variant.
    expect(await matching({ delivery_days: ['-3'] })).toEqual(['d1']);
    expect(await matching({ delivery_days: ['3-8'] })).toEqual(['d2', 's1', 'l1']);
    expect(await matching({ delivery_days: ['-3', '8-'] })).toEqual(['d1', 'd2', 'l2']);
    expect(await matching({ price: ['50-100'] })).toEqual(['d2', 's1', 'l1']);
    expect(await matching({ price: ['-20'] })).toEqual(['l2']);
    expect(await matching({ price: ['100-'] })).toEqual(['d2']);
  });

  it('chooses a range as {gte, lte}', async () => {
    expect(await matching({ price: { gte: 40, lte: 44 } })).toEqual(['d1']);
    expect(await matching({ rating: { gte: 4 } })).toEqual(['d1']);
  });

  it('chooses a toggle as true', async () => {
    // July: d2's windowed sale runs, and s1's extra-large variant is always reduced.
    expect(await matching({ on_sale: true })).toEqual(['d2', 's1']);
    expect(await matching({ on_sale: true }, { time: JUNE })).toEqual(['s1']);
    expect(await matching({ on_sale: false })).toEqual(['d1', 'd2', 's1', 'l1', 'l2']);
  });

  it('chooses the category facet as {within: id}', async () => {
    expect(await matching({ category: { within: 'women' } })).toEqual(['d1', 'd2']);
  });

  it('chooses an option group by its code, like a value', async () => {
    expect(await matching({ color: ['blues'] })).toEqual(['d2', 's1']);
    expect(await matching({ color: ['blues', 'Green'] })).toEqual(['d2', 's1', 'l1']);
  });

  it('reads option values as written or without regard to case, identifiers after normalization', async () => {
    expect(await matching({ color: 'red' })).toEqual(['d1', 'd2']);
    expect(await matching({ gtin: '400 1234' })).toEqual(['d1']);
  });

  it('reads a range attribute (low to high) as meeting the values chosen', async () => {
    expect(await matching({ width: 25 })).toEqual(['l1']);
    expect(await matching({ width: { gte: 45 } })).toEqual(['l2']);
    expect(await matching({ width: ['30-45'] })).toEqual(['l1', 'l2']);
  });

  it('narrows a text search', async () => {
    expect(await matching({ brand: 'acme' }, { text: 'lamp' })).toEqual(['l2']);
    expect(await matching({ material: 'silk' }, { text: 'dress' })).toEqual(['d2']);
  });

  it("reads a category the catalog does not hold in a rule's selector as matching nothing, and refuses it in a shopper's filter", async () => {
    const gone = { category: { within: ['soundbars', 'lamps'] } };
    expect(await matching({}, { where: [gone] })).toEqual(['l1', 'l2']);
    expect(await matching({}, { where: [{ category: { is: 'soundbars' } }] })).toEqual([]);
    expect(await matching({}, { where: [{ not: { category: { is: 'soundbars' } } }] })).toEqual(
      CATALOG_ORDER,
    );
    await expect(matching(gone)).rejects.toThrow(SelectorError);
  });

  it('refuses what it cannot read, naming the member by pointer', async () => {
    const index = await shopIndex();
    const pointer = (filters: Record<string, unknown>) => {
      try {
        list(index, { filters });
      } catch (error) {
        if (error instanceof SelectorError) return error.pointer;
        throw error;
      }
      return undefined;
    };
    expect(pointer({ colour: 'red' })).toBe('/colour');
    expect(pointer({ price: 'cheap' })).toBe('/price');
    expect(pointer({ category: 'fashion' })).toBe('/category');
    expect(pointer({ category: { within: 'nowhere' } })).toBe('/category/within');
    expect(pointer({ any: [] })).toBe('/any');
    expect(pointer({ not: 5 })).toBe('/not');
    expect(pointer({ any: [{ colour: 'red' }] })).toBe('/any/0/colour');
    expect(pointer({ weight: { near: 3 } })).toBe('/weight/near');
    expect(pointer({ color: [['Red']] })).toBe('/color/0');
    expect(pointer({ eco: 'maybe' })).toBe('/eco');
    expect(pointer({ weight: { exists: 'yes' } })).toBe('/weight/exists');
    expect(pointer({ weight: { between: [1] } })).toBe('/weight/between');
  });
});

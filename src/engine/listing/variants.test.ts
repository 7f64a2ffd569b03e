import { describe, expect, it } from 'vitest';
import type { CatalogEntity, Variant } from '../../contracts/catalog-entity.js';
import { compileIndex } from '../compile.js';
import { executeSearch } from '../execute.js';
import { loadIndex } from '../load.js';
import type { EngineSettings } from '../settings.js';
import { attributes, JULY } from './fixture.test-support.js';
import { counts, facet, ids, list, shopIndex } from './shop.test-support.js';

/**
 * Counts are of tiles, exactly. Each catalog here is built so that counting SKUs (rows), or
 * matching variant-level choices on different variants of one product, gives another number.
 */

const settings: EngineSettings = { attributes };

const variant = (
  id: string,
  size: string,
  color: string,
  price = 10,
  more: Partial<Variant> = {},
): Variant => ({
  id,
  attributes: { size, color },
  price,
  availability: 'in_stock',
  ...more,
});

async function build(products: CatalogEntity[], extra: EngineSettings = {}) {
  return loadIndex(await compileIndex(products, { settings: { ...settings, ...extra }, time: JULY }));
}

const crossed: CatalogEntity[] = [
  // Six sizes, one color: six SKUs, one tile.
  {
    type: 'product',
    id: 'six',
    title: 'Six sizes',
    variants: ['S', 'M', 'L', 'XL', 'XS', 'XXL'].map((size) => variant(`six-${size}`, size, 'Red', 20)),
  },
  // A small red and a medium blue ...
  {
    type: 'product',
    id: 'p1',
    title: 'One',
    variants: [variant('p1-s', 'S', 'Red'), variant('p1-m', 'M', 'Blue')],
  },
  // ... and a small blue and a medium red: "small and red" is p1 only.
  {
    type: 'product',
    id: 'p2',
    title: 'Two',
    variants: [variant('p2-s', 'S', 'Blue'), variant('p2-m', 'M', 'Red')],
  },
];

const facets = [
  facet('size', 'list'),
  facet('color', 'list'),
  facet('availability', 'list'),
  facet('price', 'range', { display: 'histogram' }),
];

describe('variants: a product matches variant-level choices when one of its variants matches all of them', () => {
  it('counts a product once per value, however many of its variants hold it', async () => {
    const index = await build(crossed);
    const result = list(index, { facets });
    expect(result.product.total).toBe(3);
    expect(counts(result, 'color')).toEqual({ Red: 3, Blue: 2 });
    expect(counts(result, 'availability')).toEqual({ in_stock: 3 });
    expect(counts(result, 'size')).toEqual({ S: 3, M: 3, L: 1, XL: 1, XS: 1, XXL: 1 });
    // Six variants at 20 are one tile in one bin; p1 and p2 at 10 one each.
    const price = result.product.facets!.find((one) => one.field === 'price')!;
    expect(price).toMatchObject({ min: 10, max: 20 });
    expect(price.histogram!.find((bin) => bin.gte <= 20 && 20 < bin.lt)!.count).toBe(1);
    expect(price.histogram!.find((bin) => bin.gte <= 10 && 10 < bin.lt)!.count).toBe(2);
  });

  it('matches two variant-level choices on one variant, not on two', async () => {
    const index = await build(crossed);
    const result = list(index, { filters: { size: 'S', color: 'Red' }, facets });
    expect(ids(result).sort()).toEqual(['p1', 'six']);
    expect(result.product.total).toBe(2);
    // color under size S: p1 red, p2 blue, six red; size under color Red: p1 S, p2 M, six all.
    expect(counts(result, 'color')).toEqual({ Red: 2, Blue: 1 });
    expect(counts(result, 'size')).toEqual({ S: 2, M: 2, L: 1, XL: 1, XS: 1, XXL: 1 });
    expect(counts(result, 'availability')).toEqual({ in_stock: 2 });
  });

  it('counts a facet of a variant-level field only on variants that match the other choices', async () => {
    const index = await build([
      {
        type: 'product',
        id: 'mixed',
        title: 'Mixed',
        variants: [
          variant('m-s', 'S', 'Red', 10, { availability: 'out_of_stock' }),
          variant('m-m', 'M', 'Blue', 30),
        ],
      },
    ]);
    const inStock = list(index, { filters: { availability: 'in_stock' }, facets });
    expect(counts(inStock, 'color')).toEqual({ Blue: 1 });
    expect(counts(inStock, 'size')).toEqual({ M: 1 });
    expect(inStock.product.facets!.find((one) => one.field === 'price')).toMatchObject({ min: 30, max: 30 });
    const red = list(index, { filters: { color: 'Red' }, facets });
    expect(counts(red, 'availability')).toEqual({ out_of_stock: 1 });
    const redInStock = list(index, { filters: { color: 'Red', availability: 'in_stock' }, facets });
    expect(redInStock.product.total).toBe(0);
    expect(counts(redInStock, 'color')).toEqual({ Red: 0, Blue: 1 });
    expect(counts(redInStock, 'availability')).toEqual({ in_stock: 0, out_of_stock: 1 });
  });

  it('reads a price range on the variant that matches the other choices', async () => {
    const index = await build(crossed);
    // p1's small variant costs 10; its medium too: a small one under 15 that is blue is p2's.
    expect(ids(list(index, { filters: { size: 'S', color: 'Blue', price: { lt: 15 } } }))).toEqual(['p2']);
    expect(ids(list(index, { filters: { size: 'S', price: { gt: 15 } } }))).toEqual(['six']);
  });

  it('names the variant a hit shows when variant-level choices pick one, and shows its offer', async () => {
    const index = await shopIndex();
    const medium = list(index, { filters: { size: 'M' }, sort: { by: 'price', direction: 'asc' } });
    expect(medium.product.hits.map((hit) => [hit.entity, hit.variant, hit.fields.price])).toEqual([
      ['product:d1', 'd1-m', 40],
      ['product:s1', 's1-m', 55],
      ['product:d2', 'd2-m', 120],
    ]);
    expect(medium.product.hits[2]!.fields).toMatchObject({ url: '/p/d2?size=m', sale_price: 90 });
    // Without a variant-level choice no variant is named; the tile shows its cheapest variant.
    const plain = list(index, { filters: { brand: 'nordic' } });
    expect(plain.product.hits.every((hit) => hit.variant === undefined)).toBe(true);
    const byPrice = list(index, { filters: { price: { gte: 120 } } });
    expect(byPrice.product.hits.map((hit) => [hit.entity, hit.variant, hit.fields.price])).toEqual([
      ['product:d2', undefined, 130],
    ]);
  });

  it('lists each variant as a tile when the grain is the variant, counting variants', async () => {
    const index = await build(crossed, { types: { product: { grain: 'variant' } } });
    const all = list(index, { facets });
    expect(all.product.total).toBe(10);
    expect(counts(all, 'color')).toEqual({ Red: 8, Blue: 2 });
    const red = list(index, { filters: { color: 'Red' }, facets, perPage: 3 });
    expect(red.product.total).toBe(8);
    expect(red.product.hits.map((hit) => hit.variant)).toEqual(['six-S', 'six-M', 'six-L']);
    expect(counts(red, 'size')).toEqual({ S: 2, M: 2, L: 1, XL: 1, XS: 1, XXL: 1 });
    const smallRed = list(index, { filters: { size: 'S', color: 'Red' } });
    expect(smallRed.product.hits.map((hit) => hit.variant)).toEqual(['six-S', 'p1-s']);
  });

  it('leaves out variants a channel does not sell', async () => {
    const index = await shopIndex();
    // s1's extra-large variant has no offer in channel ch; l1 is sold on the web only.
    const ch = list(index, { channel: 'ch', facets: [facet('size', 'list')] });
    expect(ids(ch).sort()).toEqual(['d1', 'd2', 'l2', 's1']);
    expect(counts(ch, 'size')).toEqual({ S: 1, M: 3, L: 2 });
    expect(ids(list(index, { channel: 'ch', filters: { size: 'XL' } }))).toEqual([]);
  });

  it('keeps counts exact past the page: totals over many products with many variants', async () => {
    const many: CatalogEntity[] = Array.from({ length: 300 }, (_, i) => ({
      type: 'product',
      id: `m${i}`,
      title: `Item ${i}`,
      variants: Array.from({ length: 1 + (i % 6) }, (_, k) =>
        variant(`m${i}-${k}`, ['S', 'M', 'L', 'XL', 'XS', 'XXL'][k]!, k % 2 === 0 ? 'Red' : 'Blue', 5 + k),
      ),
    }));
    const index = await build(many);
    const result = executeSearch(index, {
      text: '',
      page: 1,
      perPage: 10,
      time: JULY,
      facets,
      filters: { color: 'Blue' },
    });
    const section = result.sections[0]!;
    // Products with 2 or more variants have a blue one: 5 of every 6.
    expect(section.total).toBe(250);
    const byField = Object.fromEntries(section.facets!.map((one) => [one.field, one]));
    expect(Object.fromEntries(byField.color!.values.map((value) => [value.value, value.count]))).toEqual({
      Red: 300,
      Blue: 250,
    });
    // Sizes of blue variants: M (k=1) in every product with 2+ variants, XL (k=3) with 4+, XXL (k=5) with 6.
    expect(Object.fromEntries(byField.size!.values.map((value) => [value.value, value.count]))).toEqual({
      M: 250,
      XL: 150,
      XXL: 50,
    });
  });

  it('lists ties in catalog order, whatever the number of variants (the index keeps fewer first)', async () => {
    const widths = [3, 1, 6, 2, 1];
    const products: CatalogEntity[] = widths.map((width, i) => ({
      type: 'product',
      id: `t${i}`,
      title: 'Tied lamp',
      variants: Array.from({ length: width }, (_, k) => variant(`t${i}-${k}`, 'M', 'Red', 10 + k)),
    }));
    const index = await build(products);
    const expected = ['product:t0', 'product:t1', 'product:t2', 'product:t3', 'product:t4'];
    for (const text of ['', 'lamp']) {
      for (const filters of [undefined, { color: 'Red' }]) {
        const result = executeSearch(index, { text, page: 1, perPage: 10, time: JULY, facets, filters });
        expect(result.sections[0]!.hits.map((hit) => hit.entity)).toEqual(expected);
      }
    }
  });
});

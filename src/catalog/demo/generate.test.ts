import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { CatalogEntity } from '../../contracts/catalog-entity.js';
import { BRANDS } from './brands.js';
import { CATEGORIES } from './categories.js';
import { generateCatalog } from './generate.js';
import { catalogJsonLines, writeCatalogJsonl } from './jsonl.js';

// TypeBox checks formats only once they are registered: RFC 3339 with an offset, as the contract says.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set(
    'date-time',
    (value) =>
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  );
}

const brandCount = Object.values(BRANDS).flat().length;

describe('generateCatalog', () => {
  const catalog = [...generateCatalog({ products: 2000, seed: 1 })];

  it('emits the category tree, the brands, then the products', () => {
    const types = catalog.map((entity) => entity.type);
    expect(types.slice(0, CATEGORIES.length).every((type) => type === 'category')).toBe(true);
    expect(types.filter((type) => type === 'category')).toHaveLength(CATEGORIES.length);
    expect(types.filter((type) => type === 'brand')).toHaveLength(brandCount);
    expect(types.filter((type) => type === 'product')).toHaveLength(2000);
    expect(catalog).toHaveLength(CATEGORIES.length + brandCount + 2000);
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(40);
    expect(brandCount).toBeGreaterThanOrEqual(55);
  });

  it('is deterministic, and a smaller catalog is a prefix of a larger one', () => {
    expect([...generateCatalog({ products: 2000, seed: 1 })]).toEqual(catalog);
    expect([...generateCatalog({ products: 50, seed: 1 })]).toEqual(
      catalog.slice(0, CATEGORIES.length + brandCount + 50),
    );
    expect([...generateCatalog({ products: 50, seed: 2 })]).not.toEqual(
      catalog.slice(0, CATEGORIES.length + brandCount + 50),
    );
  });

  it('runs sales on the day a catalog is made for, the same products as any other day', () => {
    const onSaleOn = (entities: CatalogEntity[], day: Date) =>
      entities.filter((entity) =>
        [entity, ...(entity.variants ?? [])].some(
          (offer) =>
            Date.parse(offer.sale_window?.from ?? '') <= day.getTime() &&
            day.getTime() < Date.parse(offer.sale_window?.until ?? ''),
        ),
      ).length;
    for (const today of [new Date('2031-03-10T09:30:00Z'), new Date('2027-11-27T23:00:00Z')]) {
      const dated = [...generateCatalog({ products: 2000, seed: 1, today })];
      // Some sales run on that day and on the days around it, as in a shop that keeps selling.
      expect(onSaleOn(dated, today)).toBeGreaterThan(40);
      expect(onSaleOn(dated, new Date(today.getTime() + 30 * 86_400_000))).toBeGreaterThan(40);
      // Only the sale dates move with the day.
      const undated = (entities: CatalogEntity[]) =>
        JSON.stringify(entities).replace(/"(from|until)":"[^"]+"/g, '');
      expect(undated(dated)).toBe(undated(catalog));
    }
  });

  it('writes valid catalog entities', () => {
    for (const entity of catalog) {
      expect(
        Value.Check(CatalogEntity, entity),
        JSON.stringify([...Value.Errors(CatalogEntity, entity)]),
      ).toBe(true);
    }
  });

  it('links products to leaf categories and known brands, with unique ids and urls', () => {
    const categories = new Map(catalog.filter((e) => e.type === 'category').map((e) => [e.id, e]));
    const brands = new Set(catalog.filter((e) => e.type === 'brand').map((e) => e.title));
    const products = catalog.filter((e) => e.type === 'product');
    for (const category of categories.values()) {
      if (category.parent) expect(categories.has(category.parent)).toBe(true);
    }
    for (const product of products) {
      expect(brands.has(product.brand)).toBe(true);
      const [category] = product.categories as string[];
      expect(categories.get(category!)?.parent).toBeDefined();
      expect(product.url).toMatch(/^\/p\/[a-z0-9-]+$/);
    }
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.url)).size).toBe(products.length);
  });

  it('prices realistically, with sales, variants and every availability', () => {
    const products = catalog.filter((e) => e.type === 'product');
    const offers = products.flatMap((p) => (p.variants ? p.variants : [p]));
    for (const offer of offers) {
      expect(offer.currency).toBe('EUR');
      expect(Math.round(offer.price! * 100) / 100).toBe(offer.price);
      if (offer.sale_price !== undefined) {
        expect(offer.sale_price).toBeLessThan(offer.price!);
        expect(offer.sale_window?.from).toBeDefined();
      }
    }
    const onSale = products.filter(
      (p) => p.sale_price !== undefined || p.variants?.[0]?.sale_price !== undefined,
    );
    expect(onSale.length / products.length).toBeGreaterThan(0.1);
    expect(products.some((p) => p.variants)).toBe(true);
    expect(new Set(offers.map((o) => o.availability))).toEqual(
      new Set(['in_stock', 'out_of_stock', 'backorder', 'preorder']),
    );
    expect(
      products.some((p) => /\d+ (GB|TB)$/.test(String(p.attributes?.storage ?? p.attributes?.capacity))),
    ).toBe(true);
  });
});

describe('JSON Lines', () => {
  it('writes one entity per line', () => {
    const text = writeCatalogJsonl({ products: 20 });
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line))).toEqual([...generateCatalog({ products: 20 })]);
    expect([...catalogJsonLines({ products: 20 })].join('')).toBe(text);
  });
});

describe('the benchmark shop (variants: true)', () => {
  const plain = [...generateCatalog({ products: 600, seed: 3 })].filter((e) => e.type === 'product');
  const bench = [...generateCatalog({ products: 600, seed: 3, variants: true })].filter(
    (e) => e.type === 'product',
  );

  it('keeps the demo products, titles and categories, and adds 1 to 6 variants with colors', () => {
    expect(bench.map((p) => [p.id, p.title, p.categories])).toEqual(
      plain.map((p) => [p.id, p.title, p.categories]),
    );
    const counts = new Set<number>();
    bench.forEach((product, i) => {
      const variants = product.variants!;
      counts.add(variants.length);
      expect(variants.length).toBeGreaterThanOrEqual(1);
      expect(variants.length).toBeLessThanOrEqual(6);
      expect(product.attributes?.color).toBeUndefined();
      for (const variant of variants) {
        expect(typeof variant.attributes?.color).toBe('string');
        expect(variant.price).toBeGreaterThan(0);
        expect(variant.availability).toBeDefined();
      }
      expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
      // The first variant keeps the demo product's color.
      expect(variants[0]!.attributes?.color).toBe(plain[i]!.attributes?.color);
      expect(product.signals?.sales_30d).toBeTypeOf('number');
      expect(product.signals?.first_on_sale).toMatch(/^\d{4}-\d\d-\d\dT/);
    });
    expect([...counts].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('writes valid catalog entities', () => {
    for (const entity of bench) {
      expect(
        Value.Check(CatalogEntity, entity),
        JSON.stringify([...Value.Errors(CatalogEntity, entity)]),
      ).toBe(true);
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, generateCatalog, Random } from '../../catalog/demo/index.js';
import type { CatalogEntity, Variant } from '../../contracts/catalog-entity.js';
import type { Attribute } from '../../contracts/release-files/index.js';
import { compileIndex } from '../compile.js';
import type { EngineIndex } from '../engine-index.js';
import { loadIndex } from '../load.js';
import type { EngineSettings } from '../settings.js';
import { facet, list } from './shop.test-support.js';

/**
 * The listing's counts against a plain reading of the catalog: for many drawn pages (a category
 * or everything, two or three filters, each channel), the total and every facet's counts are
 * worked out from the products and their variants directly, as the contract defines them (a
 * product counts once per value when one of its variants sold in the channel passes every other
 * filter), and must be what the engine answers. The engine takes shortcuts (documents settled
 * without reading their rows, projections of variant-level filters, packed rows); this is where
 * a shortcut that is not exact shows. The pages include what the contract allows an upper bound
 * for (a price range, which differs between a product's variants, with another variant-level
 * choice): the counts are exact there too, and no section or facet says `upper_bound`.
 */

/** A request time inside some sale windows of the generated catalog, at no window's end. */
const TIME = Date.parse('2025-06-15T12:34:56Z');

const attributes: Attribute[] = [
  { code: 'color', label: 'Color', type: 'option', level: 'variant' },
  { code: 'size', label: 'Size', type: 'option', level: 'variant' },
  { code: 'material', label: 'Material', type: 'option' },
];

const settings: EngineSettings = {
  locale: 'en',
  languages: ['en'],
  attributes,
  channels: [
    { id: 'web', locales: ['en'], currency: 'EUR' },
    { id: 'outlet', locales: ['en'], currency: 'EUR' },
  ],
};

/** A variant as the reference reads it: its own fields, else its product's. */
interface Row {
  sold: boolean;
  color: string | undefined;
  size: string | undefined;
  availability: string | undefined;
  price: number;
  onSale: boolean;
}

interface Product {
  brand: string;
  material: string;
  categories: Set<string>;
  rows: Row[];
}

type Filters = {
  brand?: string[];
  material?: string[];
  color?: string[];
  size?: string[];
  availability?: string[];
  price?: { gte: number; lte: number };
  on_sale?: true;
};

const LIST_FIELDS = ['brand', 'material', 'color', 'size', 'availability'] as const;
type ListField = (typeof LIST_FIELDS)[number];

const PARENT = new Map(CATEGORIES.map((category) => [category.id, category.parent]));

function pathOf(category: string): Set<string> {
  const path = new Set<string>();
  for (let at: string | undefined = category; at; at = PARENT.get(at)) path.add(at);
  return path;
}

function saleHolds(window: Variant['sale_window']): boolean {
  const from = window?.from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(window.from);
  const until = window?.until === undefined ? Number.POSITIVE_INFINITY : Date.parse(window.until);
  return from <= TIME && TIME < until;
}

/** A product as sold in `channel`. Brands are entities: products name them by title, facets count their ids. */
function productOf(entity: CatalogEntity, channel: string, brandIds: Map<string, string>): Product {
  const sold = entity.channels === undefined || entity.channels.includes(channel);
  const rows = (entity.variants ?? [entity]).map((variant): Row => {
    const price = variant.price ?? entity.price ?? Number.NaN;
    const sale = variant.sale_price ?? entity.sale_price;
    const onSale = sale !== undefined && sale < price && saleHolds(variant.sale_window ?? entity.sale_window);
    return {
      sold,
      color: (variant.attributes?.color ?? entity.attributes?.color) as string | undefined,
      size: (variant.attributes?.size ?? entity.attributes?.size) as string | undefined,
      availability: variant.availability ?? entity.availability,
      price: onSale ? sale! : price,
      onSale,
    };
  });
  return {
    brand: brandIds.get(String(entity.brand)) ?? String(entity.brand),
    material: String(entity.attributes?.material),
    categories: pathOf(String(entity.categories?.[0])),
    rows,
  };
}

function fieldValue(product: Product, row: Row, field: ListField): string | undefined {
  return field === 'brand' || field === 'material' ? product[field] : row[field];
}

/** Whether a row (of `product`) passes the filter on `field`. */
function passes(product: Product, row: Row, field: keyof Filters, filters: Filters): boolean {
  if (field === 'price') return row.price >= filters.price!.gte && row.price <= filters.price!.lte;
  if (field === 'on_sale') return row.onSale;
  const value = fieldValue(product, row, field);
  return value !== undefined && filters[field]!.includes(value);
}

/** Sold rows passing every filter but `except`'s. */
function passingRows(product: Product, filters: Filters, except?: keyof Filters): Row[] {
  const fields = (Object.keys(filters) as Array<keyof Filters>).filter((field) => field !== except);
  return product.rows.filter(
    (row) => row.sold && fields.every((field) => passes(product, row, field, filters)),
  );
}

interface Expected {
  total: number;
  counts: Record<ListField, Record<string, number>>;
  /** Per category, the tiles listed under it; tiles with a variant on sale. */
  categories: Record<string, number>;
  onSale: number;
  price: { min: number; max: number } | undefined;
}

type Grain = 'product' | 'variant';

/**
 * Counts into `into`, by `key`, the tiles that `rows` of one product make (each row passing what
 * is asked): the product is one tile per key one of its rows has; at the variant grain each row
 * is a tile.
 */
function tally(
  into: Record<string, number>,
  rows: Row[],
  grain: Grain,
  key: (row: Row) => string | undefined,
): void {
  const keys = rows.map(key).filter((one) => one !== undefined);
  for (const one of grain === 'product' ? new Set(keys) : keys) into[one] = (into[one] ?? 0) + 1;
}

function expected(products: Product[], filters: Filters, grain: Grain): Expected {
  const counts = Object.fromEntries(LIST_FIELDS.map((field) => [field, {}])) as Expected['counts'];
  const totals: Record<string, number> = {};
  const categories: Record<string, number> = {};
  const onSale: Record<string, number> = {};
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const product of products) {
    const passing = passingRows(product, filters);
    tally(totals, passing, grain, () => 'all');
    for (const category of product.categories) tally(categories, passing, grain, () => category);
    const saleRows = passingRows(product, filters, 'on_sale').filter((row) => row.onSale);
    tally(onSale, saleRows, grain, () => 'on sale');
    for (const field of LIST_FIELDS)
      tally(counts[field], passingRows(product, filters, field), grain, (row) =>
        fieldValue(product, row, field),
      );
    for (const row of passingRows(product, filters, 'price')) {
      if (Number.isNaN(row.price)) continue;
      min = Math.min(min, row.price);
      max = Math.max(max, row.price);
    }
  }
  return {
    total: totals.all ?? 0,
    counts,
    categories,
    onSale: onSale['on sale'] ?? 0,
    price: min <= max ? { min, max } : undefined,
  };
}

/** Two or three filters a shopper could choose, drawn from one product's own values. */
function drawFilters(product: Product, entity: CatalogEntity, random: Random): Filters {
  const variant = random.pick(entity.variants ?? [entity]);
  const price = variant.price ?? entity.price ?? 10;
  const choices: Filters[] = [
    { brand: [product.brand] },
    { material: [String(entity.attributes?.material)] },
    { color: [String(variant.attributes?.color ?? entity.attributes?.color)] },
    { price: { gte: Math.floor(price * 0.8), lte: Math.ceil(price * 1.25) } },
    // Narrow: many products' variants lie on both sides of it, none within.
    { price: { gte: Math.floor(price * 1.01), lte: Math.floor(price * 1.03) } },
    { availability: [random.pick(['in_stock', 'backorder', 'out_of_stock'])] },
    { on_sale: true },
  ];
  if (variant.attributes?.size !== undefined) choices.push({ size: [String(variant.attributes.size)] });
  return Object.assign({}, ...random.sample(choices, random.int(2, 3)));
}

const FACETS = [
  ...LIST_FIELDS.map((field) => facet(field, 'list')),
  facet('price', 'range', { display: 'histogram' }),
  facet('category', 'hierarchical'),
  facet('on_sale', 'toggle'),
];

describe('counts are exact: the listing against a plain reading of the catalog', () => {
  const indexes = new Map<Grain, EngineIndex>();
  const catalog: CatalogEntity[] = [];
  const brandIds = new Map<string, string>();

  beforeAll(async () => {
    const entities: CatalogEntity[] = [];
    for (const entity of generateCatalog({ products: 1200, seed: 23, variants: true })) {
      if (entity.type !== 'product') {
        if (entity.type === 'brand') brandIds.set(String(entity.title), entity.id);
        entities.push(entity);
        continue;
      }
      // Every third product sells on the web only: the outlet leaves its variants out.
      const product = catalog.length % 3 === 0 ? { ...entity, channels: ['web'] } : entity;
      catalog.push(product);
      entities.push(product);
    }
    for (const grain of ['product', 'variant'] as const) {
      const types = { product: { grain } };
      indexes.set(
        grain,
        loadIndex(await compileIndex(entities, { settings: { ...settings, types }, time: TIME })),
      );
    }
  });

  it.each([
    ['web', 'product'],
    ['outlet', 'product'],
    ['web', 'variant'],
    ['outlet', 'variant'],
  ] as const)(
    'in channel %s, tiles by %s: totals, every facet value, the category tree, on sale and the price range',
    (channel, grain) => {
      const random = new Random((channel === 'web' ? 5 : 6) + (grain === 'variant' ? 10 : 0));
      const products = catalog.map((entity) => productOf(entity, channel, brandIds));
      let compared = 0;
      for (let i = 0; i < 120; i++) {
        const at = random.int(0, catalog.length - 1);
        const filters = drawFilters(products[at]!, catalog[at]!, random);
        // Half the pages are category pages (the drawn product's category or one above it).
        const category = i % 2 === 0 ? random.pick([...products[at]!.categories]) : undefined;
        const listed = category ? products.filter((product) => product.categories.has(category)) : products;
        const want = expected(listed, filters, grain);
        const result = list(indexes.get(grain)!, {
          time: TIME,
          channel,
          filters,
          facets: FACETS,
          ...(category ? { category } : {}),
        });
        const section = result.product;
        const page = { channel, grain, category, filters };
        expect({ page, total: section.total }).toEqual({ page, total: want.total });
        expect(section).not.toHaveProperty('upper_bound');
        for (const shown of section.facets ?? []) expect(shown.upper_bound).toBeUndefined();
        for (const field of LIST_FIELDS) {
          const shown = section.facets!.find((one) => one.field === field);
          const counted = Object.fromEntries(
            (shown?.values ?? [])
              .filter((value) => value.count > 0)
              .map((value) => [String(value.value), value.count]),
          );
          expect({ page, field, counted }).toEqual({ page, field, counted: want.counts[field] });
        }
        // The tree shows the top and the open path: each shown category counts what lies under it.
        const tree = section.facets!.find((one) => one.field === 'category');
        for (const value of tree?.values ?? []) {
          const category = String(value.value);
          expect({ page, category, count: value.count }).toEqual({
            page,
            category,
            count: want.categories[category] ?? 0,
          });
        }
        const onSale = section.facets!.find((one) => one.field === 'on_sale');
        expect({ page, onSale: onSale?.values[0]?.count ?? 0 }).toEqual({ page, onSale: want.onSale });
        // A range facet with no price to show is left out of the answer.
        const price = section.facets!.find((one) => one.field === 'price');
        const range = price?.min === undefined ? undefined : { min: price.min, max: price.max };
        expect({ page, range }).toEqual({ page, range: want.price });
        compared++;
      }
      expect(compared).toBe(120);
    },
  );
});

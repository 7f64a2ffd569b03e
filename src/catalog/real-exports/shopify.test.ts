import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { validateRelease } from '../../release/validate.js';
import { type ExportRead, readExport } from '../read-export.js';
import { column, derivedRelease, entitiesOf, inspectionProblems, productsOf } from '../testing/checks.js';
import {
  type FeedItem,
  gzip,
  parseCsv,
  realExport,
  sampleExport,
  type Table,
  throughWindows1252,
  toCsv,
  toMerchantFeed,
  toTsv,
  toWindows1252,
  toXlsx,
  WHOLE_EXPORTS,
} from '../testing/exports.js';

const FILES = ['apparel', 'home-and-garden', 'jewelery'] as const;

/** The reasons of Shopify's columns where they compare a regular price with a reduced one. */
const REASONS = {
  Handle: 'alias',
  'Option1 Name': 'names_column',
  'Option1 Value': 'names_in_sibling',
  'Option2 Value': 'empty',
  'Variant Price': 'price_pair',
  'Variant Compare At Price': 'price_pair',
  'Variant Grams': 'shipping_tax_ads',
  'Variant Taxable': 'shipping_tax_ads',
  Published: 'alias',
  'Google Shopping / Gender': 'empty',
};

/**
 * Rows written for these tests in Shopify's product CSV format (Shopify's sample files carry no
 * licence that lets the project keep a copy): variants as rows under a Handle, a photo-only row,
 * "Default Title" products, a price pair, the Google Shopping columns left empty.
 */
describe('Shopify CSV format, sample', () => {
  let bytes: Buffer;
  let read: ExportRead;

  beforeAll(async () => {
    bytes = sampleExport('shopify-csv/sample.csv');
    read = await readExport(bytes);
  });

  it('groups the rows of a Handle into a product with its variants and photos', () => {
    expect(read.rows).toBe(8);
    expect(read.counts).toMatchObject({ products: 4, variants: 5 });
    expect(read.rejected).toEqual([]);
    const byId = new Map(productsOf(read).map((product) => [product.id, product]));
    expect(byId.get('beaded-bracelet')).toEqual({
      type: 'product',
      id: 'beaded-bracelet',
      title: 'Beaded Bracelet',
      description: 'Glass bead bracelet, in green or red.',
      brand: 'Studio North',
      categories: ['bracelet'],
      keywords: ['Beads'],
      images: [
        'https://cdn.shop.example/photos/beaded-bracelet.jpg',
        'https://cdn.shop.example/photos/beaded-bracelet-worn.jpg',
      ],
      image: 'https://cdn.shop.example/photos/beaded-bracelet-green.jpg',
      varies_by: ['color'],
      variants: [
        {
          id: 'beaded-bracelet-green',
          stock: 3,
          sale_price: 24.99,
          price: 29.99,
          attributes: { color: 'Green' },
        },
        {
          id: 'beaded-bracelet-red',
          stock: 0,
          sale_price: 24.99,
          price: 29.99,
          image: 'https://cdn.shop.example/photos/beaded-bracelet-red.jpg',
          attributes: { color: 'Red' },
        },
      ],
    });
    // "Default Title" is no choice: the product has no variants; a row of its own only adds a photo.
    expect(byId.get('silver-pendant-necklace')).toMatchObject({
      stock: 5,
      price: 75,
      sale_price: 59,
      images: ['https://cdn.shop.example/photos/silver-pendant-necklace-worn.jpg'],
    });
    expect(byId.get('silver-pendant-necklace')?.variants).toBeUndefined();
    expect(byId.get('wool-beanie')?.variants?.map((variant) => variant.attributes?.size)).toEqual([
      'Small',
      'Medium',
      'Large',
    ]);
  });

  it('explains every column: options, the price pair, shipping and ads data, bookkeeping', () => {
    const reasons = Object.fromEntries(read.columns.map((each) => [each.name, each.reason.code]));
    expect(reasons).toMatchObject(REASONS);
    expect(read.mapping.columns?.at(-1)).toEqual({ column: 'Google Shopping / *', to: 'ignore' });
    expect(inspectionProblems(read)).toEqual([]);
    const check = validateRelease(derivedRelease(read));
    expect(check.ok ? [] : check.violations).toEqual([]);
  });

  it('reads gzip, TSV, Windows-1252, a workbook and a merchant feed of the same rows', async () => {
    const table = parseCsv(bytes);
    for (const converted of [gzip(bytes), toTsv(table), toWindows1252(toCsv(table)), await toXlsx(table)]) {
      expect(entitiesOf(await readExport(converted))).toEqual(entitiesOf(read));
    }
    const feed = await readExport(toMerchantFeed(feedItems(table)));
    const bracelet = productsOf(feed).find((product) => product.id === 'beaded-bracelet')!;
    expect(
      bracelet.variants?.map((variant) => [variant.attributes?.color, variant.price, variant.sale_price]),
    ).toEqual([
      ['Green', 29.99, 24.99],
      ['Red', 29.99, 24.99],
    ]);
    expect(feed.counts.variants).toBe(read.counts.variants);
  });
});

/** Shopify's product CSVs: one row per variant under a Handle, option names and values, photo rows. */
describe.skipIf(!WHOLE_EXPORTS)('Shopify CSV, whole export', () => {
  const tables: Record<string, Table> = {};
  const reads: Record<string, ExportRead> = {};

  beforeAll(async () => {
    for (const name of FILES) {
      const bytes = realExport(`shopify-csv/${name}.csv`);
      tables[name] = parseCsv(bytes);
      reads[name] = await readExport(bytes);
    }
  });

  it('reads 60 products from 84 rows', () => {
    expect(FILES.map((name) => reads[name]!.rows)).toEqual([22, 21, 41]);
    expect(FILES.map((name) => reads[name]!.counts.products)).toEqual([20, 20, 20]);
    for (const name of FILES) expect(reads[name]!.rejected, name).toEqual([]);
  });

  it('groups the rows of a Handle into a product with its variants and photos', () => {
    const byId = new Map(productsOf(reads.jewelery!).map((product) => [product.id, product]));
    expect(byId.get('chain-bracelet')).toEqual({
      type: 'product',
      id: 'chain-bracelet',
      title: '7 Shakra Bracelet',
      description: '7 chakra bracelet, in blue or black.',
      brand: 'Company 123',
      categories: ['bracelet'],
      keywords: ['Beads'],
      image: 'https://burst.shopifycdn.com/photos/navy-blue-chakra-bracelet_925x.jpg',
      images: ['https://burst.shopifycdn.com/photos/7-chakra-bracelet_925x.jpg'],
      varies_by: ['color'],
      variants: [
        {
          id: 'chain-bracelet-blue',
          stock: 1,
          sale_price: 42.99,
          price: 44.99,
          attributes: { color: 'Blue' },
        },
        {
          id: 'chain-bracelet-black',
          stock: 0,
          sale_price: 42.99,
          price: 44.99,
          image: 'https://burst.shopifycdn.com/photos/7-chakra-bracelet_925x.jpg',
          attributes: { color: 'Black' },
        },
      ],
    });
    // Three rows: two variants and a row that only adds a photo.
    const anchor = byId.get('leather-anchor')!;
    expect(anchor.variants?.map((variant) => [variant.id, variant.price, variant.sale_price])).toEqual([
      ['leather-anchor-gold', 85, 69.99],
      ['leather-anchor-silver', 85, 55],
    ]);
    expect(anchor.images).toContain(
      'https://burst.shopifycdn.com/photos/leather-anchor-bracelet-for-men_925x.jpg',
    );
  });

  it('takes "Default Title" for a product without variants', () => {
    const [shirt] = productsOf(reads.apparel!);
    expect(shirt).toEqual({
      type: 'product',
      id: 'ocean-blue-shirt',
      title: 'Ocean Blue Shirt',
      description:
        'Ocean blue cotton shirt with a narrow collar and buttons down the front and long sleeves. Comfortable fit and tiled kalidoscope patterns.',
      brand: 'partners-demo',
      keywords: ['men'],
      image: 'https://burst.shopifycdn.com/photos/young-man-in-bright-fashion_925x.jpg',
      stock: 1,
      price: 50,
    });
    const top = productsOf(reads.apparel!).find((product) => product.id === 'classic-varsity-top')!;
    expect(top.varies_by).toEqual(['size']);
    expect(top.variants?.map((variant) => variant.attributes?.size)).toEqual(['Small', 'Medium', 'Large']);
  });

  it('explains every column: options, the price pair, shipping and ads data, bookkeeping', () => {
    const jewelery = reads.jewelery!;
    expect(jewelery.columns).toHaveLength(tables.jewelery![0]!.length);
    const reasons = Object.fromEntries(jewelery.columns.map((read) => [read.name, read.reason.code]));
    expect(reasons).toMatchObject(REASONS);
    expect(column(jewelery, 'Variant Compare At Price').destination).toBe('price');
    expect(column(jewelery, 'Variant Price').destination).toBe('sale_price');
    expect(column(reads.apparel!, 'Variant Price')).toMatchObject({
      destination: 'price',
      reason: { code: 'alias' },
    });
    expect(column(reads['home-and-garden']!, 'Cost per item').reason.code).toBe('empty');
    expect(jewelery.mapping.columns?.at(-1)).toEqual({ column: 'Google Shopping / *', to: 'ignore' });
    expect(jewelery.counts.variants).toBe(6);
    expect(derivedRelease(jewelery)['attributes.json']).toEqual({
      attributes: [
        { code: 'color', label: 'Color', type: 'option', level: 'variant', sources: ['Option1 Value'] },
        // Under a tenth of the file's products write "Colour": too few to filter by.
        {
          code: 'colour',
          label: 'Colour',
          type: 'option',
          level: 'variant',
          filterable: false,
          sources: ['Option1 Value'],
        },
      ],
    });
    for (const name of FILES) {
      expect(inspectionProblems(reads[name]!), name).toEqual([]);
      const check = validateRelease(derivedRelease(reads[name]!));
      expect(check.ok ? [] : check.violations, name).toEqual([]);
    }
    expect(jewelery.inspection().products[0]?.tile).toMatchObject({
      entity: 'product:chain-bracelet',
      price: 44.99,
      sale_price: 42.99,
      variants: 2,
      choices: { color: ['Blue', 'Black'] },
    });
  });

  describe('converted', () => {
    const converted: Record<string, Record<string, ExportRead>> = {};

    beforeAll(async () => {
      for (const name of FILES) {
        const table = tables[name]!;
        converted[name] = {
          gzip: await readExport(gzip(realExport(`shopify-csv/${name}.csv`))),
          tsv: await readExport(toTsv(table)),
          windows1252: await readExport(toWindows1252(toCsv(table))),
          xlsx: await readExport(await toXlsx(table)),
          feed: await readExport(toMerchantFeed(feedItems(table))),
        };
      }
    });

    it('reads gzip, TSV, Windows-1252 and workbooks into the same products and variants', () => {
      for (const name of FILES) {
        const expected = entitiesOf(reads[name]!);
        for (const kind of ['gzip', 'xlsx'])
          expect(entitiesOf(converted[name]![kind]!), `${name} ${kind}`).toEqual(expected);
        // TSV cannot quote a line break: the descriptions that had one have a space there.
        expect(entitiesOf(converted[name]!.tsv!).map(withoutLineBreaks), `${name} tsv`).toEqual(
          expected.map(withoutLineBreaks),
        );
        // One line separator in a description has no Windows-1252 letter: it became a question mark.
        expect(entitiesOf(converted[name]!.windows1252!), name).toEqual(lossy(expected));
      }
    });

    it('reads the merchant feed: items grouped by item_group_id, varying by their colour or size', () => {
      const products = productsOf(converted.jewelery!.feed!);
      expect(products).toHaveLength(20);
      const bracelet = products.find((product) => product.id === 'chain-bracelet')!;
      expect(bracelet.varies_by).toEqual(['color']);
      expect(
        bracelet.variants?.map((variant) => [
          variant.id,
          variant.attributes?.color,
          variant.price,
          variant.sale_price,
        ]),
      ).toEqual([
        ['chain-bracelet-1', 'Blue', 44.99, 42.99],
        ['chain-bracelet-2', 'Black', 44.99, 42.99],
      ]);
      expect(converted.jewelery!.feed!.counts.variants).toBe(reads.jewelery!.counts.variants);
    });
  });
});

/** The variant rows of a Shopify table as merchant feed items, grouped by their Handle. */
function feedItems(table: Table): FeedItem[] {
  const [header, ...rows] = table;
  const at = (name: string) => header!.indexOf(name);
  const items: FeedItem[] = [];
  const products = new Map<string, { title: string; brand: string; names: string[] }>();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const handle = row[at('Handle')]!;
    if (!products.has(handle)) {
      products.set(handle, {
        title: row[at('Title')]!,
        brand: row[at('Vendor')]!,
        names: [row[at('Option1 Name')]!, row[at('Option2 Name')]!],
      });
    }
    if (!row[at('Variant Price')]) continue;
    const product = products.get(handle)!;
    const count = (counts.get(handle) ?? 0) + 1;
    counts.set(handle, count);
    const fields: Record<string, string> = {};
    [row[at('Option1 Value')], row[at('Option2 Value')]].forEach((value, index) => {
      const option = product.names[index]?.toLowerCase();
      if (value && option && option !== 'title') fields[option === 'colour' ? 'color' : option] = value;
    });
    const [price, compare] = [row[at('Variant Price')]!, row[at('Variant Compare At Price')]];
    items.push({
      id: `${handle}-${count}`,
      groupId: handle,
      title: product.title,
      brand: product.brand,
      ...(row[at('Image Src')] ? { image: row[at('Image Src')]! } : {}),
      price: `${compare || price} USD`,
      ...(compare ? { salePrice: `${price} USD` } : {}),
      fields,
    });
  }
  return items;
}

function withoutLineBreaks(entity: CatalogEntity): CatalogEntity {
  return typeof entity.description === 'string'
    ? { ...entity, description: entity.description.replace(/\s+/g, ' ') }
    : entity;
}

function lossy(entities: CatalogEntity[]): CatalogEntity[] {
  return JSON.parse(throughWindows1252(JSON.stringify(entities))) as CatalogEntity[];
}

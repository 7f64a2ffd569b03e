import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { validateRelease } from '../../release/validate.js';
import { type ExportRead, readExport } from '../read-export.js';
import { column, derivedRelease, entitiesOf, inspectionProblems, productsOf } from '../testing/checks.js';
import {
  gzip,
  parseCsv,
  realExport,
  sampleExport,
  type Table,
  toCsv,
  toMerchantFeed,
  toTsv,
  toWindows1252,
  toXlsx,
  WHOLE_EXPORTS,
} from '../testing/exports.js';

const FILE = 'bigbasket-grocery/BigBasket Products.csv';

/** How every column of BigBasket's layout is read, with its reason. */
const MAPPED = {
  index: ['id', 'alias'],
  product: ['title', 'alias'],
  category: ['category_path', 'alias'],
  sub_category: ['category_path', 'alias'],
  brand: ['brand', 'alias'],
  sale_price: ['sale_price', 'price_pair'],
  market_price: ['price', 'price_pair'],
  type: ['category_path', 'alias'],
  rating: ['signals.rating', 'alias'],
};

/**
 * Rows written for these tests in BigBasket's layout (its export's licence does not let the project
 * keep a copy): the same columns, a three-level category path, a price pair, ratings left empty.
 */
describe('BigBasket CSV layout, sample', () => {
  let bytes: Buffer;
  let csv: ExportRead;

  beforeAll(async () => {
    bytes = sampleExport('bigbasket-grocery/sample.csv');
    csv = await readExport(bytes, { fileName: 'sample.csv' });
  });

  it('maps every column, makes the category tree and reads the price pair', () => {
    expect(csv.counts).toMatchObject({ products: 13, variants: 0, categories: 25, brands: 8 });
    expect(
      Object.fromEntries(csv.columns.map((read) => [read.name, [read.destination, read.reason.code]])),
    ).toEqual(MAPPED);
    const byId = new Map(entitiesOf(csv).map((entity) => [entity.id, entity]));
    expect(byId.get('cleaning-and-household-pooja-needs-lamp-and-lamp-oil')).toMatchObject({
      title: 'Lamp & Lamp Oil',
      parent: 'cleaning-and-household-pooja-needs',
    });
    const products = productsOf(csv);
    expect(products[2]).toEqual({
      type: 'product',
      id: '3',
      title: 'Brass Diya - Small',
      brand: 'Templecraft',
      categories: ['cleaning-and-household-pooja-needs-lamp-and-lamp-oil'],
      signals: { rating: 3.4 },
      price: 250,
      sale_price: 119,
    });
    // The same price in both columns is no reduction; a trailing space is no part of a brand.
    expect(products[1]).toMatchObject({ price: 180 });
    expect(products[1]?.sale_price).toBeUndefined();
    expect(products[0]?.brand).toBe('Herbal Roots');
    expect(products[4]?.signals).toBeUndefined();
    expect(inspectionProblems(csv)).toEqual([]);
    const check = validateRelease(derivedRelease(csv));
    expect(check.ok ? [] : check.violations).toEqual([]);
  });

  it('reads TSV, gzip, a workbook and German semicolons into the same catalog', async () => {
    const table = parseCsv(bytes);
    const german = toCsv(
      table.map((row, index) =>
        index === 0 ? row : row.map((cell) => cell.replace(/^(\d+)\.(\d+)$/, '$1,$2')),
      ),
      ';',
    );
    for (const converted of [toTsv(table), gzip(bytes), await toXlsx(table), toWindows1252(german)]) {
      expect(entitiesOf(await readExport(converted))).toEqual(entitiesOf(csv));
    }
  });
});

/** BigBasket's grocery export: 20,000 rows, a three-level category path in three columns, a price pair. */
describe.skipIf(!WHOLE_EXPORTS)('BigBasket CSV, whole export', () => {
  let table: Table;
  let csv: ExportRead;
  let products: CatalogEntity[];

  beforeAll(async () => {
    const bytes = realExport(FILE);
    table = parseCsv(bytes);
    csv = await readExport(bytes, { fileName: 'BigBasket Products.csv' });
    products = productsOf(csv);
  });

  it('reads comma-separated UTF-8 with the header in row 1', () => {
    expect(csv.how).toMatchObject({
      kind: 'delimited',
      encoding: 'utf-8',
      delimiter: ',',
      header_row: 1,
      decimal: '.',
    });
    expect(csv.rows).toBe(20_000);
    expect(csv.counts).toMatchObject({ products: 20_000, variants: 0 });
    expect(csv.rejected).toEqual([]);
  });

  it('maps every column with its reason', () => {
    const mapped = Object.fromEntries(
      csv.columns.map((read) => [read.name, [read.destination, read.reason.code]]),
    );
    expect(mapped).toEqual(MAPPED);
    expect(column(csv, 'type').reason.sentence).toContain('"category" > "sub_category" > "type"');
    expect(column(csv, 'market_price').reason.sentence).toContain('regular price');
  });

  it('makes a three-level category tree from category, sub_category and type', () => {
    const categories = entitiesOf(csv).filter((entity) => entity.type === 'category');
    expect(csv.counts.categories).toBe(categories.length);
    const roots = categories.filter((category) => category.parent === undefined);
    expect(roots).toHaveLength(11);
    const byId = new Map(categories.map((category) => [category.id, category]));
    const leaf = byId.get('beauty-and-hygiene-hair-care-hair-oil-and-serum');
    expect(leaf).toMatchObject({ title: 'Hair Oil & Serum', parent: 'beauty-and-hygiene-hair-care' });
    expect(byId.get('beauty-and-hygiene-hair-care')?.parent).toBe('beauty-and-hygiene');
    for (const product of products) expect(byId.has(String(product.categories?.[0]))).toBe(true);
  });

  it('reads the price pair: market price regular, sale price reduced where it is lower', () => {
    expect(products[2]).toEqual({
      type: 'product',
      id: '3',
      title: 'Brass Angle Deep - Plain, No.2',
      brand: 'Trm',
      categories: ['cleaning-and-household-pooja-needs-lamp-and-lamp-oil'],
      signals: { rating: 3.4 },
      price: 250,
      sale_price: 119,
    });
    // The data's own note: the sale price is below the market price for 11,021 products.
    expect(products.filter((product) => product.sale_price !== undefined)).toHaveLength(11_021);
    expect(products[0]).toMatchObject({ price: 220, brand: 'Sri Sri Ayurveda' });
    expect(products[0]?.sale_price).toBeUndefined();
  });

  it('counts brands once per spelling', () => {
    expect(csv.counts.brands).toBeGreaterThan(2000);
    expect(csv.counts.brands).toBeLessThanOrEqual(2150);
  });

  it('answers an inspection that keeps its schema, with release files that make a valid release', () => {
    expect(inspectionProblems(csv)).toEqual([]);
    const check = validateRelease(derivedRelease(csv));
    expect(check.ok ? [] : check.violations).toEqual([]);
    const inspection = csv.inspection({ products: 3 });
    expect(inspection.products[2]?.tile).toEqual({
      entity: 'product:3',
      title: 'Brass Angle Deep - Plain, No.2',
      brand: 'Trm',
      price: 250,
      sale_price: 119,
    });
  });

  describe('converted', () => {
    const reads: Record<string, ExportRead> = {};

    beforeAll(async () => {
      const german = toCsv(
        table.map((row, index) =>
          index === 0
            ? row
            : row.map((cell, at) => (at === 8 || at === 5 || at === 6 ? cell.replace('.', ',') : cell)),
        ),
        ';',
      );
      const [header, ...rows] = table;
      const at = (name: string) => header!.indexOf(name);
      const feed = toMerchantFeed(
        rows.map((row) => {
          const [sale, market] = [Number(row[at('sale_price')]), Number(row[at('market_price')])];
          return {
            id: row[at('index')]!,
            title: row[at('product')]!,
            brand: row[at('brand')]!,
            price: `${market} INR`,
            ...(sale < market ? { salePrice: `${sale} INR` } : {}),
            productType: [row[at('category')], row[at('sub_category')], row[at('type')]].join(' > '),
          };
        }),
      );
      reads.tsv = await readExport(toTsv(table));
      reads.semicolons = await readExport(toWindows1252(german));
      reads.gzip = await readExport(gzip(realExport(FILE)));
      reads.xlsx = await readExport(await toXlsx(table));
      reads.feed = await readExport(feed);
    });

    it('reads TSV, gzip and a workbook into the same catalog', () => {
      expect(reads.tsv!.how).toMatchObject({ delimiter: '\t' });
      expect(reads.gzip!.how).toMatchObject({ compression: 'gzip', encoding: 'utf-8' });
      expect(reads.xlsx!.how).toMatchObject({ kind: 'workbook', sheet: 'Products', header_row: 2 });
      for (const name of ['tsv', 'gzip', 'xlsx']) {
        expect(entitiesOf(reads[name]!), name).toEqual(entitiesOf(csv));
      }
    });

    it('reads Windows-1252 with semicolons and decimal commas, as German spreadsheets write them', () => {
      const read = reads.semicolons!;
      expect(read.how).toMatchObject({ delimiter: ';', decimal: ',', encoding: 'windows-1252' });
      expect(entitiesOf(read)).toEqual(entitiesOf(csv));
    });

    it('reads the merchant feed with its g: fields', () => {
      const read = reads.feed!;
      expect(read.how).toMatchObject({ kind: 'merchant_feed', records: 'rss/channel/item' });
      expect(read.counts).toEqual({ ...csv.counts, brands: read.counts.brands });
      expect(column(read, 'g:product_type')).toMatchObject({ destination: 'category_path' });
      expect(column(read, 'g:shipping')).toMatchObject({
        destination: 'ignore',
        reason: { code: 'shipping_tax_ads' },
      });
      const third = productsOf(read)[2]!;
      expect(third).toMatchObject({
        id: '3',
        price: 250,
        sale_price: 119,
        currency: 'INR',
        categories: ['cleaning-and-household-pooja-needs-lamp-and-lamp-oil'],
      });
    });
  });
});

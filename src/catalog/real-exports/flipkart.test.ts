import { beforeAll, describe, expect, it } from 'vitest';
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

const FILE = 'flipkart/flipkart_com-ecommerce_sample.csv';

/** How every column of Flipkart's layout is read. */
const MAPPED = {
  uniq_id: 'attributes.uniq_id',
  product_name: 'title',
  pid: 'id',
  retail_price: 'price',
  discounted_price: 'sale_price',
  is_FK_Advantage_product: 'attributes.is_fk_advantage_product',
  product_rating: 'signals.rating',
  overall_rating: 'signals.overall_rating',
  brand: 'brand',
};

/**
 * Rows written for these tests in Flipkart's layout (the export's licence does not let the project
 * keep a copy): "No rating available" for missing ratings, a repeated id, products without a brand.
 */
describe('Flipkart CSV layout, sample', () => {
  let bytes: Buffer;
  let csv: ExportRead;

  beforeAll(async () => {
    bytes = sampleExport('flipkart/sample.csv');
    csv = await readExport(bytes);
  });

  it('maps the columns, reads "No rating available" as no value and rejects the repeated id', () => {
    expect(Object.fromEntries(csv.columns.map((read) => [read.name, read.destination]))).toEqual(MAPPED);
    expect(column(csv, 'product_rating').reason.sentence).toContain(
      '"No rating available" is read as no value',
    );
    const products = productsOf(csv);
    expect(products[0]).toEqual({
      type: 'product',
      id: 'SRTCYC1SHORT0001',
      title: "Trailrider Solid Women's Cycling Shorts",
      brand: 'Trailrider',
      attributes: { uniq_id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', is_fk_advantage_product: false },
      price: 999,
      sale_price: 379,
    });
    expect(products.find((product) => product.id === 'EKTBREW4KET00004')?.signals).toEqual({
      rating: 3.9,
      overall_rating: 3.9,
    });
    expect(csv.rejected).toMatchObject([
      { cause: 'The row repeats a product id that an earlier row has.', rows: 1, row_numbers: [9] },
    ]);
    expect(inspectionProblems(csv)).toEqual([]);
    const check = validateRelease(derivedRelease(csv));
    expect(check.ok ? [] : check.violations).toEqual([]);
  });

  it('reads TSV, gzip, a workbook and Windows-1252 into the same catalog', async () => {
    const table = parseCsv(bytes);
    for (const converted of [toTsv(table), gzip(bytes), await toXlsx(table), toWindows1252(toCsv(table))]) {
      expect(entitiesOf(await readExport(converted))).toEqual(entitiesOf(csv));
    }
  });
});

/** Flipkart's sample: retail and discounted prices, ratings written as text where there are none, two repeated ids. */
describe.skipIf(!WHOLE_EXPORTS)('Flipkart CSV, whole export', () => {
  let table: Table;
  let csv: ExportRead;

  beforeAll(async () => {
    const bytes = realExport(FILE);
    table = parseCsv(bytes);
    csv = await readExport(bytes);
  });

  it('maps the columns: pid the id, the price pair, ratings as signals', () => {
    const mapped = Object.fromEntries(csv.columns.map((read) => [read.name, read.destination]));
    expect(mapped).toEqual(MAPPED);
    expect(column(csv, 'retail_price').reason.code).toBe('price_pair');
    expect(column(csv, 'product_rating').reason.sentence).toContain(
      '"No rating available" is read as no value',
    );
    expect(column(csv, 'product_rating').unreadable).toBeUndefined();
  });

  it('types the attributes from their values', () => {
    const attributes = derivedRelease(csv)['attributes.json'] as {
      attributes: { code: string; type: string }[];
    };
    expect(attributes.attributes.map(({ code, type }) => [code, type])).toEqual([
      ['uniq_id', 'identifier'],
      ['is_fk_advantage_product', 'boolean'],
    ]);
  });

  it('makes products with brands, prices and sale prices', () => {
    const products = productsOf(csv);
    expect(products[0]).toEqual({
      type: 'product',
      id: 'SRTEH2FF9KEDEFGF',
      title: "Alisha Solid Women's Cycling Shorts",
      brand: 'Alisha',
      attributes: { uniq_id: 'c2d766ca982eca8304150849735ffef9', is_fk_advantage_product: false },
      price: 999,
      sale_price: 379,
    });
    const rated = products.find((product) => product.signals?.rating !== undefined);
    expect(typeof rated?.signals?.rating).toBe('number');
    expect(products.filter((product) => product.brand === undefined).length).toBeGreaterThan(5000);
  });

  it('rejects the rows that repeat an id, naming them and showing the first', () => {
    expect(csv.rows).toBe(20_000);
    expect(csv.counts.products).toBe(19_998);
    expect(csv.rejected).toEqual([
      {
        cause: 'The row repeats a product id that an earlier row has.',
        rows: 2,
        row_numbers: [expect.any(Number), expect.any(Number)],
        sample: {
          row: expect.any(Number),
          cells: expect.objectContaining({
            pid: expect.stringMatching(/^(JEAEGE8Q8GXYFTGU|ACCEJ6TESY7AFT5W)$/),
          }),
        },
      },
    ]);
    const [first] = csv.rejected;
    // Row numbers count the header as row 1, as a spreadsheet shows them.
    expect(table[first!.row_numbers[0]! - 1]?.[2]).toBe(first!.sample.cells.pid);
  });

  it('keeps the inspection schema and derives a valid release', () => {
    expect(inspectionProblems(csv)).toEqual([]);
    const check = validateRelease(derivedRelease(csv));
    expect(check.ok ? [] : check.violations).toEqual([]);
  });

  describe('converted', () => {
    const reads: Record<string, ExportRead> = {};

    beforeAll(async () => {
      const [header, ...rows] = table;
      const at = (name: string) => header!.indexOf(name);
      reads.tsv = await readExport(toTsv(table));
      reads.windows1252 = await readExport(toWindows1252(toCsv(table)));
      reads.gzip = await readExport(gzip(realExport(FILE)));
      reads.xlsx = await readExport(await toXlsx(table));
      reads.feed = await readExport(
        toMerchantFeed(
          rows.map((row) => ({
            id: row[at('pid')]!,
            title: row[at('product_name')]!,
            ...(row[at('brand')] ? { brand: row[at('brand')]! } : {}),
            ...(row[at('retail_price')] ? { price: `${row[at('retail_price')]} INR` } : {}),
            ...(row[at('discounted_price')] ? { salePrice: `${row[at('discounted_price')]} INR` } : {}),
            details: { 'FK Advantage': row[at('is_FK_Advantage_product')]! },
          })),
        ),
      );
    });

    it('reads the same catalog from TSV, gzip and a workbook', () => {
      const rows = csv.rejected.map((group) => group.row_numbers);
      for (const name of ['tsv', 'gzip', 'xlsx']) {
        expect(entitiesOf(reads[name]!), name).toEqual(entitiesOf(csv));
      }
      expect(reads.tsv!.rejected.map((group) => group.row_numbers)).toEqual(rows);
      // The workbook has a title row above the header: every row is one further down.
      expect(reads.xlsx!.rejected.map((group) => group.row_numbers)).toEqual(
        rows.map((numbers) => numbers.map((n) => n + 1)),
      );
    });

    it('reads Windows-1252, where the replacement characters of the original become question marks', () => {
      expect(reads.windows1252!.how.encoding).toBe('windows-1252');
      const original = productsOf(csv);
      const converted = productsOf(reads.windows1252!);
      expect(converted).toHaveLength(original.length);
      const differing = converted.filter(
        (product, index) => JSON.stringify(product) !== JSON.stringify(original[index]),
      );
      for (const product of differing) expect(JSON.stringify(product)).toContain('?');
      expect(converted.some((product) => JSON.stringify(product).includes('°'))).toBe(true);
    });

    it('reads the merchant feed: prices with their currency, details as typed attributes', () => {
      const read = reads.feed!;
      expect(column(read, 'g:product_detail')).toMatchObject({
        destination: 'attribute_pairs',
        reason: { code: 'name_value_pairs' },
      });
      expect(productsOf(read)[0]).toMatchObject({
        id: 'SRTEH2FF9KEDEFGF',
        price: 999,
        sale_price: 379,
        currency: 'INR',
        attributes: { fk_advantage: false },
      });
      expect(read.counts.products).toBe(19_998);
    });
  });
});

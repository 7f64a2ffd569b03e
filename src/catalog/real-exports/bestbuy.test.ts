import { beforeAll, describe, expect, it } from 'vitest';
import { validateRelease } from '../../release/validate.js';
import { type ExportRead, readExport } from '../read-export.js';
import { column, derivedRelease, entitiesOf, inspectionProblems, productsOf } from '../testing/checks.js';
import {
  bestBuyFeedItems,
  exportSources,
  gzip,
  recordsTable,
  type Table,
  throughWindows1252,
  toCsv,
  toMerchantFeed,
  toTsv,
  toWindows1252,
  toXlsx,
} from '../testing/exports.js';

const SOURCES = exportSources('bestbuy/ecommerce.json', 'bestbuy/ecommerce.json');

interface BestBuyRecord {
  name: string;
  description: string;
  brand: string;
  categories: string[];
  price: number;
  image: string;
  popularity: number;
}

/**
 * Best Buy's products: a JSON array without ids, category paths as lists, a popularity number. The
 * sample holds the first 40 products, the four that share a title and four with letters beyond
 * ASCII (one that Windows-1252 lacks).
 */
for (const source of SOURCES)
  describe.skipIf(!source.present)(`Best Buy JSON, ${source.label}`, () => {
    let bytes: Buffer;
    let records: BestBuyRecord[];
    let json: ExportRead;

    beforeAll(async () => {
      bytes = source.read();
      records = JSON.parse(bytes.toString()) as BestBuyRecord[];
      json = await readExport(bytes);
    });

    it('reads the array and maps its fields', () => {
      expect(json.how).toMatchObject({ kind: 'json_records', encoding: 'utf-8' });
      expect(json.how.records).toBeUndefined();
      expect(Object.fromEntries(json.columns.map((read) => [read.name, read.destination]))).toEqual({
        name: 'title',
        description: 'description',
        brand: 'brand',
        categories: 'category_path',
        price: 'price',
        image: 'image',
        popularity: 'signals.popularity',
      });
      expect(column(json, 'categories').reason.sentence).toContain(
        'Cell Phones > Prepaid Phones > All Prepaid Phones',
      );
    });

    it('names products after their titles, numbering titles that repeat', () => {
      const products = productsOf(json);
      expect(products).toHaveLength(source.whole ? 3291 : 48);
      expect(json.rejected).toEqual([]);
      const chargers = products.filter(
        (product) => product.title === 'Tzumi - PocketJuice Portable Charger - Black',
      );
      expect(chargers.map((product) => product.id)).toEqual([
        'tzumi-pocketjuice-portable-charger-black',
        'tzumi-pocketjuice-portable-charger-black-2',
        'tzumi-pocketjuice-portable-charger-black-3',
        'tzumi-pocketjuice-portable-charger-black-4',
      ]);
      expect(json.derivedFiles.find((file) => file.name === 'feed.json')?.reasons.at(-1)?.sentence).toContain(
        'an id made from its title',
      );
      expect(products[0]).toEqual({
        type: 'product',
        id: 'at-and-t-gophone-samsung-galaxy-express-3-4g-lte-with-8gb-memory-prepaid-cell-phone',
        title: records[0]!.name,
        description: records[0]!.description,
        brand: 'AT&T GoPhone',
        categories: ['cell-phones-prepaid-phones-all-prepaid-phones'],
        signals: { popularity: 21_449 },
        image: records[0]!.image,
        price: 49.99,
      });
    });

    it('makes category entities from the paths, parents first', () => {
      const categories = entitiesOf(json).filter((entity) => entity.type === 'category');
      const seen = new Set<string>();
      for (const category of categories) {
        if (category.parent) expect(seen.has(category.parent), category.id).toBe(true);
        seen.add(category.id);
      }
      const paths = new Set(
        records.flatMap((record) =>
          record.categories.map((_, depth) => record.categories.slice(0, depth + 1).join('>')),
        ),
      );
      expect(categories).toHaveLength(paths.size);
      expect(json.counts.brands).toBe(new Set(records.map((record) => record.brand.toLowerCase())).size);
    });

    it('keeps the inspection schema and derives a valid release', () => {
      expect(inspectionProblems(json)).toEqual([]);
      const check = validateRelease(derivedRelease(json));
      expect(check.ok ? [] : check.violations).toEqual([]);
      const types = derivedRelease(json)['types.json'] as { types: { code: string }[] };
      expect(types.types.map((type) => type.code)).toEqual(['product', 'category', 'brand']);
    });

    describe('converted', () => {
      const reads: Record<string, ExportRead> = {};

      beforeAll(async () => {
        const table: Table = recordsTable(records as unknown as Record<string, unknown>[], (_column, list) =>
          list.join(' > '),
        );
        reads.gzip = await readExport(gzip(bytes));
        reads.tsv = await readExport(toTsv(table));
        reads.windows1252 = await readExport(toWindows1252(toCsv(table)));
        reads.lossy = await readExport(Buffer.from(throughWindows1252(toCsv(table))));
        reads.xlsx = await readExport(await toXlsx(table));
        reads.feed = await readExport(toMerchantFeed(bestBuyFeedItems(records)));
      });

      it('reads gzip, TSV, CSV and a workbook into the same catalog', () => {
        expect(reads.tsv!.how.delimiter).toBe('\t');
        expect(column(reads.tsv!, 'categories')).toMatchObject({ destination: 'category_path' });
        // The JSON escapes (\u00ae) are letters in the table: ®, ™ and the like in Windows-1252.
        expect(reads.windows1252!.how.encoding).toBe('windows-1252');
        for (const name of ['gzip', 'tsv', 'xlsx']) {
          expect(entitiesOf(reads[name]!), name).toEqual(entitiesOf(json));
        }
        // Windows-1252 lacks a few of the letters (ē): they were written as "?", as in the same text in UTF-8.
        expect(entitiesOf(reads.windows1252!)).toEqual(entitiesOf(reads.lossy!));
        expect(reads.windows1252!.counts).toEqual(json.counts);
      });

      it('reads the merchant feed with its ids, prices in dollars and product types', () => {
        const read = reads.feed!;
        expect(read.counts).toEqual(json.counts);
        expect(productsOf(read)[0]).toMatchObject({
          id: '1',
          price: 49.99,
          currency: 'USD',
          categories: ['cell-phones-prepaid-phones-all-prepaid-phones'],
        });
      });
    });
  });

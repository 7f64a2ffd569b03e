import { beforeAll, describe, expect, it } from 'vitest';
import type { AttributesFile } from '../../contracts/release-files/attributes.js';
import { validateRelease } from '../../release/validate.js';
import { type ExportRead, readExport } from '../read-export.js';
import { column, derivedRelease, entitiesOf, inspectionProblems, productsOf } from '../testing/checks.js';
import {
  exportSources,
  gzip,
  icecatPart,
  recordsTable,
  throughWindows1252,
  toCsv,
  toMerchantFeed,
  toTsv,
  toWindows1252,
  toXlsx,
} from '../testing/exports.js';

const SOURCES = exportSources('icecat-electronics/sample.json', 'icecat-electronics/1.json.zip');

/**
 * Open Icecat's electronics: four zipped JSON arrays (unzipped here), thousands of typed
 * attribute keys in the `attr_t_` (text), `attr_n_` (number) and `attr_b_` (yes or no)
 * namespaces, prices in cents, no categories. The sample holds 52 products of part 1 as one JSON
 * array: the first 40, then 8 whose printing colours are lists and 4 of the colours they list.
 */
for (const source of SOURCES)
  describe.skipIf(!source.present)(`Icecat JSON, ${source.label}`, () => {
    const parts: Buffer[] = [];
    const reads: ExportRead[] = [];

    beforeAll(async () => {
      const files = source.whole ? [1, 2, 3, 4].map(icecatPart) : [source.read()];
      for (const bytes of files) {
        parts.push(bytes);
        reads.push(await readExport(bytes));
      }
    });

    it(`reads all ${source.whole ? '19,406 products of the four parts' : '52 products'}, none rejected`, () => {
      expect(reads.map((read) => read.how.kind)).toEqual(parts.map(() => 'json_records'));
      expect(reads.reduce((sum, read) => sum + read.counts.products, 0)).toBe(source.whole ? 19_406 : 52);
      for (const read of reads) {
        expect(read.rejected).toEqual([]);
        expect(read.counts.categories).toBe(0);
        expect(read.counts.brands).toBeGreaterThan(source.whole ? 100 : 5);
      }
    });

    it('maps the named columns and explains every one of the thousands', () => {
      const [read] = reads;
      const keys = new Set(
        (JSON.parse(parts[0]!.toString()) as Record<string, unknown>[]).flatMap((record) =>
          Object.keys(record),
        ),
      );
      expect(read!.columns).toHaveLength(keys.size);
      for (const read of reads)
        for (const each of read.columns) expect(each.reason.sentence.length, each.name).toBeGreaterThan(10);
      const destinations = Object.fromEntries(
        [
          'id',
          'title',
          'name',
          'ean',
          'short_description',
          'img_high',
          'img_500x500',
          'date_released',
          'supplier',
          'price',
        ].map((name) => [name, [column(read!, name).destination, column(read!, name).reason.code]]),
      );
      expect(destinations).toEqual({
        id: ['id', 'alias'],
        title: ['title', 'alias'],
        name: ['attributes.name', 'made_attribute'],
        ean: ['attributes.ean', 'made_attribute'],
        short_description: ['description', 'alias'],
        img_high: ['ignore', 'alias'],
        img_500x500: ['image', 'alias'],
        date_released: ['attributes.date_released', 'made_attribute'],
        supplier: ['brand', 'alias'],
        price: ['price', 'alias'],
      });
      expect(column(read!, 'name').reason.sentence).toContain(
        'Its name suits the title, which another column fills',
      );
      expect(column(read!, 'price').reason.sentence).toContain('read as cents');
    });

    it('writes one pattern per attribute namespace in the mapping', () => {
      const [read] = reads;
      const columns = read!.mapping.columns ?? [];
      expect(columns.filter((entry) => entry.column.endsWith('*'))).toEqual([
        { column: 'attr_t_*', to: 'attributes.*' },
        { column: 'attr_n_*', to: 'attributes.*' },
        { column: 'attr_b_*', to: 'attributes.*' },
      ]);
      expect(columns.find((entry) => entry.column === 'price')).toEqual({
        column: 'price',
        to: 'price',
        cents: true,
      });
      expect(columns.length).toBeLessThan(30);
    });

    it('makes products with brands, prices in currency units and typed attributes', () => {
      const [first] = productsOf(reads[0]!);
      expect(first).toMatchObject({
        type: 'product',
        id: '3920564',
        title: 'Xerox 006R90321 toner cartridge Original Black 6 pc(s)',
        brand: 'Xerox',
        price: 49.95,
        image: 'http://images.icecat.biz/img/gallery_mediums/img_3920564_medium_1472618727_1445_7091.jpg',
        attributes: {
          name: '006R90321',
          ean: ['0095205603217'],
          date_released: '2009-12-10T00:00:00Z',
          type: 'Original',
          printing_colours: ['Black'],
          quantity_per_pack: 6,
          black_toner_page_yield: 23000,
        },
      });
      const types = new Map<string, { type: string; unit?: string }>();
      for (const read of reads) {
        const file = derivedRelease(read)['attributes.json'] as AttributesFile;
        for (const attribute of file.attributes)
          if (!types.has(attribute.code)) types.set(attribute.code, attribute);
      }
      expect(types.get('product_colour')).toMatchObject({ type: 'option' });
      expect(types.get('weight')).toMatchObject({ type: 'number' });
      expect(types.get('touchscreen')).toMatchObject({ type: 'boolean' });
      expect(types.get('operating_temperature_t_t')).toMatchObject({ type: 'range', unit: 'celsius' });
      expect(types.get('date_released')).toMatchObject({ type: 'date' });
      expect(types.get('ean')).toMatchObject({ type: 'identifier' });
      const laptop = productsOf(reads[0]!).find((product) => product.id === '2101957');
      expect(laptop?.attributes).toMatchObject({
        product_type: 'Notebook',
        touchscreen: false,
        processor_frequency: 2.13,
        display_diagonal: 17,
      });
    });

    it('keeps the inspection schema and derives a valid release', () => {
      for (const read of reads) {
        expect(inspectionProblems(read)).toEqual([]);
        const check = validateRelease(derivedRelease(read));
        expect(check.ok ? [] : check.violations.slice(0, 3)).toEqual([]);
      }
      const details = reads[0]!.inspection().details;
      expect(details.find((detail) => detail.code === 'ean')).toMatchObject({
        type: 'identifier',
        products: source.whole ? 5000 : 52,
      });
      expect(details.at(-1)?.products).toBeLessThanOrEqual(details[0]!.products);
    });

    it('reads the same products again with the mapping and attributes it derived', async () => {
      const read = reads.at(-1)!;
      const files = derivedRelease(read);
      const again = await readExport(parts.at(-1)!, {
        feed: read.mapping,
        attributes: files['attributes.json'] as AttributesFile,
      });
      expect(again.columns.every((each) => each.reason.code === 'named_by_feed')).toBe(true);
      expect(entitiesOf(again)).toEqual(entitiesOf(read));
    });

    describe('converted', () => {
      const converted: Record<string, ExportRead> = {};
      /**
       * The first 300 records of part 1 (or the sample) make the tables: their keys already make
       * 1,435 columns, and a workbook of all 5,000 records (3,746 columns) takes a minute to write.
       */
      let subset: Record<string, unknown>[];
      let subsetRead: ExportRead;

      beforeAll(async () => {
        subset = (JSON.parse(parts[0]!.toString()) as Record<string, unknown>[]).slice(0, 300);
        subsetRead = await readExport(Buffer.from(JSON.stringify(subset)));
        const table = recordsTable(subset, (_column, list) => list.join(','));
        converted.gzip = await readExport(gzip(parts.at(-1)!));
        converted.tsv = await readExport(toTsv(table));
        converted.windows1252 = await readExport(toWindows1252(toCsv(table)));
        converted.xlsx = await readExport(await toXlsx(table, false));
        converted.feed = await readExport(
          toMerchantFeed(
            subset.map((record) => ({
              id: String(record.id),
              title: String(record.title),
              image: String(record.img_500x500),
              brand: String(record.supplier),
              price: `${(Number(record.price) / 100).toFixed(2)} USD`,
              details: Object.fromEntries(
                Object.entries(record)
                  .filter(([key]) => key.startsWith('attr_'))
                  .map(([key, value]) => [key.slice('attr_x_'.length).replace(/_+/g, ' '), String(value)]),
              ),
            })),
          ),
        );
      });

      it('reads the gzip of a part into the same catalog', () => {
        expect(converted.gzip!.how.compression).toBe('gzip');
        expect(entitiesOf(converted.gzip!)).toEqual(entitiesOf(reads.at(-1)!));
      });

      it('reads TSV, Windows-1252 and a workbook of the records into the same products', () => {
        const expected = productsOf(subsetRead).map(({ attributes, ...rest }) => {
          const { ean, ...others } = attributes ?? {};
          return { ...rest, attributes: { ...others, ean: Array.isArray(ean) ? ean.join(',') : ean } };
        });
        for (const name of ['tsv', 'windows1252', 'xlsx']) {
          const read = converted[name]!;
          expect(read.counts.products, name).toBe(subset.length);
          expect(column(read, 'price'), name).toMatchObject({ destination: 'price' });
          expect(
            read.mapping.columns?.find((entry) => entry.column === 'attr_n_*'),
            name,
          ).toEqual({
            column: 'attr_n_*',
            to: 'attributes.*',
          });
          const products = productsOf(read).map((product) => {
            const { ean, ...others } = product.attributes ?? {};
            return { ...product, attributes: { ...others, ean: Array.isArray(ean) ? ean.join(',') : ean } };
          });
          // Windows-1252 has no Cyrillic or Turkish letters: they were written as question marks.
          expect(products, name).toEqual(name === 'windows1252' ? lossy(expected) : expected);
        }
      });

      it('reads the merchant feed, whose details become typed attributes', () => {
        const read = converted.feed!;
        expect(column(read, 'g:product_detail').reason.code).toBe('name_value_pairs');
        const [first] = productsOf(read);
        expect(first).toMatchObject({
          id: '3920564',
          brand: 'Xerox',
          price: 49.95,
          currency: 'USD',
          attributes: {
            quantity_per_pack: 6,
            black_toner_page_yield: 23000,
            print_technology: 'Laser printing',
          },
        });
        const file = derivedRelease(read)['attributes.json'] as AttributesFile;
        const byCode = new Map(file.attributes.map((attribute) => [attribute.code, attribute]));
        expect(byCode.get('quantity_per_pack')?.type).toBe('number');
        expect(byCode.get('quantity_per_pack')?.sources).toEqual(['g:product_detail']);
      });
    });
  });

function lossy<T>(value: T): T {
  return JSON.parse(throughWindows1252(JSON.stringify(value))) as T;
}

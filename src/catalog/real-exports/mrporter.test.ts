import { beforeAll, describe, expect, it } from 'vitest';
import type { AttributesFile } from '../../contracts/release-files/attributes.js';
import { validateRelease } from '../../release/validate.js';
import { type ExportRead, readExport } from '../read-export.js';
import { column, derivedRelease, entitiesOf, inspectionProblems, productsOf } from '../testing/checks.js';
import {
  exportSources,
  gzip,
  recordsTable,
  type Table,
  toCsv,
  toMerchantFeed,
  toTsv,
  toWindows1252,
  toXlsx,
} from '../testing/exports.js';

const SOURCES = exportSources('mrporter-fashion/data.json', 'mrporter-fashion/data.json');

interface MrPorterRecord {
  imageURL: string;
  id: string;
  name: string;
  designerName: string;
  price: string;
  colour: string;
  sizes: string[];
  saleSeason: string;
  categories: string[];
  outOfStock: boolean;
}

/**
 * MR PORTER's fashion: prices as text, sizes as lists, a sold-out flag, protocol-relative images.
 * The sample holds the first 60 products.
 */
for (const source of SOURCES)
  describe.skipIf(!source.present)(`MR PORTER JSON, ${source.label}`, () => {
    let bytes: Buffer;
    let records: MrPorterRecord[];
    let json: ExportRead;

    beforeAll(async () => {
      bytes = source.read();
      records = JSON.parse(bytes.toString()) as MrPorterRecord[];
      json = await readExport(bytes);
    });

    it('maps the designer to the brand, the flag to availability, the rest to typed attributes', () => {
      expect(
        Object.fromEntries(json.columns.map((read) => [read.name, [read.destination, read.reason.code]])),
      ).toEqual({
        imageURL: ['image', 'alias'],
        id: ['id', 'alias'],
        name: ['title', 'alias'],
        designerName: ['brand', 'alias'],
        price: ['price', 'alias'],
        colour: ['attributes.colour', 'made_attribute'],
        sizes: ['attributes.sizes', 'made_attribute'],
        saleSeason: ['attributes.sale_season', 'made_attribute'],
        categories: ['category_path', 'alias'],
        outOfStock: ['availability', 'alias'],
      });
      expect(column(json, 'outOfStock').reason.sentence).toContain('yes means sold out');
      expect(column(json, 'sizes').samples[0]).toBe('["XS","M","XXS","L","XL"]');
      const attributes = derivedRelease(json)['attributes.json'] as AttributesFile;
      expect(attributes.attributes.map(({ code, label, type }) => [code, label, type])).toEqual([
        ['colour', 'Colour', 'option'],
        ['sizes', 'Sizes', 'option'],
        ['sale_season', 'Sale season', 'option'],
      ]);
    });

    it('makes products with prices, lists of sizes, availability and https images', () => {
      const products = productsOf(json);
      expect(products).toHaveLength(source.whole ? 2560 : 60);
      expect(products[0]).toEqual({
        type: 'product',
        id: '10163292707229244',
        title: 'Slim-Fit Logo-Jacquard Cotton and Silk-Blend Polo Shirt',
        brand: 'GUCCI',
        categories: ['clothing-polo-shirts-short-sleeve-polo-shirts'],
        attributes: { colour: 'Red', sizes: ['XS', 'M', 'XXS', 'L', 'XL'], sale_season: 'FW21' },
        image: 'https://cache.mrporter.com/variants/images/10163292707229244/in/w300.jpg',
        price: 850,
        availability: 'in_stock',
      });
      const soldOut = records.filter((record) => record.outOfStock).length;
      expect(products.filter((product) => product.availability === 'out_of_stock')).toHaveLength(soldOut);
      expect(json.counts.categories).toBeGreaterThan(source.whole ? 50 : 5);
      expect(json.counts.brands).toBeGreaterThan(source.whole ? 100 : 10);
    });

    it('offers the colour, sizes and season as filters', () => {
      const categories = derivedRelease(json)['categories.json'] as { default: { facets: string[] } };
      expect(categories.default.facets).toEqual(
        expect.arrayContaining([
          'category',
          'brand',
          'price',
          'availability',
          'colour',
          'sizes',
          'sale_season',
        ]),
      );
      expect(inspectionProblems(json)).toEqual([]);
      const check = validateRelease(derivedRelease(json));
      expect(check.ok ? [] : check.violations).toEqual([]);
    });

    describe('converted', () => {
      const reads: Record<string, ExportRead> = {};

      beforeAll(async () => {
        const table: Table = recordsTable(records as unknown as Record<string, unknown>[], (name, list) =>
          list.join(name === 'categories' ? ' > ' : '|'),
        );
        reads.gzip = await readExport(gzip(bytes));
        reads.tsv = await readExport(toTsv(table));
        reads.windows1252 = await readExport(toWindows1252(toCsv(table)));
        reads.xlsx = await readExport(await toXlsx(table));
        reads.feed = await readExport(
          toMerchantFeed(
            records.map((record) => ({
              id: record.id,
              title: record.name,
              image: `https:${record.imageURL}`,
              brand: record.designerName,
              price: `${record.price} GBP`,
              productType: record.categories.join(' > '),
              availability: record.outOfStock ? 'out_of_stock' : 'in_stock',
              fields: { color: record.colour },
              details: { Sizes: record.sizes.join('|') },
            })),
          ),
        );
      });

      it('reads gzip, TSV, Latin-1 text and a workbook into the same catalog', () => {
        expect(column(reads.tsv!, 'sizes')).toMatchObject({ destination: 'attributes.sizes' });
        expect(reads.tsv!.mapping.columns?.find((entry) => entry.column === 'sizes')).toEqual({
          column: 'sizes',
          to: 'attributes.sizes',
          separator: '|',
        });
        // Accented capitals (É, Ü) and no Windows-only letters: the bytes read as Latin-1.
        expect(reads.windows1252!.how.encoding).toBe('iso-8859-1');
        for (const name of ['gzip', 'tsv', 'windows1252', 'xlsx']) {
          expect(entitiesOf(reads[name]!), name).toEqual(entitiesOf(json));
        }
        expect(productsOf(reads.windows1252!).some((product) => /[ÉÜÁé]/.test(product.brand ?? ''))).toBe(
          true,
        );
      });

      it('reads the merchant feed: availability words, colour, sizes from the details', () => {
        const products = productsOf(reads.feed!);
        expect(products[0]).toMatchObject({
          id: '10163292707229244',
          brand: 'GUCCI',
          price: 850,
          currency: 'GBP',
          availability: 'in_stock',
          attributes: { color: 'Red', sizes: ['XS', 'M', 'XXS', 'L', 'XL'] },
        });
        expect(reads.feed!.counts).toEqual(json.counts);
      });
    });
  });

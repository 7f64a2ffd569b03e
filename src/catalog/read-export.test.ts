import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { FeedFile } from '../contracts/release-files/feed.js';
import { AppError } from '../lib/errors.js';
import { readExport, SAMPLE_ROWS, WHOLE_FILE_BYTES } from './read-export.js';
import { column, entitiesOf, inspectionProblems, productsOf } from './testing/checks.js';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

async function collect(entities: CatalogEntity[] | AsyncIterable<CatalogEntity>): Promise<CatalogEntity[]> {
  const all: CatalogEntity[] = [];
  for await (const entity of entities) all.push(entity);
  return all;
}

const FEED: FeedFile = {
  columns: [
    { column: 'Artikel', to: 'id' },
    { column: 'Bezeichnung', to: 'title', locale: 'de' },
    { column: 'Name EN', to: 'title', locale: 'en' },
    { column: 'Preis', to: 'price' },
    { column: 'Aktion', to: 'sale_price' },
    { column: 'Farben', to: 'attributes.colour', separator: '/' },
    { column: 'Maß_*', to: 'attributes.*', unit: 'cm' },
    { column: 'intern_*', to: 'ignore' },
  ],
  decimal: ',',
};

describe('readExport', () => {
  it('maps columns as feed.json says, leaving out the columns it does not name', async () => {
    const read = await readExport(
      csv([
        'Artikel;Bezeichnung;Name EN;Preis;Aktion;Farben;Maß_Breite;Maß_Höhe;intern_Notiz;Lager',
        'A1;Stuhl;Chair;59,90;49,90;Rot/Blau;45;90;alt;3',
        'A2;Tisch;Table;120,00;130,00;Eiche;120;75;;1',
      ]),
      { feed: FEED },
    );
    expect(read.how).toMatchObject({ delimiter: ';', decimal: ',' });
    expect(column(read, 'Maß_Breite')).toMatchObject({
      destination: 'attributes.breite',
      reason: { code: 'named_by_feed' },
    });
    expect(column(read, 'Lager')).toMatchObject({ destination: 'ignore', reason: { code: 'not_named' } });
    expect(productsOf(read)).toEqual([
      {
        type: 'product',
        id: 'A1',
        title: { de: 'Stuhl', en: 'Chair' },
        attributes: { colour: ['Rot', 'Blau'], breite: 45, hohe: 90 },
        price: 59.9,
        sale_price: 49.9,
      },
      // A sale price that is not below the price is no sale.
      {
        type: 'product',
        id: 'A2',
        title: { de: 'Tisch', en: 'Table' },
        attributes: { colour: ['Eiche'], breite: 120, hohe: 75 },
        price: 130,
      },
    ]);
    expect(read.mapping).toEqual({
      encoding: 'utf-8',
      delimiter: ';',
      decimal: ',',
      header_row: 1,
      columns: FEED.columns,
    });
    const reasons = read.derivedFiles.find((file) => file.name === 'feed.json')!.reasons;
    expect(reasons.find((reason) => reason.pointer === '/columns/6')?.sentence).toBe('It decides 2 columns.');
  });

  it('rejects rows by cause with the first row to show, and counts values it cannot read', async () => {
    const feed: FeedFile = {
      columns: ['id', 'title', 'price', 'stock'].map((name) => ({ column: name, to: name })),
    };
    const read = await readExport(
      csv([
        'id,title,price,stock',
        '1,Cap,10,3',
        '2,Hat,ten,4',
        '3,Scarf,free,many',
        '1,Cap again,9,1',
        '4,Sock,2,lots',
      ]),
      { feed },
    );
    expect(read.rejected).toEqual([
      {
        cause: 'The price in "price" is not a price.',
        rows: 2,
        row_numbers: [3, 4],
        sample: { row: 3, cells: { id: '2', title: 'Hat', price: 'ten', stock: '4' } },
      },
      {
        cause: 'The row repeats a product id that an earlier row has.',
        rows: 1,
        row_numbers: [5],
        sample: { row: 5, cells: { id: '1', title: 'Cap again', price: '9', stock: '1' } },
      },
    ]);
    expect(productsOf(read).map((product) => product.id)).toEqual(['1', '4']);
    expect(column(read, 'stock').unreadable).toBe(2);
    expect(read.rejectedRows.get('The row repeats a product id that an earlier row has.')).toEqual([5]);
  });

  it('counts values a declared type cannot read against their column', async () => {
    const read = await readExport(csv(['id,title,width', '1,Cap,12', '2,Hat,wide']), {
      attributes: { attributes: [{ code: 'width', label: 'Width', type: 'number' }] },
    });
    expect(column(read, 'width').unreadable).toBe(1);
    expect(productsOf(read).map((product) => product.attributes)).toEqual([{ width: 12 }, undefined]);
  });

  it('maps only the first rows of a large file when a sample is asked for', async () => {
    const lines = ['id,title,price,colour'];
    for (let n = 1; n <= 110_000; n++) {
      lines.push(
        `${n},Product number ${n} with a title long enough to fill the file,${(n % 90) + 10}.99,${['Red', 'Blue'][n % 2]}`,
      );
    }
    const bytes = csv(lines);
    expect(bytes.length).toBeGreaterThan(WHOLE_FILE_BYTES);
    const read = await readExport(bytes, { sample: true });
    expect(read.rows).toBe(lines.length - 1);
    expect(read.mappedRows).toBe(SAMPLE_ROWS);
    expect(read.counts.products).toBe(SAMPLE_ROWS);
    expect(read.inspection().mapped_rows).toBe(SAMPLE_ROWS);
    expect(column(read, 'colour').filled).toBe(SAMPLE_ROWS);
  });

  it('hands out entities by mapping the rows again when it does not hold them', async () => {
    const bytes = csv(['id,title,colour', '1,Cap,Red', '2,Hat,Blue', '3,Scarf,Red']);
    const held = await readExport(bytes);
    const streamed = await readExport(bytes, { holdEntities: false });
    expect(Array.isArray(streamed.entities)).toBe(false);
    expect(await collect(streamed.entities)).toEqual(entitiesOf(held));
    expect(await collect(streamed.entities)).toEqual(entitiesOf(held));
    expect(streamed.counts).toEqual(held.counts);
  });

  it('reads a stream of pieces as it reads the same bytes whole', async () => {
    const bytes = gzipSync(csv(['sku\ttitle\tprice', 'A1\tRed shoe\t59.90', 'A2\tBlue shoe\t61.00']));
    async function* pieces() {
      for (let start = 0; start < bytes.length; start += 7) yield bytes.subarray(start, start + 7);
    }
    const streamed = await readExport(pieces());
    const whole = await readExport(bytes);
    expect(streamed.how).toEqual(whole.how);
    expect(entitiesOf(streamed)).toEqual(entitiesOf(whole));
    expect(whole.how).toMatchObject({ compression: 'gzip', delimiter: '\t' });
  });

  it('reads UTF-16 text as Excel writes "Unicode text"', async () => {
    const bytes = iconv.encode('sku\ttitle\tprice\nA1\tGröße 42\t59,90\n', 'utf-16le', { addBOM: true });
    const read = await readExport(bytes);
    expect(read.how).toMatchObject({ encoding: 'utf-16le', delimiter: '\t', decimal: ',' });
    expect(productsOf(read)).toEqual([{ type: 'product', id: 'A1', title: 'Größe 42', price: 59.9 }]);
  });

  it("reads aisle's own JSON Lines as they are, listing their fields as columns", async () => {
    const read = await readExport(
      Buffer.from(
        '{"type":"product","id":"1","title":"Cap","attributes":{"colour":"Red","size":"M"}}\n{"type":"category","id":"hats","title":"Hats"}\n',
      ),
    );
    expect(read.how.kind).toBe('jsonl');
    expect(read.mapping).toEqual({});
    expect(read.counts).toEqual({ products: 1, variants: 0, categories: 1, brands: 0 });
    expect(read.columns.map((each) => [each.name, each.destination])).toEqual([
      ['type', 'type'],
      ['id', 'id'],
      ['title', 'title'],
      ['attributes.colour', 'attributes.colour'],
      ['attributes.size', 'attributes.size'],
    ]);
    expect(inspectionProblems(read)).toEqual([]);
  });

  it('answers the inspection the contract describes', async () => {
    const read = await readExport(
      csv([
        'id,title,brand,category,price,sale_price,colour',
        '1,Cap,Acme,Hats > Caps,10,8,Red',
        '2,Hat,Acme,Hats,15,,Blue',
      ]),
    );
    expect(inspectionProblems(read)).toEqual([]);
    const inspection = read.inspection({ products: 1 });
    expect(inspection.how.summary).toBe(
      'Read as delimited text, in utf-8, with cells split at ",", with column names in row 1; numbers use "." as decimal mark.',
    );
    expect(inspection.counts).toEqual({ products: 2, variants: 0, categories: 2, brands: 1 });
    expect(inspection.products).toEqual([
      {
        indexed: {
          type: 'product',
          id: '1',
          title: 'Cap',
          brand: 'Acme',
          categories: ['hats-caps'],
          attributes: { colour: 'Red' },
          price: 10,
          sale_price: 8,
        },
        tile: { entity: 'product:1', title: 'Cap', brand: 'Acme', price: 10, sale_price: 8 },
      },
    ]);
    expect(inspection.details).toEqual([
      {
        code: 'colour',
        label: 'Colour',
        type: 'option',
        level: 'product',
        products: 2,
        samples: ['Red', 'Blue'],
      },
    ]);
    expect(inspection.files.map((file) => file.name)).toEqual([
      'attributes.json',
      'types.json',
      'categories.json',
      'feed.json',
    ]);
    const categories = inspection.files.find((file) => file.name === 'categories.json')!;
    expect(categories.content).toEqual({ default: { facets: ['category', 'price', 'on_sale', 'colour'] } });
    expect(categories.reasons.map((reason) => reason.pointer)).toEqual([
      '/default/facets/0',
      '/default/facets/1',
      '/default/facets/2',
      '/default/facets/3',
    ]);
  });

  it("takes the labels' language and the prices' currency from the shop's channel, never a fixed default", async () => {
    const attributes = {
      attributes: [
        { code: 'size', label: { de: 'Größe', en: 'Size' }, type: 'option' as const },
        { code: 'colour', label: { de: 'Farbe', en: 'Colour' }, type: 'option' as const },
      ],
    };
    const export_ = csv([
      'id,title,price,size,colour',
      'A1,Trail Shoe,49.99,42,Red',
      'A2,Road Shoe,59.99,43,Blue',
    ]);
    const channels = { channels: [{ id: 'us', locales: ['en-US'], currency: 'USD' }] };
    const us = await readExport(export_, { attributes, channels });
    expect(us.inspection().details.map((detail) => [detail.code, detail.label])).toEqual([
      ['size', 'Size'],
      ['colour', 'Colour'],
    ]);
    expect(productsOf(us).map((product) => product.currency)).toEqual(['USD', 'USD']);
    const feed = us.derivedFiles.find((file) => file.name === 'feed.json')!;
    expect(feed.content).toMatchObject({ locale: 'en-US', currency: 'USD' });
    expect(feed.reasons).toContainEqual({
      pointer: '/currency',
      sentence: "The currency of the shop's default channel (channels.json).",
    });

    // feed.json's locale names a country, and so its currency.
    const british = await readExport(export_, { attributes, feed: { locale: 'en-GB' } });
    expect(productsOf(british).map((product) => product.currency)).toEqual(['GBP', 'GBP']);
    expect(british.inspection().details.map((detail) => detail.label)).toEqual(['Size', 'Colour']);

    // Nothing says a language or a currency: prices carry none, labels are the columns' own names.
    const unsaid = await readExport(export_, { attributes });
    expect(productsOf(unsaid).map((product) => product.currency)).toEqual([undefined, undefined]);
    expect(unsaid.inspection().details.map((detail) => detail.label)).toEqual(['Size', 'Colour']);
    expect(unsaid.derivedFiles.find((file) => file.name === 'feed.json')!.content).not.toHaveProperty(
      'currency',
    );
  });

  it('refuses bodies that hold no export, saying what they look like', async () => {
    await expect(readExport(gzipSync(gzipSync('id,title\n1,Cap\n')))).rejects.toThrow(/gzip inside gzip/);
    await expect(readExport(Buffer.from('   \n'))).rejects.toBeInstanceOf(AppError);
  });
});

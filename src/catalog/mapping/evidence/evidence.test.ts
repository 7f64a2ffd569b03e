import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readExport } from '../../read-export.js';
import { column, productsOf } from '../../testing/checks.js';
import { parseItemKind, parseStatus, parseVisibility } from '../listing-values.js';
import { normalizeName } from '../names.js';
import { readNameParts } from './name-parts.js';

const parts = (name: string) => readNameParts(normalizeName(name));

describe('column names read by their parts', () => {
  it('reads German and Dutch compounds by their last word, qualified by the words before it', () => {
    expect(parts('Artikelbezeichnung')?.field).toBe('title');
    expect(parts('Verkaufspreis')?.field).toBe('sale_price');
    expect(parts('Lagerbestand')?.field).toBe('stock');
    expect(parts('Produktbild')?.field).toBe('image');
    expect(parts('Markenname')?.field).toBe('brand');
    expect(parts('Adviesprijs')?.field).toBe('price');
    expect(parts('Productnaam')?.field).toBe('title');
    expect(parts('Voorraad')?.field).toBe('stock');
  });

  it('reads French and Spanish labels with their hints, and prices net of tax and purchase prices apart', () => {
    expect(parts('Catégories (x,y,z...)')).toMatchObject({ field: 'categories', separator: ',' });
    expect(parts('URL des images (x,y,z...)')).toMatchObject({ field: 'images', separator: ',' });
    expect(parts('Prix TTC')).toMatchObject({ field: 'price' });
    expect(parts('Prix HT')).toMatchObject({ field: 'price', net: true });
    expect(parts("Prix d'achat")?.field).toBe('ignore');
    expect(parts('Pourcentage de réduction')?.field).toBe('sale_percent');
    expect(parts('Montant de la réduction')?.field).toBe('sale_discount');
    expect(parts('Réduction de (aaaa-mm-jj)')?.field).toBe('sale_from');
    expect(parts('Réduction à (aaaa-mm-jj)')?.field).toBe('sale_until');
    expect(parts('Marca')?.field).toBe('brand');
    expect(parts('Precio de oferta')?.field).toBe('sale_price');
  });

  it('reads the thing a column describes before its own word', () => {
    expect(parts('manufacturer_name')?.field).toBe('brand');
    expect(parts('cover_media_url')?.field).toBe('image');
    expect(parts('parent_id')?.field).toBe('group_id');
    expect(parts('Item No.')?.field).toBe('id');
    expect(parts('Unit Price')?.field).toBe('price');
    expect(parts('pricing.list')?.field).toBe('price');
    expect(parts('pricing.offer')?.field).toBe('sale_price');
    expect(parts('manufacturer_number')).toBeUndefined();
    expect(parts('Meta description')?.field).toBe('ignore');
  });
});

describe('values of the columns that decide listing', () => {
  it('reads statuses, visibilities and row kinds as shop systems write them', () => {
    expect(['1', 'active', 'TRUE', 'published'].map(parseStatus)).toEqual(['on', 'on', 'on', 'on']);
    expect(['0', '-1', '2', 'draft', 'archived', 'FALSE'].map(parseStatus)).toEqual(Array(6).fill('off'));
    expect(['Catalog, Search', 'visible', 'Y'].map(parseVisibility)).toEqual(['shown', 'shown', 'shown']);
    expect(['Not Visible Individually', 'hidden', 'N'].map(parseVisibility)).toEqual([
      'hidden',
      'hidden',
      'hidden',
    ]);
    expect(
      ['simple, downloadable, virtual', 'configurable', 'variation', 'SKU', 'Rule', 'fr'].map(parseItemKind),
    ).toEqual(['product', 'product', 'variant', 'variant', 'other', 'other']);
  });
});

describe('exports of no known platform', () => {
  it('reads a German delimited export by its column names and a price pair by its values', async () => {
    const read = await readExport(
      Buffer.from(
        'Artikelnummer;Artikelbezeichnung;Hersteller;Warengruppe;Verkaufspreis;UVP;Lagerbestand\n' +
          'K-1;Wasserkocher Edelstahl 1,7 l;Severin;Küche > Wasserkocher;39,90;49,90;12\n' +
          'T-2;Toaster Retro Creme;Graef;Küche > Toaster;29,00;29,00;0\n',
      ),
    );
    expect(productsOf(read)).toEqual([
      expect.objectContaining({
        id: 'K-1',
        title: 'Wasserkocher Edelstahl 1,7 l',
        brand: 'Severin',
        price: 49.9,
        sale_price: 39.9,
        stock: 12,
      }),
      expect.objectContaining({ id: 'T-2', title: 'Toaster Retro Creme', price: 29, stock: 0 }),
    ]);
    expect(column(read, 'Verkaufspreis').reason.code).toBe('price_pair');
  });

  it('reads the price object of JSON records: list and offer prices', async () => {
    const read = await readExport(
      Buffer.from(
        JSON.stringify([
          { sku: 'A1', name: 'Desk lamp', pricing: { list: 49.0, offer: 39.0, currency: 'EUR' } },
          { sku: 'A2', name: 'Floor lamp', pricing: { list: 89.0, offer: 89.0, currency: 'EUR' } },
        ]),
      ),
    );
    expect(productsOf(read)).toEqual([
      expect.objectContaining({ id: 'A1', price: 49, sale_price: 39, currency: 'EUR' }),
      expect.objectContaining({ id: 'A2', price: 89, currency: 'EUR' }),
    ]);
  });

  it('reads an ERP item list workbook: the header below title and filter rows, names under "Description", no totals row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Items');
    sheet.addRow(['Item List']);
    sheet.addRow(['Filter: Inventory Posting Group = RESALE']);
    sheet.addRow([]);
    sheet.addRow(['Item No.', 'Description', 'Base Unit of Measure', 'Unit Price', 'Inventory']);
    sheet.addRow(['1896-S', 'ATHENS Desk', 'PCS', 1000.8, 12]);
    sheet.addRow(['1900-S', 'PARIS Guest Chair, black', 'PCS', 192.8, 40]);
    sheet.addRow(['1906-S', 'ATHENS Mobile Pedestal', 'PCS', 281.4, 7]);
    sheet.addRow(['Total', null, null, 1475, 59]);
    const read = await readExport(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(read.how.header_row).toBe(4);
    expect(productsOf(read).map(({ id, title, price, stock }) => ({ id, title, price, stock }))).toEqual([
      { id: '1896-S', title: 'ATHENS Desk', price: 1000.8, stock: 12 },
      { id: '1900-S', title: 'PARIS Guest Chair, black', price: 192.8, stock: 40 },
      { id: '1906-S', title: 'ATHENS Mobile Pedestal', price: 281.4, stock: 7 },
    ]);
    expect(read.rejected).toEqual([
      expect.objectContaining({ rows: 1, cause: expect.stringContaining('sums the rows above it') }),
    ]);
  });
});

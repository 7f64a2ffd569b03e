import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync, inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { PACKAGE_ROOT } from '../../lib/package-root.js';

/**
 * The real exports the catalog tests read, and the conversions the tests make of them: the same
 * rows as a workbook, TSV, Windows-1252 text, gzip, and a merchant feed in XML. Only tests and
 * benchmarks import this module.
 *
 * Two places hold exports. Small samples are committed with the project (test/data/catalogs, each
 * folder with its source and licence), so every format is tested on any checkout. The whole
 * exports lie in ../shared/data beside the checkout (or where AISLE_SHARED_DATA says), never copied
 * into the project: the whole-catalog tests run when they are there and are skipped otherwise.
 */
export const SHARED_DATA = resolve(
  process.env.AISLE_SHARED_DATA || join(PACKAGE_ROOT, '..', 'shared', 'data'),
);
export const CATALOGS = join(SHARED_DATA, 'catalogs');
export const SAMPLES = join(PACKAGE_ROOT, 'test', 'data', 'catalogs');

/** Whether the whole exports are there to test. */
export const WHOLE_EXPORTS = existsSync(CATALOGS);

/** Why the whole-catalog tests are skipped, in one line. */
export const WHOLE_EXPORTS_SKIPPED = `whole-catalog tests skipped: no real data at ${CATALOGS} (set AISLE_SHARED_DATA to the folder that holds catalogs/); the committed samples are tested`;

/** A whole export of ../shared/data/catalogs. */
export function realExport(path: string): Buffer {
  return readFileSync(join(CATALOGS, path));
}

/** A committed sample of test/data/catalogs. */
export function sampleExport(path: string): Buffer {
  return readFileSync(join(SAMPLES, path));
}

/** The whole export when it is there, else the committed sample (tests that need one of either). */
export function wholeOrSample(wholePath: string, samplePath: string): Buffer {
  return WHOLE_EXPORTS ? realExport(wholePath) : sampleExport(samplePath);
}

/** One export to run a file's tests over: a committed sample, or the whole export. */
export interface ExportSource {
  label: string;
  whole: boolean;
  /** False for a whole export that is not there: its tests are skipped (describe.skipIf). */
  present: boolean;
  read(): Buffer;
}

/** The committed sample, then the whole export (skipped, its label saying why, when it is absent). */
export function exportSources(samplePath: string, wholePath: string): ExportSource[] {
  return [
    { label: 'sample', whole: false, present: true, read: () => sampleExport(samplePath) },
    {
      label: WHOLE_EXPORTS ? 'whole export' : 'whole export (skipped: ../shared/data is absent)',
      whole: true,
      present: WHOLE_EXPORTS,
      read: () => realExport(wholePath),
    },
  ];
}

/** The first file of a zip archive (Icecat's parts are zipped JSON), inflated. */
export function unzipFirst(zip: Buffer): Buffer {
  if (zip.readUInt32LE(0) !== 0x04034b50) throw new Error('Not a zip archive.');
  const method = zip.readUInt16LE(8);
  const flags = zip.readUInt16LE(6);
  const nameLength = zip.readUInt16LE(26);
  const extraLength = zip.readUInt16LE(28);
  const start = 30 + nameLength + extraLength;
  // With flag 8 the sizes follow the data; the central directory at the end has them.
  const compressed = flags & 8 ? centralSize(zip) : zip.readUInt32LE(18);
  const data = zip.subarray(start, start + compressed);
  return method === 0 ? Buffer.from(data) : inflateRawSync(data);
}

function centralSize(zip: Buffer): number {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const central = zip.readUInt32LE(end + 16);
  return zip.readUInt32LE(central + 20);
}

/** Icecat's part `n` (1 to 4) as the JSON array it holds. */
export function icecatPart(n: number): Buffer {
  return unzipFirst(realExport(`icecat-electronics/${n}.json.zip`));
}

export type Table = string[][];

export function parseCsv(bytes: Buffer): Table {
  return parse(bytes, { bom: true, relax_column_count: true }) as Table;
}

/** JSON records as a table: lists joined by `join` (a category path by " > "). */
export function recordsTable(
  records: Record<string, unknown>[],
  join: (column: string, list: unknown[]) => string,
): Table {
  const columns: string[] = [];
  for (const record of records)
    for (const key of Object.keys(record)) if (!columns.includes(key)) columns.push(key);
  const rows = records.map((record) =>
    columns.map((column) => {
      const value = record[column];
      if (value === undefined || value === null) return '';
      if (Array.isArray(value)) return join(column, value);
      return String(value);
    }),
  );
  return [columns, ...rows];
}

/** Tab-separated text; tabs and line breaks inside cells become spaces, as TSV cannot quote. */
export function toTsv(table: Table): Buffer {
  return Buffer.from(
    `${table.map((row) => row.map((cell) => cell.replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n')}\n`,
  );
}

/** Comma-separated text with quotes where needed. */
export function toCsv(table: Table, delimiter = ','): string {
  const quote = (cell: string) =>
    /[",\n\r;]/.test(cell) || cell.includes(delimiter) ? `"${cell.replace(/"/g, '""')}"` : cell;
  return `${table.map((row) => row.map(quote).join(delimiter)).join('\r\n')}\r\n`;
}

/** Text as Windows-1252 bytes, as older Windows tools write CSV. */
export function toWindows1252(text: string): Buffer {
  return iconv.encode(text, 'windows-1252');
}

/** Text as it comes back from Windows-1252: letters it lacks (ē, ™, Cyrillic) become "?". */
export function throughWindows1252(text: string): string {
  return iconv.decode(iconv.encode(text, 'windows-1252'), 'windows-1252');
}

export function gzip(bytes: Buffer): Buffer {
  return gzipSync(bytes);
}

/**
 * A workbook with the table on sheet "Products" below a title row, after a sheet of notes: the
 * reader has to choose the sheet and find the header row. Numeric text becomes numbers, as a
 * spreadsheet program stores it, where the number keeps every digit (not "2.0", not a 17-digit
 * id), unless `numbers` is false.
 */
export async function toXlsx(table: Table, numbers = true): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Notes').addRow(['Exported for aisle']);
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(['Product export']);
  const [header, ...rows] = table;
  sheet.addRow(header);
  for (const row of rows) {
    sheet.addRow(
      row.map((cell) =>
        cell === '' ? null : numbers && String(Number(cell)) === cell ? Number(cell) : cell,
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One item of a merchant feed: Google's fields, with details as product_detail pairs. */
export interface FeedItem {
  id: string;
  title?: string;
  description?: string;
  link?: string;
  image?: string;
  brand?: string;
  price?: string;
  salePrice?: string;
  productType?: string;
  groupId?: string;
  availability?: string;
  /** Variant fields such as color and size. */
  fields?: Record<string, string>;
  details?: Record<string, string>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An RSS 2.0 merchant feed with Google's `g:` namespace. */
export function toMerchantFeed(items: FeedItem[]): Buffer {
  const element = (name: string, value: string | undefined) =>
    value ? `<${name}>${escapeXml(value)}</${name}>` : '';
  const lines = items.map((item) =>
    [
      '<item>',
      element('g:id', item.id),
      element('title', item.title),
      element('description', item.description),
      element('link', item.link),
      element('g:image_link', item.image),
      element('g:brand', item.brand),
      element('g:price', item.price),
      element('g:sale_price', item.salePrice),
      element('g:product_type', item.productType),
      element('g:item_group_id', item.groupId),
      element('g:availability', item.availability),
      ...Object.entries(item.fields ?? {}).map(([name, value]) => element(`g:${name}`, value)),
      ...Object.entries(item.details ?? {}).map(
        ([name, value]) =>
          `<g:product_detail>${element('g:attribute_name', name)}${element('g:attribute_value', value)}</g:product_detail>`,
      ),
      '<g:shipping><g:country>US</g:country><g:price>4.95 USD</g:price></g:shipping>',
      '</item>',
    ].join(''),
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Shop</title><link>https://shop.example</link>\n${lines.join('\n')}\n</channel></rss>\n`,
  );
}

/** Best Buy's JSON records as merchant feed items: the fields its export has a `g:` name for. */
export function bestBuyFeedItems(
  records: Array<{
    name: string;
    description: string;
    image: string;
    brand: string;
    price: number;
    categories: string[];
  }>,
): FeedItem[] {
  return records.map((record, index) => ({
    id: String(index + 1),
    title: record.name,
    description: record.description,
    image: record.image,
    brand: record.brand,
    price: `${record.price.toFixed(2)} USD`,
    productType: record.categories.join(' > '),
  }));
}

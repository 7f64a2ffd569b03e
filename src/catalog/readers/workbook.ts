import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.js';
import { noCatalog, parserSaid } from '../refusal.js';
import type { ByteSource } from '../source.js';
import { type Cell, columnNames, findHeaderRow, type Row, type RowReader } from './rows.js';
import { checkZipDirectory, type DeclaredSizes } from './zip-directory.js';
import { checkedWorkbookZip } from './zip-limits.js';

export interface WorkbookSettings {
  /** Given by feed.json; otherwise the first sheet with a header and a row below it. */
  sheet?: string;
  /** Given by feed.json (counted from 1); found from the sheet's first rows otherwise. */
  headerRow?: number;
}

interface SheetRow {
  number: number;
  values: (Cell | undefined)[];
}

/** Rows of a sheet looked at to choose the sheet and its header row. */
const HEAD_ROWS = 20;

/**
 * Spreadsheet workbooks (xlsx), read as a stream with exceljs: a sheet's rows are parsed as they
 * arrive, never the whole workbook at once. The sheet is the one feed.json names, else the first
 * with a header and a row below it; `how` says which once the rows have started.
 */
export function openWorkbook(source: ByteSource, settings: WorkbookSettings): RowReader {
  const how: RowReader['how'] = { kind: 'workbook' };
  return { how, rows: () => readRows(source, settings, how) };
}

async function* readRows(
  source: ByteSource,
  settings: WorkbookSettings,
  how: RowReader['how'],
): AsyncIterable<Row> {
  const sheetIterator = sheets(source)[Symbol.asyncIterator]();
  let rowIterator: AsyncIterator<SheetRow> | undefined;
  const names: string[] = [];
  let chosen = false;
  let finished = false;
  try {
    for (let next = await sheetIterator.next(); !next.done; next = await sheetIterator.next()) {
      const sheet = next.value;
      names.push(sheet.name);
      rowIterator = sheet.rows[Symbol.asyncIterator]();
      if (chosen || (settings.sheet !== undefined && sheet.name !== settings.sheet)) {
        await drain(rowIterator);
        continue;
      }
      const head: SheetRow[] = [];
      while (head.length < HEAD_ROWS) {
        const row = await rowIterator.next();
        if (row.done) break;
        head.push(row.value);
      }
      if (
        settings.sheet === undefined &&
        head.filter((row) => row.values.some((value) => value !== undefined)).length < 2
      ) {
        await drain(rowIterator);
        continue;
      }
      chosen = true;
      const headerRow = settings.headerRow ?? head[findHeaderRow(head.map((row) => row.values))]?.number ?? 1;
      how.sheet = sheet.name;
      how.header_row = headerRow;
      yield* cellRows(replayThen(head, rowIterator), headerRow);
    }
    finished = true;
  } finally {
    // exceljs removes the temporary files it parked sheets in only when it reaches the end of the
    // workbook: a reader that stops early lets it run to the end on its own.
    if (!finished) void drainAll(rowIterator, sheetIterator).catch(() => undefined);
  }
  if (!chosen) {
    if (settings.sheet !== undefined) {
      const sheets = names.map((name) => `"${name}"`).join(', ') || 'none';
      throw new AppError(
        'export_unreadable',
        `The workbook has no sheet "${settings.sheet}" that feed.json names; its sheets: ${sheets}.`,
      );
    }
    throw noCatalog(
      names.length === 0
        ? 'it is a zip archive without spreadsheet sheets'
        : 'no sheet of the workbook has a header row with a row of products below it',
    );
  }
}

async function* replayThen(head: SheetRow[], rest: AsyncIterator<SheetRow>): AsyncIterable<SheetRow> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

async function drain(iterator: AsyncIterator<unknown>): Promise<void> {
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    // Nothing to keep: the rows only have to pass.
  }
}

async function drainAll(
  rows: AsyncIterator<SheetRow> | undefined,
  sheetIterator: AsyncIterator<{ rows: AsyncIterable<SheetRow> }>,
): Promise<void> {
  if (rows) await drain(rows);
  for (let next = await sheetIterator.next(); !next.done; next = await sheetIterator.next()) {
    await drain(next.value.rows[Symbol.asyncIterator]());
  }
}

async function* cellRows(rows: AsyncIterable<SheetRow>, headerRow: number): AsyncIterable<Row> {
  let names: string[] | undefined;
  for await (const row of rows) {
    if (row.number < headerRow) continue;
    if (!names) {
      names = columnNames(row.values.slice(1).map((value) => (value === undefined ? '' : String(value))));
      continue;
    }
    const cells = new Map<string, Cell>();
    let extra = false;
    row.values.forEach((value, column) => {
      if (value === undefined || column === 0) return;
      const name = names![column - 1];
      if (name === undefined) extra = true;
      else cells.set(name, value);
    });
    if (cells.size === 0 && !extra) continue;
    yield extra
      ? { number: row.number, cells, problem: 'The row has more cells than the header names.' }
      : { number: row.number, cells };
  }
}

/** The directory of each workbook read, checked once however many passes read it. */
const directories = new WeakMap<ByteSource, Promise<DeclaredSizes>>();

function checkedDirectory(source: ByteSource): Promise<DeclaredSizes> {
  let checked = directories.get(source);
  if (checked === undefined) {
    checked = checkZipDirectory(() => source.open(), source.limits);
    directories.set(source, checked);
  }
  return checked;
}

async function* sheets(source: ByteSource): AsyncIterable<{ name: string; rows: AsyncIterable<SheetRow> }> {
  // The archive is refused from its directory before anything of it is inflated.
  const declared = await checkedDirectory(source);
  // Loaded when a workbook comes: exceljs takes a good part of a second to load, which every
  // start of a process would otherwise pay.
  const { default: excel } = await import('exceljs');
  // exceljs pipes the stream it is given without listening for its errors, so the bytes reach it
  // through a stream that never fails: a failure of the source (a broken gzip, the size limit, a
  // zip entry that inflates past the limits) ends it early and is thrown here instead of crashing
  // the process. The zip is checked before exceljs inflates it (exceljs would build a bomb's cell)
  // and reaches it with every part deflated (exceljs loses stored parts at random).
  let sourceFailure: unknown;
  async function* quiet(): AsyncIterable<Uint8Array> {
    try {
      yield* checkedWorkbookZip(source.open(), source.limits, declared);
    } catch (error) {
      sourceFailure = error;
    }
  }
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from(quiet()), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      const sheet = worksheet as unknown as ExcelJS.stream.xlsx.WorksheetReader & { name: string };
      yield { name: sheet.name, rows: sheetRows(sheet, () => sourceFailure) };
    }
  } catch (error) {
    if (sourceFailure !== undefined) throw sourceFailure;
    if (error instanceof AppError) throw error;
    throw noCatalog(`it starts like a zip archive but is no readable workbook: ${parserSaid(error)}`);
  }
  if (sourceFailure !== undefined) throw sourceFailure;
}

/** A sheet's rows; when its bytes stopped coming because the source failed, that failure. */
async function* sheetRows(
  sheet: ExcelJS.stream.xlsx.WorksheetReader,
  sourceFailure: () => unknown,
): AsyncIterable<SheetRow> {
  try {
    for await (const row of sheet) {
      // Sheets leave empty cells out: the holes become undefined.
      const values = Array.from(row.values as unknown[], cellOf);
      yield { number: row.number, values };
    }
  } catch (error) {
    throw sourceFailure() ?? error;
  }
}

/** A workbook cell as a plain value: rich text joined, formulas by their result, dates as ISO text. */
function cellOf(value: unknown): Cell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (Array.isArray(object.richText)) return object.richText.map((part) => part.text).join('');
    if ('result' in object) return cellOf(object.result);
    if (typeof object.text === 'string') return object.text;
  }
  return undefined;
}

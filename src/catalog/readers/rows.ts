import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type { HowRead } from '../../contracts/inspection.js';

/** A value in one cell: text and numbers as the file has them, lists, and records inside lists. */
export type Cell = string | number | boolean | Cell[] | { [key: string]: Cell };

/** One row (record) of an export, its cells by column name. */
export interface Row {
  /** Numbered as the file counts it: lines, rows (the header row included), records. */
  number: number;
  cells: Map<string, Cell>;
  /** The reader could not make a whole row of it; the row is left out with this cause. */
  problem?: string;
  /** The row is an entity already (aisle's JSON Lines): it is indexed as it is. */
  entity?: CatalogEntity;
}

/** What a reader settled about the file before its rows, besides what the values decide. */
export type ReaderHow = Omit<HowRead, 'decimal' | 'summary' | 'compression'>;

/**
 * A format's reader, set up for one file: `rows()` reads the file from its start each time, so
 * the pipeline can profile the columns in one pass and map them in the next.
 */
export interface RowReader {
  how: ReaderHow;
  rows(): AsyncIterable<Row>;
}

/**
 * Cells of a JSON or XML record. Nested objects become columns named by their path
 * (`price.amount`), so every format maps through the same column names; lists stay one cell.
 */
export function flattenRecord(record: Record<string, unknown>): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  flattenInto(cells, '', record);
  return cells;
}

function flattenInto(cells: Map<string, Cell>, prefix: string, record: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(record)) {
    const name = `${prefix}${key}`;
    if (isRecord(value)) flattenInto(cells, `${name}.`, value);
    else {
      const cell = toCell(value);
      if (cell !== undefined) cells.set(name, cell);
    }
  }
}

function toCell(value: unknown): Cell | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    const items = value.map(toCell).filter((item): item is Cell => item !== undefined);
    return items;
  }
  if (isRecord(value)) {
    const record: Record<string, Cell> = {};
    for (const [key, item] of Object.entries(value)) {
      const cell = toCell(item);
      if (cell !== undefined) record[key] = cell;
    }
    return record;
  }
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A cell as text, the way a sample or a rejected row shows it. */
export function cellText(cell: Cell): string {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return JSON.stringify(cell);
}

/** Column names as a header writes them, made unique and never empty. */
export function columnNames(header: readonly unknown[]): string[] {
  const seen = new Map<string, number>();
  return header.map((value, index) => {
    const base = String(value ?? '').trim() || `Column ${index + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** Rows a header row is looked for in. */
const HEADER_SEARCH_ROWS = 20;

/**
 * The header row among a sheet's first rows: the first whose filled cells are mostly text, all
 * different, and span most of the widest row. Sheets often carry a title or a note above it.
 * Returns a 0-based index into `rows`.
 */
export function findHeaderRow(rows: readonly (readonly unknown[])[]): number {
  const head = rows.slice(0, HEADER_SEARCH_ROWS);
  const filled = (row: readonly unknown[]) =>
    row.filter((value) => value !== undefined && value !== null && String(value).trim() !== '');
  const width = Math.max(0, ...head.map((row) => filled(row).length));
  const index = head.findIndex((row, at) => {
    const names = filled(row).map((value) => String(value).trim());
    if (names.length < Math.max(2, Math.ceil(width * 0.6)) || at === head.length - 1) return false;
    const numbers = names.filter((name) => /^-?[\d.,]+$/.test(name)).length;
    return new Set(names).size === names.length && numbers <= names.length / 2;
  });
  return Math.max(0, index);
}

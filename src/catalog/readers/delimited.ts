import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { decodeText } from '../encoding.js';
import type { ByteSource } from '../source.js';
import { type Cell, columnNames, findHeaderRow, type Row, type RowReader } from './rows.js';

/** Delimiters shop systems write: comma, semicolon (where the comma is the decimal mark), tab, bar. */
const DELIMITERS = [',', ';', '\t', '|'] as const;
/** Lines of the head the delimiter and the header row are judged on. */
const JUDGED_LINES = 50;

export interface DelimitedSettings {
  encoding: string;
  /** Given by feed.json; found from the head otherwise. */
  delimiter?: string;
  /** Given by feed.json (counted from 1); found from the head otherwise. */
  headerRow?: number;
}

/**
 * CSV and TSV: the delimiter is the candidate that splits the first lines into the same number
 * of cells, most of them; the header row is the first row that reads as column names.
 */
export function openDelimited(source: ByteSource, headText: string, settings: DelimitedSettings): RowReader {
  const lines = wholeLines(headText);
  const delimiter = settings.delimiter ?? chooseDelimiter(lines);
  const records = parseHead(lines, delimiter);
  const headerIndex = settings.headerRow !== undefined ? settings.headerRow - 1 : findHeaderRow(records);
  return {
    how: { kind: 'delimited', encoding: settings.encoding, delimiter, header_row: headerIndex + 1 },
    rows: () => readRows(source, settings.encoding, delimiter, headerIndex),
  };
}

/** The head without its last line, which the cut may have broken. */
function wholeLines(headText: string): string {
  const lines = headText.split(/\r?\n/);
  if (lines.length > 1) lines.pop();
  return lines.slice(0, JUDGED_LINES).join('\n');
}

function parseHead(text: string, delimiter: string): string[][] {
  try {
    return parseSync(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch {
    return [];
  }
}

/**
 * The delimiter whose rows most often have the header's number of cells, more than one; ties go to
 * the order of DELIMITERS. A file of one column has no delimiter to find and reads as comma-separated.
 */
export function chooseDelimiter(text: string): string {
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const records = parseHead(text, delimiter);
    if (records.length === 0) continue;
    const widths = records.map((record) => record.length);
    const common = mode(widths);
    if (common < 2) continue;
    const score = widths.filter((width) => width === common).length * Math.log2(common);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}

async function* readRows(
  source: ByteSource,
  encoding: string,
  delimiter: string,
  headerIndex: number,
): AsyncIterable<Row> {
  const parser = Readable.from(decodeText(source.open(), encoding)).pipe(
    parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  let names: string[] | undefined;
  let index = -1;
  for await (const record of parser as AsyncIterable<string[]>) {
    index++;
    if (index < headerIndex) continue;
    if (!names) {
      names = columnNames(record);
      continue;
    }
    const cells = new Map<string, Cell>();
    const count = Math.min(record.length, names.length);
    for (let i = 0; i < count; i++) cells.set(names[i]!, record[i]!);
    const extra = record.slice(names.length).some((value) => value.trim() !== '');
    yield extra
      ? { number: index + 1, cells, problem: 'The row has more cells than the header names.' }
      : { number: index + 1, cells };
  }
}

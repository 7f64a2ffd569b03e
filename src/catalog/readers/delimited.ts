import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type { AppError } from '../../lib/errors.js';
import { decodeText } from '../encoding.js';
import { type ExportLimits, tooLongLine } from '../limits.js';
import { noCatalog } from '../refusal.js';
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
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    // A record's text is gathered whole: one that never ends (an unclosed quote in a huge file)
    // stops at the limit instead of at the largest string the runtime can make.
    max_record_size: source.limits.lineChars,
  });
  // pipeline, unlike pipe, carries a failure of the text (a broken gzip, the size limit) to the
  // parser, and stops the text when the reading below stops early.
  pipeline(Readable.from(decodeText(source.open(), encoding)), parser, () => {
    // Whatever failed reaches the loop below through `parser`, which pipeline destroys with it.
  });
  try {
    yield* recordRows(parser as AsyncIterable<string[]>, headerIndex);
  } catch (error) {
    throw error instanceof CsvError ? unreadable(error, source.limits) : error;
  }
}

/** csv-parse's refusals, as the sentences of an export that cannot be read. */
function unreadable(error: CsvError, limits: ExportLimits): AppError {
  if (error.code === 'CSV_MAX_RECORD_SIZE') return tooLongLine(limits, 'a row');
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return noCatalog(
      `${error.message.replace(/^Quote Not Closed: /, 'a quote is opened and never closed: ').replace(/\.$/, '')}; close the quote or check the delimiter`,
    );
  }
  return noCatalog(`the delimited text cannot be read: ${error.message.replace(/\.$/, '')}`);
}

async function* recordRows(records: AsyncIterable<string[]>, headerIndex: number): AsyncIterable<Row> {
  let names: string[] | undefined;
  let index = -1;
  for await (const record of records) {
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

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
/** Records of the head the delimiter and the header row are judged on. */
const JUDGED_RECORDS = 50;

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
  const head = wholeRecords(headText);
  const delimiter = settings.delimiter ?? chooseDelimiter(head);
  const records = parseHead(head, delimiter);
  const headerIndex = settings.headerRow !== undefined ? settings.headerRow - 1 : findHeaderRow(records);
  return {
    how: { kind: 'delimited', encoding: settings.encoding, delimiter, header_row: headerIndex + 1 },
    rows: () => readRows(source, settings.encoding, delimiter, headerIndex),
  };
}

/**
 * The head up to the end of its last whole record, at most JUDGED_RECORDS records: a line break
 * inside quotes (a description of several lines) ends no record, so the cut never falls inside a
 * quoted cell, whatever the delimiter. Quotes are counted as RFC 4180 writes them: a quote opens
 * or closes a quoted cell, and a doubled quote inside one is a quote of the text, which toggles
 * twice.
 */
export function wholeRecords(headText: string): string {
  let quoted = false;
  let records = 0;
  let end = -1;
  for (let i = 0; i < headText.length; i++) {
    const char = headText.charCodeAt(i);
    if (char === 34) quoted = !quoted;
    else if (char === 10 && !quoted) {
      end = i;
      if (++records >= JUDGED_RECORDS) break;
    }
  }
  // A head that holds no whole record is the whole file, or one record longer than the head.
  return end === -1 ? headText : headText.slice(0, end + 1);
}

function parseHead(text: string, delimiter: string, strict = false): string[][] {
  try {
    return parseSync(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: !strict,
      skip_empty_lines: true,
      to: JUDGED_RECORDS,
    }) as string[][];
  } catch {
    return [];
  }
}

/**
 * The delimiter that splits the head's records into the same number of cells, more than one: the
 * largest share of records at their most common width, wider rows counting more; ties go to the
 * order of DELIMITERS. Delimiters the head parses by with every quote where RFC 4180 puts one come
 * first: a wrong delimiter leaves quotes inside cells (`ID;"Actif (0/1)"` read by commas), and a
 * line break inside such a broken quote then cuts a record in pieces that may even look even. A
 * file of one column has no delimiter to find and reads as comma-separated.
 */
export function chooseDelimiter(text: string): string {
  const judge = (strict: boolean) => {
    let best: { delimiter: string; score: number } | undefined;
    for (const delimiter of DELIMITERS) {
      const records = parseHead(text, delimiter, strict);
      if (records.length === 0) continue;
      const widths = records.map((record) => record.length);
      const common = mode(widths);
      if (common < 2) continue;
      const score = (widths.filter((width) => width === common).length / widths.length) * Math.log2(common);
      if (!best || score > best.score) best = { delimiter, score };
    }
    return best?.delimiter;
  };
  return judge(true) ?? judge(false) ?? ',';
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

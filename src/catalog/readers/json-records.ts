import type { AppError } from '../../lib/errors.js';
import { nestsDeeperThan } from '../../lib/json-depth.js';
import { decodeText } from '../encoding.js';
import { noCatalog } from '../refusal.js';
import type { ByteSource } from '../source.js';
import { textLines } from './lines.js';
import { overLongLine, overLongRecord, tooDeepLine } from './record-problems.js';
import { flattenRecord, isRecord, type Row, type RowReader } from './rows.js';

/** Objects the records array may sit in: `{"data": {"products": [...]}}` is two deep. */
const MAX_WRAPPING = 3;
/** Characters of a key kept while looking for the records array: enough to name any real key. */
const KEY_CHARS = 1024;

/**
 * Generic JSON records: an array of objects, or an object holding one (the first array of
 * objects within it), or JSON Lines of records that are not aisle's entities. Large arrays are
 * read record by record: one record's text is parsed at a time, never the whole document.
 */
export function openJsonRecords(source: ByteSource, encoding: string, lines: boolean): RowReader {
  return {
    how: { kind: 'json_records', encoding, ...(lines ? { records: 'one record per line' } : {}) },
    rows: () => (lines ? readLines(source, encoding) : readArray(source, encoding)),
  };
}

/** The key path of the records array in a JSON document (empty for a top-level array). */
export async function findRecordsKey(source: ByteSource, encoding: string): Promise<string> {
  const scanner = new RecordScanner(source.limits.lineChars);
  for await (const text of decodeText(source.open(), encoding)) {
    scanner.feed(text);
    if (scanner.key !== undefined) return scanner.key;
    if (scanner.finished) break;
  }
  throw noRecords();
}

function noRecords(): AppError {
  return noCatalog(
    'the JSON holds no list of records, such as an array of products or an object holding one',
  );
}

async function* readArray(source: ByteSource, encoding: string): AsyncIterable<Row> {
  const scanner = new RecordScanner(source.limits.lineChars);
  let count = 0;
  for await (const text of decodeText(source.open(), encoding)) {
    for (const record of scanner.feed(text)) {
      count++;
      yield record === undefined ? overLongRecord(count) : rowOf(count, record);
    }
    if (scanner.finished) break;
  }
  if (scanner.key === undefined) throw noRecords();
  if (!scanner.finished)
    yield { number: count + 1, cells: new Map(), problem: 'The file ends inside a record.' };
}

async function* readLines(source: ByteSource, encoding: string): AsyncIterable<Row> {
  for await (const line of textLines(decodeText(source.open(), encoding), source.limits.lineChars)) {
    if (line.text === undefined) yield overLongLine(line.number);
    else if (line.text.trim() !== '') yield rowOf(line.number, line.text);
  }
}

function rowOf(number: number, text: string): Row {
  if (nestsDeeperThan(text)) return tooDeepLine(number);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { number, cells: new Map(), problem: 'The record is not valid JSON.' };
  }
  if (!isRecord(value)) return { number, cells: new Map(), problem: 'The record is not a JSON object.' };
  return { number, cells: flattenRecord(value) };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

interface Container {
  array: boolean;
  key?: string;
  afterColon: boolean;
}

/**
 * Finds the records array while skipping what comes before it, then cuts the array's elements
 * out of the text as it streams by, tracking only strings and nesting.
 */
class RecordScanner {
  key: string | undefined;
  finished = false;
  private readonly stack: Container[] = [];
  private inString = false;
  private escaped = false;
  private stringText = '';
  private awaitingFirstElement: string | undefined;
  private inRecords = false;
  private depth = 0;
  private parts: string[] = [];
  private partsChars = 0;
  /** The record being cut is longer than `maxChars`: its text is not gathered. */
  private overLong = false;

  /** `maxChars`: the longest record gathered; a longer one comes out as undefined. */
  constructor(private readonly maxChars: number) {}

  feed(text: string): (string | undefined)[] {
    const records: (string | undefined)[] = [];
    let i = 0;
    while (i < text.length && !this.finished) {
      i = this.inRecords ? this.scanRecords(text, i, records) : this.seek(text, i);
    }
    return records;
  }

  /** Reads structure until the records array starts; returns where it stopped. */
  private seek(text: string, from: number): number {
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) {
          this.inString = false;
          const top = this.stack.at(-1);
          if (top && !top.array && !top.afterColon) top.key = this.stringText;
        } else if (this.stringText.length < KEY_CHARS) this.stringText += text[i];
        continue;
      }
      if (isSpace(code)) continue;
      if (this.awaitingFirstElement !== undefined) {
        const key = this.awaitingFirstElement;
        this.awaitingFirstElement = undefined;
        if (code === OPEN_OBJECT) return this.startRecords(key, i);
        this.stack.push({ array: true, afterColon: false });
      }
      const top = this.stack.at(-1);
      switch (code) {
        case QUOTE:
          this.inString = true;
          this.stringText = '';
          break;
        case OPEN_OBJECT:
          this.stack.push({ array: false, afterColon: false });
          break;
        case OPEN_ARRAY: {
          if (!top) return this.startRecords('', i + 1);
          const objects = this.stack.filter((container) => !container.array).length;
          if (this.stack.every((container) => !container.array) && objects <= MAX_WRAPPING) {
            this.awaitingFirstElement = this.stack.map((container) => container.key).join('.');
          } else this.stack.push({ array: true, afterColon: false });
          break;
        }
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          this.stack.pop();
          if (this.stack.length === 0) this.finished = true;
          break;
        case COLON:
          if (top) top.afterColon = true;
          break;
        case COMMA:
          if (top && !top.array) {
            top.afterColon = false;
            top.key = undefined;
          }
          break;
      }
    }
    return text.length;
  }

  private startRecords(key: string, at: number): number {
    this.key = key;
    this.inRecords = true;
    this.depth = 0;
    return at;
  }

  /** Cuts elements of the records array out of the text; returns where it stopped. */
  private scanRecords(text: string, from: number, records: (string | undefined)[]): number {
    let start = this.depth > 0 || this.inString ? from : -1;
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) {
          this.inString = false;
          if (this.depth === 0) start = this.finishElement(text, start, i + 1, records);
        }
        continue;
      }
      if (this.depth === 0) {
        if (isSpace(code) || code === COMMA) continue;
        if (code === CLOSE_ARRAY) {
          this.finished = true;
          return text.length;
        }
        start = i;
        if (code === QUOTE) this.inString = true;
        else if (code === OPEN_OBJECT || code === OPEN_ARRAY) this.depth = 1;
        else {
          // A number, true, false or null: not a record, but a row all the same.
          let end = i;
          while (
            end < text.length &&
            !isSpace(text.charCodeAt(end)) &&
            text[end] !== ',' &&
            text[end] !== ']'
          )
            end++;
          start = this.finishElement(text, start, end, records);
          i = end - 1;
        }
        continue;
      }
      if (code === QUOTE) this.inString = true;
      else if (code === OPEN_OBJECT || code === OPEN_ARRAY) this.depth++;
      else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        this.depth--;
        if (this.depth === 0) start = this.finishElement(text, start, i + 1, records);
      }
    }
    if (start >= 0) this.gather(text.slice(start));
    return text.length;
  }

  private finishElement(text: string, start: number, end: number, records: (string | undefined)[]): number {
    this.gather(text.slice(start, end));
    records.push(this.overLong ? undefined : this.parts.join(''));
    this.parts = [];
    this.partsChars = 0;
    this.overLong = false;
    return -1;
  }

  private gather(part: string): void {
    if (this.overLong) return;
    this.partsChars += part.length;
    if (this.partsChars > this.maxChars) {
      this.overLong = true;
      this.parts = [];
    } else this.parts.push(part);
  }
}

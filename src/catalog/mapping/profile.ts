import type { Cell, Row } from '../readers/rows.js';
import { cellText } from '../readers/rows.js';
import { normalizeName } from './names.js';
import {
  decimalShown,
  isBlank,
  isGtin,
  isUrl,
  looksLikeHtml,
  parseBoolean,
  parseDate,
  parseQuantity,
  parseRange,
  textOf,
} from './values.js';

/** Different values a profile remembers with their counts; enough to tell options from text. */
const DISTINCT_LIMIT = 1000;
const SAMPLES = 5;
/** Values every kind check looks at; past it one value in EVERY_NTH, which keeps big files fast. */
const FULL_CHECKS = 5000;
const EVERY_NTH = 8;

/** Separators that join a category path within one cell. */
export const PATH_SEPARATORS = [' > ', '>', ' / ', ' | ', ' › ', '»'] as const;
/** Separators that join several values within one cell. */
export const LIST_SEPARATORS = ['|', ';', ','] as const;

/**
 * What a column's values look like, gathered in one pass over the rows: how many rows fill it,
 * a few samples, the different values (up to a limit), and counts of each kind of value that a
 * type could be read from. Counting both decimal marks lets the file's mark be decided after.
 */
export class ValueProfile {
  filled = 0;
  values = 0;
  checked = 0;
  lists = 0;
  records = 0;
  readonly samples: string[] = [];
  readonly distinct = new Map<string, number>();
  overflow = false;
  numbers = 0;
  integers = 0;
  commaShown = 0;
  dotShown = 0;
  booleans = 0;
  dates = 0;
  quantities = new Map<string, number>();
  rangesWithUnit = new Map<string, number>();
  ranges = 0;
  urls = 0;
  html = 0;
  gtins = 0;
  tokens = 0;
  totalLength = 0;
  maxLength = 0;
  /** Integers by their last two digits: prices in cents end in 95 or 99 and never in 00. */
  readonly endings = new Map<number, number>();
  readonly pathSeparators = new Map<string, number>();
  readonly listSeparators = new Map<string, number>();
  /** For list cells: values seen at more than one place in their lists (a path has none). */
  readonly positions = new Map<string, number>();
  movingValues = 0;
  /** Records in lists that hold a name and a value. */
  pairRecords = 0;
  /** Text cells of the shape "Color: Red; Size: M". */
  pairTexts = 0;

  add(cell: Cell): void {
    this.filled++;
    if (this.samples.length < SAMPLES) {
      const text = typeof cell === 'string' ? cell.trim() : cellText(cell);
      if (!this.samples.includes(text)) this.samples.push(text);
    }
    if (Array.isArray(cell)) {
      this.lists++;
      cell.forEach((item, position) => {
        if (isBlank(item)) return;
        if (typeof item === 'object' && !Array.isArray(item)) this.addRecord(item);
        else this.addValue(item, position);
      });
      return;
    }
    if (typeof cell === 'object') this.addRecord(cell);
    else this.addValue(cell, -1);
  }

  private addRecord(record: { [key: string]: Cell }): void {
    this.records++;
    this.remember(JSON.stringify(record));
    if (pairOfRecord(record)) this.pairRecords++;
  }

  private addValue(cell: Cell, position: number): void {
    this.values++;
    const text = textOf(cell) ?? cellText(cell);
    this.remember(text);
    if (position >= 0) this.notePosition(text, position);
    if (this.values > FULL_CHECKS && this.values % EVERY_NTH !== 0) return;
    this.checked++;
    this.totalLength += text.length;
    if (text.length > this.maxLength) this.maxLength = text.length;
    if (typeof cell === 'number') {
      this.numbers++;
      if (Number.isInteger(cell)) this.noteInteger(cell);
      return;
    }
    if (typeof cell === 'boolean') {
      this.booleans++;
      return;
    }
    this.checkText(text);
  }

  private checkText(text: string): void {
    const first = text.charCodeAt(0);
    const digitFirst = (first >= 48 && first <= 57) || first === 45 || first === 43 || first === 46;
    if (digitFirst) {
      if (/^[-+]?[\d\s\u00a0.,]*\d$/.test(text)) {
        this.numbers++;
        const shown = decimalShown(text);
        if (shown === ',') this.commaShown++;
        else if (shown === '.') this.dotShown++;
        if (/^\d+$/.test(text)) {
          this.noteInteger(Number(text));
          if (isGtin(text)) this.gtins++;
        }
        return;
      }
      const quantity = parseQuantity(text, '.') ?? parseQuantity(text, ',');
      if (quantity) this.quantities.set(quantity.unit, (this.quantities.get(quantity.unit) ?? 0) + 1);
      const range = parseRange(text, '.') ?? parseRange(text, ',');
      if (range) {
        this.ranges++;
        if (range.unit) this.rangesWithUnit.set(range.unit, (this.rangesWithUnit.get(range.unit) ?? 0) + 1);
      }
      if (parseDate(text)) this.dates++;
    } else {
      if (parseBoolean(text) !== undefined) this.booleans++;
      if (isUrl(text)) this.urls++;
    }
    if (!/\s/.test(text) && /\d/.test(text)) this.tokens++;
    if (text.includes('<') && looksLikeHtml(text)) this.html++;
    for (const separator of PATH_SEPARATORS) {
      if (text.includes(separator)) {
        this.pathSeparators.set(separator, (this.pathSeparators.get(separator) ?? 0) + 1);
        break;
      }
    }
    for (const separator of LIST_SEPARATORS) {
      if (text.includes(separator))
        this.listSeparators.set(separator, (this.listSeparators.get(separator) ?? 0) + 1);
    }
    const pairLike =
      ((text.includes(':') || text.includes('=')) && (text.includes(';') || text.includes('|'))) ||
      (text.includes('=') && text.includes(','));
    if (pairLike && pairsOfText(text)) this.pairTexts++;
  }

  private noteInteger(value: number): void {
    this.integers++;
    const ending = Math.abs(value) % 100;
    this.endings.set(ending, (this.endings.get(ending) ?? 0) + 1);
  }

  private notePosition(text: string, position: number): void {
    const bit = 1 << Math.min(position, 30);
    const seen = this.positions.get(text);
    if (seen === undefined) {
      if (this.positions.size < DISTINCT_LIMIT) this.positions.set(text, bit);
    } else if ((seen & bit) === 0) {
      if ((seen & (seen - 1)) === 0) this.movingValues++;
      this.positions.set(text, seen | bit);
    }
  }

  private remember(text: string): void {
    const count = this.distinct.get(text);
    if (count !== undefined) {
      this.distinct.set(text, count + 1);
      return;
    }
    if (this.distinct.size < DISTINCT_LIMIT) this.distinct.set(text, 1);
    else this.overflow = true;
  }

  /** Share of the checked values with `count`. */
  share(count: number): number {
    return this.checked === 0 ? 0 : count / this.checked;
  }

  /** The different values, when all of them were remembered. */
  distinctCount(): number | undefined {
    return this.overflow ? undefined : this.distinct.size;
  }
}

/** Names of pairs a column's profile keeps apart; the rest count in the column's own profile. */
const NAMED_LIMIT = 2000;

/**
 * A column: its values' profile and, for values that come with names (pairs in a cell, or a
 * sibling column naming them), one profile per name, so each name's type is judged on its own.
 */
export class ColumnProfile extends ValueProfile {
  readonly named = new Map<string, ValueProfile>();

  constructor(readonly name: string) {
    super();
  }

  addNamed(name: string, cell: Cell): void {
    let profile = this.named.get(name);
    if (!profile) {
      if (this.named.size >= NAMED_LIMIT) return;
      profile = new ValueProfile();
      this.named.set(name, profile);
    }
    profile.add(cell);
  }
}

/** The profiles of a file's columns, in the order the file first shows them. */
export class FileProfile {
  readonly columns = new Map<string, ColumnProfile>();
  rows = 0;
  /** Per price-like column pair (a|b): rows where a is above, below, equal to b. */
  readonly priceOrder = new Map<string, [above: number, below: number, equal: number]>();

  private readonly prices = new Set<string>();

  constructor(private readonly priceColumns: (name: string) => boolean) {}

  add(row: Row): void {
    this.rows++;
    const prices: [string, number][] = [];
    for (const [name, cell] of row.cells) {
      let column = this.columns.get(name);
      if (!column) {
        column = new ColumnProfile(name);
        this.columns.set(name, column);
        this.siblings.see(name);
        if (this.priceColumns(name)) this.prices.add(name);
      }
      if (isBlank(cell)) continue;
      column.add(cell);
      this.addNamed(column, cell, row);
      if (this.prices.has(name)) {
        const value = priceValue(cell);
        if (value !== undefined) prices.push([name, value]);
      }
    }
    for (let i = 0; i < prices.length; i++) {
      for (let j = i + 1; j < prices.length; j++) {
        const [a, valueA] = prices[i]!;
        const [b, valueB] = prices[j]!;
        const key = `${a}|${b}`;
        const order = this.priceOrder.get(key) ?? [0, 0, 0];
        order[valueA > valueB ? 0 : valueA < valueB ? 1 : 2]++;
        this.priceOrder.set(key, order);
      }
    }
  }

  /** The pairs a cell holds, and a value named in its sibling column, go to the name's profile. */
  private addNamed(column: ColumnProfile, cell: Cell, row: Row): void {
    for (const [name, value] of pairsOfCell(cell)) column.addNamed(name, value);
    const namesColumn = this.siblings.namesOf(column.name);
    const names = namesColumn !== undefined ? row.cells.get(namesColumn) : undefined;
    if (typeof names === 'string' && names.trim() !== '') column.addNamed(names.trim(), cell);
  }

  /** Which column names which column's values. */
  readonly siblings = new Siblings();

  /** Rows where `a` is above, below and equal to `b`, whichever order they were counted in. */
  order(a: string, b: string): [above: number, below: number, equal: number] {
    const direct = this.priceOrder.get(`${a}|${b}`);
    if (direct) return direct;
    const reverse = this.priceOrder.get(`${b}|${a}`);
    return reverse ? [reverse[1], reverse[0], reverse[2]] : [0, 0, 0];
  }
}

/** A price's amount for comparing two columns, whatever the decimal mark ("1.234,50" or "1,234.50"). */
function priceValue(cell: Cell): number | undefined {
  if (typeof cell === 'number') return cell;
  if (typeof cell !== 'string') return undefined;
  const digits = cell.replace(/[^\d.,]/g, '');
  if (digits === '') return undefined;
  const lastMark = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const decimals = lastMark >= 0 ? digits.length - lastMark - 1 : 0;
  const whole = lastMark >= 0 && decimals !== 3 ? digits.slice(0, lastMark) : digits;
  const fraction = lastMark >= 0 && decimals !== 3 ? digits.slice(lastMark + 1) : '';
  const value = Number(`${whole.replace(/[.,]/g, '')}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : undefined;
}

/** The name and value pairs a cell holds: records in a list, or a text of pairs. */
export function pairsOfCell(cell: Cell, single = false): [string, Cell][] {
  if (typeof cell === 'string') return pairsOfText(cell, single) ?? [];
  if (!Array.isArray(cell)) return [];
  const pairs: [string, Cell][] = [];
  for (const item of cell) {
    if (typeof item === 'object' && !Array.isArray(item)) {
      const pair = pairOfRecord(item);
      if (pair) pairs.push(pair);
    }
  }
  return pairs;
}

const VALUES_WORD = /(^|_)values?(?:_s)?(?=_|$)/;
const NAMES_WORD = /(^|_)names?(?:_s)?(?=_|$)/;

/**
 * Columns that name the values of a sibling: "Option1 Name" names "Option1 Value", "Attribute 1
 * name" names "Attribute 1 value(s)", "property_name" names "property_value". Columns are seen one
 * at a time (JSON and XML records show theirs as they come), in any order.
 */
export class Siblings {
  private readonly namesByKey = new Map<string, string>();
  private readonly valuesByKey = new Map<string, string>();
  private readonly pairs = new Map<string, string>();

  see(column: string): void {
    const name = normalizeName(column);
    if (NAMES_WORD.test(name)) {
      const key = name.replace(NAMES_WORD, '$1\u0000');
      this.namesByKey.set(key, column);
      const values = this.valuesByKey.get(key);
      if (values) this.pairs.set(values, column);
    }
    if (VALUES_WORD.test(name)) {
      const key = name.replace(VALUES_WORD, '$1\u0000');
      this.valuesByKey.set(key, column);
      const names = this.namesByKey.get(key);
      if (names) this.pairs.set(column, names);
    }
  }

  /** The column naming `valuesColumn`'s values. */
  namesOf(valuesColumn: string): string | undefined {
    return this.pairs.get(valuesColumn);
  }

  /** Every values column with the column naming it. */
  all(): [values: string, names: string][] {
    return [...this.pairs];
  }
}

/** Keys records use for the name and the value of a pair. */
const PAIR_NAME_KEYS = ['name', 'key', 'attribute_name', 'attribute', 'label', 'title', 'property'];
const PAIR_VALUE_KEYS = ['value', 'values', 'attribute_value', 'val', 'text'];

/** The name and value a record holds as a pair ({"name": "Color", "value": "Red"}). */
function pairOfRecord(record: { [key: string]: Cell }): [string, Cell] | undefined {
  const keys = Object.keys(record);
  const find = (candidates: string[]) =>
    keys.find((key) => candidates.includes(key.replace(/^g:/, '').toLowerCase()));
  const nameKey = find(PAIR_NAME_KEYS);
  const valueKey = find(PAIR_VALUE_KEYS);
  if (!nameKey || !valueKey) return undefined;
  const name = record[nameKey];
  const value = record[valueKey];
  if (typeof name !== 'string' || name.trim() === '' || value === undefined) return undefined;
  return [name.trim(), value];
}

const PAIR_TEXT = /^[^:=;|]{1,60}[:=][^;|]+(?:\s*[;|]\s*[^:=;|]{1,60}[:=][^;|]+)+\s*[;|]?$/;

/**
 * Pairs written "name=value" and separated by commas ("color=Gray,manufacturer=Acme,size=XS", as
 * Magento writes additional_attributes); a value may hold bars between several values.
 */
const EQUALS_PAIRS = /^[^=,;|]{1,60}=[^=]*(?:,[^=,;|]{1,60}=[^=]*)+$/;

/** One pair written "name=value": a cell of a column known to hold pairs may hold one. */
const EQUALS_PAIR = /^[^=,;|]{1,60}=[^=]+$/;

/**
 * Name and value pairs written in one text: "Color: Red; Size: M", "color=red|size=m",
 * "color=red,size=m". Two pairs at least tell a text of pairs from a text; a column mapped to pairs
 * reads a single "name=value" too (`single`).
 */
function pairsOfText(text: string, single = false): [string, string][] | undefined {
  if (/^(?:https?:)?\/\//i.test(text)) return undefined;
  if (single && EQUALS_PAIR.test(text)) {
    const at = text.indexOf('=');
    return [[text.slice(0, at).trim(), text.slice(at + 1).trim()]];
  }
  if (!PAIR_TEXT.test(text)) {
    if (!EQUALS_PAIRS.test(text)) return undefined;
    const pairs: [string, string][] = [];
    for (const part of text.split(/,(?=[^=,;|]{1,60}=)/)) {
      const at = part.indexOf('=');
      const name = part.slice(0, at).trim();
      const value = part.slice(at + 1).trim();
      if (name === '') return undefined;
      if (value !== '') pairs.push([name, value]);
    }
    return pairs.length >= 2 ? pairs : undefined;
  }
  const pairs: [string, string][] = [];
  for (const part of text.split(/\s*[;|]\s*/)) {
    if (part.trim() === '') continue;
    const at = part.search(/[:=]/);
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === '' || value === '') return undefined;
    pairs.push([name, value]);
  }
  return pairs.length >= 2 ? pairs : undefined;
}

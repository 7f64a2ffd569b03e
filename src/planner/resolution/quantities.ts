/**
 * Numbers a query names with a unit or a comparison: "55 inch", "16gb", "under 50",
 * "between 100 and 200 eur", "über 1,5 l". Words are folded (the engine's analysis), so the
 * German words read without their umlauts.
 */

export type Operator = 'eq' | 'lt' | 'lte' | 'gt' | 'gte' | 'between';

export interface QuantityMatch {
  /** Position of the first word and how many words it takes. */
  start: number;
  count: number;
  operator: Operator;
  /** One value; two for `between`. */
  values: number[];
  /** A unit code of the contract, `currency` for money, undefined for a bare number. */
  unit: string | undefined;
}

interface UnitDefinition {
  dimension: string;
  /** How many of the dimension's base unit one of it is. */
  factor: number;
  words: string[];
}

/** The contract's 27 units with the words shoppers write for them (English and German). */
const UNITS: Readonly<Record<string, UnitDefinition>> = {
  mm: {
    dimension: 'length',
    factor: 1,
    words: ['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres'],
  },
  cm: {
    dimension: 'length',
    factor: 10,
    words: ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres', 'zentimeter'],
  },
  m: { dimension: 'length', factor: 1000, words: ['m', 'meter', 'meters', 'metre', 'metres'] },
  in: { dimension: 'length', factor: 25.4, words: ['in', 'inch', 'inches', 'zoll'] },
  ft: { dimension: 'length', factor: 304.8, words: ['ft', 'foot', 'feet'] },
  g: { dimension: 'weight', factor: 1, words: ['g', 'gram', 'grams', 'gramm'] },
  kg: {
    dimension: 'weight',
    factor: 1000,
    words: ['kg', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramm'],
  },
  lb: { dimension: 'weight', factor: 453.59237, words: ['lb', 'lbs', 'pound', 'pounds'] },
  oz: { dimension: 'weight', factor: 28.349523125, words: ['oz', 'ounce', 'ounces'] },
  ml: {
    dimension: 'volume',
    factor: 1,
    words: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres'],
  },
  l: { dimension: 'volume', factor: 1000, words: ['l', 'liter', 'liters', 'litre', 'litres'] },
  w: { dimension: 'power', factor: 1, words: ['w', 'watt', 'watts'] },
  kw: { dimension: 'power', factor: 1000, words: ['kw', 'kilowatt', 'kilowatts'] },
  wh: { dimension: 'energy', factor: 1, words: ['wh'] },
  kwh: { dimension: 'energy', factor: 1000, words: ['kwh'] },
  mah: { dimension: 'charge', factor: 1, words: ['mah'] },
  v: { dimension: 'voltage', factor: 1, words: ['v', 'volt', 'volts'] },
  lm: { dimension: 'light', factor: 1, words: ['lm', 'lumen', 'lumens'] },
  kelvin: { dimension: 'color_temperature', factor: 1, words: ['kelvin'] },
  celsius: { dimension: 'temperature', factor: 1, words: ['celsius'] },
  hz: { dimension: 'frequency', factor: 1, words: ['hz', 'hertz'] },
  mb: { dimension: 'data', factor: 1, words: ['mb', 'megabyte', 'megabytes'] },
  gb: { dimension: 'data', factor: 1000, words: ['gb', 'gigabyte', 'gigabytes'] },
  tb: { dimension: 'data', factor: 1_000_000, words: ['tb', 'terabyte', 'terabytes'] },
  day: { dimension: 'time', factor: 1, words: ['day', 'days', 'tag', 'tage'] },
  month: { dimension: 'time', factor: 30.436875, words: ['month', 'months', 'monat', 'monate'] },
  year: { dimension: 'time', factor: 365.2425, words: ['year', 'years', 'jahr', 'jahre'] },
};

const UNIT_BY_WORD = new Map(
  Object.entries(UNITS).flatMap(([code, unit]) => unit.words.map((word) => [word, code] as const)),
);

const CURRENCY_WORDS = new Set(['eur', 'euro', 'euros', 'usd', 'dollar', 'dollars', 'chf', 'franken', 'gbp']);

/** Comparisons, longest phrases first within each; a comparison counts only before a number. */
const COMPARATORS: ReadonlyArray<readonly [string[], Operator]> = [
  [['less', 'than'], 'lt'],
  [['cheaper', 'than'], 'lt'],
  [['weniger', 'als'], 'lt'],
  [['billiger', 'als'], 'lt'],
  [['under'], 'lt'],
  [['below'], 'lt'],
  [['unter'], 'lt'],
  [['up', 'to'], 'lte'],
  [['at', 'most'], 'lte'],
  [['max'], 'lte'],
  [['maximum'], 'lte'],
  [['bis'], 'lte'],
  [['hochstens'], 'lte'],
  [['more', 'than'], 'gt'],
  [['mehr', 'als'], 'gt'],
  [['over'], 'gt'],
  [['above'], 'gt'],
  [['uber'], 'gt'],
  [['at', 'least'], 'gte'],
  [['from'], 'gte'],
  [['min'], 'gte'],
  [['minimum'], 'gte'],
  [['ab'], 'gte'],
  [['mindestens'], 'gte'],
  [['between'], 'between'],
  [['zwischen'], 'between'],
];
const RANGE_JOINS = new Set(['and', 'und', 'to', 'bis']);

const NUMBER = /^\d+(?:[.,]\d+)*$/;
const NUMBER_WITH_UNIT = /^(\d+(?:[.,]\d+)?)([a-z]+)$/;

/**
 * A number as shoppers write it: a comma before exactly three digits separates thousands
 * ("1,000"), any other comma is a decimal mark ("1,5").
 */
export function parseNumber(word: string): number | undefined {
  if (!startsWithDigit(word) || !NUMBER.test(word)) return undefined;
  const plain = word.replace(/,(\d{3})(?!\d)/g, '$1').replace(',', '.');
  const value = Number(plain);
  return Number.isFinite(value) ? value : undefined;
}

export function startsWithDigit(word: string): boolean {
  const code = word.charCodeAt(0);
  return code >= 48 && code <= 57;
}

/** A unit code for a word ("inch" is `in`), `currency` for money, or undefined. */
function unitOfWord(word: string, currency: string | undefined): string | undefined {
  if (CURRENCY_WORDS.has(word) || word === currency) return 'currency';
  return UNIT_BY_WORD.get(word);
}

/** A number and the unit glued to it ("16gb"), or the number alone. */
function numberAt(
  word: string | undefined,
  currency: string | undefined,
): { value: number; unit?: string } | undefined {
  if (word === undefined) return undefined;
  const value = parseNumber(word);
  if (value !== undefined) return { value };
  const glued = NUMBER_WITH_UNIT.exec(word);
  if (!glued) return undefined;
  const unit = unitOfWord(glued[2]!, currency);
  const number = parseNumber(glued[1]!);
  return unit !== undefined && number !== undefined ? { value: number, unit } : undefined;
}

function comparatorAt(
  words: readonly string[],
  start: number,
): { operator: Operator; count: number } | undefined {
  for (const [phrase, operator] of COMPARATORS) {
    if (phrase.every((word, offset) => words[start + offset] === word))
      return { operator, count: phrase.length };
  }
  return undefined;
}

/**
 * Every quantity the words name. A comparison takes a number, with or without a unit (without
 * one it is a price); a number alone counts only with a unit ("55 inch"), since bare numbers are
 * sizes, model numbers and years as often as anything.
 */
export function findQuantities(words: readonly string[], currency: string | undefined): QuantityMatch[] {
  const found: QuantityMatch[] = [];
  const lowerCurrency = currency?.toLowerCase();
  for (let start = 0; start < words.length; start++) {
    const comparator = comparatorAt(words, start);
    if (comparator) {
      const match = comparedAt(words, start, comparator, lowerCurrency);
      if (match) found.push(match);
    }
    const plain = plainAt(words, start, lowerCurrency);
    if (plain) found.push(plain);
  }
  return found;
}

function comparedAt(
  words: readonly string[],
  start: number,
  comparator: { operator: Operator; count: number },
  currency: string | undefined,
): QuantityMatch | undefined {
  let at = start + comparator.count;
  const first = numberAt(words[at], currency);
  if (!first) return undefined;
  at++;
  const values = [first.value];
  let unit = first.unit;
  // "from 100 to 200" names both ends as "between" does.
  const second = RANGE_JOINS.has(words[at] ?? '') ? numberAt(words[at + 1], currency) : undefined;
  let operator = comparator.operator;
  if (second && (operator === 'between' || operator === 'gte')) {
    at += 2;
    values.push(second.value);
    unit ??= second.unit;
    operator = 'between';
  } else if (operator === 'between') {
    return undefined;
  }
  const after = unit === undefined ? unitWordAt(words, at, currency) : undefined;
  if (after !== undefined) {
    unit = after;
    at++;
  }
  return { start, count: at - start, operator, values, unit };
}

/** "55 inch", "16gb", or a range with its unit: "50 to 65 inch". */
function plainAt(
  words: readonly string[],
  start: number,
  currency: string | undefined,
): QuantityMatch | undefined {
  const number = numberAt(words[start], currency);
  if (!number) return undefined;
  const range = RANGE_JOINS.has(words[start + 1] ?? '') ? numberAt(words[start + 2], currency) : undefined;
  if (range) {
    const unit = range.unit ?? unitWordAt(words, start + 3, currency);
    if (unit !== undefined) {
      const count = range.unit !== undefined ? 3 : 4;
      return { start, count, operator: 'between', values: [number.value, range.value], unit };
    }
  }
  // An amount of money alone ("50 eur") asks for no price in particular.
  if (number.unit !== undefined) {
    return number.unit === 'currency'
      ? undefined
      : { start, count: 1, operator: 'eq', values: [number.value], unit: number.unit };
  }
  const unit = unitWordAt(words, start + 1, currency);
  return unit !== undefined && unit !== 'currency'
    ? { start, count: 2, operator: 'eq', values: [number.value], unit }
    : undefined;
}

/**
 * The unit a word after a number names. "in" written apart is a unit only at the end of the
 * query: "55 in" is a screen size, "15 in black" a model in a color.
 */
function unitWordAt(words: readonly string[], at: number, currency: string | undefined): string | undefined {
  const word = words[at];
  if (word === undefined || (word === 'in' && at < words.length - 1)) return undefined;
  return unitOfWord(word, currency);
}

/** The dimension of a unit code, undefined for one the contract does not list. */
export function dimensionOf(unit: string): string | undefined {
  return UNITS[unit]?.dimension;
}

/** A value in `from` units expressed in `to` units of the same dimension, rounded to a millionth. */
export function convert(value: number, from: string, to: string): number {
  const converted = (value * UNITS[from]!.factor) / UNITS[to]!.factor;
  return Math.round(converted * 1e6) / 1e6;
}

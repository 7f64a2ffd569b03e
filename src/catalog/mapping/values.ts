import type { Availability } from '../../contracts/catalog-entity.js';
import type { Cell } from '../readers/rows.js';
import { readUnit } from './units.js';

export type Decimal = '.' | ',';

/** Words exports write for "no value" in any column. */
const NO_VALUE = new Set(['null', 'n/a', '#n/a', 'nan', 'undefined']);

/** The cell holds nothing: empty text, a "no value" word, an empty list. */
export function isBlank(cell: Cell | undefined): boolean {
  if (cell === undefined) return true;
  if (typeof cell === 'string') {
    if (cell.length === 0) return true;
    // Most cells are neither padded nor a "no value" word: skip the copies trimming makes.
    if (cell.length > 11 && cell.charCodeAt(0) > 32 && cell.charCodeAt(cell.length - 1) > 32) return false;
    const text = cell.trim();
    return text === '' || NO_VALUE.has(text.toLowerCase());
  }
  if (Array.isArray(cell)) return cell.every((item) => isBlank(item));
  if (typeof cell === 'object') return Object.keys(cell).length === 0;
  return false;
}

/** The values of a cell: the items of a list, the cell itself otherwise; blanks left out. */
export function valuesOf(cell: Cell | undefined): Cell[] {
  if (cell === undefined) return [];
  if (Array.isArray(cell)) return cell.flatMap((item) => valuesOf(item));
  return isBlank(cell) ? [] : [cell];
}

/** A scalar cell as trimmed text (lists and records have none). */
export function textOf(cell: Cell): string | undefined {
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return undefined;
}

const SPACES = /[\s\u00a0\u202f\u2009]/g;
const DOT_NUMBER = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^[-+]?\.\d+$/;
const COMMA_NUMBER = /^[-+]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$|^[-+]?,\d+$/;

/** A number written with the decimal mark given, thousands separators allowed. */
export function parseNumber(cell: Cell, decimal: Decimal): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim().replace(SPACES, '');
  if (text === '') return undefined;
  if (decimal === '.') return DOT_NUMBER.test(text) ? Number(text.replace(/,/g, '')) : undefined;
  return COMMA_NUMBER.test(text) ? Number(text.replace(/\./g, '').replace(',', '.')) : undefined;
}

/**
 * Which decimal mark a number's text shows, when it shows one: "59,90" and "1.234,5" only read
 * with a comma, "59.90" and "1,234.5" only with a dot, "1,234" either way.
 */
export function decimalShown(text: string): Decimal | undefined {
  const compact = text.trim().replace(SPACES, '');
  if (/^[-+]?\d+,(?:\d{1,2}|\d{4,})$|^[-+]?\d{1,3}(?:\.\d{3})+,\d+$/.test(compact)) return ',';
  if (/^[-+]?\d+\.(?:\d{1,2}|\d{4,})$|^[-+]?\d{1,3}(?:,\d{3})+\.\d+$/.test(compact)) return '.';
  return undefined;
}

/** Currency signs and words exports put beside prices. */
const CURRENCY_SIGNS: Record<string, string | undefined> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  rs: 'INR',
  'rs.': 'INR',
  us$: 'USD',
  '¥': 'JPY',
  chf: 'CHF',
  // "$" alone is the sign of many currencies: it names none.
  $: undefined,
};

const PRICE =
  /^(?<before>[A-Z]{3}|[^\d\s.,+-]{1,3}\.?)?\s*(?<amount>[-+]?[\d\s\u00a0.,]*\d)\s*(?<after>[A-Z]{3}|[^\d\s.,]{1,3})?$/i;

export interface Price {
  amount: number;
  currency?: string;
}

/** A price, with a currency sign or ISO code before or after it ("€59,90", "49.99 USD"). */
export function parsePrice(cell: Cell, decimal: Decimal, cents = false): Price | undefined {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 0) return undefined;
    return { amount: cents ? cell / 100 : cell };
  }
  if (typeof cell !== 'string') return undefined;
  const match = PRICE.exec(cell.trim());
  if (!match?.groups) return undefined;
  const { before, after, amount } = match.groups;
  const sign = before ?? after;
  let currency: string | undefined;
  if (sign !== undefined) {
    const key = sign.toLowerCase();
    if (key in CURRENCY_SIGNS) currency = CURRENCY_SIGNS[key];
    else if (/^[A-Z]{3}$/.test(sign)) currency = sign;
    else return undefined;
  }
  const value = parseNumber(amount ?? '', decimal);
  if (value === undefined || value < 0) return undefined;
  const price: Price = { amount: cents ? Math.round(value) / 100 : value };
  if (currency) price.currency = currency;
  return price;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'ja', 'oui', 'si', 'sí']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'nein', 'non']);

export function parseBoolean(cell: Cell): boolean | undefined {
  if (typeof cell === 'boolean') return cell;
  if (typeof cell !== 'string') return undefined;
  const word = cell.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const SLASHED_ISO = /^(\d{4})\/(\d{2})\/(\d{2})$/;

/**
 * A date or time as RFC 3339 text: "2024-03-01" stays a date, "2024-03-01 10:00" becomes
 * "2024-03-01T10:00:00Z" (a time without an offset is taken as UTC), "1.3.2024" becomes
 * "2024-03-01". Day-first and month-first slashes cannot be told apart and are not dates here.
 */
export function parseDate(cell: Cell): string | undefined {
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim();
  const time = ISO_TIME.exec(text);
  if (time) {
    const [, day, minutes, seconds, offset] = time;
    const zone =
      !offset || offset.toUpperCase() === 'Z' ? 'Z' : offset.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    const result = `${day}T${minutes}${seconds ?? ':00'}${zone}`;
    return validDate(day!) && !Number.isNaN(Date.parse(result)) ? result : undefined;
  }
  let day: string | undefined;
  if (ISO_DATE.test(text)) day = text;
  const dotted = DOTTED_DATE.exec(text);
  if (dotted) day = `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}`;
  const slashed = SLASHED_ISO.exec(text);
  if (slashed) day = `${slashed[1]}-${slashed[2]}-${slashed[3]}`;
  return day && validDate(day) ? day : undefined;
}

function validDate(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const value = new Date(Date.UTC(year, month - 1, date));
  return value.getUTCFullYear() === year && value.getUTCMonth() === month - 1 && value.getUTCDate() === date;
}

const NUMBER_PART = String.raw`[-+]?\d+(?:[.,]\d+)*`;
const UNIT_PART = '[a-zA-Z°℃"″µ]+';
const QUANTITY = new RegExp(String.raw`^(${NUMBER_PART})\s*(${UNIT_PART})\.?$`);
const RANGE = new RegExp(
  String.raw`^(${NUMBER_PART})\s*(${UNIT_PART})?\s*(?:-|–|—|to|bis|~)\s*(${NUMBER_PART})\s*(${UNIT_PART})?\.?$`,
  'i',
);

export interface Quantity {
  value: number;
  /** A contract unit; the value is already in it. */
  unit: string;
}

/** A number with a unit ("500 g", "1.5kg", "17\""), in the contract unit the token names. */
export function parseQuantity(cell: Cell, decimal: Decimal): Quantity | undefined {
  if (typeof cell !== 'string') return undefined;
  const match = QUANTITY.exec(cell.trim());
  if (!match || !plausibleUnit(match[2]!)) return undefined;
  const unit = readUnit(match[2]!);
  const value = parseNumber(match[1]!, decimal);
  if (!unit || value === undefined) return undefined;
  return { value: value * unit.factor, unit: unit.unit };
}

/**
 * One letter after a number is a unit only as units are written: "5G" is a network and "10k" a
 * count, while "500g", "12V", "60W", "1L" and "6500K" are measures.
 */
function plausibleUnit(token: string): boolean {
  if (token.length > 1) return true;
  return ['g', 'm', 'l', 'L', 'v', 'V', 'w', 'W', 'K', '"'].includes(token);
}

export interface Range {
  min: number;
  max: number;
  unit?: string;
}

/** A minimum and a maximum ("0 - 40", "5-95 %", "10 to 20 cm"), with the unit when one is written. */
export function parseRange(cell: Cell, decimal: Decimal): Range | undefined {
  if (typeof cell !== 'string') return undefined;
  const match = RANGE.exec(cell.trim());
  if (!match) return undefined;
  const unitToken = match[4] ?? match[2];
  const unit = unitToken && plausibleUnit(unitToken) ? readUnit(unitToken) : undefined;
  if (unitToken && !unit) return undefined;
  const min = parseNumber(match[1]!, decimal);
  const max = parseNumber(match[3]!, decimal);
  if (min === undefined || max === undefined || min > max) return undefined;
  const factor = unit?.factor ?? 1;
  const range: Range = { min: min * factor, max: max * factor };
  if (unit) range.unit = unit.unit;
  return range;
}

const AVAILABILITY_WORDS: Record<string, Availability> = {
  in_stock: 'in_stock',
  instock: 'in_stock',
  available: 'in_stock',
  out_of_stock: 'out_of_stock',
  outofstock: 'out_of_stock',
  sold_out: 'out_of_stock',
  soldout: 'out_of_stock',
  unavailable: 'out_of_stock',
  not_available: 'out_of_stock',
  discontinued: 'out_of_stock',
  preorder: 'preorder',
  pre_order: 'preorder',
  backorder: 'backorder',
  back_order: 'backorder',
  available_for_order: 'backorder',
  on_backorder: 'backorder',
};

/**
 * Availability from the words exports use ("in stock", "OutOfStock", "pre-order"), or from a yes
 * or no. `soldOutColumn` says the column asks whether the product is sold out, so yes means
 * out of stock.
 */
export function parseAvailability(cell: Cell, soldOutColumn: boolean): Availability | undefined {
  // Yes-or-no columns write 1 and 0 too (WooCommerce's "In stock?"), as numbers or as text.
  const yes =
    parseBoolean(cell) ??
    (cell === 1 || cell === '1' ? true : cell === 0 || cell === '0' ? false : undefined);
  if (yes !== undefined) return yes !== soldOutColumn ? 'in_stock' : 'out_of_stock';
  if (typeof cell !== 'string') return undefined;
  const word = cell
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/schema\.org\//, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');
  return AVAILABILITY_WORDS[word];
}

/** Delivery in days: "3", "2-4", "2 to 4 days". */
export function parseDeliveryDays(cell: Cell): { min: number; max: number } | undefined {
  if (typeof cell === 'number')
    return Number.isInteger(cell) && cell >= 0 ? { min: cell, max: cell } : undefined;
  if (typeof cell !== 'string') return undefined;
  const match = /^(\d+)(?:\s*(?:-|–|to)\s*(\d+))?\s*(?:days?|d|werktage|tage)?$/i.exec(cell.trim());
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return min <= max ? { min, max } : undefined;
}

const HTML_TAG = /<\/?(?:p|br|div|span|ul|ol|li|b|strong|em|i|u|h[1-6]|table|tr|td|th|a|img|meta)\b[^>]*>/i;

export function looksLikeHtml(text: string): boolean {
  return HTML_TAG.test(text);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text shoppers read from HTML: tags dropped, block ends as line breaks, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

const URL = /^(?:https?:)?\/\/[^\s/$.?#][^\s]*$/i;

export function isUrl(text: string): boolean {
  return URL.test(text);
}

/** A URL a browser can open from anywhere: protocol-relative ones ("//cdn...") get https. */
export function absoluteUrl(text: string): string {
  return text.startsWith('//') ? `https:${text}` : text;
}

/** A valid GTIN (EAN-8, UPC-A, EAN-13, GTIN-14): digits whose check digit adds up. */
export function isGtin(text: string): boolean {
  if (!/^(?:\d{8}|\d{12,14})$/.test(text)) return false;
  let sum = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const digit = text.charCodeAt(text.length - 2 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10 === text.charCodeAt(text.length - 1) - 48;
}

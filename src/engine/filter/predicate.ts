import type { Attribute } from '../../contracts/release-files/index.js';
import type { BrandInfo } from '../index/columns-catalog.js';
import { normalizeIdentifier, readBoolean } from '../index/columns-values.js';
import type { SharedView } from '../listing/shared-view.js';
import type { FieldAccess } from '../listing/structured-index.js';
import { type Bound, type Choice, readBucketCode, type Scalar, SelectorError } from './choice.js';

export const DAY_MS = 86_400_000;

/** A stretch of numbers; either end open (±Infinity) or closed. */
export interface Interval {
  low: number;
  lowInclusive: boolean;
  high: number;
  highInclusive: boolean;
}

/**
 * A choice bound to a field: which codes it takes (`codes`, index 0 standing for "no value"), which
 * prices (`price`), or which low-high stretches of a range attribute (`range`).
 */
export type Predicate =
  | { kind: 'codes'; chosen: Uint8Array }
  | { kind: 'price'; intervals: Interval[]; none: boolean }
  | { kind: 'range'; intervals: Interval[]; none: boolean };

export function within(interval: Interval, value: number): boolean {
  return (
    (interval.lowInclusive ? value >= interval.low : value > interval.low) &&
    (interval.highInclusive ? value <= interval.high : value < interval.high)
  );
}

/** Whether [low, high] meets the interval. */
export function overlaps(interval: Interval, low: number, high: number): boolean {
  return (
    (interval.lowInclusive ? high >= interval.low : high > interval.low) &&
    (interval.highInclusive ? low <= interval.high : low < interval.high)
  );
}

const NUMERIC = new Set(['number', 'quantity', 'rating', 'delivery_days', 'price', 'range']);

export interface BindContext {
  shared: SharedView;
  /** The request's time in ms: relative buckets of dates count days from it. */
  time: number;
  /**
   * How a category id the catalog does not hold is read. A shopper's filter naming one is refused
   * (`refuse`, the default): the page it asks for does not exist. A selector the release wrote
   * (smart categories, rules) matches nothing there (`match_nothing`): catalogs change under a
   * release, and the index run lists such names as warnings.
   */
  unknownCategories?: 'refuse' | 'match_nothing';
}

function point(value: number): Interval {
  return { low: value, lowInclusive: true, high: value, highInclusive: true };
}

function bucketInterval(code: string, scale: number, origin: number): Interval | undefined {
  const bounds = readBucketCode(code);
  if (bounds === undefined) return undefined;
  return {
    low: bounds.from === undefined ? Number.NEGATIVE_INFINITY : origin + bounds.from * scale,
    lowInclusive: true,
    high: bounds.to === undefined ? Number.POSITIVE_INFINITY : origin + bounds.to * scale,
    highInclusive: false,
  };
}

function numberOf(value: Scalar, pointer: string, field: string, date: boolean): number {
  const number = typeof value === 'number' ? value : date ? Date.parse(String(value)) : Number(value);
  if (
    typeof value === 'boolean' ||
    Number.isNaN(number) ||
    (typeof value === 'string' && value.trim() === '')
  ) {
    throw new SelectorError(
      pointer,
      `"${field}" holds ${date ? 'dates' : 'numbers'}, and ${JSON.stringify(value)} is none: give ${date ? 'an RFC 3339 date' : 'a number'}${date ? '' : ', or a bucket written as its bounds such as "10-20", "-10" or "20-"'}.`,
    );
  }
  return number;
}

function compareInterval(
  choice: Extract<Choice, { form: 'compare' }>,
  read: (bound: Bound) => number,
): Interval | undefined {
  if (choice.low === undefined && choice.high === undefined) return undefined;
  return {
    low: choice.low ? read(choice.low) : Number.NEGATIVE_INFINITY,
    lowInclusive: choice.low?.inclusive ?? true,
    high: choice.high ? read(choice.high) : Number.POSITIVE_INFINITY,
    highInclusive: choice.high?.inclusive ?? true,
  };
}

/** Binds a choice to a field as the request reads it; throws SelectorError at `pointer` for a value of the wrong kind. */
export function bind(access: FieldAccess, choice: Choice, pointer: string, context: BindContext): Predicate {
  const field = access.name;
  const date = access.nature === 'date';
  if (choice.form === 'category') {
    if (access.nature !== 'category')
      throw new SelectorError(pointer, `Only "category" takes is and within.`);
    const chosen = new Uint8Array(access.dict.length + 1);
    choice.ids.forEach((id, index) => {
      const code = access.dict.indexOf(id) + 1;
      if (code === 0 && context.unknownCategories === 'match_nothing') return;
      if (code === 0)
        throw new SelectorError(
          `${pointer}/${choice.mode}${choice.ids.length > 1 ? `/${index}` : ''}`,
          `"${id}" is no category of the catalog: name a category id the catalog holds.`,
        );
      chosen[code] = 1;
    });
    return { kind: 'codes', chosen };
  }

  if (access.form === 'price' || access.form === 'range') {
    const kind = access.form;
    if (choice.form === 'values') {
      const intervals = choice.values.map((value, index) => {
        const at = choice.values.length > 1 ? `${pointer}/${index}` : pointer;
        const bucket = typeof value === 'string' ? bucketInterval(value, 1, 0) : undefined;
        return bucket ?? point(numberOf(value, at, field, false));
      });
      return { kind, intervals, none: false };
    }
    const interval = compareInterval(choice, (bound) => numberOf(bound.value, pointer, field, false));
    const none = choice.exists === false;
    if (choice.exists === false && interval === undefined) return { kind, intervals: [], none: true };
    return { kind, intervals: [interval ?? everything()], none };
  }

  const chosen = new Uint8Array(access.dict.length + 1);
  const numbers = access.numbers;
  const take = (test: (code: number) => boolean) => {
    for (let code = 1; code < chosen.length; code++) if (test(code)) chosen[code] = 1;
  };
  if (choice.form === 'compare') {
    const interval = compareInterval(choice, (bound) =>
      NUMERIC.has(access.nature) || date ? numberOf(bound.value, pointer, field, date) : Number.NaN,
    );
    if (interval !== undefined) {
      if (NUMERIC.has(access.nature) || date) take((code) => within(interval, numbers[code]!));
      else take((code) => textWithin(choice.low, choice.high, String(access.dict[code - 1])));
    } else if (choice.exists !== false) {
      take(() => true);
    }
    if (choice.exists === false) {
      if (interval !== undefined) chosen.fill(0);
      chosen[0] = 1;
    }
    return { kind: 'codes', chosen };
  }

  const attribute = context.shared.attributes.get(field);
  choice.values.forEach((value, index) => {
    const at = choice.values.length > 1 ? `${pointer}/${index}` : pointer;
    if (typeof value === 'string' && (NUMERIC.has(access.nature) || date)) {
      const bucket = date ? bucketInterval(value, DAY_MS, context.time) : bucketInterval(value, 1, 0);
      if (bucket !== undefined) {
        take((code) => within(bucket, numbers[code]!));
        return;
      }
    }
    switch (access.nature) {
      case 'number':
      case 'quantity':
      case 'rating':
      case 'delivery_days': {
        const wanted = numberOf(value, at, field, false);
        take((code) => numbers[code] === wanted);
        return;
      }
      case 'boolean':
      case 'on_sale': {
        const wanted = readBoolean(value);
        if (wanted === undefined)
          throw new SelectorError(at, `"${field}" is true or false, not ${JSON.stringify(value)}.`);
        take((code) => access.dict[code - 1] === wanted);
        return;
      }
      case 'identifier': {
        const wanted = normalizeIdentifier(String(value));
        take((code) => access.dict[code - 1] === wanted);
        return;
      }
      case 'brand': {
        const text = String(value);
        const lower = text.toLowerCase();
        const entity = context.shared.brand(text);
        const brands = brandsOf(access, context.shared);
        take(
          (code) => brands.lower[code] === lower || (entity !== undefined && brands.entity[code] === entity),
        );
        return;
      }
      case 'option':
        if (takeGroup(attribute, String(value), access, chosen)) return;
        takeText(String(value), access, take);
        return;
      default:
        takeText(String(value), access, take);
    }
  });
  return { kind: 'codes', chosen };
}

function everything(): Interval {
  return {
    low: Number.NEGATIVE_INFINITY,
    lowInclusive: true,
    high: Number.POSITIVE_INFINITY,
    highInclusive: true,
  };
}

/** The value as written, or else without regard to case. */
const brandDictionaries = new WeakMap<readonly unknown[], BrandDictionary>();

/** Per code of a brand field, its value in lower case and the brand entity it names. */
interface BrandDictionary {
  lower: string[];
  entity: Array<BrandInfo | undefined>;
}

/**
 * The brand dictionary read once per loaded index: a brand filter compares the chosen brand with
 * every value, and a shop may have thousands.
 */
function brandsOf(access: FieldAccess, shared: SharedView): BrandDictionary {
  let made = brandDictionaries.get(access.dict);
  if (made === undefined) {
    made = { lower: [''], entity: [undefined] };
    for (const value of access.dict) {
      made.lower.push(String(value).toLowerCase());
      made.entity.push(shared.brand(String(value)));
    }
    brandDictionaries.set(access.dict, made);
  }
  return made;
}

function takeText(text: string, access: FieldAccess, take: (test: (code: number) => boolean) => void): void {
  const exact = access.dict.indexOf(text);
  if (exact >= 0) {
    take((code) => code === exact + 1);
    return;
  }
  const lower = text.toLowerCase();
  take((code) => String(access.dict[code - 1]).toLowerCase() === lower);
}

/** An option group's code chooses every value of the group. */
function takeGroup(
  attribute: Attribute | undefined,
  code: string,
  access: FieldAccess,
  chosen: Uint8Array,
): boolean {
  const group = attribute?.groups?.find((one) => one.code === code);
  if (group === undefined) return false;
  for (const value of group.values) {
    const at = access.dict.indexOf(value);
    if (at >= 0) chosen[at + 1] = 1;
  }
  return true;
}

function textWithin(low: Bound | undefined, high: Bound | undefined, text: string): boolean {
  if (low !== undefined) {
    const bound = String(low.value);
    if (low.inclusive ? text < bound : text <= bound) return false;
  }
  if (high !== undefined) {
    const bound = String(high.value);
    if (high.inclusive ? text > bound : text >= bound) return false;
  }
  return true;
}

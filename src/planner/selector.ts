import { fold } from '../engine/analysis/fold.js';

/** A selector as release files and requests write it: keyed by field, combined by any, all, not. */
export type Selector = Readonly<Record<string, unknown>>;

/** A plain value, or a comparison such as `{ "lt": 50 }` that a query named. */
export type Scalar = boolean | number | string;

/**
 * What a selector is tested against when it reads a resolution rather than an entity: the
 * category found and, per field, the values or comparisons found.
 */
export interface SelectorFacts {
  category?: string;
  values(field: string): readonly unknown[] | undefined;
  /** Whether `category` lies within `ancestor` (or is it). */
  within(category: string, ancestor: string): boolean;
}

const COMPARISONS = ['lt', 'lte', 'gt', 'gte', 'between'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Whether the facts meet the selector, reading each field as an entity's field would: a value or
 * a list holds when a value found is among them, a comparison when a number found satisfies it or
 * the same comparison was found, `exists` when the field was found or not. Further facts do not
 * matter: `{ "color": "Sage" }` holds for a resolution that found Sage and a brand.
 */
export function selectorHolds(selector: Selector, facts: SelectorFacts): boolean {
  for (const [key, expected] of Object.entries(selector)) {
    if (!memberHolds(key, expected, facts)) return false;
  }
  return true;
}

function memberHolds(key: string, expected: unknown, facts: SelectorFacts): boolean {
  if (key === 'any') return (expected as Selector[]).some((one) => selectorHolds(one, facts));
  if (key === 'all') return (expected as Selector[]).every((one) => selectorHolds(one, facts));
  if (key === 'not') return !selectorHolds(expected as Selector, facts);
  if (key === 'category') return categoryHolds(expected, facts);
  const found = facts.values(key);
  if (isObject(expected) && 'exists' in expected && Object.keys(expected).length === 1) {
    return (found !== undefined && found.length > 0) === expected.exists;
  }
  if (found === undefined) return false;
  return found.some((value) => valueMeets(value, expected));
}

function categoryHolds(expected: unknown, facts: SelectorFacts): boolean {
  const category = facts.category;
  if (category === undefined || !isObject(expected)) return false;
  const within = expected.within !== undefined;
  const ids = (within ? expected.within : expected.is) as string | string[];
  return (Array.isArray(ids) ? ids : [ids]).some((id) =>
    within ? facts.within(category, id) : category === id,
  );
}

/** Whether one value found meets what the selector asks of its field. */
function valueMeets(found: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return expected.some((one) => scalarEquals(found, one));
  if (!isObject(expected)) return scalarEquals(found, expected);
  if (isObject(found)) return sameComparison(found, expected);
  if (typeof found !== 'number') return false;
  return COMPARISONS.every(
    (operator) => expected[operator] === undefined || compares(found, operator, expected[operator]),
  );
}

function compares(value: number, operator: (typeof COMPARISONS)[number], operand: unknown): boolean {
  if (operator === 'between') {
    const [from, to] = operand as [number, number];
    return value >= from && value <= to;
  }
  const bound = operand as number;
  switch (operator) {
    case 'lt':
      return value < bound;
    case 'lte':
      return value <= bound;
    case 'gt':
      return value > bound;
    case 'gte':
      return value >= bound;
  }
}

function sameComparison(found: Record<string, unknown>, expected: Record<string, unknown>): boolean {
  const keys = Object.keys(expected);
  return (
    keys.length === Object.keys(found).length &&
    keys.every((key) => JSON.stringify(found[key]) === JSON.stringify(expected[key]))
  );
}

/** Texts compare folded, as a filter compares what a shopper chose with what the catalog writes. */
export function scalarEquals(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b || fold(a) === fold(b);
  return a === b;
}

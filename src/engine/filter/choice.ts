/**
 * A selector's value for one field, read into one of the contract's forms: values (a plain value
 * or an array, meaning any of them), a comparison (`lt`, `lte`, `gt`, `gte`, `between`, `exists`,
 * together meaning all of them), or a category's `is` / `within`.
 */

export type Scalar = boolean | number | string;

export interface Bound {
  value: Scalar;
  inclusive: boolean;
}

export type Choice =
  | { form: 'values'; values: Scalar[] }
  | { form: 'compare'; low?: Bound; high?: Bound; exists?: boolean }
  | { form: 'category'; mode: 'is' | 'within'; ids: string[] };

/** A selector the engine cannot read; `pointer` is the JSON pointer of the member within the selector. */
export class SelectorError extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
    this.name = 'SelectorError';
  }
}

export const COMBINATORS = new Set(['any', 'all', 'not']);

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function pointerOf(...segments: Array<string | number>): string {
  return segments
    .map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}

const FORMS = 'a value, a list of values, or an object with lt, lte, gt, gte, between or exists';

/** Reads the value a selector gives `field`, at `pointer`. */
export function readChoice(field: string, value: unknown, pointer: string): Choice {
  if (field === 'category') return readCategory(value, pointer);
  if (isScalar(value)) return { form: 'values', values: [value] };
  if (Array.isArray(value)) {
    if (value.length === 0)
      throw new SelectorError(
        pointer,
        `The empty list for "${field}" matches nothing: name at least one value.`,
      );
    value.forEach((one, index) => {
      if (!isScalar(one))
        throw new SelectorError(
          `${pointer}/${index}`,
          `A list for "${field}" holds plain values, not ${JSON.stringify(one)}: write each value as a string, number or boolean.`,
        );
    });
    return { form: 'values', values: value as Scalar[] };
  }
  if (!isRecord(value) || Object.keys(value).length === 0) {
    throw new SelectorError(pointer, `${JSON.stringify(value)} is no value for "${field}": give ${FORMS}.`);
  }
  const choice: Extract<Choice, { form: 'compare' }> = { form: 'compare' };
  const tighten = (side: 'low' | 'high', bound: Bound) => {
    const current = choice[side];
    if (current === undefined) {
      choice[side] = bound;
      return;
    }
    // Both are kept only when they compare alike; the stricter one wins.
    const later = side === 'low' ? bound.value > current.value : bound.value < current.value;
    if (later || (bound.value === current.value && !bound.inclusive)) choice[side] = bound;
  };
  for (const [operator, operand] of Object.entries(value)) {
    const at = `${pointer}/${operator}`;
    switch (operator) {
      case 'lt':
      case 'lte':
      case 'gt':
      case 'gte':
        if (!isScalar(operand) || typeof operand === 'boolean')
          throw new SelectorError(
            at,
            `"${operator}" of "${field}" compares with one value, not ${JSON.stringify(operand)}: give a number or a string.`,
          );
        tighten(operator.startsWith('l') ? 'high' : 'low', {
          value: operand,
          inclusive: operator.endsWith('e'),
        });
        break;
      case 'between':
        if (!Array.isArray(operand) || operand.length !== 2 || !operand.every(isScalar))
          throw new SelectorError(
            at,
            `"between" of "${field}" takes exactly two values, from and to, not ${JSON.stringify(operand)}: write [from, to].`,
          );
        tighten('low', { value: operand[0] as Scalar, inclusive: true });
        tighten('high', { value: operand[1] as Scalar, inclusive: true });
        break;
      case 'exists':
        if (typeof operand !== 'boolean')
          throw new SelectorError(
            at,
            `"exists" of "${field}" is true or false, not ${JSON.stringify(operand)}: write true or false.`,
          );
        choice.exists = operand;
        break;
      default:
        throw new SelectorError(at, `"${operator}" is no comparison for "${field}": give ${FORMS}.`);
    }
  }
  return choice;
}

function readCategory(value: unknown, pointer: string): Choice {
  const keys = isRecord(value) ? Object.keys(value) : [];
  const mode = keys[0];
  if (keys.length === 1 && (mode === 'is' || mode === 'within')) {
    const ids = (value as Record<string, unknown>)[mode];
    const list = typeof ids === 'string' ? [ids] : ids;
    if (Array.isArray(list) && list.length > 0 && list.every((id) => typeof id === 'string' && id !== '')) {
      return { form: 'category', mode, ids: list as string[] };
    }
  }
  throw new SelectorError(
    pointer,
    `"category" takes { "is": ids } for exactly those categories or { "within": ids } for them and everything below, ids being one category id or a list: write ${JSON.stringify(value)} in one of those forms.`,
  );
}

/** A bucket chosen by its code written as bounds: `<from>-<to>`, `-<to>`, `<from>-`. */
const BUCKET = /^(-?\d+(?:\.\d+)?)?-(-?\d+(?:\.\d+)?)?$/;

export interface BucketBounds {
  from?: number;
  to?: number;
}

export function readBucketCode(code: string): BucketBounds | undefined {
  const match = BUCKET.exec(code);
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const bounds: BucketBounds = {};
  if (match[1] !== undefined) bounds.from = Number(match[1]);
  if (match[2] !== undefined) bounds.to = Number(match[2]);
  return bounds;
}

/** The code of a bucket as filters name it: its bounds, `<from>-<to>`, `-<to>` or `<from>-`. */
export function bucketCode(bounds: BucketBounds): string {
  return `${bounds.from ?? ''}-${bounds.to ?? ''}`;
}

/**
 * The shopper's choices with what the query's words chose (`detected`) taken in as choices too,
 * so that a facet counts its field without either and shows both chosen. A field both chose takes
 * the values of both as alternatives; where one of them is no list of values (a comparison, a
 * category), the query's choice narrows as a constraint instead, as a rule's filter does.
 */
export function withDetected(
  filters: Record<string, unknown> | undefined,
  detected: Record<string, unknown> | undefined,
): { filters: Record<string, unknown> | undefined; constraints: Array<Record<string, unknown>> } {
  if (detected === undefined) return { filters, constraints: [] };
  const merged: Record<string, unknown> = { ...filters };
  const constraints: Array<Record<string, unknown>> = [];
  for (const [field, value] of Object.entries(detected)) {
    const chosen = merged[field];
    if (COMBINATORS.has(field)) constraints.push({ [field]: value });
    else if (chosen === undefined) merged[field] = value;
    else if (isValues(chosen) && isValues(value)) merged[field] = unionOf(chosen, value);
    else if (!sameChoice(chosen, value)) constraints.push({ [field]: value });
  }
  return { filters: merged, constraints };
}

function isValues(value: unknown): value is Scalar | Scalar[] {
  return isScalar(value) || (Array.isArray(value) && value.length > 0 && value.every(isScalar));
}

function unionOf(first: Scalar | Scalar[], second: Scalar | Scalar[]): Scalar[] {
  const values = [...(Array.isArray(first) ? first : [first])];
  for (const value of Array.isArray(second) ? second : [second]) {
    if (!values.some((one) => String(one).toLowerCase() === String(value).toLowerCase())) values.push(value);
  }
  return values;
}

function sameChoice(first: unknown, second: unknown): boolean {
  return JSON.stringify(first) === JSON.stringify(second);
}

import type { Bitset } from '../bitset/bitset.js';
import { COMBINATORS, pointerOf, SelectorError } from '../filter/choice.js';
import { type FieldTest, fieldTest, type SelectContext, selectRows, slotPasses } from '../filter/evaluate.js';
import { overlaps } from '../filter/predicate.js';
import type { StructuredIndex } from './structured-index.js';

/** At most this many filters narrow one listing: each takes a bit of a 32-bit mask. */
export const MAX_CLAUSES = 31;

/**
 * One filter of a listing with its bit: a field of the request's `filters` (the facet of that
 * field is counted without it), or a combined selector (`any`, `all`, `not`, or a constraint the
 * shopper cannot remove) as the set of rows it matches.
 */
export interface Clause {
  readonly bit: number;
  readonly level: 'doc' | 'row';
  /** The `filters` key it comes from; undefined for a constraint. */
  readonly key: string | undefined;
  readonly test?: FieldTest;
  readonly rows?: Bitset;
  /** A variant-level attribute: the rows it passes name the variant a tile shows. */
  readonly picksVariant: boolean;
}

const OFFER_FIELDS = new Set(['price', 'on_sale', 'availability', 'delivery_days']);

/** The clauses of a request's filters and constraints. Throws SelectorError for what cannot be read. */
export function buildClauses(
  filters: Record<string, unknown> | undefined,
  constraints: ReadonlyArray<Record<string, unknown>>,
  context: SelectContext,
): Clause[] {
  const clauses: Clause[] = [];
  const next = (): number => {
    if (clauses.length >= MAX_CLAUSES)
      throw new SelectorError('', `A listing takes at most ${MAX_CLAUSES} filters: choose fewer.`);
    return 1 << clauses.length;
  };
  for (const [key, value] of Object.entries(filters ?? {})) {
    const pointer = pointerOf(key);
    if (COMBINATORS.has(key)) {
      const bit = next();
      clauses.push({
        bit,
        level: 'row',
        key,
        rows: selectRows({ [key]: value }, context),
        picksVariant: false,
      });
      continue;
    }
    const test = fieldTest(key, value, pointer, context);
    const bit = next();
    clauses.push({
      bit,
      level: test.access.level,
      key,
      test,
      picksVariant: test.access.level === 'row' && !OFFER_FIELDS.has(key),
    });
  }
  for (const constraint of constraints) {
    const bit = next();
    clauses.push({
      bit,
      level: 'row',
      key: undefined,
      rows: selectRows(constraint, context),
      picksVariant: false,
    });
  }
  return clauses;
}

/** Sets `bit` in masks[j] for each document docs[j] the clause fails. */
export function markDocuments(clause: Clause, docs: Uint32Array, masks: Uint32Array, count: number): void {
  const bit = clause.bit;
  const { access, predicate } = clause.test!;
  if (predicate.kind === 'codes' && access.codes) {
    const chosen = predicate.chosen;
    const codes = access.codes;
    for (let j = 0; j < count; j++) if (chosen[codes[docs[j]!]!] !== 1) masks[j]! |= bit;
    return;
  }
  if (predicate.kind === 'codes') {
    const chosen = predicate.chosen;
    const offsets = access.offsets!;
    const values = access.values!;
    for (let j = 0; j < count; j++) {
      const doc = docs[j]!;
      const start = offsets[doc]!;
      const end = offsets[doc + 1]!;
      let pass = start === end && chosen[0] === 1;
      for (let i = start; i < end && !pass; i++) if (chosen[values[i]!] === 1) pass = true;
      if (!pass) masks[j]! |= bit;
    }
    return;
  }
  for (let j = 0; j < count; j++) if (!slotPasses(access, predicate, docs[j]!)) masks[j]! |= bit;
}

/**
 * For a row-level clause, sets `bit` in masks[j] for each document docs[j] none of whose rows can
 * pass: it holds none of the chosen codes on any row, or no price in the chosen ranges. Returns
 * false where the clause has no such test (the rows decide alone).
 */
export function markProjection(
  clause: Clause,
  listing: StructuredIndex,
  docs: Uint32Array,
  masks: Uint32Array,
  count: number,
  sold: Uint8Array,
): boolean {
  if (clause.test === undefined) return false;
  const bit = clause.bit;
  const { access, predicate } = clause.test;
  if (predicate.kind === 'codes') {
    const chosen = predicate.chosen;
    if (chosen[0] === 1) return false;
    const unions = listing.docUnionMask(access, sold);
    if (unions) {
      let wanted = 0;
      for (let code = 1; code < chosen.length; code++) if (chosen[code] === 1) wanted |= 1 << code;
      for (let j = 0; j < count; j++) if ((unions[docs[j]!]! & wanted) === 0) masks[j]! |= bit;
      return true;
    }
    const { offsets, values } = listing.docUnion(access);
    for (let j = 0; j < count; j++) {
      const doc = docs[j]!;
      let pass = false;
      for (let i = offsets[doc]!; i < offsets[doc + 1]! && !pass; i++)
        if (chosen[values[i]!] === 1) pass = true;
      if (!pass) masks[j]! |= bit;
    }
    return true;
  }
  if (predicate.kind === 'price' && !predicate.none) {
    const { low, high } = listing.docPrices(access.price!);
    const intervals = predicate.intervals;
    for (let j = 0; j < count; j++) {
      const doc = docs[j]!;
      const a = low[doc]!;
      const b = high[doc]!;
      let pass = false;
      if (!Number.isNaN(a))
        for (let k = 0; k < intervals.length && !pass; k++) pass = overlaps(intervals[k]!, a, b);
      if (!pass) masks[j]! |= bit;
    }
    return true;
  }
  return false;
}

/**
 * The row-level clauses of a listing laid out for one loop over rows: a kind per test and the
 * arrays each kind reads, so the loop reads typed arrays only.
 */
export interface RowTests {
  readonly count: number;
  /** 0: a row's code among the chosen; 1: a price within one stretch; 2: a row in a set; 3: anything else. */
  readonly kinds: Int32Array;
  readonly bits: Int32Array;
  readonly chosen: Uint8Array[];
  /** Kind 0: per code, the test's bit where the code is not chosen, else 0. */
  readonly fails: Int32Array[];
  readonly codes: Uint32Array[];
  readonly prices: Float64Array[];
  readonly words: Uint32Array[];
  readonly lows: Float64Array;
  readonly highs: Float64Array;
  /** Bit 0: low inclusive; bit 1: high inclusive. */
  readonly inclusive: Int32Array;
  readonly clauses: readonly Clause[];
}

const NO_BYTES = new Uint8Array(0);
const NO_FAILS = new Int32Array(0);
const NO_CODES = new Uint32Array(0);
const NO_PRICES = new Float64Array(0);

export function rowTests(clauses: readonly Clause[]): RowTests {
  const rowClauses = clauses.filter((clause) => clause.level === 'row');
  const count = rowClauses.length;
  const tests: RowTests = {
    count,
    kinds: new Int32Array(count),
    bits: new Int32Array(count),
    chosen: [],
    fails: [],
    codes: [],
    prices: [],
    words: [],
    lows: new Float64Array(count),
    highs: new Float64Array(count),
    inclusive: new Int32Array(count),
    clauses: rowClauses,
  };
  rowClauses.forEach((clause, t) => {
    tests.bits[t] = clause.bit;
    tests.chosen.push(NO_BYTES);
    tests.fails.push(NO_FAILS);
    tests.codes.push(NO_CODES);
    tests.prices.push(NO_PRICES);
    tests.words.push(NO_CODES);
    const predicate = clause.test?.predicate;
    const access = clause.test?.access;
    if (clause.rows) {
      tests.kinds[t] = 2;
      tests.words[t] = clause.rows.words;
    } else if (predicate?.kind === 'codes' && access?.codes && access.level === 'row') {
      tests.kinds[t] = 0;
      tests.chosen[t] = predicate.chosen;
      const fails = new Int32Array(predicate.chosen.length);
      for (let code = 0; code < fails.length; code++)
        if (predicate.chosen[code] !== 1) fails[code] = clause.bit;
      tests.fails[t] = fails;
      tests.codes[t] = access.codes;
    } else if (predicate?.kind === 'price' && predicate.intervals.length === 1 && !predicate.none) {
      const interval = predicate.intervals[0]!;
      tests.kinds[t] = 1;
      tests.prices[t] = access!.price!;
      tests.lows[t] = interval.low;
      tests.highs[t] = interval.high;
      tests.inclusive[t] = (interval.lowInclusive ? 1 : 0) | (interval.highInclusive ? 2 : 0);
    } else {
      tests.kinds[t] = 3;
    }
  });
  return tests;
}

/** The bits of the tests `row` fails. */
export function failedTests(tests: RowTests, row: number, rowDoc: Uint32Array): number {
  let mask = 0;
  for (let t = 0; t < tests.count; t++) {
    let pass: boolean;
    switch (tests.kinds[t]) {
      case 0:
        pass = tests.chosen[t]![tests.codes[t]![row]!] === 1;
        break;
      case 1: {
        const value = tests.prices[t]![row]!;
        const inclusive = tests.inclusive[t]!;
        pass =
          ((inclusive & 1) !== 0 ? value >= tests.lows[t]! : value > tests.lows[t]!) &&
          ((inclusive & 2) !== 0 ? value <= tests.highs[t]! : value < tests.highs[t]!);
        break;
      }
      case 2:
        pass = ((tests.words[t]![row >>> 5]! >>> (row & 31)) & 1) === 1;
        break;
      default:
        pass = rowPasses(tests.clauses[t]!, row, rowDoc);
    }
    if (!pass) mask |= tests.bits[t]!;
  }
  return mask;
}

/** Whether one row passes the clause (for the few rows of a page's hits). */
export function rowPasses(clause: Clause, row: number, rowDoc: Uint32Array): boolean {
  if (clause.rows) return clause.rows.has(row);
  const { access, predicate } = clause.test!;
  return slotPasses(access, predicate, access.level === 'doc' ? rowDoc[row]! : row);
}

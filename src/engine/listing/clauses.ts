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
  /** For a constraint: the selector it was built from. */
  readonly constraint?: Record<string, unknown>;
}

const OFFER_FIELDS = new Set(['price', 'on_sale', 'availability', 'delivery_days']);

/**
 * The clauses of a request's filters and constraints. Throws SelectorError for a filter that
 * cannot be read. A constraint (a rule's) naming a field this type does not have constrains
 * nothing here: a rule that narrows every type narrows those that carry its fields; one naming a
 * category the catalog does not hold matches nothing there.
 */
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
    let rows: Bitset;
    try {
      rows = selectRows(constraint, releaseSelectorContext(context));
    } catch (error) {
      if (error instanceof SelectorError) continue;
      throw error;
    }
    clauses.push({ bit: next(), level: 'row', key: undefined, rows, picksVariant: false, constraint });
  }
  return clauses;
}

/** The context a selector the release wrote is read in: a category the catalog lacks matches nothing. */
export function releaseSelectorContext(context: SelectContext): SelectContext {
  return context.unknownCategories === 'match_nothing'
    ? context
    : { ...context, unknownCategories: 'match_nothing' };
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

/**
 * What the filters tell of whole documents, laid out for one pass over the candidates
 * (passCandidates): a document-level code among the chosen (kind 0), a row-level field's codes on
 * the document's sold rows meeting the chosen (kind 1), the document's price stretch meeting one
 * interval (kind 2). Clauses of other forms are marked beforehand, each in a pass of its own.
 */
export interface DocTests {
  readonly count: number;
  readonly kinds: Int32Array;
  readonly bits: Int32Array;
  /** Kind 0: per code, the bit where it fails, else 0. */
  readonly fails: Int32Array[];
  readonly codes: Uint32Array[];
  /** Kind 1: per document, its codes as bits; the chosen codes as bits. */
  readonly unions: Uint32Array[];
  readonly wanted: Int32Array;
  /** Kind 2: per document, its lowest and highest price; the interval and its inclusive ends (bit 0 low, bit 1 high). */
  readonly lows: Float64Array[];
  readonly highs: Float64Array[];
  readonly low: Float64Array;
  readonly high: Float64Array;
  readonly inclusive: Int32Array;
  /** Clauses marked in passes of their own. */
  readonly apart: readonly Clause[];
}

/** Tests read inline in the pass over documents; more go apart. */
const INLINE_DOC_TESTS = 3;

export function docTests(clauses: readonly Clause[], listing: StructuredIndex, sold: Uint8Array): DocTests {
  const tests: DocTests & { count: number; apart: Clause[] } = {
    count: 0,
    kinds: new Int32Array(INLINE_DOC_TESTS),
    bits: new Int32Array(INLINE_DOC_TESTS),
    fails: [NO_FAILS, NO_FAILS, NO_FAILS],
    codes: [NO_CODES, NO_CODES, NO_CODES],
    unions: [NO_CODES, NO_CODES, NO_CODES],
    wanted: new Int32Array(INLINE_DOC_TESTS),
    lows: [NO_PRICES, NO_PRICES, NO_PRICES],
    highs: [NO_PRICES, NO_PRICES, NO_PRICES],
    low: new Float64Array(INLINE_DOC_TESTS),
    high: new Float64Array(INLINE_DOC_TESTS),
    inclusive: new Int32Array(INLINE_DOC_TESTS),
    apart: [],
  };
  for (const clause of clauses) {
    const test = clause.test;
    const predicate = test?.predicate;
    const access = test?.access;
    const at = tests.count;
    if (predicate === undefined || access === undefined) continue;
    if (clause.level === 'doc') {
      if (at < INLINE_DOC_TESTS && predicate.kind === 'codes' && access.codes) {
        const fails = new Int32Array(predicate.chosen.length);
        for (let code = 0; code < fails.length; code++)
          if (predicate.chosen[code] !== 1) fails[code] = clause.bit;
        tests.kinds[at] = 0;
        tests.fails[at] = fails;
        tests.codes[at] = access.codes;
      } else {
        tests.apart.push(clause);
        continue;
      }
    } else if (predicate.kind === 'codes') {
      if (predicate.chosen[0] === 1) continue;
      const unions = at < INLINE_DOC_TESTS ? listing.docUnionMask(access, sold) : undefined;
      if (unions === undefined) {
        tests.apart.push(clause);
        continue;
      }
      let wanted = 0;
      for (let code = 1; code < predicate.chosen.length; code++)
        if (predicate.chosen[code] === 1) wanted |= 1 << code;
      tests.kinds[at] = 1;
      tests.unions[at] = unions;
      tests.wanted[at] = wanted;
    } else if (predicate.kind === 'price' && !predicate.none) {
      if (at >= INLINE_DOC_TESTS || predicate.intervals.length !== 1) {
        tests.apart.push(clause);
        continue;
      }
      const { low, high } = listing.docPrices(access.price!);
      const interval = predicate.intervals[0]!;
      tests.kinds[at] = 2;
      tests.lows[at] = low;
      tests.highs[at] = high;
      tests.low[at] = interval.low;
      tests.high[at] = interval.high;
      tests.inclusive[at] = (interval.lowInclusive ? 1 : 0) | (interval.highInclusive ? 2 : 0);
    } else {
      continue;
    }
    tests.bits[at] = clause.bit;
    tests.count++;
  }
  return tests;
}

/** Whether the prices of a document's rows can meet test t's interval: its stretch [lowest, highest] meets it. */
export function priceMeets(tests: DocTests, t: number, doc: number): boolean {
  const a = tests.lows[t]![doc]!;
  const b = tests.highs[t]![doc]!;
  if (Number.isNaN(a)) return false;
  const inclusive = tests.inclusive[t]!;
  return (
    ((inclusive & 1) !== 0 ? b >= tests.low[t]! : b > tests.low[t]!) &&
    ((inclusive & 2) !== 0 ? a <= tests.high[t]! : a < tests.high[t]!)
  );
}

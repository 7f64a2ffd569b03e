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
): boolean {
  if (clause.test === undefined) return false;
  const bit = clause.bit;
  const { access, predicate } = clause.test;
  if (predicate.kind === 'codes') {
    const chosen = predicate.chosen;
    if (chosen[0] === 1) return false;
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
 * Sets `bit` in rowMask[row] for each row of the candidate documents docs[0 .. count] that the
 * clause fails (a document-level clause reads the row's document). Rows of a document are
 * contiguous, and so are the documents of a category, so this reads the columns in order.
 */
export function markRows(
  clause: Clause,
  docs: Uint32Array,
  count: number,
  rowStart: Uint32Array,
  rowMask: Uint32Array,
  rowDoc: Uint32Array,
): void {
  const bit = clause.bit;
  if (clause.rows) {
    const words = clause.rows.words;
    for (let j = 0; j < count; j++) {
      const doc = docs[j]!;
      for (let row = rowStart[doc]!; row < rowStart[doc + 1]!; row++) {
        if (((words[row >>> 5]! >>> (row & 31)) & 1) === 0) rowMask[row]! |= bit;
      }
    }
    return;
  }
  const { access, predicate } = clause.test!;
  if (predicate.kind === 'codes' && access.codes && access.level === 'row') {
    const chosen = predicate.chosen;
    const codes = access.codes;
    for (let j = 0; j < count; j++) {
      const doc = docs[j]!;
      const end = rowStart[doc + 1]!;
      for (let row = rowStart[doc]!; row < end; row++) if (chosen[codes[row]!] !== 1) rowMask[row]! |= bit;
    }
    return;
  }
  if (predicate.kind === 'price' && predicate.intervals.length === 1 && !predicate.none) {
    const price = access.price!;
    const { low, lowInclusive, high, highInclusive } = predicate.intervals[0]!;
    for (let j = 0; j < count; j++) {
      const doc = docs[j]!;
      const end = rowStart[doc + 1]!;
      for (let row = rowStart[doc]!; row < end; row++) {
        const value = price[row]!;
        const pass =
          (lowInclusive ? value >= low : value > low) && (highInclusive ? value <= high : value < high);
        if (!pass) rowMask[row]! |= bit;
      }
    }
    return;
  }
  const docLevel = access.level === 'doc';
  for (let j = 0; j < count; j++) {
    const doc = docs[j]!;
    for (let row = rowStart[doc]!; row < rowStart[doc + 1]!; row++) {
      if (!slotPasses(access, predicate, docLevel ? rowDoc[row]! : row)) rowMask[row]! |= bit;
    }
  }
}

/** Whether one row passes the clause (for the few rows of a page's hits). */
export function rowPasses(clause: Clause, row: number, rowDoc: Uint32Array): boolean {
  if (clause.rows) return clause.rows.has(row);
  const { access, predicate } = clause.test!;
  return slotPasses(access, predicate, access.level === 'doc' ? rowDoc[row]! : row);
}

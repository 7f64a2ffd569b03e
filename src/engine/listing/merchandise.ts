import { SelectorError } from '../filter/choice.js';
import type { SelectContext } from '../filter/evaluate.js';
import {
  buildClauses,
  type Clause,
  markDocuments,
  markProjection,
  releaseSelectorContext,
  rowPasses,
} from './clauses.js';
import type { StructuredIndex } from './structured-index.js';

/**
 * What merchandising rules make of a listing besides its filters: entities hidden, entities
 * standing at fixed positions, and factors on relevance, documents by their numbers (the listing's
 * slots).
 */
export interface Merchandising {
  /** Documents left out: they match nothing, count nowhere and are never pinned. */
  hidden?: readonly number[];
  /** Selectors of entities left out the same way: a row they select is out, and a tile with no row left. */
  hides?: ReadonlyArray<Record<string, unknown>>;
  pins?: readonly ListingPin[];
  weights?: readonly ListingWeight[];
}

export interface ListingPin {
  doc: number;
  /**
   * The position asked for, counted from 1 across pages. Pins come in precedence order: one whose
   * position an earlier pin that stands holds takes the next free one.
   */
  position: number;
  /** A paid pin stands only where its entity passes the listing's category and every filter. */
  onlyIfMatching: boolean;
  /** The campaign that paid for it: the hit says so. */
  campaign?: string;
}

/** A factor on the relevance of the documents named, or of those one of whose rows the selector picks. */
export interface ListingWeight {
  docs?: readonly number[];
  where?: Record<string, unknown>;
  factor: number;
}

/** A pin that stands on this listing, at its slot. */
export interface StandingPin {
  slot: number;
  /** Where it stands, counted from 1 across pages. */
  position: number;
  campaign?: string;
}

/**
 * The pins that stand: not hidden, sold in the channel, and for a paid pin passing every filter
 * (`passes`). Each takes its position in precedence order, or the next one free when an earlier
 * pin that stands holds it; a pin that does not stand holds none. The slots of those that stand
 * are flagged in `pinned` so the ranking passes them over; the caller clears the flags. Ordered
 * by position.
 */
export function standingPins(
  pins: readonly ListingPin[],
  listing: StructuredIndex,
  pinned: Uint8Array,
  excluded: Uint8Array,
  passes: (slot: number, all: boolean) => boolean,
): StandingPin[] {
  const standing: StandingPin[] = [];
  const taken = new Set<number>();
  for (const pin of pins) {
    if (pin.doc >= listing.documents) continue;
    const slot = pin.doc;
    if (excluded[slot] === 1 || pinned[slot] === 1 || !passes(slot, pin.onlyIfMatching)) continue;
    pinned[slot] = 1;
    let position = pin.position;
    while (taken.has(position)) position++;
    taken.add(position);
    standing.push({
      slot,
      position,
      ...(pin.campaign !== undefined ? { campaign: pin.campaign } : {}),
    });
  }
  return standing.sort((a, b) => a.position - b.position);
}

/**
 * Whether a slot passes the given clauses on one row sold in the channel (a document-level clause
 * reads the document through any of its rows), and lies within the category when one is asked.
 */
export function slotPassesClauses(
  slot: number,
  clauses: readonly Clause[],
  listing: StructuredIndex,
  sold: Uint8Array,
  within: ((slot: number) => boolean) | undefined,
): boolean {
  if (within !== undefined && !within(slot)) return false;
  const { rowStart, rowDoc } = listing;
  for (let row = rowStart[slot]!; row < rowStart[slot + 1]!; row++) {
    if (sold[row] === 0) continue;
    if (clauses.every((clause) => rowPasses(clause, row, rowDoc))) return true;
  }
  return false;
}

/**
 * Sets factors[slot] for every candidate slot docs[j]: the product of the factors of the weights
 * that name or select it (1 for the others). A selector is read on the candidates only, field by
 * field (a candidate is selected when one of its rows sold in the channel passes every field), so
 * a rule that boosts a brand costs a look at the page's candidates, not at the whole catalog.
 * Returns false when no weight applies to any candidate, so the ranking reads no factors.
 */
export function weighCandidates(
  weights: readonly ListingWeight[],
  context: SelectContext,
  docs: Uint32Array,
  count: number,
  factors: Float64Array,
  masks: Uint32Array,
): boolean {
  if (weights.length === 0) return false;
  const listing = context.index;
  const sold = context.channel.columns.sold;
  for (let j = 0; j < count; j++) factors[docs[j]!] = 1;
  let any = false;
  for (const weight of weights) {
    const clauses = weight.where === undefined ? undefined : weightClauses(weight.where, context);
    const named = new Set<number>();
    for (const doc of weight.docs ?? []) if (doc < listing.documents) named.add(doc);
    if (named.size === 0 && clauses === undefined) continue;
    // One field read over all candidates at once where the listing's column passes allow it.
    const marked = clauses !== undefined && markAll(clauses, context, docs, count, masks);
    for (let j = 0; j < count; j++) {
      const slot = docs[j]!;
      const selected =
        clauses === undefined
          ? false
          : marked
            ? masks[j] === 0
            : slotPassesClauses(slot, clauses, listing, sold, undefined);
      if (selected || named.has(slot)) {
        factors[slot]! *= weight.factor;
        any = true;
      }
    }
  }
  return any;
}

/**
 * Marks in masks[j] whether candidate docs[j] fails a selector of one field (0 when it passes),
 * reading the field's column over all candidates: exact for one field, as a document passes
 * when one of its sold rows does. False when the selector needs the rows read one by one.
 */
function markAll(
  clauses: readonly Clause[],
  context: SelectContext,
  docs: Uint32Array,
  count: number,
  masks: Uint32Array,
): boolean {
  if (clauses.length !== 1) return false;
  const clause = clauses[0]!;
  if (clause.test === undefined) return false;
  masks.fill(0, 0, count);
  if (clause.level === 'doc') {
    markDocuments(clause, docs, masks, count);
    return true;
  }
  // A price range is projected on a document's lowest and highest price, which is not exact.
  if (clause.test.predicate.kind !== 'codes') return false;
  return markProjection(clause, context.index, docs, masks, count, context.channel.columns.sold);
}

/** One tile of a page: a ranked one by its rank, or a pin. */
export type PageEntry = { rank: number; pin?: undefined } | { pin: StandingPin; rank?: undefined };

/**
 * The tiles of merged positions [start, end): pins at their positions, ranked tiles in rank order
 * around them. A pin whose position lies beyond the ranked tiles follows the last of them, so a
 * short list still shows it.
 */
export function pageEntries(
  pins: readonly StandingPin[],
  ranked: number,
  start: number,
  end: number,
): PageEntry[] {
  const entries: PageEntry[] = [];
  let rank = 0;
  let next = 0;
  for (let at = 0; at < end; at++) {
    let entry: PageEntry;
    if (next < pins.length && (pins[next]!.position - 1 <= at || rank >= ranked))
      entry = { pin: pins[next++]! };
    else if (rank < ranked) entry = { rank: rank++ };
    else break;
    if (at >= start) entries.push(entry);
  }
  return entries;
}

/** A weight's selector read field by field; one naming a field this type lacks selects nothing here. */
function weightClauses(where: Record<string, unknown>, context: SelectContext): Clause[] | undefined {
  try {
    return buildClauses(where, [], releaseSelectorContext(context));
  } catch (error) {
    if (error instanceof SelectorError) return undefined;
    throw error;
  }
}

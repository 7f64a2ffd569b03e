import type { Collected, Ranking, TopK } from '../ranking/top-k.js';

/**
 * A listing's text search. It ranks: offers its matches, scored, to `ranking` (undefined: counts
 * them only), which keeps the best `depth`, `counts` saying per document whether a match counts
 * and may rank (see TextMatchOptions.counts; undefined: all do), and returns the matches that
 * count. Or it collects every match for the listing to filter.
 */
export interface TextSearch {
  rank(ranking: Ranking | undefined, depth: number, counts: Uint8Array | undefined): number;
  /**
   * Writes every match to `collect`, ascending, with its score, and says how many; or without
   * their scores (`unscored`, for matches of several words, whose scores read positions): then
   * `score` scores those the listing ranks.
   */
  collect(collect: Collected): { matches: number; unscored: boolean };
  /** After an unscored collect: the score of each of docs[order[0 .. count)] (ascending) into scores[doc]. */
  score(docs: Uint32Array, order: Uint32Array, count: number, scores: Float64Array): void;
}

/** Relative headroom of a floor handed back through the signals' factor, for rounding. */
const HEADROOM = 1e-12;

/**
 * Ranks text matches by a listing's relevance as the text search finds them, keeping only the
 * best `depth` in `top`: a document's score is its text score times one plus its weighted signals,
 * as the listing ranks (listing.ts `rank`), and documents that do not count are not ranked.
 *
 * The text search skips a document whose text score cannot reach floor(). That is the floor of
 * `top` taken back through the largest factor (through the smallest for a negative floor), less a
 * little for rounding: a text score below it times any factor stays at or below the floor of
 * `top`, and as documents come in ascending order a later one of equal score does not enter
 * either. floorOf(doc) does the same through the document's own factor, which skips more where
 * reading a document costs most (positions, for proximity). Without signals the factor is 1 and
 * the floors are those of `top`.
 */
export class ListedRelevance implements Ranking {
  /** The least and greatest factor (1 + weighted signals) of any document. */
  private readonly least: number;
  private readonly greatest: number;
  private topFloor = Number.NEGATIVE_INFINITY;
  private textFloor = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly top: TopK,
    /** Per document, 0 when it does not count (see TextSearch). */
    private readonly counts: Uint8Array | undefined,
    /** Weighted signals per document; undefined when the type weighs none. */
    private readonly signals: Float32Array | undefined,
  ) {
    const range = signals === undefined ? { least: 1, greatest: 1 } : factorRange(signals);
    this.least = range.least;
    this.greatest = range.greatest;
  }

  reset(k: number): void {
    this.top.reset(k);
    this.topFloor = Number.NEGATIVE_INFINITY;
    this.textFloor = Number.NEGATIVE_INFINITY;
  }

  offer(doc: number, score: number): void {
    if (this.counts !== undefined && this.counts[doc] === 0) return;
    const signals = this.signals;
    this.top.offer(doc, signals === undefined ? score : score * (1 + signals[doc]!));
  }

  floor(): number {
    const floor = this.top.floor();
    if (this.signals === undefined) return floor;
    if (floor !== this.topFloor) {
      this.topFloor = floor;
      this.textFloor = textFloor(floor, this.least, this.greatest);
    }
    return this.textFloor;
  }

  /** The same for `doc` alone: the floor of `top` taken back through its own factor. */
  floorOf(doc: number): number {
    const signals = this.signals;
    if (signals === undefined) return this.top.floor();
    const factor = 1 + signals[doc]!;
    return textFloor(this.top.floor(), factor, factor);
  }
}

/** The text score below which no factor in least..greatest lifts a document above `floor`. */
function textFloor(floor: number, least: number, greatest: number): number {
  // A factor of 0 or less turns the order round: nothing is skipped then.
  if (floor === Number.NEGATIVE_INFINITY || !(least > 0)) return Number.NEGATIVE_INFINITY;
  if (floor > 0) {
    const text = floor / greatest;
    return text - text * HEADROOM;
  }
  const text = floor / least;
  return text + text * HEADROOM;
}

const factorRanges = new WeakMap<Float32Array, { least: number; greatest: number }>();

/** The least and greatest 1 + signal of a signals column, kept per column. */
function factorRange(signals: Float32Array): { least: number; greatest: number } {
  let range = factorRanges.get(signals);
  if (range !== undefined) return range;
  let least = Number.POSITIVE_INFINITY;
  let greatest = Number.NEGATIVE_INFINITY;
  for (let slot = 0; slot < signals.length; slot++) {
    const factor = 1 + signals[slot]!;
    if (factor < least) least = factor;
    if (factor > greatest) greatest = factor;
    // A signal that is no number makes scores no number: rank without skipping.
    if (Number.isNaN(factor)) least = Number.NaN;
  }
  range = signals.length === 0 ? { least: 1, greatest: 1 } : { least, greatest };
  factorRanges.set(signals, range);
  return range;
}

/**
 * Postings of one type, all terms end to end: term t owns positions start[t] .. start[t + 1] of
 * `docs` (ascending doc ids). Per posting p: `fieldCount` term frequencies at
 * tf[p * fieldCount + field], and the word positions of the term in that document at
 * positions[positionStart[p] .. positionStart[p + 1]] (the first MAX_POSITIONS of them), for
 * phrases and proximity. A position is the field's number times FIELD_SPAN plus the word's place
 * in the field, counting a gap between the field's values, so the field of a position is
 * `position >>> FIELD_SHIFT` and words of different values or fields are never near each other.
 */
export interface Postings {
  readonly start: Uint32Array;
  readonly docs: Uint32Array;
  readonly tf: Uint8Array;
  readonly positionStart: Uint32Array;
  readonly positions: Uint16Array;
}

/** Frequencies saturate long before this, so a byte per field is enough. */
export const MAX_TERM_FREQUENCY = 255;
/** Positions kept per posting: proximity needs the first few occurrences, not all. */
export const MAX_POSITIONS = 8;
/** Positions per field: words beyond are counted but have no position. */
export const FIELD_SHIFT = 12;
export const FIELD_SPAN = 1 << FIELD_SHIFT;
/** Fields from this one on have no positions (a position is 16 bits). */
export const POSITIONED_FIELDS = 16;
/** A word without a position. */
export const NO_POSITION = 0x10000;
/** Places skipped between the values of one field. */
export const POSITION_GAP = 16;

/** The position of the word at `place` in `field`, or NO_POSITION. */
export function positionOf(field: number, place: number): number {
  return field < POSITIONED_FIELDS && place < FIELD_SPAN ? (field << FIELD_SHIFT) | place : NO_POSITION;
}

export function documentFrequency(postings: Postings, term: number): number {
  return postings.start[term + 1]! - postings.start[term]!;
}

/**
 * The first position in [from, end) whose doc is at least `target`, or `end`. Gallops (1, 2, 4...
 * steps) before a binary search, so a rare term skips through a common term's long list quickly.
 */
export function seek(docs: Uint32Array, from: number, end: number, target: number): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < end && docs[high]! < target) {
    low = high + 1;
    high += step;
    step <<= 1;
  }
  if (high > end) high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (docs[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

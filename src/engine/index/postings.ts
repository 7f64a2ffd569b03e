/**
 * Postings of one type, all terms end to end: term t owns positions start[t] .. start[t + 1] of
 * `docs` (ascending doc ids) and, per position p, FIELD_COUNT term frequencies at
 * tf[p * FIELD_COUNT + field]. Positions for phrases and proximity can follow as another pair
 * of arrays indexed the same way.
 */
export interface Postings {
  readonly start: Uint32Array;
  readonly docs: Uint32Array;
  readonly tf: Uint8Array;
}

/** Frequencies saturate long before this, so a byte per field is enough. */
export const MAX_TERM_FREQUENCY = 255;

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

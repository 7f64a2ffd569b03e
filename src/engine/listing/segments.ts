import type { FieldAccess } from './structured-index.js';

const NO_CODES = new Uint32Array(0);
/** Facets counted in segment's pass at most; others count on their own. */
const MAX_DOC_FACETS = 16;

/**
 * Document-level facets of codes as they are (no option groups, no buckets), counted in the pass
 * that orders the candidates by segment: a document counts for every such facet when a row of it
 * passes every filter, else for the facet of each filter one of its rows fails alone.
 */
export class DocFacets {
  count = 0;
  /** Per facet: one code per document (codes), or several (offsets, values). */
  readonly codes: Uint32Array[] = [];
  readonly offsets: Uint32Array[] = [];
  readonly values: Uint32Array[] = [];
  readonly counts: Uint32Array[] = [];
  /** Per filter bit, the facet it is the filter of, else -1. */
  readonly owner = new Int32Array(32);

  constructor() {
    for (let f = 0; f < MAX_DOC_FACETS; f++) {
      this.codes.push(NO_CODES);
      this.offsets.push(NO_CODES);
      this.values.push(NO_CODES);
      this.counts.push(NO_CODES);
    }
  }

  reset(): void {
    this.count = 0;
    this.owner.fill(-1);
  }

  /** Adds a facet with filter bit `bit` (0 for none); returns its counts (index: code, 0 for none), or undefined when full. */
  add(access: FieldAccess, bit: number): Uint32Array | undefined {
    if (this.count === MAX_DOC_FACETS) return undefined;
    const f = this.count++;
    const counts = new Uint32Array(access.dict.length + 1);
    this.codes[f] = access.codes ?? NO_CODES;
    this.offsets[f] = access.codes ? NO_CODES : access.offsets!;
    this.values[f] = access.codes ? NO_CODES : access.values!;
    this.counts[f] = counts;
    if (bit !== 0) this.owner[31 - Math.clz32(bit)] = f;
    return counts;
  }
}

/**
 * Orders the candidate documents by segment: 0 for those with a row passing every filter, k + 1
 * for each filter k one of their rows fails alone; counts `facets` on the way. Returns the order;
 * segments go to `segments` (segment s is order[segments[s] .. segments[s + 1]]).
 */
export function segment(
  docFull: Uint8Array,
  docSingles: Uint32Array,
  docs: Uint32Array,
  count: number,
  segments: Uint32Array,
  cursor: Uint32Array,
  room: { orderFor(size: number): Uint32Array },
  facets: DocFacets,
): Uint32Array {
  segments.fill(0);
  let size = 0;
  const n = facets.count;
  for (let j = 0; j < count; j++) {
    if (docFull[j] !== 0) {
      segments[1]!++;
      size++;
      for (let f = 0; f < n; f++) countDoc(facets, f, docs[j]!);
      continue;
    }
    let singles = docSingles[j]!;
    while (singles !== 0) {
      const bit = 31 - Math.clz32(singles);
      segments[bit + 2]!++;
      singles ^= 1 << bit;
      size++;
      const f = facets.owner[bit]!;
      if (f >= 0) countDoc(facets, f, docs[j]!);
    }
  }
  for (let s = 1; s < segments.length; s++) segments[s]! += segments[s - 1]!;
  const order = room.orderFor(size);
  cursor.set(segments);
  for (let j = 0; j < count; j++) {
    if (docFull[j] !== 0) {
      order[cursor[0]!++] = j;
      continue;
    }
    let singles = docSingles[j]!;
    while (singles !== 0) {
      const bit = singles & -singles;
      order[cursor[32 - Math.clz32(bit)]!++] = j;
      singles ^= bit;
    }
  }
  return order;
}

function countDoc(facets: DocFacets, f: number, doc: number): void {
  const counts = facets.counts[f]!;
  const codes = facets.codes[f]!;
  if (codes.length > 0) {
    counts[codes[doc]!]!++;
    return;
  }
  const offsets = facets.offsets[f]!;
  const values = facets.values[f]!;
  const start = offsets[doc]!;
  const end = offsets[doc + 1]!;
  if (start === end) counts[0]!++;
  for (let i = start; i < end; i++) counts[values[i]!]!++;
}

/**
 * A field of several codes per document that follow from one: per document that one code
 * (`codes`), and per code the field's values it stands for (values[offsets[c] .. offsets[c + 1]]).
 */
export interface Expansion {
  readonly codes: Uint32Array;
  readonly offsets: Uint32Array;
  readonly values: Uint32Array;
}

/** A document-level field of codes as a facet counts it: one code per document, or several. */
interface CodedField {
  readonly dict: readonly unknown[];
  readonly codes?: Uint32Array;
  readonly offsets?: Uint32Array;
  readonly values?: Uint32Array;
}

const NO_CODES = new Uint32Array(0);
/** Facets counted in the pass over candidates at most; others count on their own. */
const MAX_DOC_FACETS = 16;

/**
 * Document-level facets of codes as they are (no option groups, no buckets), counted in the pass
 * over the candidates (passCandidates) as each document's segments are known: a document counts
 * for every such facet when a row of it passes every filter, else for the facet of each filter one
 * of its rows fails alone.
 */
export class DocFacets {
  count = 0;
  /** Per facet: one code per document (codes), or several (offsets, values). */
  readonly codes: Uint32Array[] = [];
  readonly offsets: Uint32Array[] = [];
  readonly values: Uint32Array[] = [];
  readonly counts: Uint32Array[] = [];
  /** Per filter bit, the facet it is the filter of, else -1. */
  readonly owner = new Int32Array(32).fill(-1);

  constructor() {
    for (let f = 0; f < MAX_DOC_FACETS; f++) {
      this.codes.push(NO_CODES);
      this.offsets.push(NO_CODES);
      this.values.push(NO_CODES);
      this.counts.push(NO_CODES);
    }
  }

  /** How many of the first facets hold one code per document. */
  fast = 0;

  reset(): void {
    this.count = 0;
    this.fast = 0;
    this.owner.fill(-1);
    this.expanded.length = 0;
  }

  /** Turns the counts of expanded facets' codes into theirs: each code's tiles count for each of its values. */
  finish(): void {
    for (const { inner, outer, expansion } of this.expanded) {
      const { offsets, values } = expansion;
      for (let code = 0; code < inner.length; code++) {
        const tiles = inner[code]!;
        if (tiles === 0) continue;
        const start = offsets[code]!;
        const end = offsets[code + 1]!;
        if (start === end) outer[0]! += tiles;
        for (let i = start; i < end; i++) outer[values[i]!]! += tiles;
      }
    }
  }

  /** Facets counted through another field's one code per document, expanded by finish(). */
  private readonly expanded: Array<{ inner: Uint32Array; outer: Uint32Array; expansion: Expansion }> = [];

  /**
   * Adds a facet with filter bit `bit` (0 for none); returns its counts (index: code, 0 for
   * none), or undefined when full. With an expansion, the facet's values follow from one code
   * per document: that code is counted, and finish() turns its counts into the facet's.
   */
  add(
    access: CodedField,
    bit: number,
    room: { counts(size: number): Uint32Array },
    expansion?: Expansion,
  ): Uint32Array | undefined {
    if (this.count === MAX_DOC_FACETS) return undefined;
    if (expansion !== undefined) {
      const outer = room.counts(access.dict.length + 1);
      const inner = this.add({ dict: access.dict, codes: expansion.codes }, bit, room)!;
      this.expanded.push({ inner, outer, expansion });
      return outer;
    }
    // Facets of one code per document go first, where the pass over candidates counts them inline.
    let f = this.count++;
    if (access.codes) {
      const at = this.fast++;
      if (at !== f) {
        this.move(at, f);
        f = at;
      }
    }
    const counts = room.counts(access.dict.length + 1);
    this.codes[f] = access.codes ?? NO_CODES;
    this.offsets[f] = access.codes ? NO_CODES : access.offsets!;
    this.values[f] = access.codes ? NO_CODES : access.values!;
    this.counts[f] = counts;
    if (bit !== 0) this.owner[31 - Math.clz32(bit)] = f;
    return counts;
  }

  /** Moves facet `from` to slot `to`, which is then free. */
  private move(from: number, to: number): void {
    this.codes[to] = this.codes[from]!;
    this.offsets[to] = this.offsets[from]!;
    this.values[to] = this.values[from]!;
    this.counts[to] = this.counts[from]!;
    for (let bit = 0; bit < 32; bit++) if (this.owner[bit] === from) this.owner[bit] = to;
  }
}

/**
 * Orders the candidate documents by segment: 0 for those with a row passing every filter, k + 1
 * for each filter k one of their rows fails alone. `segments` holds in segments[s + 1] the size of
 * segment s (see passCandidates), and then where each begins (segment s is order[segments[s] ..
 * segments[s + 1]]). Returns the order.
 */
export function segment(
  docFull: Uint8Array,
  docSingles: Uint32Array,
  count: number,
  segments: Uint32Array,
  cursor: Uint32Array,
  room: { orderFor(size: number): Uint32Array },
): Uint32Array {
  for (let s = 1; s < segments.length; s++) segments[s]! += segments[s - 1]!;
  const size = segments[segments.length - 1]!;
  const order = room.orderFor(size);
  cursor.set(segments);
  for (let j = 0; j < count; j++) {
    if (docFull[j] !== 0) {
      order[cursor[0]!++] = j;
      continue;
    }
    let singles = docSingles[j]!;
    while (singles !== 0) {
      const bit = 31 - Math.clz32(singles);
      order[cursor[bit + 1]!++] = j;
      singles ^= 1 << bit;
    }
  }
  return order;
}

/** Counts `doc` in facet f of `facets`: its code, or each of its codes (none: code 0). */
export function countDoc(facets: DocFacets, f: number, doc: number): void {
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

import { REACHABLE_HITS } from '../ranking/top-k.js';

/**
 * Arrays a listing reuses from one search to the next, sized to the type's documents and rows, so
 * a search allocates nothing per candidate. Searches run one at a time (they are synchronous).
 */
export class ListingScratch {
  /** Every document id in order: the candidates of a listing that browses everything. */
  readonly allDocs: Uint32Array;
  /** Candidate documents that fail at most one filter, and their masks. */
  readonly docs: Uint32Array;
  readonly docMasks: Uint32Array;
  /** Per candidate document: some row passes every filter; rows that fail one filter only (OR of their bits). */
  readonly docFull: Uint8Array;
  readonly docSingles: Uint32Array;
  /** Candidate indexes with a row passing every filter (segment 0), ascending. */
  readonly fullDocs: Uint32Array;
  /** Per row (of candidate documents only): the filters it fails, or all bits when not sold. */
  readonly rowMask: Uint32Array;
  /**
   * Candidate documents by what they count for: segment 0 those with a row passing every filter,
   * segment k + 1 the others with a row failing filter k alone. Segment s is
   * order[segments[s] .. segments[s + 1]].
   */
  order: Uint32Array;
  readonly segments = new Uint32Array(34);
  readonly segmentCursor = new Uint32Array(34);
  /** The text matches' scores as the text search hands them over (beside their documents, in `docs`). */
  readonly textScores: Float64Array;
  /** Per candidate document: its text score (read where it ranks). */
  readonly slotScores: Float64Array;
  /** The page's hits: their documents and the rows they show. */
  readonly pageDocs = new Uint32Array(REACHABLE_HITS);
  readonly pageRows = new Uint32Array(REACHABLE_HITS);
  /** What reading the hits' columns ahead of time summed to (see touchHitColumns). */
  touched = 0;
  /** Per document, 1 when a text match counts; 0 again after each search. */
  readonly docCounts: Uint8Array;
  /** Per slot: hidden by a rule (flagged while candidates are gathered). */
  readonly excluded: Uint8Array;
  /** Per slot: a pin stands for it, so the ranking passes it over (flagged while ranking). */
  readonly pinned: Uint8Array;
  /** Per slot of a candidate: the product of the boost and bury factors that apply to it. */
  readonly docFactors: Float64Array;
  /** Per candidate document: whether it fails a boost's or bury's selector. */
  readonly weightMasks: Uint32Array;
  /** Facets' counts of the search under way, cut from one array (see counts). */
  private countsPool = new Uint32Array(1 << 12);
  private countsUsed = 0;
  /** Per-facet "last tile seen" stamps, by field and dictionary size. */
  private readonly stamps = new Map<string, Int32Array>();
  private generation = 1;

  constructor(documents: number, rows: number) {
    this.allDocs = new Uint32Array(documents);
    for (let doc = 0; doc < documents; doc++) this.allDocs[doc] = doc;
    this.docs = new Uint32Array(documents);
    this.docMasks = new Uint32Array(documents);
    this.docFull = new Uint8Array(documents);
    this.docSingles = new Uint32Array(documents);
    this.fullDocs = new Uint32Array(documents);
    this.rowMask = new Uint32Array(rows);
    // A document can stand in several segments (one per filter its rows fail alone): at most 31.
    this.order = new Uint32Array(documents);
    this.textScores = new Float64Array(documents);
    this.slotScores = new Float64Array(documents);
    this.docCounts = new Uint8Array(documents);
    this.excluded = new Uint8Array(documents);
    this.pinned = new Uint8Array(documents);
    this.docFactors = new Float64Array(documents);
    this.weightMasks = new Uint32Array(documents);
  }

  /**
   * Zeroed counts of `size` entries, valid until releaseCounts: a typed array of its own would
   * cost as much as counting a small facet (its memory is allocated outside the heap).
   */
  counts(size: number): Uint32Array {
    if (this.countsUsed + size > this.countsPool.length) {
      // Counts already handed out keep the old array; the new one serves from here on.
      this.countsPool = new Uint32Array(Math.max(this.countsPool.length * 2, size * 2));
      this.countsUsed = 0;
    }
    const counts = this.countsPool.subarray(this.countsUsed, this.countsUsed + size);
    this.countsUsed += size;
    counts.fill(0);
    return counts;
  }

  /** Frees every count handed out since the last release (a search's counts are then invalid). */
  releaseCounts(): void {
    this.countsUsed = 0;
  }

  /** `order` with room for `size` entries. */
  orderFor(size: number): Uint32Array {
    if (this.order.length < size) this.order = new Uint32Array(size);
    return this.order;
  }

  /**
   * A stamp array of `size` for `key` and a base above every stamp it holds, so the tile at
   * position t of a count is stamped base + t without clearing the array between facets or
   * searches. Stamps stay small integers (below 2^30), which keeps the counting loops on fast paths.
   */
  stampsFor(key: string, size: number, tiles: number): { stamps: Int32Array; base: number } {
    let stamps = this.stamps.get(key);
    if (stamps === undefined || stamps.length < size) {
      stamps = new Int32Array(size);
      this.stamps.set(key, stamps);
    }
    if (this.generation + tiles + 1 >= STAMP_LIMIT) {
      for (const array of this.stamps.values()) array.fill(0);
      this.generation = 1;
    }
    const base = this.generation;
    this.generation += tiles + 1;
    return { stamps, base };
  }
}

const STAMP_LIMIT = 2 ** 30;

import { rememberingStemmer, type Stemmer, stemmerFor } from '../analysis/stem.js';

/**
 * Scratch that searches reuse, allocated once per loaded index: per-document arrays to merge a
 * word's many alternatives (typos, completions) into one list, and a pool the merged and phrase
 * lists of one search are cut from, so a search allocates no large arrays (and leaves the garbage
 * collector nothing large to free), and the stems of words searched lately.
 */
export class MatchScratch {
  /** One bit per document: whether the merge has seen it. */
  readonly seen: Uint32Array;
  /** Per document seen: the best impact × penalty so far, its alternative and posting. */
  readonly best: Float64Array;
  readonly alternative: Uint16Array;
  readonly posting: Uint32Array;
  /**
   * One bit per document, for the AND walk (see conjunction.ts): the documents every filtered
   * word holds, and one word's documents while they are added in.
   */
  readonly holders: Uint32Array;
  readonly wordBits: Uint32Array;
  private pool: ListPool = new ListPool(1 << 16);
  private readonly stemmers = new Map<string, Stemmer | undefined>();

  constructor(readonly documents: number) {
    this.seen = new Uint32Array(Math.ceil(documents / 32));
    this.best = new Float64Array(documents);
    this.alternative = new Uint16Array(documents);
    this.posting = new Uint32Array(documents);
    this.holders = new Uint32Array(this.seen.length);
    this.wordBits = new Uint32Array(this.seen.length);
  }

  /** The stemmer of a language, remembering the stems of the words searched lately. */
  stemmer(language: string): Stemmer | undefined {
    if (!this.stemmers.has(language)) {
      const stemmer = stemmerFor(language);
      this.stemmers.set(language, stemmer && rememberingStemmer(stemmer));
    }
    return this.stemmers.get(language);
  }

  /** Frees every list cut since the last release (lists of the search before are then invalid). */
  release(): void {
    this.pool.used = 0;
  }

  /** Room for a list of `length` entries, valid until the next release(). */
  list(length: number): PooledList {
    if (this.pool.used + length > this.pool.capacity) {
      // Lists already handed out keep the old arrays; the new pool serves from here on.
      this.pool = new ListPool(Math.max(this.pool.capacity * 2, length * 2));
    }
    const from = this.pool.used;
    this.pool.used += length;
    const to = from + length;
    const { docs, values, postings, alternatives } = this.pool;
    return {
      docs: docs.subarray(from, to),
      values: values.subarray(from, to),
      postings: postings.subarray(from, to),
      alternatives: alternatives.subarray(from, to),
    };
  }
}

export interface PooledList {
  docs: Uint32Array;
  values: Float32Array;
  postings: Uint32Array;
  alternatives: Uint16Array;
}

class ListPool {
  used = 0;
  readonly docs: Uint32Array;
  readonly values: Float32Array;
  readonly postings: Uint32Array;
  readonly alternatives: Uint16Array;

  constructor(readonly capacity: number) {
    this.docs = new Uint32Array(capacity);
    this.values = new Float32Array(capacity);
    this.postings = new Uint32Array(capacity);
    this.alternatives = new Uint16Array(capacity);
  }
}

import { FIELD_COUNT } from './fields.js';
import { Growable } from './growable.js';
import { MAX_TERM_FREQUENCY, type Postings } from './postings.js';

/**
 * Collects postings in the order documents arrive (term ids in first-seen order), then lays them
 * out per term with one counting sort. Flat typed arrays instead of an array per term keep a
 * catalog of 100k products at a few bytes per posting while building.
 */
export class PostingsBuilder {
  private readonly termOf = new Growable((n) => new Uint32Array(n), 1 << 16);
  private readonly docOf = new Growable((n) => new Uint32Array(n), 1 << 16);
  private readonly tf = new Growable((n) => new Uint8Array(n), FIELD_COUNT << 16);
  /** Per term: the last doc that got a posting, and that posting's position. */
  private readonly lastDoc = new Growable((n) => new Int32Array(n), 1 << 12);
  private readonly lastPosting = new Growable((n) => new Uint32Array(n), 1 << 12);

  /** Counts one occurrence of `term` in `field` of `doc`; docs must come in ascending order. */
  add(term: number, doc: number, field: number): void {
    while (this.lastDoc.length <= term) {
      this.lastDoc.push(-1);
      this.lastPosting.push(0);
    }
    let posting: number;
    if (this.lastDoc.array[term] === doc) {
      posting = this.lastPosting.array[term]!;
    } else {
      posting = this.docOf.length;
      this.termOf.push(term);
      this.docOf.push(doc);
      this.tf.extend(FIELD_COUNT);
      this.lastDoc.array[term] = doc;
      this.lastPosting.array[term] = posting;
    }
    const slot = posting * FIELD_COUNT + field;
    if (this.tf.array[slot]! < MAX_TERM_FREQUENCY) this.tf.array[slot]!++;
  }

  /** Lays postings out by final term id: `rank[id]` is the sorted position of first-seen term `id`. */
  build(rank: Uint32Array): Postings {
    const termCount = rank.length;
    const count = this.docOf.length;
    const start = new Uint32Array(termCount + 1);
    for (let p = 0; p < count; p++) start[rank[this.termOf.array[p]!]! + 1]!++;
    for (let t = 0; t < termCount; t++) start[t + 1]! += start[t]!;
    const next = start.slice(0, termCount);
    const docs = new Uint32Array(count);
    const tf = new Uint8Array(count * FIELD_COUNT);
    // Postings were added in doc order, so filling each term's range front to back keeps it sorted.
    for (let p = 0; p < count; p++) {
      const to = next[rank[this.termOf.array[p]!]!]!++;
      docs[to] = this.docOf.array[p]!;
      for (let field = 0; field < FIELD_COUNT; field++) {
        tf[to * FIELD_COUNT + field] = this.tf.array[p * FIELD_COUNT + field]!;
      }
    }
    return { start, docs, tf };
  }
}

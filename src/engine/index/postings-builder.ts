import { grown } from './growable.js';
import { MAX_POSITIONS, MAX_TERM_FREQUENCY, NO_POSITION, type Postings } from './postings.js';

/**
 * Collects postings in the order documents arrive (term ids in first-seen order), then lays them
 * out per term with one counting sort, documents renumbered in the index's order. Flat typed arrays instead of an array per term keep a
 * catalog of 100k products at a few bytes per posting while building. Each array keeps one
 * element type (the hot loops stay monomorphic) and doubles when full.
 */
export class PostingsBuilder {
  /** Per posting in arrival order: its term and its frequencies per field. */
  private termOf: Uint32Array = new Uint32Array(1 << 16);
  private tf: Uint8Array;
  /** Per posting: where its positions start in `positions`, and how many it has. */
  private positionStart: Uint32Array = new Uint32Array(1 << 16);
  private positionCount: Uint8Array = new Uint8Array(1 << 16);
  private count = 0;
  private positions: Uint16Array = new Uint16Array(1 << 16);
  private positionLength = 0;
  /** The current document's word occurrences: posting and position. */
  private occurrencePosting: Uint32Array = new Uint32Array(1 << 10);
  private occurrencePosition: Uint16Array = new Uint16Array(1 << 10);
  private occurrences = 0;
  private documentStart = 0;
  /** Per document in arrival order, where its postings start; one more at the end. */
  private documentStarts: Uint32Array = new Uint32Array(1 << 12);
  private documentCount = 0;
  /** Per term: the last doc that got a posting, and that posting's number. */
  private lastDoc: Int32Array = new Int32Array(1 << 12).fill(-1);
  private lastPosting: Uint32Array = new Uint32Array(1 << 12);

  constructor(private readonly fieldCount: number) {
    this.tf = new Uint8Array(Math.max(fieldCount, 1) << 16);
  }

  /**
   * Counts one occurrence of `term` at `position` in `field` of `doc`; docs must come in ascending
   * order, and each doc ends with endDocument().
   */
  add(term: number, doc: number, field: number, position: number): void {
    if (term >= this.lastDoc.length) this.growTerms(term + 1);
    let posting: number;
    if (this.lastDoc[term] === doc) {
      posting = this.lastPosting[term]!;
    } else {
      posting = this.count;
      if (posting === this.termOf.length) this.growPostings();
      this.count++;
      this.termOf[posting] = term;
      this.lastDoc[term] = doc;
      this.lastPosting[term] = posting;
    }
    const slot = posting * this.fieldCount + field;
    if (this.tf[slot]! < MAX_TERM_FREQUENCY) this.tf[slot]!++;
    if (position !== NO_POSITION) {
      if (this.occurrences === this.occurrencePosting.length) this.growOccurrences();
      this.occurrencePosting[this.occurrences] = posting;
      this.occurrencePosition[this.occurrences] = position;
      this.occurrences++;
    }
  }

  /** Files the document's positions by posting, the first MAX_POSITIONS of each. */
  endDocument(): void {
    const first = this.documentStart;
    const end = this.count;
    this.documentStart = end;
    if (this.documentCount + 2 > this.documentStarts.length) {
      this.documentStarts = grown(this.documentStarts, this.documentCount + 2);
    }
    this.documentStarts[++this.documentCount] = end;
    const counts = this.positionCount;
    const starts = this.positionStart;
    const postingOf = this.occurrencePosting;
    const positionOf = this.occurrencePosition;
    for (let i = 0; i < this.occurrences; i++) {
      const posting = postingOf[i]!;
      if (counts[posting]! < MAX_POSITIONS) counts[posting]!++;
    }
    let at = this.positionLength;
    for (let posting = first; posting < end; posting++) {
      starts[posting] = at;
      at += counts[posting]!;
      counts[posting] = 0;
    }
    if (at > this.positions.length) this.positions = grown(this.positions, at);
    this.positionLength = at;
    // Fill each posting's range front to back; `counts` becomes how many are filled so far.
    const positions = this.positions;
    for (let i = 0; i < this.occurrences; i++) {
      const posting = postingOf[i]!;
      const count = counts[posting]!;
      if (count >= MAX_POSITIONS) continue;
      positions[starts[posting]! + count] = positionOf[i]!;
      counts[posting] = count + 1;
    }
    this.occurrences = 0;
  }

  /**
   * Lays postings out by final term id (`rank[id]` is the sorted position of first-seen term
   * `id`), documents numbered by `arrivalOf`: document d is the one that arrived `arrivalOf[d]`-th.
   */
  build(rank: Uint32Array, arrivalOf: Uint32Array): Postings {
    if (arrivalOf.length !== this.documentCount) {
      throw new RangeError(`an order of ${arrivalOf.length} documents for ${this.documentCount}`);
    }
    const fields = this.fieldCount;
    const termCount = rank.length;
    const count = this.count;
    const { termOf, tf: sourceTf, positionStart: sourceStart, positionCount: sourceCount } = this;
    // Count each term's postings and positions, then turn the counts into where each term starts.
    const start = new Uint32Array(termCount + 1);
    const nextPosition = new Uint32Array(termCount + 1);
    for (let p = 0; p < count; p++) {
      const term = rank[termOf[p]!]!;
      start[term + 1]!++;
      nextPosition[term + 1]! += sourceCount[p]!;
    }
    for (let t = 0; t < termCount; t++) {
      start[t + 1]! += start[t]!;
      nextPosition[t + 1]! += nextPosition[t]!;
    }
    const next = start.slice(0, termCount);
    const docs = new Uint32Array(count);
    const tf = new Uint8Array(count * fields);
    const positionCount = new Uint8Array(count);
    const positionStart = new Uint32Array(count + 1);
    const positions = new Uint16Array(this.positionLength);
    const sourcePositions = this.positions;
    // One pass over the documents in their final order writes each posting and its positions to
    // their places: filling each term's ranges front to back keeps them sorted.
    const documentStarts = this.documentStarts;
    for (let doc = 0; doc < arrivalOf.length; doc++) {
      const arrived = arrivalOf[doc]!;
      for (let p = documentStarts[arrived]!; p < documentStarts[arrived + 1]!; p++) {
        const term = rank[termOf[p]!]!;
        const to = next[term]!++;
        docs[to] = doc;
        for (let field = 0; field < fields; field++) tf[to * fields + field] = sourceTf[p * fields + field]!;
        const at = nextPosition[term]!;
        const from = sourceStart[p]!;
        const length = sourceCount[p]!;
        for (let i = 0; i < length; i++) positions[at + i] = sourcePositions[from + i]!;
        positionCount[to] = length;
        nextPosition[term] = at + length;
      }
    }
    // Scattering a byte per posting touches less memory than scattering where each one starts.
    for (let to = 0; to < count; to++) positionStart[to + 1] = positionStart[to]! + positionCount[to]!;
    return { start, docs, tf, positionStart, positions };
  }

  private growTerms(needed: number): void {
    const size = Math.max(needed, this.lastDoc.length * 2);
    const lastDoc = new Int32Array(size).fill(-1);
    lastDoc.set(this.lastDoc);
    this.lastDoc = lastDoc;
    this.lastPosting = grown(this.lastPosting, size);
  }

  private growPostings(): void {
    const size = this.termOf.length * 2;
    this.termOf = grown(this.termOf, size);
    this.positionStart = grown(this.positionStart, size);
    this.positionCount = grown(this.positionCount, size);
    this.tf = grown(this.tf, size * this.fieldCount);
  }

  private growOccurrences(): void {
    const size = this.occurrencePosting.length * 2;
    this.occurrencePosting = grown(this.occurrencePosting, size);
    this.occurrencePosition = grown(this.occurrencePosition, size);
  }
}

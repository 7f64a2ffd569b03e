/** The most hits a section pages through: the contract's `reachable_hits` limit. */
export const REACHABLE_HITS = 1000;

/**
 * What a match walk offers its scored documents to: a TopK, or a collector of every match (whose
 * floor stays -Infinity, so nothing is passed over).
 */
export interface Ranking {
  /** Starts over, keeping the best `k`. */
  reset(k: number): void;
  offer(doc: number, score: number): void;
  /** A score below which nothing enters any more. */
  floor(): number;
  /** A score below which `doc` does not enter: floor(), or above it where the ranking weighs `doc` apart. */
  floorOf(doc: number): number;
}

/** Where a search writes every match (docs) and its score (scores, at the same index, unless it scores later), unranked. */
export interface Collected {
  readonly docs: Uint32Array;
  readonly scores: Float64Array;
}

/**
 * The best k documents by score, ties to the one first in the tie order (see tieOrder; by default
 * the lower doc id), in a binary min-heap whose root is the worst kept. Its arrays are allocated
 * once, at the largest k a page can ask for, and reused by every search.
 */
export class TopK implements Ranking {
  private readonly docs: Uint32Array;
  /** Per kept document, its place in the tie order. */
  private readonly ties: Uint32Array;
  private readonly scores: Float64Array;
  private k = 0;
  private size = 0;
  private order: Uint32Array | undefined;

  constructor(readonly capacity: number = REACHABLE_HITS) {
    this.docs = new Uint32Array(capacity);
    this.ties = new Uint32Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  /**
   * Ties break by `order[doc]` from now on (a type's catalog positions: documents are numbered
   * in category order, ties keep the catalog's), or by doc id when undefined. Every search sets it
   * before it ranks: the heap is shared by the types of an index.
   */
  tieOrder(order: Uint32Array | undefined): this {
    this.order = order;
    return this;
  }

  reset(k: number): void {
    if (k > this.capacity) throw new RangeError(`top-k of ${k} exceeds its capacity ${this.capacity}`);
    this.k = k;
    this.size = 0;
  }

  offer(doc: number, score: number): void {
    const tie = this.order === undefined ? doc : this.order[doc]!;
    if (this.size < this.k) {
      this.docs[this.size] = doc;
      this.ties[this.size] = tie;
      this.scores[this.size] = score;
      this.siftUp(this.size++);
    } else if (this.k > 0 && worse(this.scores[0]!, this.ties[0]!, score, tie)) {
      this.docs[0] = doc;
      this.ties[0] = tie;
      this.scores[0] = score;
      this.siftDown(0);
    }
  }

  /**
   * A score below which nothing enters any more: the worst kept once the heap is full (an entry
   * of that very score still may, earlier in the tie order), else -Infinity.
   */
  floor(): number {
    return this.size === this.k && this.k > 0 ? this.scores[0]! : Number.NEGATIVE_INFINITY;
  }

  floorOf(): number {
    return this.floor();
  }

  /**
   * Empties the heap into `docs` and `scores`, best first; returns how many there were.
   */
  drain(docs: Uint32Array, scores: Float64Array): number {
    const count = this.size;
    for (let i = count - 1; i >= 0; i--) {
      docs[i] = this.docs[0]!;
      scores[i] = this.scores[0]!;
      this.size--;
      if (this.size > 0) {
        this.docs[0] = this.docs[this.size]!;
        this.ties[0] = this.ties[this.size]!;
        this.scores[0] = this.scores[this.size]!;
        this.siftDown(0);
      }
    }
    return count;
  }

  private siftUp(at: number): void {
    const doc = this.docs[at]!;
    const tie = this.ties[at]!;
    const score = this.scores[at]!;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!worse(score, tie, this.scores[parent]!, this.ties[parent]!)) break;
      this.move(parent, at);
      at = parent;
    }
    this.docs[at] = doc;
    this.ties[at] = tie;
    this.scores[at] = score;
  }

  private siftDown(at: number): void {
    const doc = this.docs[at]!;
    const tie = this.ties[at]!;
    const score = this.scores[at]!;
    const size = this.size;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      const right = child + 1;
      if (
        right < size &&
        worse(this.scores[right]!, this.ties[right]!, this.scores[child]!, this.ties[child]!)
      ) {
        child = right;
      }
      if (!worse(this.scores[child]!, this.ties[child]!, score, tie)) break;
      this.move(child, at);
      at = child;
    }
    this.docs[at] = doc;
    this.ties[at] = tie;
    this.scores[at] = score;
  }

  private move(from: number, to: number): void {
    this.docs[to] = this.docs[from]!;
    this.ties[to] = this.ties[from]!;
    this.scores[to] = this.scores[from]!;
  }
}

/** Whether (scoreA, tieA) ranks below (scoreB, tieB): a lower score, or the same and later in the tie order. */
function worse(scoreA: number, tieA: number, scoreB: number, tieB: number): boolean {
  return scoreA < scoreB || (scoreA === scoreB && tieA > tieB);
}

import { Growable, grown } from './growable.js';

/** Texts up to this many characters are remembered: keywords, brands, attribute values... */
const MAX_REMEMBERED_LENGTH = 24;
/** ... and this many of them at most, so a catalog of unique short texts costs little memory. */
const MAX_REMEMBERED_TEXTS = 1 << 14;

/**
 * The terms of one text as it is indexed: `words` it counts, and per term (words, and glued
 * words joined) its id and its place among the text's words, in the order they are indexed.
 */
export class TextTerms {
  words = 0;
  count = 0;
  terms = new Uint32Array(64);
  places = new Uint32Array(64);

  clear(): void {
    this.words = 0;
    this.count = 0;
  }

  push(term: number, place: number): void {
    if (this.count === this.terms.length) {
      this.terms = grown(this.terms, this.count + 1);
      this.places = grown(this.places, this.count + 1);
    }
    this.terms[this.count] = term;
    this.places[this.count] = place;
    this.count++;
  }
}

/**
 * The terms of short texts already indexed, by text: a catalog repeats its keywords, brands and
 * attribute values on thousands of entities, and reading their terms back skips folding,
 * segmenting and hashing their words again. Term ids stay valid while the type is built.
 */
export class RememberedTexts {
  private readonly at = new Map<string, number>();
  /** Per text from its offset: words, term count, then term id and place per term. */
  private readonly pool = new Growable((n) => new Uint32Array(n), 1 << 12);

  /** Fills `out` with the terms of `text` if it is remembered; false when it is not. */
  recall(text: string, out: TextTerms): boolean {
    // A long text is never remembered: not even hashed to look for it.
    if (text.length > MAX_REMEMBERED_LENGTH) return false;
    const at = this.at.get(text);
    if (at === undefined) return false;
    const pool = this.pool.array;
    out.words = pool[at]!;
    out.count = 0;
    const end = at + 2 + 2 * pool[at + 1]!;
    for (let i = at + 2; i < end; i += 2) out.push(pool[i]!, pool[i + 1]!);
    return true;
  }

  /** Remembers the terms of `text` when it is short and there is room. */
  remember(text: string, terms: TextTerms): void {
    if (text.length > MAX_REMEMBERED_LENGTH || this.at.size === MAX_REMEMBERED_TEXTS) return;
    const at = this.pool.extend(2 + 2 * terms.count);
    const pool = this.pool.array;
    pool[at] = terms.words;
    pool[at + 1] = terms.count;
    for (let i = 0; i < terms.count; i++) {
      pool[at + 2 + 2 * i] = terms.terms[i]!;
      pool[at + 3 + 2 * i] = terms.places[i]!;
    }
    this.at.set(text, at);
  }
}

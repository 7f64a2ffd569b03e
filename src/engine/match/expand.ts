import { type AnalyzedWords, MAX_JOINED_WORDS } from '../analysis/analyze.js';
import { EXACT_NAMESPACE, identifierTerm } from '../analysis/identifiers.js';
import { isStemmable, type Stemmer } from '../analysis/stem.js';
import { findSynonyms, generalKey, type Synonyms } from '../analysis/synonyms.js';
import { findTypos } from '../analysis/typos.js';
import type { TypeIndex } from '../engine-index.js';
import type { TermDictionary } from '../index/dictionary.js';
import { documentFrequency } from '../index/postings.js';
import { inverseDocumentFrequency } from '../ranking/bm25.js';
import { type MatchKind, penaltyOf } from '../ranking/parts.js';

/** One way a query word is found: a term of the dictionary, or a phrase of terms in order. */
export class Alternative {
  #text: string | undefined;

  constructor(
    private readonly dictionary: TermDictionary,
    public kind: MatchKind,
    /** One term id, or the ids of a phrase's words in order. */
    readonly terms: number[],
    public typos: number,
    /** Multiplies the part of the score this alternative brings (1 for the word as typed). */
    public penalty: number,
    /** Documents holding it (for a phrase, an upper bound: its rarest word's). */
    readonly documents: number,
  ) {}

  /** The term or phrase as the index spells it (without namespaces), decoded when first asked for. */
  get text(): string {
    this.#text ??= this.terms.map((term) => visible(this.dictionary.term(term))).join(' ');
    return this.#text;
  }
}

/** A query word with every alternative it is found by. A document must match one of them. */
export interface Slot {
  word: string;
  /** The word's place in the query. */
  index: number;
  alternatives: Alternative[];
  /** Inverse document frequency of the word as the shopper meant it (its most common alternative). */
  idf: number;
  /** Sum of the alternatives' documents: an upper bound of the documents the word matches. */
  documents: number;
}

export interface ExpandOptions {
  /** The last word may match as the start of a longer word. */
  prefix: boolean;
  /** Language of the query's stems; undefined: none. */
  language: string | undefined;
  /** That language's stemmer. */
  stemmer: Stemmer | undefined;
  synonyms: Synonyms;
}

/** A word its other alternatives find in fewer documents than this is also searched with typos. */
export const TYPOS_BELOW = 3;
/** Typo alternatives kept per word, fewest typos first. */
export const MAX_TYPO_TERMS = 16;
/** Completions kept for the last word, the most common first: fewer for a word of one or two letters, which starts too many words to read them all. */
export const MAX_PREFIX_TERMS = 24;
const SHORT_PREFIX_TERMS: readonly number[] = [0, 4, 8, 16];
/** Ways a word is split into two known words, at most. */
const MAX_SPLITS = 3;
const HAS_DIGIT = /\p{N}/u;
const IS_LETTER = /\p{L}/u;

/** The slots of a query for one type: each word with its alternatives in this type's dictionary. */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: each word's alternatives (stems, typos, splits, glued words) are decided in one place, in the order they are tried
export function expandQuery(type: TypeIndex, query: AnalyzedWords, options: ExpandOptions): Slot[] {
  const { words, glued } = query;
  const builders = words.map((word, index) => new SlotBuilder(type, word, index));
  const { stemmer } = options;
  const stems = options.language === undefined ? undefined : type.stemIndexes[options.language];

  words.forEach((word, i) => {
    const slot = builders[i]!;
    slot.addWord(word, 'exact');
    if (type.hasIdentifiers) slot.addIdentifier(word);
    if (HAS_DIGIT.test(word) || type.dictionary.lookup(word) < 0) slot.addSplits(word);
    if (stemmer && stems && isStemmable(word)) {
      for (const term of stems.termsOf(stemmer(word))) slot.add('stem', [term], 0);
    }
    const isLast = i === words.length - 1;
    if (isLast && options.prefix && type.schema.prefix) {
      slot.addPrefixes(word, narrowestOther(builders.slice(0, i), type.documents));
    }
  });

  // Words written together or apart: `dv7 1211ea` finds `dv71211ea` and the reverse, `16 gb` finds `16gb`.
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = words[i]! + words[i + 1]!;
    for (const slot of builders.slice(i, i + 2)) {
      slot.addWord(joined, 'join');
      if (type.hasIdentifiers) slot.addIdentifier(joined);
    }
  }
  // Longer runs of glued words (`978-3-16-148410-0`) as one term or identifier.
  let runStart = 0;
  for (let i = 1; i <= words.length; i++) {
    if (i < words.length && glued[i]) continue;
    const count = i - runStart;
    if (count >= 3) {
      const joined = words.slice(runStart, i).join('');
      for (const slot of builders.slice(runStart, i)) {
        if (count <= MAX_JOINED_WORDS) slot.addWord(joined, 'join');
        if (type.hasIdentifiers) slot.addIdentifier(joined);
      }
    }
    runStart = i;
  }

  for (const match of findSynonyms(options.synonyms, words)) {
    for (const output of match.outputs) {
      const terms = output.map((word) => type.dictionary.lookup(word));
      const phrase = terms.length > 1 && terms.every((term) => term >= 0);
      const kind = options.synonyms.general.has(generalKey(match.input, output)) ? 'vocabulary' : 'synonym';
      for (const slot of builders.slice(match.start, match.start + match.count)) {
        if (phrase) slot.add(kind, terms, 0);
        else if (output.length === 1) {
          slot.addWord(output[0]!, kind);
          if (stemmer && stems && isStemmable(output[0]!)) {
            for (const term of stems.termsOf(stemmer(output[0]!))) slot.add(kind, [term], 0, 'stem');
          }
        }
      }
    }
  }

  // Typos are for words the catalog does not know: one it holds (as typed, by identifier, split,
  // join, stem, synonym or completion) in TYPOS_BELOW documents or more is taken as meant.
  words.forEach((word, i) => {
    const slot = builders[i]!;
    const typos = slot.documents() < TYPOS_BELOW ? allowedTypos(type, word) : 0;
    if (typos === 0) return;
    const size = type.dictionary.size;
    for (const match of findTypos(type.dictionary, word, typos, type.firstWordTerm, size, MAX_TYPO_TERMS)) {
      slot.add('typo', [match.term], match.typos);
    }
  });
  return builders.map((builder) => builder.build());
}

/** Typos a word allows in this type: none for numbers and model numbers, else by its length. */
function allowedTypos(type: TypeIndex, word: string): number {
  const { enabled, oneTypoMinLetters, twoTyposMinLetters } = type.schema.typos;
  if (!enabled || HAS_DIGIT.test(word)) return 0;
  const letters = [...word].length;
  if (letters >= twoTyposMinLetters) return 2;
  return letters >= oneTypoMinLetters ? 1 : 0;
}

class SlotBuilder {
  private readonly alternatives: Alternative[] = [];
  /** By term id for one term, by the ids joined for a phrase. */
  private readonly byKey = new Map<number | string, Alternative>();

  constructor(
    private readonly type: TypeIndex,
    private readonly word: string,
    private readonly index: number,
  ) {}

  /** Documents the alternatives so far hold, counted per alternative. */
  documents(): number {
    let sum = 0;
    for (const alternative of this.alternatives) sum += alternative.documents;
    return sum;
  }

  /** A word as a term, in the word fields and the exempt ones. */
  addWord(word: string, kind: MatchKind): void {
    const term = this.type.dictionary.lookup(word);
    if (term >= 0) this.add(kind, [term], 0);
    if (this.type.hasExactFields) {
      const exact = this.type.dictionary.lookup(EXACT_NAMESPACE + word);
      if (exact >= 0) this.add(kind, [exact], 0);
    }
  }

  addIdentifier(text: string): void {
    const key = identifierTerm(text);
    if (key === undefined) return;
    const term = this.type.dictionary.lookup(key);
    if (term >= 0) this.add('identifier', [term], 0);
  }

  /** `16gb` as `16 gb`, `phonecase` as `phone case`: two known words in a row. */
  addSplits(word: string): void {
    const letters = [...word];
    let splits = 0;
    for (let at = 1; at < letters.length && splits < MAX_SPLITS; at++) {
      const boundary = IS_LETTER.test(letters[at - 1]!) !== IS_LETTER.test(letters[at]!);
      if (!boundary && (at < 2 || letters.length - at < 2)) continue;
      const left = this.type.dictionary.lookupPrefix(letters.slice(0, at).join(''));
      // No term starts with the left part: none starts with a longer one either.
      if (left === -2) return;
      const right = left < 0 ? -1 : this.type.dictionary.lookup(letters.slice(at).join(''));
      if (right < 0) continue;
      this.add('split', [left, right], 0);
      splits++;
    }
  }

  /**
   * The most common words that start with `word`, as long as together they hold no more postings
   * than the type has documents. A completion found in more than half the documents narrows
   * nothing (`for`, `with`), so it is passed over while others are there.
   */
  addPrefixes(word: string, other?: SlotBuilder): void {
    const { dictionary, postings, firstWordTerm, documents } = this.type;
    const [from, to] = dictionary.prefixRange(word);
    const start = Math.max(from, firstWordTerm);
    if (other !== undefined && this.addPrefixesMeeting(start, to, other)) return;
    const limit = SHORT_PREFIX_TERMS[[...word].length] ?? MAX_PREFIX_TERMS;
    const frequency = (term: number) => documentFrequency(postings, term);
    let completions = mostFrequent(start, to, limit, frequency, (df) => df <= documents / 2);
    if (completions.length === 0) completions = mostFrequent(start, to, limit, frequency, () => true);
    let budget = documents;
    for (const term of completions) {
      const df = frequency(term);
      if (budget < df && budget < documents) break;
      budget -= df;
      this.add('prefix', [term], 0);
    }
  }

  /**
   * The completions of the last word that the words before it meet: the documents of the
   * narrowest other word are marked, and the completions in [from, to) holding one of them are
   * taken, the most common first (`mattress to` completes to `topper` however rare `topper` is in
   * the catalog). Answers false, adding nothing, when the completions hold more postings than
   * PREFIX_WALK_BUDGET allows to read, so the most common completions are taken as without
   * other words.
   */
  addPrefixesMeeting(from: number, to: number, other: SlotBuilder): boolean {
    const { postings } = this.type;
    const { docs, start } = postings;
    let budget = PREFIX_WALK_BUDGET;
    for (let term = from; term < to; term++) {
      budget -= documentFrequency(postings, term);
      if (budget < 0) return false;
    }
    const marked = markedScratch(this.type.documents);
    const terms = other.singleTerms();
    for (const term of terms) for (let p = start[term]!; p < start[term + 1]!; p++) marked.mark(docs[p]!);
    const meeting: number[] = [];
    for (let term = from; term < to; term++) {
      for (let p = start[term]!; p < start[term + 1]!; p++) {
        if (marked.has(docs[p]!)) {
          meeting.push(term);
          break;
        }
      }
    }
    marked.clear(terms, postings);
    if (meeting.length === 0) return false;
    meeting.sort((a, b) => documentFrequency(postings, b) - documentFrequency(postings, a) || a - b);
    for (const term of meeting.slice(0, MAX_PREFIX_TERMS)) this.add('prefix', [term], 0);
    return true;
  }

  /** The single terms of the alternatives so far (not the phrases). */
  singleTerms(): number[] {
    return this.alternatives.filter((alternative) => alternative.terms.length === 1).map((a) => a.terms[0]!);
  }

  /** Adds an alternative unless one for the same terms is already there with a smaller penalty. */
  add(kind: MatchKind, terms: number[], typos: number, also?: MatchKind): void {
    const spread = this.type.tierSpread;
    const penalty = penaltyOf(kind, typos, spread) * (also ? penaltyOf(also, 0, spread) : 1);
    const key = terms.length === 1 ? terms[0]! : terms.join(',');
    const known = this.byKey.get(key);
    if (known) {
      if (known.penalty >= penalty) return;
      known.kind = kind;
      known.typos = typos;
      known.penalty = penalty;
      return;
    }
    const { dictionary, postings } = this.type;
    let documents = Number.MAX_SAFE_INTEGER;
    for (const term of terms) documents = Math.min(documents, documentFrequency(postings, term));
    const alternative = new Alternative(dictionary, kind, terms, typos, penalty, documents);
    this.alternatives.push(alternative);
    this.byKey.set(key, alternative);
  }

  build(): Slot {
    const alternatives = this.alternatives.sort((a, b) => b.penalty - a.penalty || b.documents - a.documents);
    let documents = 0;
    let common = 0;
    for (const alternative of alternatives) {
      documents += alternative.documents;
      common = Math.max(common, alternative.documents);
    }
    return {
      word: this.word,
      index: this.index,
      alternatives,
      idf: inverseDocumentFrequency(common, this.type.documents),
      documents,
    };
  }
}

/**
 * Postings the completions of a last word may hold for them to be chosen by the words before it:
 * reading them costs about a nanosecond each, so a short prefix of a common letter (whose
 * completions hold most of the catalog's postings) keeps the most common completions instead.
 */
export const PREFIX_WALK_BUDGET = 200_000;

/**
 * The other word that narrows most: the one whose alternatives hold the fewest documents, if it
 * holds at most half of them (a common word would choose nearly every completion anyway).
 */
function narrowestOther(others: readonly SlotBuilder[], documents: number): SlotBuilder | undefined {
  let best: SlotBuilder | undefined;
  let fewest = documents / 2;
  for (const other of others) {
    const held = other.documents();
    if (held > 0 && held <= fewest) {
      best = other;
      fewest = held;
    }
  }
  return best;
}

/** Documents marked in a bitset kept per size, cleared after each use by the terms that marked it. */
class MarkedDocuments {
  readonly #words: Uint32Array;

  constructor(documents: number) {
    this.#words = new Uint32Array((documents >>> 5) + 1);
  }

  mark(doc: number): void {
    this.#words[doc >>> 5]! |= 1 << (doc & 31);
  }

  has(doc: number): boolean {
    return (this.#words[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  }

  clear(terms: readonly number[], postings: { start: Uint32Array; docs: Uint32Array }): void {
    for (const term of terms) {
      for (let p = postings.start[term]!; p < postings.start[term + 1]!; p++)
        this.#words[postings.docs[p]! >>> 5] = 0;
    }
  }
}

const markedBySize = new Map<number, MarkedDocuments>();

function markedScratch(documents: number): MarkedDocuments {
  let marked = markedBySize.get(documents);
  if (!marked) {
    if (markedBySize.size > 8) markedBySize.clear();
    marked = new MarkedDocuments(documents);
    markedBySize.set(documents, marked);
  }
  return marked;
}

/** Up to `limit` terms of [from, to) that `keep` accepts by frequency, the most frequent first. */
function mostFrequent(
  from: number,
  to: number,
  limit: number,
  frequency: (term: number) => number,
  keep: (df: number) => boolean,
): number[] {
  const best: number[] = [];
  for (let term = from; term < to; term++) {
    const df = frequency(term);
    if (!keep(df) || (best.length === limit && df <= frequency(best[limit - 1]!))) continue;
    let at = best.length;
    while (at > 0 && frequency(best[at - 1]!) < df) at--;
    best.splice(at, 0, term);
    if (best.length > limit) best.pop();
  }
  return best;
}

/** A term without its namespace character. */
function visible(term: string): string {
  return term.charCodeAt(0) < 0x20 ? term.slice(1) : term;
}

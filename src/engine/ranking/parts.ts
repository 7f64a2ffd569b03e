/**
 * The parts a hit's score is made of, and the constants that weigh them. A hit scores
 *
 *   completeness + text + proximity + exactness
 *
 * completeness  0 for a document holding every query word; −MISSING_WORD for each word it
 *               lacks, when a search fills a short list with documents lacking its least
 *               informative word: they rank after every document that has them all
 * text       Σ over query words of idf(word) × penalty(how it matched) × Σ over fields of
 *            weight(field) × BM25 term frequency part (see bm25.ts)
 * proximity  Σ over neighbouring query words found near each other: closeness × the weight of
 *            the field they are near in (relative to the heaviest) × the rarer word's idf
 * exactness  the words all found in the heaviest field, and that field holding nothing else
 */

/** How a query word was found. */
export type MatchKind =
  | 'exact'
  | 'identifier'
  | 'join'
  | 'split'
  | 'synonym'
  | 'vocabulary'
  | 'stem'
  | 'typo'
  | 'prefix';

/** Multipliers of a word's text part by how it matched: the word as typed counts most. */
export const PENALTIES: Readonly<Record<Exclude<MatchKind, 'typo'>, number>> = {
  exact: 1,
  identifier: 1,
  join: 1,
  split: 0.9,
  synonym: 0.9,
  // A synonym of the general built-in vocabulary, not the shop's own: it finds what a shopper
  // meant where the catalog says it otherwise, and ranks below the word as typed and its stems.
  vocabulary: 0.3,
  stem: 0.8,
  prefix: 0.6,
};
/** By number of typos: one, two. */
export const TYPO_PENALTIES: readonly number[] = [1, 0.5, 0.3];

export function penaltyOf(kind: MatchKind, typos: number): number {
  return kind === 'typo' ? (TYPO_PENALTIES[typos] ?? 0) : PENALTIES[kind];
}

/** The completeness part per word a document lacks: more than any text part reaches. */
export const MISSING_WORD = 1000;

/** Neighbouring words this far apart or closer bring a proximity part. */
export const MAX_PROXIMITY_DISTANCE = 8;
/** Weights of the parts beside the text part. */
export const SCORING: Readonly<{ proximity: number; coverage: number; wholeField: number }> = {
  /** Proximity part of two adjacent words in the heaviest field, per unit of idf. */
  proximity: 2,
  /** Exactness part per unit of mean idf: the words all in the heaviest field... */
  coverage: 2,
  /** ... and that field holding nothing else. */
  wholeField: 2,
};

/** Closeness of two words `distance` apart: 1 when adjacent in order, falling with distance. */
export function closeness(distance: number): number {
  return distance > MAX_PROXIMITY_DISTANCE ? 0 : 1 / distance;
}

/** One query word's part of a hit's score. */
export interface WordPart {
  word: string;
  /** The term or phrase that matched, as indexed. */
  matched: string;
  kind: MatchKind;
  typos?: number;
  penalty: number;
  idf: number;
  /** idf × penalty × the matched posting's field-weighted BM25 part. */
  score: number;
  /** The score split by the fields the matched term is in. */
  fields: Record<string, number>;
}

/** A query word the hit lacks (a search that filled its list). */
export interface MissingWord {
  word: string;
  missing: true;
}

/** Why a hit scores what it does. */
export interface ScoreParts {
  total: number;
  completeness: number;
  text: number;
  proximity: number;
  exactness: number;
  words: Array<WordPart | MissingWord>;
}

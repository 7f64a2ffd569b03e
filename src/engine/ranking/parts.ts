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

/**
 * How a match ranks, in tiers, as the best engines order them: the shopper's own word (as typed,
 * as an identifier, joined or split, its stems and, for the last word, its completions), then
 * another word for it (the shop's synonyms, the built-in vocabulary), then a typo, then two. Within
 * the first tier the word as typed counts most: these multiply its text part.
 */
export const PENALTIES: Readonly<Record<Exclude<MatchKind, 'typo' | 'synonym' | 'vocabulary'>, number>> = {
  exact: 1,
  identifier: 1,
  join: 1,
  split: 0.9,
  stem: 0.8,
  prefix: 0.6,
};
/** The least a match of the shopper's own word counts: the tiers below start under it. */
const OWN_WORD_FLOOR = Math.min(...Object.values(PENALTIES));

/**
 * The multiplier of a match's text part. Each tier below the shopper's word counts `spread`
 * times less than the least of the tier above, where `spread` is how far apart two matches of one
 * word in the heaviest field can score by that field's lengths alone (bm25.ts lengthSpread): so a
 * synonym found in a title never outscores the word as typed found in another title, however
 * short the one and long the other, and a typo never outscores a synonym.
 */
export function penaltyOf(kind: MatchKind, typos: number, spread: number): number {
  if (kind === 'synonym' || kind === 'vocabulary') return OWN_WORD_FLOOR / spread;
  if (kind === 'typo') return OWN_WORD_FLOOR / spread ** (1 + Math.max(typos, 1));
  return PENALTIES[kind];
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

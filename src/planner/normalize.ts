import { tokenize } from '../engine/index.js';

/**
 * A query as planning reads it: the engine's own analysis (Unicode folding of case, accents and
 * width, then words by Unicode's word boundaries), so a phrase a rule or the vocabulary writes
 * meets the query exactly as the engine's index meets it. Spaces and punctuation between words
 * are gone: "Return policy?" reads "return policy".
 */
export interface NormalizedQuery {
  words: string[];
  /** The words joined by single spaces: what rule `query` conditions match literally. */
  text: string;
  /** `text` between spaces, so a phrase is found at word boundaries by one string search. */
  padded: string;
}

/** An inch mark after a number is a unit the word boundaries would drop: 55" reads 55 inch. */
const INCH_MARK = /(\d)\s*(?:["″”]|'')/g;

export function normalizeQuery(typed: string): NormalizedQuery {
  const words = tokenize(typed.replace(INCH_MARK, '$1 inch '));
  const text = words.join(' ');
  return { words, text, padded: ` ${text} ` };
}

/** A phrase of a rule or the vocabulary in normalized form: its words joined by single spaces. */
export function normalizePhrase(phrase: string): string {
  return normalizeQuery(phrase).text;
}

import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { analyzeWords } from './analyze.js';

/**
 * Words a catalog writes as one ("backpack", "touchscreen", "mousepad"). Where another of its
 * texts writes one as two words ("back pack", "touch screen"), the index also holds it joined at
 * the first word's place, so a shopper who types either spelling finds both; a query's two words
 * are joined at search time (match/expand.ts). This holds in any shop and needs no list: a word
 * the catalog writes as one is a word of the shop, whichever way a text spells it.
 */
export interface CompoundWords {
  /** Whether the catalog writes `first` and `second` (folded) as one word. */
  joins(first: string, second: string): boolean;
}

/**
 * Each part of a compound has at least this many letters: shorter ones are as often words that
 * happen to stand side by side ("in to", "a cross") as the halves of one.
 */
export const COMPOUND_PART_LETTERS = 3;
const LETTERS = /^\p{L}+$/u;

/** The words of the catalog's titles, descriptions and keywords that two parts can make. */
export function compoundWords(entities: readonly CatalogEntity[]): CompoundWords {
  const words = new Set<string>();
  const texts: string[] = [];
  for (const entity of entities) {
    texts.length = 0;
    for (const text of [entity.title, entity.description]) {
      if (typeof text === 'string') texts.push(text);
      else if (text !== undefined) texts.push(...Object.values(text));
    }
    const keywords = entity.keywords;
    if (Array.isArray(keywords)) texts.push(...keywords);
    else if (keywords !== undefined) for (const list of Object.values(keywords)) texts.push(...list);
    for (const text of texts) {
      for (const word of analyzeWords(text).words) {
        if (word.length >= 2 * COMPOUND_PART_LETTERS && LETTERS.test(word)) words.add(word);
      }
    }
  }
  // Every word kept is letters alone, so a join found is of two words of letters.
  return {
    joins: (first, second) =>
      first.length >= COMPOUND_PART_LETTERS &&
      second.length >= COMPOUND_PART_LETTERS &&
      words.has(first + second),
  };
}

/** No words: a catalog read once, as it arrives, joins none. */
export const NO_COMPOUNDS: CompoundWords = { joins: () => false };

import type { SynonymDictionary } from '../../contracts/release-files/synonyms.js';
import { analyzeWords } from './analyze.js';

/**
 * A synonym dictionary ready for queries: each input (a word or a phrase, as its folded words
 * joined by one space) with what it also finds, each a word or a phrase as folded words. Built
 * from one language's synonyms.json dictionary and applied at query time, so new synonyms go live
 * by a switch, without reindexing.
 */
export interface Synonyms {
  readonly entries: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** The most words an input has. */
  readonly longestInput: number;
}

export const NO_SYNONYMS: Synonyms = { entries: new Map(), longestInput: 0 };

/**
 * Groups: every word finds what the others find. One-way entries: `from` also finds what each
 * `to` finds. Never entries only keep words apart when synonyms are written; they change no search.
 */
export function compileSynonyms(dictionary: SynonymDictionary | undefined): Synonyms {
  if (!dictionary) return NO_SYNONYMS;
  const entries = new Map<string, string[][]>();
  let longestInput = 0;
  const add = (from: string[], to: string[]): void => {
    if (from.length === 0 || to.length === 0) return;
    const key = from.join(' ');
    if (key === to.join(' ')) return;
    let outputs = entries.get(key);
    if (!outputs) {
      outputs = [];
      entries.set(key, outputs);
    }
    if (!outputs.some((output) => output.join(' ') === to.join(' '))) outputs.push(to);
    longestInput = Math.max(longestInput, from.length);
  };
  for (const group of dictionary.groups ?? []) {
    const members = group.words.map(wordsOf);
    for (const from of members) for (const to of members) add(from, to);
  }
  for (const entry of dictionary.one_way ?? []) {
    const from = wordsOf(entry.from);
    for (const to of entry.to) add(from, wordsOf(to));
  }
  return { entries, longestInput };
}

function wordsOf(text: string): string[] {
  return analyzeWords(text).words;
}

/** An input found in a query: words [start, start + count) also find each output. */
export interface SynonymMatch {
  start: number;
  count: number;
  input: string;
  outputs: readonly (readonly string[])[];
}

/** Every span of the query's words that is an input, longer spans first. */
export function findSynonyms(synonyms: Synonyms, words: readonly string[]): SynonymMatch[] {
  const matches: SynonymMatch[] = [];
  if (synonyms.entries.size === 0) return matches;
  for (let count = Math.min(synonyms.longestInput, words.length); count >= 1; count--) {
    for (let start = 0; start + count <= words.length; start++) {
      const input = words.slice(start, start + count).join(' ');
      const outputs = synonyms.entries.get(input);
      if (outputs) matches.push({ start, count, input, outputs });
    }
  }
  return matches;
}

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
  /** `input` NUL `output` of the outputs only the general vocabulary gives (see generalKey): they count for less. */
  readonly general: ReadonlySet<string>;
}

export const NO_SYNONYMS: Synonyms = { entries: new Map(), longestInput: 0, general: new Set() };

/** How Synonyms.general names an output of an input. */
export function generalKey(input: string, output: readonly string[]): string {
  return `${input}\u0000${output.join(' ')}`;
}

/**
 * Groups: every word finds what the others find. One-way entries: `from` also finds what each
 * `to` finds. Never entries only keep words apart when synonyms are written; they change no search.
 */
export function compileSynonyms(
  dictionary: SynonymDictionary | undefined,
  /** A general vocabulary beside the shop's own (the built-in one): what only it gives counts for less. */
  vocabulary?: SynonymDictionary,
): Synonyms {
  if (!dictionary && !vocabulary) return NO_SYNONYMS;
  const entries = new Map<string, string[][]>();
  const general = new Set<string>();
  let longestInput = 0;
  const add = (from: string[], to: string[], isGeneral: boolean): void => {
    if (from.length === 0 || to.length === 0) return;
    const key = from.join(' ');
    if (key === to.join(' ')) return;
    let outputs = entries.get(key);
    if (!outputs) {
      outputs = [];
      entries.set(key, outputs);
    }
    if (outputs.some((output) => output.join(' ') === to.join(' '))) return;
    outputs.push(to);
    if (isGeneral) general.add(generalKey(key, to));
    longestInput = Math.max(longestInput, from.length);
  };
  // The shop's own entries first: an output both give is the shop's.
  for (const [source, isGeneral] of [
    [dictionary, false],
    [vocabulary, true],
  ] as const) {
    for (const group of source?.groups ?? []) {
      const members = group.words.map(wordsOf);
      for (const from of members) for (const to of members) add(from, to, isGeneral);
    }
    for (const entry of source?.one_way ?? []) {
      const from = wordsOf(entry.from);
      for (const to of entry.to) add(from, wordsOf(to), isGeneral);
    }
  }
  return { entries, longestInput, general };
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

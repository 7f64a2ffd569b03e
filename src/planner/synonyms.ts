import type { SynonymDictionary, SynonymsFile } from '../contracts/release-files/index.js';
import { compileSynonyms, forLocale, languageOf, type Synonyms } from '../engine/index.js';
import { releaseView } from '../release/release-view.js';
import { BUILT_IN_SYNONYMS } from './built-in-synonyms.js';
import { perFilesAndLocale } from './per-files.js';

/**
 * The synonyms a search in `locale` applies: the release's dictionary of the locale (a regional
 * locale without its own reads its language's), and beside it the built-in vocabulary of the
 * language unless synonyms.json switches it off (`built_in`, the dictionary's own deciding). A
 * built-in entry that would merge words one of the release's `never` entries keeps apart is left
 * out. What only the built-in vocabulary gives counts for less than the shop's own synonyms.
 */
export function compileLocaleSynonyms(file: SynonymsFile | undefined, locale: string): Synonyms {
  const own = file ? forLocale(file.dictionaries, locale) : undefined;
  const builtInOn = own?.built_in ?? file?.built_in ?? true;
  const builtIn = builtInOn ? BUILT_IN_SYNONYMS[languageOf(locale)] : undefined;
  return compileSynonyms(own, builtIn && withoutMerging(builtIn, own?.never ?? []));
}

/** The vocabulary without the entries that would merge words a never entry keeps apart. */
function withoutMerging(
  vocabulary: SynonymDictionary,
  never: NonNullable<SynonymDictionary['never']>,
): SynonymDictionary {
  if (never.length === 0) return vocabulary;
  const apart = never.map((entry) => new Set(entry.words.map(normalize)));
  const merges = (words: readonly string[]): boolean => {
    const normalized = new Set(words.map(normalize));
    return apart.some((kept) => [...kept].filter((word) => normalized.has(word)).length >= 2);
  };
  return {
    groups: (vocabulary.groups ?? []).filter((group) => !merges(group.words)),
    one_way: (vocabulary.one_way ?? []).filter((entry) => !merges([entry.from, ...entry.to])),
  };
}

/** Words are trimmed and lowercased before they are compared, as synonyms.json keeps them. */
function normalize(word: string): string {
  return word.trim().toLowerCase();
}

/** The synonyms of a locale as asked (a regional one falls back to its language's dictionary). */
export const synonymsOf = perFilesAndLocale((files, locale) =>
  compileLocaleSynonyms(releaseView(files).held['synonyms.json'], locale),
);

import type { SynonymsFile } from '../contracts/release-files/index.js';
import type { ListedSynonym, SynonymList } from '../contracts/synonyms.js';
import { releaseView } from './release-view.js';
import { dictionaryEntries, entryClashes, entrySummary } from './synonym-entries.js';

const language = (tag: string) => tag.toLowerCase().split('-')[0]!;

/**
 * The dictionary a request in `locale` reads, as searches pick it: the locale's own, else its
 * language's (a regional locale without one reads its language's).
 */
export function dictionaryFor(locale: string, keys: readonly string[]): string | undefined {
  const wanted = locale.toLowerCase();
  return (
    keys.find((key) => key.toLowerCase() === wanted) ??
    keys.find((key) => key.toLowerCase() === language(locale))
  );
}

/** Every dictionary of a release's synonyms.json with its entries, summaries and clashes (see SynonymList). */
export function synonymList(files: Record<string, unknown>): Omit<SynonymList, 'release'> {
  const view = releaseView(files);
  const served = view.channels.channels.flatMap((channel) => channel.locales);
  const languages = [...new Set(served.map(language))];
  const dictionaries = view.synonyms.dictionaries;
  const keys = Object.keys(dictionaries);
  const read = new Set(served.map((locale) => dictionaryFor(locale, keys)));
  const listed = [
    ...languages.map((one) => keys.find((key) => key.toLowerCase() === one) ?? one),
    ...keys.filter((key) => !languages.includes(key.toLowerCase())),
  ];
  return {
    locales: languages,
    dictionaries: listed.map((locale) => ({
      locale,
      entries: listedEntries(view.synonyms, locale),
      ...(read.has(locale) ? {} : { waiting: true as const }),
    })),
  };
}

function listedEntries(file: SynonymsFile, locale: string): ListedSynonym[] {
  const dictionary = file.dictionaries[locale];
  return dictionaryEntries(locale, dictionary).map(
    ({ id, entry }) =>
      ({
        id,
        ...entry,
        summary: entrySummary(entry),
        clashes: entryClashes(entry, locale, dictionary, id),
      }) as ListedSynonym,
  );
}

/**
 * Where words of a dictionary are searched: the channel given, or the first whose locales read the
 * dictionary, and its first locale that does; undefined when none does.
 */
export function readingPlace(
  files: Record<string, unknown>,
  dictionary: string,
  channel?: string,
): { channel: string; locale: string } | undefined {
  const view = releaseView(files);
  // The dictionary counts as present: a check may be of the first entry of a new one.
  const keys = [...new Set([dictionary, ...Object.keys(view.synonyms.dictionaries)])];
  for (const one of view.channels.channels.filter((each) => channel === undefined || each.id === channel)) {
    const locale = one.locales.find((served) => dictionaryFor(served, keys) === dictionary);
    if (locale !== undefined) return { channel: one.id, locale };
  }
  return undefined;
}

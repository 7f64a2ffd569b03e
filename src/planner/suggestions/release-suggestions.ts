import type { SynonymsFile } from '../../contracts/release-files/index.js';
import { forLocale } from '../../engine/index.js';
import { releaseView } from '../../release/release-view.js';
import { perFilesAndLocale } from '../per-files.js';
import { foldedWords, SuggestionIndex } from './suggestion-index.js';

/** What the release says about suggestions in one locale: its own, and what never to suggest. */
export interface ReleaseSuggestions {
  /** The release's own suggestions, weighted in the order listed (the first heaviest). */
  added: SuggestionIndex;
  /** Whether a suggestion (its folded words joined by single spaces) holds a never-suggest entry. */
  refused(key: string): boolean;
}

/**
 * The suggestion settings of synonyms.json for a locale (a regional locale without its own
 * dictionary reads its language's): `add` as an index of its own, `never` as word runs a
 * suggestion must not hold.
 */
export function compileReleaseSuggestions(
  file: SynonymsFile | undefined,
  locale: string,
): ReleaseSuggestions {
  const settings = file ? forLocale(file.dictionaries, locale)?.suggestions : undefined;
  const add = settings?.add ?? [];
  const never = (settings?.never ?? [])
    .map((entry) => foldedWords(entry).join(' '))
    .filter((entry) => entry !== '')
    // Padded with spaces, so an entry meets whole words only: `ass` does not refuse `glass`.
    .map((entry) => ` ${entry} `);
  return {
    added: SuggestionIndex.of(add.map((text, at) => ({ text, weight: add.length - at }))),
    refused: (key) => {
      if (never.length === 0) return false;
      const padded = ` ${key} `;
      return never.some((entry) => padded.includes(entry));
    },
  };
}

/** The suggestion settings of the release files for a locale, compiled once per files and locale. */
export const releaseSuggestionsOf = perFilesAndLocale((files, locale) =>
  compileReleaseSuggestions(releaseView(files).held['synonyms.json'], locale),
);

import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { languageOf } from './locale.js';

export type Stemmer = (word: string) => string;

/** Snowball stemmers by language (ISO 639-1), from @orama/stemmers. */
const STEMMERS: Readonly<Record<string, Stemmer>> = {
  da: danish,
  de: german,
  en: english,
  es: spanish,
  fi: finnish,
  fr: french,
  it: italian,
  nb: norwegian,
  nl: dutch,
  no: norwegian,
  pt: portuguese,
  ru: russian,
  sv: swedish,
};

/** Languages that have a stemmer. */
export const STEMMED_LANGUAGES: readonly string[] = Object.keys(STEMMERS);

/** The stemmer of a language or locale (`de`, `de-AT`), if there is one. */
export function stemmerFor(localeOrLanguage: string): Stemmer | undefined {
  return STEMMERS[languageOf(localeOrLanguage)];
}

/** Stems of words met at query time remembered per language: shoppers repeat their words. */
const STEM_CACHE_SIZE = 10_000;

/** A stemmer that remembers the stems of the last words it was given. */
export function rememberingStemmer(stemmer: Stemmer): Stemmer {
  const stems = new Map<string, string>();
  return (word) => {
    let stem = stems.get(word);
    if (stem === undefined) {
      if (stems.size >= STEM_CACHE_SIZE) stems.clear();
      stem = stemmer(word);
      stems.set(word, stem);
    }
    return stem;
  };
}

/** Shorter words are left as they are: their stems merge words that mean different things. */
export const MIN_STEMMED_LETTERS = 3;
const LETTERS_ONLY = /^\p{L}+$/u;

/**
 * Whether a folded word is stemmed at all: letters only (model numbers, units and numbers never
 * are) and at least MIN_STEMMED_LETTERS long.
 */
export function isStemmable(word: string): boolean {
  return word.length >= MIN_STEMMED_LETTERS && LETTERS_ONLY.test(word);
}

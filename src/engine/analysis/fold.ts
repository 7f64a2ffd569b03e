import { isAscii } from './ascii.js';

/**
 * Combining diacritical marks of the Latin, Greek and Cyrillic scripts (and their supplements).
 * Only these are stripped: marks such as the kana voicing marks or Indic vowel signs change the
 * word, not just its accent.
 */
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/** Letters that carry their accent inside the letter itself, so decomposition leaves them alone. */
const WHOLE_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const WHOLE_LETTER = /[ßæœøłđðþı]/g;

/**
 * Folds text so that a shopper's spelling meets the catalog's: compatibility decomposition (NFKD)
 * turns full-width and half-width forms and ligatures into their plain letters, accents are
 * stripped, the rest is recomposed (NFC, so Hangul and kana stay whole) and lowercased. A caller
 * that has checked isAscii(text) passes it as `ascii`.
 */
export function fold(text: string, ascii = isAscii(text)): string {
  // Plain ASCII needs lowercasing only: skip the two normalizations.
  if (ascii) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(WHOLE_LETTER, (letter) => WHOLE_LETTERS[letter] ?? letter);
}

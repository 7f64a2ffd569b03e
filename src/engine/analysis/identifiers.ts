import { fold } from './fold.js';

/**
 * Identifiers (GTIN, MPN, ISBN, SKU: attributes of type `identifier`) are indexed as one term each,
 * in a namespace of their own: a control character no word can start with, so a word's typos,
 * stems and prefixes never reach them and they only match exactly.
 */
export const IDENTIFIER_NAMESPACE = '\u0001';
/** Words of attributes exempt from typos: matched exactly, never by typo, stem or prefix. */
export const EXACT_NAMESPACE = '\u0002';
/** Terms from here on in code point order are words (no namespace). */
export const FIRST_WORD_TERM = '\u0003';

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;
const DIGITS = /^[0-9]+$/;

/**
 * An identifier as it is compared: folded, without separators (spaces, hyphens, dots, slashes),
 * and for all-digit codes without leading zeros, so a GTIN-13 meets the same code written as
 * GTIN-14 or UPC-A. Empty when nothing is left.
 */
export function normalizeIdentifier(text: string): string {
  const compact = fold(text).replace(NOT_LETTER_OR_DIGIT, '');
  if (DIGITS.test(compact)) {
    const trimmed = compact.replace(/^0+/, '');
    return trimmed === '' ? '0' : trimmed;
  }
  return compact;
}

/** The term an identifier value is indexed and looked up by, or undefined for none. */
export function identifierTerm(text: string): string | undefined {
  const normalized = normalizeIdentifier(text);
  return normalized === '' ? undefined : IDENTIFIER_NAMESPACE + normalized;
}

import { forLocale } from '../engine/index.js';

/** A text as release files and catalogs write it: one string, or one per locale. */
export type LocalizedText = string | Readonly<Record<string, string>>;

/**
 * The text a shopper in `locale` reads: a plain string as it is; a map's entry for the locale or
 * its language, else its first entry, which is what a storefront shows when the shop wrote none.
 */
export function textIn(text: LocalizedText | undefined, locale: string): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  return forLocale(text, locale) ?? Object.values(text)[0];
}

/**
 * The tags a request in `locale` is addressed by, lowercased: the tag itself and its shorter
 * forms (`de-CH` is also `de`), so a condition naming any of them holds.
 */
export function localeChain(locale: string): string[] {
  const parts = locale.toLowerCase().split('-');
  return parts.map((_part, index) => parts.slice(0, parts.length - index).join('-'));
}

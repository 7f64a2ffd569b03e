/**
 * Locales as the contract uses them: BCP 47 tags that fall back along their subtags (`de-CH` reads
 * `de`). Tags compare without case.
 */

/** The locale of a search in a release without channels. */
export const DEFAULT_LOCALE = 'en';

/** A text the catalog or a release writes once, or per locale. */
export type LocalizedText = string | Readonly<Record<string, string>>;

const chains = new Map<string, readonly string[]>();

/** The tag and each shorter prefix of it, lowercased: `de-ch-1996`, `de-ch`, `de`. */
export function localeChain(tag: string): readonly string[] {
  let chain = chains.get(tag);
  if (chain !== undefined) return chain;
  const parts = tag.toLowerCase().split('-');
  const built: string[] = [];
  for (let length = parts.length; length > 0; length--) built.push(parts.slice(0, length).join('-'));
  // Tags come from requests and releases: few distinct ones, but keep the memo bounded.
  if (chains.size < 1000) chains.set(tag, built);
  chain = built;
  return chain;
}

/**
 * Whether a channel serving `served` serves `tag`: the tag or one of its prefixes is served.
 * Returns the served locale it reads, or undefined.
 */
export function servedLocale(tag: string, served: readonly string[]): string | undefined {
  for (const candidate of localeChain(tag)) {
    const found = served.find((locale) => locale.toLowerCase() === candidate);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The text for `locale`: the key of the locale or of a prefix of it, then each of `fallbacks` the
 * same way, then the first value of the map. A plain string is the text in every locale.
 */
export function pickText(
  text: LocalizedText | undefined,
  locale: string | undefined,
  ...fallbacks: Array<string | undefined>
): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  for (const wanted of [locale, ...fallbacks]) {
    if (wanted === undefined) continue;
    for (const candidate of localeChain(wanted)) {
      if (Object.hasOwn(text, candidate)) return text[candidate];
      for (const key in text) if (key.toLowerCase() === candidate) return text[key];
    }
  }
  for (const key in text) return text[key];
  return undefined;
}

/** The language of a BCP 47 tag: `en` for `en-GB`, lowercased. */
export function languageOf(locale: string): string {
  const dash = locale.indexOf('-');
  return (dash < 0 ? locale : locale.slice(0, dash)).toLowerCase();
}

/**
 * The entry of `byLocale` for `locale`: its own, else its language's (a regional locale reads its
 * language's when it has none of its own). Keys compare without regard to case.
 */
export function forLocale<T>(byLocale: Readonly<Record<string, T>>, locale: string): T | undefined {
  const wanted = locale.toLowerCase();
  const language = languageOf(locale);
  let fallback: T | undefined;
  for (const [key, value] of Object.entries(byLocale)) {
    const lower = key.toLowerCase();
    if (lower === wanted) return value;
    if (lower === language) fallback = value;
  }
  return fallback;
}

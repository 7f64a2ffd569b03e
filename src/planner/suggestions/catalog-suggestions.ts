import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { fold } from '../../engine/analysis/fold.js';
import { scanWords } from '../../engine/analysis/words.js';
import { type EngineIndex, forLocale } from '../../engine/index.js';

/**
 * Suggestions a catalog makes from its first day, before anyone searched: the indexer counts them
 * beside the index and attaches them under this name; a query node decodes them once per artifact.
 */
export const CATALOG_SUGGESTIONS_ATTACHMENT = 'suggestions';

/** Raise when the encoded form changes; a node reads no form it does not know. */
const FORMAT = 1;
/** Title phrases kept per locale, the most frequent first. */
export const PHRASES_PER_LOCALE = 5_000;
/** A phrase is suggested once this many products' titles hold it. */
export const PHRASE_MIN_PRODUCTS = 2;
/** Phrases of up to this many words. */
const PHRASE_WORDS = 3;
/** The key of titles written as one string, for every locale. */
export const ANY_LOCALE = '*';

/**
 * Words a phrase neither starts nor ends with: they join words without being what a shopper
 * looks for (`with`, `für`). Lowercased and folded.
 */
const JOINING_WORDS = new Set(
  [
    'a an and or the of for with without to in on at by from as is it its this that set pack',
    'und oder der die das des dem den ein eine einer mit ohne fur von zu im in am auf aus bei',
    'et ou le la les des du de un une avec sans pour en au aux sur par',
    'y o el la los las del de un una con sin para en por',
    'e o il lo la gli le dei delle di da un una con senza per in su',
    'en of de het een met zonder voor van in op',
  ]
    .join(' ')
    .split(' '),
);

/** What the catalog suggests: per locale its title phrases, and the products of each category and brand. */
export interface CatalogSuggestions {
  /** Per locale (or ANY_LOCALE), phrases with the number of products whose title holds them. */
  phrases: Record<string, Array<[string, number]>>;
  /** Products assigned to each category (by id), its ancestors not counted. */
  categories: Record<string, number>;
  /** Products of each brand, by the brand as products write it. */
  brands: Record<string, number>;
}

/**
 * Counts the catalog's suggestions from its products: phrases of one to three words of every
 * title (per locale, not starting or ending with a joining word, not only digits) that at least
 * PHRASE_MIN_PRODUCTS titles hold, the PHRASES_PER_LOCALE most frequent; and products per
 * category and brand, which weigh category titles and brand names.
 */
export function countCatalogSuggestions(entities: Iterable<CatalogEntity>): CatalogSuggestions {
  const phrases = new Map<string, Map<string, { text: string; count: number }>>();
  const categories: Record<string, number> = {};
  const brands: Record<string, number> = {};
  for (const entity of entities) {
    if (entity.type !== 'product') continue;
    if (entity.brand !== undefined) brands[entity.brand] = (brands[entity.brand] ?? 0) + 1;
    for (const link of entity.categories ?? []) {
      const id = typeof link === 'string' ? link : link.id;
      categories[id] = (categories[id] ?? 0) + 1;
    }
    const titles = typeof entity.title === 'string' ? { [ANY_LOCALE]: entity.title } : (entity.title ?? {});
    for (const [locale, title] of Object.entries(titles)) {
      let counts = phrases.get(locale);
      if (!counts) {
        counts = new Map();
        phrases.set(locale, counts);
      }
      for (const [key, text] of titlePhrases(title)) {
        const known = counts.get(key);
        if (known) known.count += 1;
        else counts.set(key, { text, count: 1 });
      }
    }
  }
  const kept: CatalogSuggestions['phrases'] = {};
  for (const [locale, counts] of phrases) {
    kept[locale] = [...counts.values()]
      .filter((phrase) => phrase.count >= PHRASE_MIN_PRODUCTS)
      .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1))
      .slice(0, PHRASES_PER_LOCALE)
      .map((phrase) => [phrase.text, phrase.count]);
  }
  return { phrases: kept, categories, brands };
}

/** The phrases of one title, once each: folded key to the text as written, lowercased. */
function titlePhrases(title: string): Map<string, string> {
  const words: string[] = [];
  const lower = title.toLowerCase();
  scanWords(lower, (start, end) => {
    words.push(lower.slice(start, end));
  });
  const folded = words.map((word) => fold(word));
  const out = new Map<string, string>();
  for (let start = 0; start < words.length; start++) {
    if (!isPhraseEdge(folded[start]!)) continue;
    for (let end = start + 1; end <= Math.min(words.length, start + PHRASE_WORDS); end++) {
      if (!isPhraseEdge(folded[end - 1]!)) continue;
      const key = folded.slice(start, end).join(' ');
      if (!out.has(key)) out.set(key, words.slice(start, end).join(' '));
    }
  }
  return out;
}

function isPhraseEdge(word: string): boolean {
  return word.length > 1 && !JOINING_WORDS.has(word) && !/^\p{N}+$/u.test(word);
}

export function catalogSuggestionAttachments(entities: Iterable<CatalogEntity>): Record<string, Uint8Array> {
  const encoded = { format: FORMAT, ...countCatalogSuggestions(entities) };
  return { [CATALOG_SUGGESTIONS_ATTACHMENT]: new TextEncoder().encode(JSON.stringify(encoded)) };
}

/** The catalog suggestions an index carries; none for an artifact compiled without them. */
export function catalogSuggestionsOf(index: EngineIndex): CatalogSuggestions {
  const bytes = index.attachment(CATALOG_SUGGESTIONS_ATTACHMENT);
  const none: CatalogSuggestions = { phrases: {}, categories: {}, brands: {} };
  if (bytes === undefined) return none;
  const decoded = JSON.parse(new TextDecoder().decode(bytes)) as CatalogSuggestions & { format: number };
  if (decoded.format !== FORMAT) return none;
  return { phrases: decoded.phrases, categories: decoded.categories, brands: decoded.brands };
}

/** A locale's entry of a per-locale record (its language's for a regional one), else the entry for any locale. */
export function forLocaleOrAny<T>(byLocale: Readonly<Record<string, T>>, locale: string): T | undefined {
  return forLocale(byLocale, locale) ?? byLocale[ANY_LOCALE];
}

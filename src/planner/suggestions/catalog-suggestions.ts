import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { type EngineIndex, forLocale } from '../../engine/index.js';
import { attributeWordsOf, TitlePhraseCounter } from './title-phrases.js';

/**
 * Suggestions a catalog makes from its first day, before anyone searched: the indexer counts them
 * beside the index and attaches them under this name; a query node decodes them once per artifact.
 */
export const CATALOG_SUGGESTIONS_ATTACHMENT = 'suggestions';

/** Raise when the encoded form changes; a node reads no form it does not know. */
const FORMAT = 1;
/** Title phrases kept per locale, the most held first. */
export const PHRASES_PER_LOCALE = 5_000;
/** A phrase is suggested once this many products' titles hold it. */
export const PHRASE_MIN_PRODUCTS = 2;
/** The key of titles written as one string, for every locale. */
export const ANY_LOCALE = '*';

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
 * Counts the catalog's suggestions from its products: the phrases of titles a shopper would type
 * (per locale, see TitlePhraseCounter) that at least PHRASE_MIN_PRODUCTS titles hold, the
 * PHRASES_PER_LOCALE held by the most products; and products per category and brand, which weigh
 * category titles and brand names.
 */
export function countCatalogSuggestions(entities: Iterable<CatalogEntity>): CatalogSuggestions {
  const phrases = new TitlePhraseCounter();
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
    const attributeWords = attributeWordsOf(entity.attributes);
    for (const variant of entity.variants ?? []) {
      for (const word of attributeWordsOf(variant.attributes)) attributeWords.add(word);
    }
    for (const [locale, title] of Object.entries(titles)) phrases.add(locale, title, attributeWords);
  }
  return { phrases: phrases.phrases(PHRASE_MIN_PRODUCTS, PHRASES_PER_LOCALE), categories, brands };
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

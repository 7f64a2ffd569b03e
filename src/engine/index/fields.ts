import type { CatalogEntity } from '../../contracts/catalog-entity.js';

/**
 * The text fields every type is indexed by, in the order their per-field arrays use. A posting
 * keeps one term frequency per field, so field weights can change at compile time only.
 */
export const TEXT_FIELDS = ['title', 'brand', 'keywords', 'description'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const FIELD_COUNT = TEXT_FIELDS.length;

type Localized = string | Record<string, string>;

/** Appends every text of `field` in every locale: a shopper may search in any of them. */
export function appendFieldTexts(entity: CatalogEntity, field: TextField, out: string[]): void {
  switch (field) {
    case 'title':
      appendLocalized(entity.title, out);
      return;
    case 'brand':
      if (entity.brand !== undefined) out.push(entity.brand);
      return;
    case 'keywords':
      appendKeywords(entity.keywords, out);
      // A brand's other spellings are its keywords: "hp" finds Hewlett-Packard.
      if (entity.aliases) out.push(...entity.aliases);
      return;
    case 'description':
      appendLocalized(entity.description, out);
      return;
  }
}

function appendLocalized(text: Localized | undefined, out: string[]): void {
  if (text === undefined) return;
  if (typeof text === 'string') out.push(text);
  else out.push(...Object.values(text));
}

function appendKeywords(keywords: CatalogEntity['keywords'], out: string[]): void {
  if (keywords === undefined) return;
  if (Array.isArray(keywords)) out.push(...keywords);
  else for (const list of Object.values(keywords)) out.push(...list);
}

/** The text shown in `locale`: that key of a localized map, else its first value. */
export function pickLocalized(text: Localized | undefined, locale: string | undefined): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  if (locale !== undefined && Object.hasOwn(text, locale)) return text[locale];
  for (const key in text) return text[key];
  return undefined;
}

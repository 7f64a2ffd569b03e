import type { CatalogEntity } from '../../contracts/catalog-entity.js';

/** The entity's own text fields a type may search, besides its attributes. */
export const BUILT_IN_FIELDS = ['title', 'brand', 'keywords', 'description', 'body'] as const;
export type BuiltInField = (typeof BUILT_IN_FIELDS)[number];

/**
 * One field of a type's index, in the order per-field arrays use (term frequencies per posting,
 * token counts per document). `text` fields hold words; `exact` fields hold words that match only
 * as typed (attributes exempt from typos); `identifier` fields hold whole identifiers.
 */
export interface IndexField {
  /** `title` ... `body`, `attributes.<code>`, `attributes` (those not named), or `identifiers`. */
  name: string;
  weight: number;
  kind: 'text' | 'exact' | 'identifier';
  /**
   * For the modifiers of the heaviest field: that field's position. Its words that name what a
   * product goes with count here instead, at their places in that field (see analysis/kinds.ts).
   */
  modifies?: number;
}

type Localized = string | Record<string, string>;

/** Appends every text of a built-in field in every locale: a shopper may search in any of them. */
export function appendFieldTexts(entity: CatalogEntity, field: BuiltInField, out: string[]): void {
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
    case 'body':
      appendLocalized(entity.body, out);
      return;
  }
}

/**
 * Appends the texts of an attribute value: strings and numbers as written, every string of an
 * array or of a localized map; booleans and nested objects carry no words.
 */
export function appendAttributeTexts(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number' && Number.isFinite(value)) out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) appendAttributeTexts(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) if (typeof item === 'string') out.push(item);
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

/** An id reads as a code a shopper may type (`P102073`, `WH-1000XM5-B`): a digit, 4 characters or more. */
const CODE = /^(?=.*\p{N})[\p{L}\p{N}][\p{L}\p{N}._/-]{3,}$/u;

/**
 * Appends an entity's own id and its variants' ids (their SKUs) where they read as codes, so that
 * typed as a query they find the entity, exactly (the identifiers field). Ids that are words
 * (`sofas`, `lamp`) are left to the entity's texts.
 */
export function appendOwnCodes(entity: CatalogEntity, out: string[]): void {
  if (CODE.test(entity.id)) out.push(entity.id);
  for (const variant of entity.variants ?? []) if (CODE.test(variant.id)) out.push(variant.id);
}

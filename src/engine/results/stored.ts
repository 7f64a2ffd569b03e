import type { CatalogEntity, Variant } from '../../contracts/catalog-entity.js';

/**
 * What a hit may show besides its offer, kept per document (and per variant) as one JSON object
 * with texts in every locale, so an answer picks the request's locale and reads the offer of the
 * request's channel at the request's time from the columns.
 */

/** The fields a hit carries where types.json names none. */
export const DEFAULT_RESULT_FIELDS = [
  'title',
  'url',
  'image',
  'brand',
  'price',
  'sale_price',
  'currency',
  'availability',
] as const;

/** Result fields read from the offer columns rather than from the stored JSON. */
export const OFFER_RESULT_FIELDS = new Set([
  'price',
  'sale_price',
  'currency',
  'availability',
  'stock',
  'delivery_days',
]);

export interface StoredDoc {
  title?: unknown;
  url?: unknown;
  description?: unknown;
  image?: string;
  images?: string[];
  brand?: string;
  categories?: string[];
  attributes?: Record<string, unknown>;
  signals?: Record<string, unknown>;
}

export type StoredRow = Pick<StoredDoc, 'title' | 'url' | 'image' | 'images' | 'attributes'>;

function listed(fields: readonly string[], prefix: string): string[] {
  return fields.filter((field) => field.startsWith(prefix)).map((field) => field.slice(prefix.length));
}

function pick(
  from: Record<string, unknown> | undefined,
  codes: string[],
): Record<string, unknown> | undefined {
  if (from === undefined || codes.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const code of codes) if (from[code] !== undefined) out[code] = from[code];
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The stored JSON of a document: the non-offer result fields it has, texts in every locale. */
export function storedDoc(entity: CatalogEntity, fields: readonly string[]): string {
  const wants = new Set(fields);
  const stored: StoredDoc = {};
  if (wants.has('title') && entity.title !== undefined) stored.title = entity.title;
  // A category names its page by `path`; other types by `url`.
  const url = entity.url ?? entity.path;
  if (wants.has('url') && url !== undefined) stored.url = url;
  if (wants.has('description') && entity.description !== undefined) stored.description = entity.description;
  const image = entity.image ?? entity.images?.[0] ?? entity.variants?.[0]?.image ?? entity.logo;
  if (wants.has('image') && image !== undefined) stored.image = image;
  if (wants.has('images') && entity.images !== undefined) stored.images = entity.images;
  if (wants.has('brand') && entity.brand !== undefined) stored.brand = entity.brand;
  if (wants.has('categories') && entity.categories !== undefined) {
    stored.categories = entity.categories.map((link) => (typeof link === 'string' ? link : link.id));
  }
  const attributes = pick(entity.attributes, listed(fields, 'attributes.'));
  if (attributes) stored.attributes = attributes;
  const signals = pick(entity.signals, [
    ...listed(fields, 'signals.'),
    ...(wants.has('rating') ? ['rating'] : []),
  ]);
  if (signals) stored.signals = signals;
  return JSON.stringify(stored);
}

/** The stored JSON of a variant: what it shows instead of its product's; empty when nothing. */
export function storedRow(variant: Variant, fields: readonly string[]): string {
  const wants = new Set(fields);
  const stored: StoredRow = {};
  if (wants.has('title') && variant.title !== undefined) stored.title = variant.title;
  if (wants.has('url') && variant.url !== undefined) stored.url = variant.url;
  const image = variant.image ?? variant.images?.[0];
  if (wants.has('image') && image !== undefined) stored.image = image;
  if (wants.has('images') && variant.images !== undefined) stored.images = variant.images;
  const attributes = pick(variant.attributes, listed(fields, 'attributes.'));
  if (attributes) stored.attributes = attributes;
  return Object.keys(stored).length > 0 ? JSON.stringify(stored) : '';
}

import type { CatalogEntity, Variant } from '../../contracts/catalog-entity.js';

/**
 * What a hit may show besides its offer, kept per document (and per variant) as one record with
 * texts in every locale, so an answer picks the request's locale and reads the offer of the
 * request's channel at the request's time from the columns.
 *
 * A record holds one value per result field of its type, in the order the type lists them,
 * between separators: a plain string as it is, anything else (a text in several locales, a list,
 * a number) as JSON behind a mark, nothing for a field without a value or read from the offer.
 * Reading a hit then slices its strings out of the record instead of parsing a JSON object, which
 * cost most of a hit's time.
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

/** Result fields read from the offer columns rather than from the record. */
export const OFFER_RESULT_FIELDS = new Set([
  'price',
  'sale_price',
  'currency',
  'availability',
  'stock',
  'delivery_days',
]);

/** Between the values of a record. */
export const VALUE_SEPARATOR = 0x1f;
/** Starts a value kept as JSON. */
export const JSON_MARK = 0x1e;

const SEPARATOR_TEXT = String.fromCharCode(VALUE_SEPARATOR);
const JSON_MARK_TEXT = String.fromCharCode(JSON_MARK);

/** The record of a document: per result field the value it shows, texts in every locale. */
export function storedDoc(entity: CatalogEntity, fields: readonly string[]): string {
  return record(fields, (field) => docValue(entity, field));
}

/** The record of a variant: what it shows instead of its product's; empty when nothing. */
export function storedRow(variant: Variant, fields: readonly string[]): string {
  let any = false;
  const text = record(fields, (field) => {
    const value = rowValue(variant, field);
    if (value !== undefined) any = true;
    return value;
  });
  return any ? text : '';
}

/**
 * The value that starts at `at` in `record` (as storedDoc or storedRow wrote it); undefined when
 * it is empty. `next.at` becomes the start of the following value.
 */
export function valueAt(record: string, at: number, next: { at: number }): unknown {
  let end = record.indexOf(SEPARATOR_TEXT, at);
  if (end < 0) end = record.length;
  next.at = end + 1;
  if (end === at) return undefined;
  if (record.charCodeAt(at) === JSON_MARK) return JSON.parse(record.slice(at + 1, end));
  return record.slice(at, end);
}

function record(fields: readonly string[], fieldValue: (field: string) => unknown): string {
  let text = '';
  for (let f = 0; f < fields.length; f++) {
    if (f > 0) text += SEPARATOR_TEXT;
    text += encoded(fieldValue(fields[f]!));
  }
  return text;
}

function encoded(value: unknown): string {
  if (value === undefined || value === null) return '';
  // Strings holding either mark are kept as JSON, which escapes them.
  if (
    typeof value === 'string' &&
    value !== '' &&
    !value.includes(SEPARATOR_TEXT) &&
    !value.includes(JSON_MARK_TEXT)
  ) {
    return value;
  }
  return JSON_MARK_TEXT + JSON.stringify(value);
}

function docValue(entity: CatalogEntity, field: string): unknown {
  switch (field) {
    case 'title':
      return entity.title;
    case 'url':
      // A category names its page by `path`; other types by `url`.
      return entity.url ?? entity.path;
    case 'description':
      return entity.description;
    case 'image':
      return entity.image ?? entity.images?.[0] ?? entity.variants?.[0]?.image ?? entity.logo;
    case 'images':
      return entity.images;
    case 'brand':
      return entity.brand;
    case 'categories':
      return entity.categories?.map((link) => (typeof link === 'string' ? link : link.id));
    case 'rating':
      return entity.signals?.rating;
  }
  if (field.startsWith('attributes.')) return entity.attributes?.[field.slice('attributes.'.length)];
  if (field.startsWith('signals.')) return entity.signals?.[field.slice('signals.'.length)];
  return undefined;
}

function rowValue(variant: Variant, field: string): unknown {
  switch (field) {
    case 'title':
      return variant.title;
    case 'url':
      return variant.url;
    case 'image':
      return variant.image ?? variant.images?.[0];
    case 'images':
      return variant.images;
  }
  if (field.startsWith('attributes.')) return variant.attributes?.[field.slice('attributes.'.length)];
  return undefined;
}

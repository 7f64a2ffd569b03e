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

/** Between the values of a record. */
const VALUE_SEPARATOR = 0x1f;
/** Starts a value kept as JSON. */
const JSON_MARK = 0x1e;

const SEPARATOR_TEXT = String.fromCharCode(VALUE_SEPARATOR);
const JSON_MARK_TEXT = String.fromCharCode(JSON_MARK);

/** The record of a document: per result field the value it shows, texts in every locale. */
export function storedDoc(entity: CatalogEntity, fields: readonly string[]): string {
  const readers = readersOf(fields).doc;
  let text = encoded(readers[0]?.(entity));
  for (let f = 1; f < readers.length; f++) text += SEPARATOR_TEXT + encoded(readers[f]!(entity));
  return text;
}

/** The record of a variant: what it shows instead of its product's; empty when nothing. */
export function storedRow(variant: Variant, fields: readonly string[]): string {
  const readers = readersOf(fields).row;
  let any = false;
  let text = '';
  for (let f = 0; f < readers.length; f++) {
    const value = readers[f]!(variant);
    if (value !== undefined) any = true;
    text += (f > 0 ? SEPARATOR_TEXT : '') + encoded(value);
  }
  return any ? text : '';
}

type Reader<T> = (from: T) => unknown;

/** Per result field, what reads its value of a document and of a variant: made once per list of fields. */
const readerPlans = new WeakMap<
  readonly string[],
  { doc: Reader<CatalogEntity>[]; row: Reader<Variant>[] }
>();

function readersOf(fields: readonly string[]): { doc: Reader<CatalogEntity>[]; row: Reader<Variant>[] } {
  let made = readerPlans.get(fields);
  if (made === undefined) {
    made = { doc: fields.map(docReader), row: fields.map(rowReader) };
    readerPlans.set(fields, made);
  }
  return made;
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

function docReader(field: string): Reader<CatalogEntity> {
  switch (field) {
    case 'title':
      return (entity) => entity.title;
    case 'url':
      // A category names its page by `path`; other types by `url`.
      return (entity) => entity.url ?? entity.path;
    case 'description':
      return (entity) => entity.description;
    case 'image':
      return (entity) => entity.image ?? entity.images?.[0] ?? entity.variants?.[0]?.image ?? entity.logo;
    case 'images':
      return (entity) => entity.images;
    case 'brand':
      return (entity) => entity.brand;
    case 'categories':
      return (entity) => entity.categories?.map((link) => (typeof link === 'string' ? link : link.id));
    case 'rating':
      return (entity) => entity.signals?.rating;
  }
  if (field.startsWith('attributes.')) {
    const code = field.slice('attributes.'.length);
    return (entity) => entity.attributes?.[code];
  }
  if (field.startsWith('signals.')) {
    const code = field.slice('signals.'.length);
    return (entity) => entity.signals?.[code];
  }
  return () => undefined;
}

function rowReader(field: string): Reader<Variant> {
  switch (field) {
    case 'title':
      return (variant) => variant.title;
    case 'url':
      return (variant) => variant.url;
    case 'image':
      return (variant) => variant.image ?? variant.images?.[0];
    case 'images':
      return (variant) => variant.images;
  }
  if (field.startsWith('attributes.')) {
    const code = field.slice('attributes.'.length);
    return (variant) => variant.attributes?.[code];
  }
  return () => undefined;
}

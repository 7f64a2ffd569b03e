import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { Attribute } from '../contracts/release-files/index.js';
import {
  buildStringTable,
  type EngineIndex,
  readBoolean,
  readDate,
  readQuantity,
  readRange,
  type StringTable,
  stringAt,
} from '../engine/index.js';
import type { LocalizedText } from '../lib/locale.js';

/**
 * What a product page shows of a product besides its offers, kept per product in the artifact
 * (the engine keeps only what hits show, and offers per channel): its texts, photos, brand,
 * categories, details and variants. The indexer attaches the records under this name; a query
 * node reads one record per product answer.
 */
export const PRODUCT_RECORDS_ATTACHMENT = 'product-records';

/** Raise when the encoded form changes; a node reads no other form. */
const FORMAT = 1;

/** A detail's value as the index reads it: a range as its two ends. */
export type DetailValue =
  | string
  | number
  | boolean
  | Array<string | number | boolean>
  | { min: number; max: number }
  | LocalizedText;

export interface VariantRecord {
  id: string;
  title?: LocalizedText;
  url?: LocalizedText;
  image?: string;
  images?: string[];
  /** Declared attributes only, read by their type. */
  attributes?: Record<string, DetailValue>;
}

export interface ProductRecord {
  id: string;
  title?: LocalizedText;
  description?: LocalizedText;
  url?: LocalizedText;
  image?: string;
  images?: string[];
  brand?: string;
  /** The primary category first. */
  categories?: string[];
  attributes?: Record<string, DetailValue>;
  varies_by?: string[];
  variants?: VariantRecord[];
}

/** Where a URL leads: a product, and the variant whose own URL it is. */
export interface UrlTarget {
  record: number;
  variant?: string;
}

/** The attachments that carry the product records of a catalog read with attributes.json. */
export function productRecordAttachments(
  entities: Iterable<CatalogEntity>,
  attributes: readonly Attribute[],
): Record<string, Uint8Array> {
  return { [PRODUCT_RECORDS_ATTACHMENT]: encodeProductRecords(entities, attributes) };
}

/**
 * The products of a catalog as records, in four string tables after a header (format, records,
 * URLs): the ids, the records (JSON each), every URL written in any locale, and per URL the
 * variant whose URL it is ('' for the product's own); the record of each URL follows the header's
 * tables as a u32 each. Each table is its offsets (u32, n + 1) then its bytes, padded to 4.
 */
export function encodeProductRecords(
  entities: Iterable<CatalogEntity>,
  attributes: readonly Attribute[],
): Uint8Array {
  const declared = new Map<string, Attribute>();
  for (const attribute of attributes)
    if (!declared.has(attribute.code)) declared.set(attribute.code, attribute);
  const ids: string[] = [];
  const records: string[] = [];
  const urls: string[] = [];
  const variants: string[] = [];
  const targets: number[] = [];
  for (const entity of entities) {
    if (entity.type !== 'product') continue;
    const index = records.length;
    const record = recordOf(entity, declared);
    ids.push(record.id);
    records.push(JSON.stringify(record));
    const note = (url: string, variant: string) => {
      urls.push(url);
      variants.push(variant);
      targets.push(index);
    };
    for (const url of urlsOf(record.url)) note(url, '');
    for (const variant of record.variants ?? []) for (const url of urlsOf(variant.url)) note(url, variant.id);
  }
  const tables = [ids, records, urls, variants].map(buildStringTable);
  const size = (table: StringTable) => table.offsets.byteLength + pad(table.bytes.byteLength);
  const total = 16 + tables.reduce((sum, table) => sum + size(table), 0) + 4 * targets.length;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, FORMAT, true);
  view.setUint32(4, records.length, true);
  view.setUint32(8, urls.length, true);
  let at = 16;
  for (const table of tables) {
    bytes.set(new Uint8Array(table.offsets.buffer, table.offsets.byteOffset, table.offsets.byteLength), at);
    at += table.offsets.byteLength;
    bytes.set(table.bytes, at);
    at += pad(table.bytes.byteLength);
  }
  new Uint32Array(bytes.buffer, at, targets.length).set(targets);
  return bytes;
}

/** Tables start at 4-byte boundaries, so their offsets are read in place. */
function pad(length: number): number {
  return Math.ceil(length / 4) * 4;
}

function urlsOf(url: LocalizedText | undefined): string[] {
  if (url === undefined) return [];
  return typeof url === 'string' ? [url] : [...new Set(Object.values(url))];
}

function recordOf(entity: CatalogEntity, declared: ReadonlyMap<string, Attribute>): ProductRecord {
  const record: ProductRecord = { id: entity.id };
  if (entity.title !== undefined) record.title = entity.title;
  if (entity.description !== undefined) record.description = entity.description;
  if (entity.url !== undefined) record.url = entity.url;
  if (entity.image !== undefined) record.image = entity.image;
  if (entity.images !== undefined && entity.images.length > 0) record.images = entity.images;
  if (entity.brand !== undefined) record.brand = entity.brand;
  const categories = orderedCategories(entity.categories ?? []);
  if (categories.length > 0) record.categories = categories;
  const attributes = detailsOf(entity.attributes, declared);
  if (attributes !== undefined) record.attributes = attributes;
  if (entity.varies_by !== undefined && entity.varies_by.length > 0) record.varies_by = entity.varies_by;
  if (entity.variants !== undefined && entity.variants.length > 0) {
    record.variants = entity.variants.map((variant) => {
      const kept: VariantRecord = { id: variant.id };
      if (variant.title !== undefined) kept.title = variant.title;
      if (variant.url !== undefined) kept.url = variant.url;
      if (variant.image !== undefined) kept.image = variant.image;
      if (variant.images !== undefined && variant.images.length > 0) kept.images = variant.images;
      const own = detailsOf(variant.attributes, declared);
      if (own !== undefined) kept.attributes = own;
      return kept;
    });
  }
  return record;
}

/** Category ids, the primary one first: the one marked primary, else the first. */
function orderedCategories(links: NonNullable<CatalogEntity['categories']>): string[] {
  const ids = links.map((link) => (typeof link === 'string' ? link : link.id));
  const marked = links.findIndex((link) => typeof link !== 'string' && link.primary === true);
  if (marked > 0) ids.unshift(...ids.splice(marked, 1));
  return [...new Set(ids)];
}

/** The declared attributes' values read by their types, as the index reads them; others are left out. */
function detailsOf(
  values: Record<string, unknown> | undefined,
  declared: ReadonlyMap<string, Attribute>,
): Record<string, DetailValue> | undefined {
  if (values === undefined) return undefined;
  const details: Record<string, DetailValue> = {};
  let any = false;
  for (const [code, value] of Object.entries(values)) {
    const attribute = declared.get(code);
    if (attribute === undefined) continue;
    const read = readDetail(attribute, value);
    if (read === undefined) continue;
    details[code] = read;
    any = true;
  }
  return any ? details : undefined;
}

function readDetail(attribute: Attribute, value: unknown): DetailValue | undefined {
  if (Array.isArray(value)) {
    const values = value
      .map((one) => readDetail(attribute, one))
      .filter((one): one is string | number | boolean =>
        ['string', 'number', 'boolean'].includes(typeof one),
      );
    if (values.length === 0) return undefined;
    return values.length === 1 ? values[0] : values;
  }
  switch (attribute.type) {
    case 'boolean':
      return readBoolean(value);
    case 'number':
      return readQuantity(value, undefined);
    case 'quantity':
      return readQuantity(value, attribute.unit);
    case 'range': {
      const range = readRange(value, attribute.unit);
      return range === undefined ? undefined : { min: range[0], max: range[1] };
    }
    case 'date':
      return readDate(value);
    case 'text':
      if (typeof value === 'string') return value;
      if (value !== null && typeof value === 'object') {
        const texts = Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        );
        return texts.length > 0 ? Object.fromEntries(texts) : undefined;
      }
      return typeof value === 'number' ? String(value) : undefined;
    default:
      // Options and identifiers read as written.
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
}

/** The product records an index carries, looked up by id and by URL. */
export class ProductRecords {
  readonly count: number;
  private readonly ids = new Map<string, number>();
  private readonly urls = new Map<string, UrlTarget[]>();
  private lowerUrls: Map<string, string> | undefined;
  private readonly records: StringTable;

  constructor(bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const format = bytes.byteLength < 16 ? undefined : view.getUint32(0, true);
    if (format !== FORMAT || bytes.byteOffset % 4 !== 0) {
      throw new Error(
        `the product records attachment is of format ${format ?? 'unknown'}; this version reads ${FORMAT}`,
      );
    }
    this.count = view.getUint32(4, true);
    const urlCount = view.getUint32(8, true);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 16;
    const table = (count: number): StringTable => {
      const offsets = new Uint32Array(bytes.buffer, bytes.byteOffset + at, count + 1);
      at += offsets.byteLength;
      const length = offsets[count]!;
      const strings = { offsets, bytes: buffer.subarray(at, at + length) };
      at += pad(length);
      return strings;
    };
    const ids = table(this.count);
    this.records = table(this.count);
    const urls = table(urlCount);
    const variants = table(urlCount);
    const targets = new Uint32Array(bytes.buffer, bytes.byteOffset + at, urlCount);
    for (let record = 0; record < this.count; record++) this.ids.set(stringAt(ids, record), record);
    for (let i = 0; i < urlCount; i++) {
      const url = stringAt(urls, i);
      const variant = stringAt(variants, i);
      const target: UrlTarget = variant === '' ? { record: targets[i]! } : { record: targets[i]!, variant };
      const known = this.urls.get(url);
      if (known === undefined) this.urls.set(url, [target]);
      else known.push(target);
    }
  }

  /** The record of a product id, or undefined. */
  byId(id: string): ProductRecord | undefined {
    const index = this.ids.get(id);
    return index === undefined ? undefined : this.record(index);
  }

  /** Every product (and variant) whose URL in some locale is `url`. */
  byUrl(url: string): readonly UrlTarget[] {
    return this.urls.get(url) ?? [];
  }

  /** A URL written with other letters' case, as the catalog writes it; undefined when none is. */
  urlInCase(url: string): string | undefined {
    if (this.lowerUrls === undefined) {
      this.lowerUrls = new Map();
      for (const known of this.urls.keys()) {
        const lower = known.toLowerCase();
        if (!this.lowerUrls.has(lower)) this.lowerUrls.set(lower, known);
      }
    }
    return this.lowerUrls.get(url.toLowerCase());
  }

  record(index: number): ProductRecord {
    return JSON.parse(stringAt(this.records, index)) as ProductRecord;
  }
}

/** No products: what an index compiled without records answers. */
export const NO_PRODUCT_RECORDS = new ProductRecords(encodeProductRecords([], []));

/** The product records an index carries; an index compiled without them holds none. */
export function productRecordsOf(index: EngineIndex): ProductRecords {
  const bytes = index.attachment(PRODUCT_RECORDS_ATTACHMENT);
  return bytes === undefined ? NO_PRODUCT_RECORDS : new ProductRecords(bytes);
}

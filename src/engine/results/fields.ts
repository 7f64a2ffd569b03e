import type { LocalizedText } from '../../lib/locale.js';
import type { TypeIndex } from '../engine-index.js';
import { AVAILABILITIES, NO_DAYS } from '../index/columns-data.js';
import { stringAt } from '../index/string-table.js';
import type { SharedView } from '../listing/shared-view.js';
import type { LoadedChannel } from '../listing/structured-index.js';
import type { OfferView } from '../offers/view.js';
import { DEFAULT_RESULT_FIELDS, valueAt } from './stored.js';

/** Where a hit's fields are read: the request's locale, channel, and the channel's offers at the request's time. */
export interface FieldContext {
  locale: string | undefined;
  channel: LoadedChannel;
  view: OfferView;
}

/** What a result field reads, as a number: each hit's fields are read by a switch over these. */
enum Read {
  Title,
  Url,
  Description,
  Image,
  Images,
  Brand,
  Categories,
  Price,
  SalePrice,
  Currency,
  Availability,
  Stock,
  DeliveryDays,
  Rating,
  Attribute,
  Signal,
  Nothing,
}

const READS: Readonly<Record<string, Read>> = {
  title: Read.Title,
  url: Read.Url,
  description: Read.Description,
  image: Read.Image,
  images: Read.Images,
  brand: Read.Brand,
  categories: Read.Categories,
  price: Read.Price,
  sale_price: Read.SalePrice,
  currency: Read.Currency,
  availability: Read.Availability,
  stock: Read.Stock,
  delivery_days: Read.DeliveryDays,
  rating: Read.Rating,
};

/** A type's result fields read once: per field its name, what it reads, and an attribute's or signal's code. */
interface FieldPlan {
  readonly names: readonly string[];
  readonly reads: readonly Read[];
  readonly codes: readonly string[];
}

const plans = new WeakMap<readonly string[], FieldPlan>();
/** The plan asked for last: a page's hits ask for one plan over and over, quicker to compare than to look up. */
let lastFields: readonly string[] | undefined;
let lastPlan: FieldPlan | undefined;

function planOf(resultFields: readonly string[]): FieldPlan {
  if (resultFields === lastFields) return lastPlan!;
  let plan = plans.get(resultFields);
  if (plan === undefined) {
    plan = makePlan(resultFields);
    plans.set(resultFields, plan);
  }
  lastFields = resultFields;
  lastPlan = plan;
  return plan;
}

function makePlan(resultFields: readonly string[]): FieldPlan {
  const reads: Read[] = [];
  const codes: string[] = [];
  for (const field of resultFields) {
    const read = Object.hasOwn(READS, field)
      ? READS[field]!
      : field.startsWith('attributes.')
        ? Read.Attribute
        : field.startsWith('signals.')
          ? Read.Signal
          : Read.Nothing;
    reads.push(read);
    codes.push(
      read === Read.Attribute
        ? field.slice('attributes.'.length)
        : read === Read.Signal
          ? field.slice('signals.'.length)
          : '',
    );
  }
  return { names: [...resultFields], reads, codes };
}

/**
 * The result fields of a document as a hit shows it: texts in the request's locale (falling back
 * along its tag, then to the catalog's source locale), the offer of `row` in the request's channel
 * at the request's time (a sale price only within its window), and what the shown variant has of
 * its own (url, image, its attributes; its title when tiles are variants). Absent values are left out.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: every result field of a hit is read in one pass over its document, in the order a hit shows them
export function hitFields(
  type: TypeIndex,
  doc: number,
  row: number,
  context: FieldContext,
): Record<string, unknown> {
  const { listing } = type;
  const shared = listing.shared;
  // One value per result field in each record: the document's, and the variant's own.
  const record = stringAt(type.stored, doc);
  const rowStored = listing.data.rowStored;
  const own = rowStored.offsets[row] === rowStored.offsets[row + 1] ? '' : stringAt(rowStored, row);
  const cursor = hitCursor;
  let at = 0;
  let ownAt = 0;
  const variantTile = listing.data.grain === 'variant';
  const { locale } = context;
  const { columns } = context.channel;
  // Written without closures or string comparisons: a hit's fields are read for every hit of every page.
  const fields: Record<string, unknown> = {};
  const price = columns.price[row]!;
  const saleValid = context.view.saleValid[row] === 1;
  const { names, reads, codes } = planOf(listing.data.resultFields ?? DEFAULT_RESULT_FIELDS);
  for (let f = 0; f < reads.length; f++) {
    const name = names[f]!;
    const read = reads[f]!;
    // Every field has its place in the records, empty for those read from the offer.
    const value = valueAt(record, at, cursor);
    at = cursor.at;
    let ownValue: unknown;
    if (own !== '') {
      ownValue = valueAt(own, ownAt, cursor);
      ownAt = cursor.at;
    }
    // Each case stores its own field: one key per store keeps each store's inline cache on one shape.
    switch (read) {
      case Read.Title: {
        const title = shared.text(((variantTile ? ownValue : undefined) ?? value) as Text, locale);
        if (title !== undefined) fields[name] = title;
        break;
      }
      case Read.Url: {
        const url = shared.text((ownValue ?? value) as Text, locale);
        if (url !== undefined) fields[name] = url;
        break;
      }
      case Read.Description: {
        const description = shared.text(value as Text, locale);
        if (description !== undefined) fields[name] = description;
        break;
      }
      case Read.Image: {
        const image = ownValue ?? value;
        if (image !== undefined) fields[name] = image;
        break;
      }
      case Read.Images: {
        const images = ownValue ?? value;
        if (images !== undefined) fields[name] = images;
        break;
      }
      case Read.Brand:
        if (value !== undefined) fields[name] = value;
        break;
      case Read.Categories:
        if (value !== undefined) fields[name] = value;
        break;
      case Read.Rating:
        if (value !== undefined) fields[name] = value;
        break;
      case Read.Price:
        if (!Number.isNaN(price)) fields[name] = price;
        break;
      case Read.SalePrice:
        if (saleValid) fields[name] = columns.salePrice[row];
        break;
      case Read.Currency: {
        if (Number.isNaN(price) && !saleValid) break;
        const code = columns.currencyCodes[row]!;
        const currency = code > 0 ? columns.currencies[code - 1] : columns.currency;
        if (currency !== undefined) fields[name] = currency;
        break;
      }
      case Read.Availability: {
        const code = columns.availability[row]!;
        if (code > 0) fields[name] = AVAILABILITIES[code - 1];
        break;
      }
      case Read.Stock:
        if (!Number.isNaN(columns.stock[row]!)) fields[name] = columns.stock[row];
        break;
      case Read.DeliveryDays:
        if (columns.deliveryMax[row] !== NO_DAYS)
          fields[name] = { min: columns.deliveryMin[row], max: columns.deliveryMax[row] };
        break;
      case Read.Attribute: {
        const code = codes[f]!;
        nest(fields, 'attributes', code, attributeShown(shared, code, ownValue ?? value, locale));
        break;
      }
      case Read.Signal:
        nest(fields, 'signals', codes[f]!, value);
        break;
    }
  }
  return fields;
}

/** Where the next value of a record starts: one object for every hit, as hits are read one at a time. */
const hitCursor = { at: 0 };

type Text = LocalizedText | undefined;

/**
 * Reads what hitFields will read of the first `count` hits (documents and rows), hit by hit, so
 * that their scattered memory reads are under way together; hitFields then finds them in cache.
 * Returns a sum of what it read, for the caller to keep (reads whose values go nowhere could be
 * optimized away).
 */
export function touchHitColumns(
  type: TypeIndex,
  docs: Uint32Array,
  rows: Uint32Array,
  count: number,
  context: FieldContext,
): number {
  const { columns } = context.channel;
  const { price, salePrice, currencyCodes, availability, deliveryMin, deliveryMax } = columns;
  const { saleValid } = context.view;
  const stored = type.stored.offsets;
  const ids = type.ids.offsets;
  const rowStored = type.listing.data.rowStored.offsets;
  const rowIds = type.listing.data.rowIds.offsets;
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const doc = docs[i]!;
    const row = rows[i]!;
    sum +=
      stored[doc]! + ids[doc]! + rowStored[row]! + rowIds[row]! + currencyCodes[row]! + availability[row]!;
    sum += deliveryMin[row]! + deliveryMax[row]! + saleValid[row]!;
    sum += (price[row]! > 0 ? 1 : 0) + (salePrice[row]! > 0 ? 1 : 0);
  }
  // Then the strings those offsets point at, now that the offsets are in cache (an empty record
  // of the last document starts at the table's end: nothing to touch).
  const storedBytes = type.stored.bytes;
  const idBytes = type.ids.bytes;
  for (let i = 0; i < count; i++) {
    const doc = docs[i]!;
    const record = stored[doc]!;
    if (record < storedBytes.length) sum += storedBytes[record]!;
    sum += idBytes[ids[doc]!]!;
  }
  return sum;
}

/** `attributes.<code>` and `signals.<code>` go into objects of those names. */
function nest(fields: Record<string, unknown>, name: string, code: string, value: unknown): void {
  if (value === undefined) return;
  const object = (fields[name] ?? {}) as Record<string, unknown>;
  object[code] = value;
  fields[name] = object;
}

/** An option's label in the locale (several values: each); other values as the catalog writes them. */
function attributeShown(
  shared: SharedView,
  code: string,
  value: unknown,
  locale: string | undefined,
): unknown {
  if (value === undefined) return value;
  if (!Array.isArray(value)) return shared.optionLabel(code, value, locale);
  return value.map((one) => shared.optionLabel(code, one, locale));
}

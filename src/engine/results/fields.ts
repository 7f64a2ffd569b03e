import type { LocalizedText } from '../../lib/locale.js';
import type { TypeIndex } from '../engine-index.js';
import { AVAILABILITIES, NO_DAYS } from '../index/columns-data.js';
import { stringAt } from '../index/string-table.js';
import type { LoadedChannel } from '../listing/structured-index.js';
import { DEFAULT_RESULT_FIELDS, type StoredDoc, type StoredRow } from './stored.js';

/** Where a hit's fields are read: the request's locale, channel and time. */
export interface FieldContext {
  locale: string | undefined;
  channel: LoadedChannel;
  time: number;
}

function parse<T>(text: string): T | undefined {
  return text === '' ? undefined : (JSON.parse(text) as T);
}

/** What a result field reads, by kind: numbers for a switch without string compares. */
const TITLE = 0;
const URL = 1;
const DESCRIPTION = 2;
const IMAGE = 3;
const IMAGES = 4;
const BRAND = 5;
const CATEGORIES = 6;
const PRICE = 7;
const SALE_PRICE = 8;
const CURRENCY = 9;
const AVAILABILITY = 10;
const STOCK = 11;
const DELIVERY_DAYS = 12;
const RATING = 13;
const ATTRIBUTE = 14;
const SIGNAL = 15;
const NONE = 16;
const KINDS: Readonly<Record<string, number>> = {
  title: TITLE,
  url: URL,
  description: DESCRIPTION,
  image: IMAGE,
  images: IMAGES,
  brand: BRAND,
  categories: CATEGORIES,
  price: PRICE,
  sale_price: SALE_PRICE,
  currency: CURRENCY,
  availability: AVAILABILITY,
  stock: STOCK,
  delivery_days: DELIVERY_DAYS,
  rating: RATING,
};

/** A type's result fields read once: per field its kind, its name, and the code of an attribute or signal. */
interface FieldPlan {
  readonly kinds: Int32Array;
  readonly names: readonly string[];
  readonly codes: readonly string[];
}

const plans = new WeakMap<readonly string[], FieldPlan>();

function planOf(fields: readonly string[]): FieldPlan {
  let plan = plans.get(fields);
  if (plan === undefined) {
    const kinds = new Int32Array(fields.length);
    const codes: string[] = [];
    fields.forEach((field, at) => {
      let kind = Object.hasOwn(KINDS, field) ? KINDS[field]! : NONE;
      let code = '';
      if (kind === NONE) {
        if (field.startsWith('attributes.')) {
          kind = ATTRIBUTE;
          code = field.slice('attributes.'.length);
        } else if (field.startsWith('signals.')) {
          kind = SIGNAL;
          code = field.slice('signals.'.length);
        }
      }
      kinds[at] = kind;
      codes.push(code);
    });
    plan = { kinds, names: fields, codes };
    plans.set(fields, plan);
  }
  return plan;
}

/** An attribute's options by value, the first of each value. */
const optionMaps = new WeakMap<object, Map<string, { value: string; label?: unknown }>>();

function optionsByValue(
  options: ReadonlyArray<{ value: string; label?: unknown }>,
): Map<string, { value: string; label?: unknown }> {
  let byValue = optionMaps.get(options);
  if (byValue === undefined) {
    byValue = new Map();
    for (const option of options) if (!byValue.has(option.value)) byValue.set(option.value, option);
    optionMaps.set(options, byValue);
  }
  return byValue;
}

/**
 * The result fields of a document as a hit shows it: texts in the request's locale (falling back
 * along its tag, then to the catalog's source locale), the offer of `row` in the request's channel
 * at the request's time (a sale price only within its window), and what the shown variant has of
 * its own (url, image, its attributes; its title when tiles are variants). Absent values are left out.
 */
export function hitFields(
  type: TypeIndex,
  doc: number,
  row: number,
  context: FieldContext,
): Record<string, unknown> {
  const { listing } = type;
  const shared = listing.shared;
  const locale = context.locale;
  const stored = parse<StoredDoc>(stringAt(type.stored, doc)) ?? {};
  const rowStored = listing.data.rowStored;
  const own =
    rowStored.offsets[row] === rowStored.offsets[row + 1]
      ? undefined
      : parse<StoredRow>(stringAt(rowStored, row));
  const variantTile = listing.data.grain === 'variant';
  const { columns, offers } = context.channel;
  const fields: Record<string, unknown> = {};
  const price = columns.price[row]!;
  const saleValid = offers.saleValid(row, context.time);
  const { kinds, names, codes } = planOf(listing.data.resultFields ?? DEFAULT_RESULT_FIELDS);
  for (let at = 0; at < kinds.length; at++) {
    const name = names[at]!;
    let value: unknown;
    switch (kinds[at]) {
      case TITLE:
        value = shared.text(
          ((variantTile ? own?.title : undefined) ?? stored.title) as LocalizedText,
          locale,
        );
        break;
      case URL:
        value = shared.text((own?.url ?? stored.url) as LocalizedText | undefined, locale);
        break;
      case DESCRIPTION:
        value = shared.text(stored.description as LocalizedText | undefined, locale);
        break;
      case IMAGE:
        value = own?.image ?? stored.image;
        break;
      case IMAGES:
        value = own?.images ?? stored.images;
        break;
      case BRAND:
        value = stored.brand;
        break;
      case CATEGORIES:
        value = stored.categories;
        break;
      case PRICE:
        if (!Number.isNaN(price)) value = price;
        break;
      case SALE_PRICE:
        if (saleValid) value = columns.salePrice[row];
        break;
      case CURRENCY: {
        if (Number.isNaN(price) && !saleValid) break;
        const code = columns.currencyCodes[row]!;
        value = code > 0 ? columns.currencies[code - 1] : columns.currency;
        break;
      }
      case AVAILABILITY: {
        const code = columns.availability[row]!;
        if (code > 0) value = AVAILABILITIES[code - 1];
        break;
      }
      case STOCK:
        if (!Number.isNaN(columns.stock[row]!)) value = columns.stock[row];
        break;
      case DELIVERY_DAYS:
        if (columns.deliveryMax[row] !== NO_DAYS)
          value = { min: columns.deliveryMin[row], max: columns.deliveryMax[row] };
        break;
      case RATING:
        value = stored.signals?.rating;
        break;
      case ATTRIBUTE: {
        // `attributes.<code>` and `signals.<code>` go into objects of those names.
        const code = codes[at]!;
        const shown = attributeShown(
          shared.attributes.get(code)?.options,
          own?.attributes?.[code] ?? stored.attributes?.[code],
          shared,
          locale,
        );
        if (shown !== undefined) nest(fields, 'attributes', code, shown);
        continue;
      }
      case SIGNAL: {
        const code = codes[at]!;
        const signal = stored.signals?.[code];
        if (signal !== undefined) nest(fields, 'signals', code, signal);
        continue;
      }
      default:
        continue;
    }
    if (value !== undefined) fields[name] = value;
  }
  return fields;
}

function nest(fields: Record<string, unknown>, name: string, code: string, value: unknown): void {
  const object = (fields[name] ?? {}) as Record<string, unknown>;
  object[code] = value;
  fields[name] = object;
}

/** An option's label in the locale (several values: each); other values as the catalog writes them. */
function attributeShown(
  options: ReadonlyArray<{ value: string; label?: unknown }> | undefined,
  value: unknown,
  shared: TypeIndex['listing']['shared'],
  locale: string | undefined,
): unknown {
  if (value === undefined || options === undefined) return value;
  const byValue = optionsByValue(options);
  const label = (one: unknown) => {
    const option = byValue.get(String(one));
    return option?.label !== undefined ? (shared.text(option.label as LocalizedText, locale) ?? one) : one;
  };
  return Array.isArray(value) ? value.map(label) : label(value);
}

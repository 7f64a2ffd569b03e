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
  const stored = parse<StoredDoc>(stringAt(type.stored, doc)) ?? {};
  const rowStored = listing.data.rowStored;
  const own =
    rowStored.offsets[row] === rowStored.offsets[row + 1]
      ? undefined
      : parse<StoredRow>(stringAt(rowStored, row));
  const variantTile = listing.data.grain === 'variant';
  const text = (value: unknown) => shared.text(value as LocalizedText | undefined, context.locale);
  const { columns, offers } = context.channel;
  const fields: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => {
    if (value !== undefined) fields[name] = value;
  };
  /** `attributes.<code>` and `signals.<code>` go into objects of those names. */
  const nest = (name: string, code: string, value: unknown) => {
    if (value === undefined) return;
    const object = (fields[name] ?? {}) as Record<string, unknown>;
    object[code] = value;
    fields[name] = object;
  };
  const price = columns.price[row]!;
  const saleValid = offers.saleValid(row, context.time);
  for (const field of listing.data.resultFields ?? DEFAULT_RESULT_FIELDS) {
    switch (field) {
      case 'title':
        set(field, text((variantTile ? own?.title : undefined) ?? stored.title));
        break;
      case 'url':
        set(field, text(own?.url ?? stored.url));
        break;
      case 'description':
        set(field, text(stored.description));
        break;
      case 'image':
        set(field, own?.image ?? stored.image);
        break;
      case 'images':
        set(field, own?.images ?? stored.images);
        break;
      case 'brand':
        set(field, stored.brand);
        break;
      case 'categories':
        set(field, stored.categories);
        break;
      case 'price':
        if (!Number.isNaN(price)) set(field, price);
        break;
      case 'sale_price':
        if (saleValid) set(field, columns.salePrice[row]);
        break;
      case 'currency': {
        if (Number.isNaN(price) && !saleValid) break;
        const code = columns.currencyCodes[row]!;
        set(field, code > 0 ? columns.currencies[code - 1] : columns.currency);
        break;
      }
      case 'availability': {
        const code = columns.availability[row]!;
        if (code > 0) set(field, AVAILABILITIES[code - 1]);
        break;
      }
      case 'stock':
        if (!Number.isNaN(columns.stock[row]!)) set(field, columns.stock[row]);
        break;
      case 'delivery_days':
        if (columns.deliveryMax[row] !== NO_DAYS)
          set(field, { min: columns.deliveryMin[row], max: columns.deliveryMax[row] });
        break;
      case 'rating':
        set(field, stored.signals?.rating);
        break;
      default:
        if (field.startsWith('attributes.')) {
          const code = field.slice('attributes.'.length);
          const value = own?.attributes?.[code] ?? stored.attributes?.[code];
          nest('attributes', code, attributeShown(shared.attributes.get(code)?.options, value, text));
        } else if (field.startsWith('signals.')) {
          const code = field.slice('signals.'.length);
          nest('signals', code, stored.signals?.[code]);
        }
    }
  }
  return fields;
}

/** An option's label in the locale (several values: each); other values as the catalog writes them. */
function attributeShown(
  options: ReadonlyArray<{ value: string; label?: unknown }> | undefined,
  value: unknown,
  text: (value: unknown) => string | undefined,
): unknown {
  if (value === undefined || options === undefined) return value;
  const label = (one: unknown) => {
    const option = options.find((candidate) => candidate.value === String(one));
    return option?.label !== undefined ? (text(option.label) ?? one) : one;
  };
  return Array.isArray(value) ? value.map(label) : label(value);
}

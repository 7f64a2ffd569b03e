import type { LocalizedText } from '../../lib/locale.js';
import type { TypeIndex } from '../engine-index.js';
import { AVAILABILITIES, NO_DAYS } from '../index/columns-data.js';
import { stringAt } from '../index/string-table.js';
import type { SharedView } from '../listing/shared-view.js';
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
  const { locale } = context;
  const { columns, offers } = context.channel;
  // Written without closures: a hit's fields are read for every hit of every page.
  const fields: Record<string, unknown> = {};
  const price = columns.price[row]!;
  const saleValid = offers.saleValid(row, context.time);
  for (const field of listing.data.resultFields ?? DEFAULT_RESULT_FIELDS) {
    switch (field) {
      case 'title':
        set(fields, field, localText(shared, (variantTile ? own?.title : undefined) ?? stored.title, locale));
        break;
      case 'url':
        set(fields, field, localText(shared, own?.url ?? stored.url, locale));
        break;
      case 'description':
        set(fields, field, localText(shared, stored.description, locale));
        break;
      case 'image':
        set(fields, field, own?.image ?? stored.image);
        break;
      case 'images':
        set(fields, field, own?.images ?? stored.images);
        break;
      case 'brand':
        set(fields, field, stored.brand);
        break;
      case 'categories':
        set(fields, field, stored.categories);
        break;
      case 'price':
        if (!Number.isNaN(price)) set(fields, field, price);
        break;
      case 'sale_price':
        if (saleValid) set(fields, field, columns.salePrice[row]);
        break;
      case 'currency': {
        if (Number.isNaN(price) && !saleValid) break;
        const code = columns.currencyCodes[row]!;
        set(fields, field, code > 0 ? columns.currencies[code - 1] : columns.currency);
        break;
      }
      case 'availability': {
        const code = columns.availability[row]!;
        if (code > 0) set(fields, field, AVAILABILITIES[code - 1]);
        break;
      }
      case 'stock':
        if (!Number.isNaN(columns.stock[row]!)) set(fields, field, columns.stock[row]);
        break;
      case 'delivery_days':
        if (columns.deliveryMax[row] !== NO_DAYS)
          set(fields, field, { min: columns.deliveryMin[row], max: columns.deliveryMax[row] });
        break;
      case 'rating':
        set(fields, field, stored.signals?.rating);
        break;
      default:
        if (field.startsWith('attributes.')) {
          const code = field.slice('attributes.'.length);
          const value = own?.attributes?.[code] ?? stored.attributes?.[code];
          const options = shared.attributes.get(code)?.options;
          nest(fields, 'attributes', code, attributeShown(shared, options, value, locale));
        } else if (field.startsWith('signals.')) {
          const code = field.slice('signals.'.length);
          nest(fields, 'signals', code, stored.signals?.[code]);
        }
    }
  }
  return fields;
}

function localText(shared: SharedView, value: unknown, locale: string | undefined): string | undefined {
  return shared.text(value as LocalizedText | undefined, locale);
}

function set(fields: Record<string, unknown>, name: string, value: unknown): void {
  if (value !== undefined) fields[name] = value;
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
  options: ReadonlyArray<{ value: string; label?: unknown }> | undefined,
  value: unknown,
  locale: string | undefined,
): unknown {
  if (value === undefined || options === undefined) return value;
  if (!Array.isArray(value)) return optionLabel(shared, options, value, locale);
  return value.map((one) => optionLabel(shared, options, one, locale));
}

function optionLabel(
  shared: SharedView,
  options: ReadonlyArray<{ value: string; label?: unknown }>,
  value: unknown,
  locale: string | undefined,
): unknown {
  const wanted = String(value);
  for (const option of options) {
    if (option.value === wanted)
      return option.label !== undefined ? (localText(shared, option.label, locale) ?? value) : value;
  }
  return value;
}

import { localeChain } from '../../lib/locale.js';
import type { FieldValue } from '../index/columns-data.js';
import type { SharedView } from '../listing/shared-view.js';
import type { FieldAccess } from '../listing/structured-index.js';

/**
 * Labels of values the catalog and release do not name themselves (availabilities, yes and no),
 * in English and German; other languages read English.
 */
const BUILT_IN: Record<string, Record<string, string>> = {
  en: {
    in_stock: 'In stock',
    out_of_stock: 'Out of stock',
    preorder: 'Preorder',
    backorder: 'Backorder',
    true: 'Yes',
    false: 'No',
    day: 'day',
    days: 'days',
  },
  de: {
    in_stock: 'Auf Lager',
    out_of_stock: 'Nicht auf Lager',
    preorder: 'Vorbestellbar',
    backorder: 'Nachbestellt',
    true: 'Ja',
    false: 'Nein',
    day: 'Tag',
    days: 'Tage',
  },
};

export function builtInLabel(key: string, locale: string | undefined): string {
  const language = locale === undefined ? 'en' : (localeChain(locale).at(-1) ?? 'en');
  return (BUILT_IN[language] ?? BUILT_IN.en!)[key] ?? BUILT_IN.en![key] ?? key;
}

/** How units read after a number. */
const UNIT_SYMBOLS: Record<string, string> = {
  mb: 'MB',
  gb: 'GB',
  tb: 'TB',
  w: 'W',
  kw: 'kW',
  wh: 'Wh',
  kwh: 'kWh',
  mah: 'mAh',
  v: 'V',
  hz: 'Hz',
  kelvin: 'K',
  celsius: '°C',
};

const numberFormats = new Map<string, Intl.NumberFormat>();
const collators = new Map<string, Intl.Collator>();

function numberFormat(locale: string | undefined): Intl.NumberFormat {
  const key = locale ?? 'en';
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(key, { maximumFractionDigits: 2 });
    numberFormats.set(key, format);
  }
  return format;
}

/** A collator per locale, made once: labels sort by it. */
export function collator(locale: string | undefined): Intl.Collator {
  const key = locale ?? 'en';
  let made = collators.get(key);
  if (made === undefined) {
    made = new Intl.Collator(key);
    collators.set(key, made);
  }
  return made;
}

export function withUnit(value: number, unit: string | undefined, locale: string | undefined): string {
  const number = numberFormat(locale).format(value);
  if (unit === undefined) return number;
  if (unit === 'day') return `${number} ${builtInLabel(value === 1 ? 'day' : 'days', locale)}`;
  return `${number} ${UNIT_SYMBOLS[unit] ?? unit}`;
}

/** What a value of a field reads as on a facet or a chip, with what else it has to show. */
export interface ValueLook {
  label: string;
  swatch?: string;
  image?: string;
  description?: string;
}

export function valueLook(
  access: FieldAccess,
  value: FieldValue,
  shared: SharedView,
  locale: string | undefined,
  unit: string | undefined,
): ValueLook {
  switch (access.nature) {
    case 'category':
      return { label: shared.categoryTitle(String(value), locale) };
    case 'brand': {
      const brand = shared.brand(String(value));
      const look: ValueLook = { label: shared.text(brand?.title, locale) ?? String(value) };
      if (brand?.logo !== undefined) look.image = brand.logo;
      return look;
    }
    case 'availability':
    case 'boolean':
    case 'on_sale':
      return { label: builtInLabel(String(value), locale) };
    case 'number':
    case 'quantity':
    case 'rating':
      return { label: typeof value === 'number' ? withUnit(value, unit, locale) : String(value) };
    case 'delivery_days':
      return { label: typeof value === 'number' ? withUnit(value, 'day', locale) : String(value) };
    case 'option': {
      const option = shared.option(access.name, value);
      if (option === undefined) return { label: String(value) };
      const look: ValueLook = { label: shared.text(option.label, locale) ?? option.value };
      if (option.swatch !== undefined) look.swatch = option.swatch;
      if (option.image !== undefined) look.image = option.image;
      const description = shared.text(option.description, locale);
      if (description !== undefined) look.description = description;
      return look;
    }
    default:
      return { label: String(value) };
  }
}

import { localeChain } from './locale.js';

/**
 * The words aisle says itself: names of the built-in fields, availabilities, yes and no, the
 * relevance order, days, units and comparisons. The release names its attributes, sorts and
 * values; what the contract builds in is named here, once, in English and German, and in English
 * for a language aisle has no words for. Facets, chips, sorts, page settings and product answers
 * all read these, so the same field reads the same everywhere.
 */

export interface BuiltInWords {
  /** The built-in fields a facet, chip or detail is named by. */
  fields: Readonly<Record<string, string>>;
  availability: Readonly<Record<string, string>>;
  yes: string;
  no: string;
  relevance: string;
  day: string;
  days: string;
  /** Comparisons with `{a}` (and `{b}`) where the amounts go. */
  under: string;
  upTo: string;
  over: string;
  from: string;
  between: string;
}

const WORDS: Readonly<Record<string, BuiltInWords>> = {
  en: {
    fields: {
      category: 'Category',
      brand: 'Brand',
      price: 'Price',
      on_sale: 'On sale',
      availability: 'Availability',
      delivery_days: 'Delivery',
      rating: 'Rating',
    },
    availability: {
      in_stock: 'In stock',
      out_of_stock: 'Out of stock',
      preorder: 'Preorder',
      backorder: 'Backorder',
    },
    yes: 'Yes',
    no: 'No',
    relevance: 'Relevance',
    day: 'day',
    days: 'days',
    under: 'under {a}',
    upTo: 'up to {a}',
    over: 'over {a}',
    from: 'from {a}',
    between: '{a} to {b}',
  },
  de: {
    fields: {
      category: 'Kategorie',
      brand: 'Marke',
      price: 'Preis',
      on_sale: 'Im Angebot',
      availability: 'Verfügbarkeit',
      delivery_days: 'Lieferzeit',
      rating: 'Bewertung',
    },
    availability: {
      in_stock: 'Auf Lager',
      out_of_stock: 'Nicht auf Lager',
      preorder: 'Vorbestellbar',
      backorder: 'Nachbestellt',
    },
    yes: 'Ja',
    no: 'Nein',
    relevance: 'Relevanz',
    day: 'Tag',
    days: 'Tage',
    under: 'unter {a}',
    upTo: 'bis {a}',
    over: 'über {a}',
    from: 'ab {a}',
    between: '{a} bis {b}',
  },
};

const ENGLISH = WORDS.en!;

/** The built-in words of a locale's language (a regional tag reads its language), else English. */
export function wordsFor(locale: string | undefined): BuiltInWords {
  if (locale === undefined) return ENGLISH;
  return WORDS[localeChain(locale).at(-1)!] ?? ENGLISH;
}

/** The name of a built-in field in the locale, or undefined for an attribute. */
export function builtInFieldLabel(field: string, locale: string | undefined): string | undefined {
  return wordsFor(locale).fields[field];
}

/**
 * The label of a value the catalog and release do not name themselves: an availability, or a
 * boolean (yes, no). Other values read as written.
 */
export function builtInValueLabel(value: string, locale: string | undefined): string {
  const words = wordsFor(locale);
  if (value === 'true') return words.yes;
  if (value === 'false') return words.no;
  return words.availability[value] ?? value;
}

/** How units read after a number; a unit not named here reads as its code. */
const UNIT_SYMBOLS: Readonly<Record<string, string>> = {
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

/** A number as the locale writes it, with at most two decimals. */
export function formatNumber(value: number, locale: string | undefined): string {
  const key = locale ?? 'en';
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(key, { maximumFractionDigits: 2 });
    // Locales come from requests: few distinct ones, but keep the memo bounded.
    if (numberFormats.size < 1000) numberFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * A number with its unit (or currency) as shoppers read it: "55 in", "128 GB", "50 EUR", and days
 * in words: "1 day", "3 Tage".
 */
export function withUnit(value: number, unit: string | undefined, locale: string | undefined): string {
  const number = formatNumber(value, locale);
  if (unit === undefined) return number;
  if (unit === 'day') {
    const words = wordsFor(locale);
    return `${number} ${value === 1 ? words.day : words.days}`;
  }
  return `${number} ${UNIT_SYMBOLS[unit] ?? unit}`;
}

export type ComparisonOperator = 'lt' | 'lte' | 'gt' | 'gte' | 'between';

/** A comparison as a chip shows it: "under 50 EUR", "50 in bis 65 in". */
export function formatComparison(
  comparison: Readonly<Partial<Record<ComparisonOperator, unknown>>>,
  unit: string | undefined,
  locale: string,
): string {
  const words = wordsFor(locale);
  const amount = (value: unknown) =>
    typeof value === 'number' ? withUnit(value, unit, locale) : String(value);
  const phrase = (template: string, a: unknown, b?: unknown) =>
    template.replace('{a}', amount(a)).replace('{b}', b === undefined ? '' : amount(b));
  const parts: string[] = [];
  if (Array.isArray(comparison.between)) {
    parts.push(phrase(words.between, comparison.between[0], comparison.between[1]));
  }
  if (comparison.gt !== undefined) parts.push(phrase(words.over, comparison.gt));
  if (comparison.gte !== undefined) parts.push(phrase(words.from, comparison.gte));
  if (comparison.lt !== undefined) parts.push(phrase(words.under, comparison.lt));
  if (comparison.lte !== undefined) parts.push(phrase(words.upTo, comparison.lte));
  return parts.join(', ');
}

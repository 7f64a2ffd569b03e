import { languageOf } from '../engine/index.js';

/**
 * Words of the chips shoppers read beside the results: the names of the built-in fields and of
 * comparisons. The release names its attributes; these the contract builds in, so aisle says
 * them itself, in English and German, and in English for a language it has no words for.
 */

interface Words {
  fields: Record<string, string>;
  availability: Record<string, string>;
  onSale: string;
  relevance: string;
  under: string;
  upTo: string;
  over: string;
  from: string;
  between: string;
}

const WORDS: Record<string, Words> = {
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
    onSale: 'On sale',
    relevance: 'Relevance',
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
    onSale: 'Im Angebot',
    relevance: 'Relevanz',
    under: 'unter {a}',
    upTo: 'bis {a}',
    over: 'über {a}',
    from: 'ab {a}',
    between: '{a} bis {b}',
  },
};

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
  day: 'd',
};

export function wordsFor(locale: string): Words {
  return WORDS[languageOf(locale)] ?? WORDS.en!;
}

const formats = new Map<string, Intl.NumberFormat>();

function formatNumber(value: number, locale: string): string {
  let format = formats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    formats.set(locale, format);
  }
  return format.format(value);
}

/** A number with its unit or currency as a chip shows it: "55 in", "50 EUR". */
export function formatAmount(value: number, unit: string | undefined, locale: string): string {
  const number = formatNumber(value, locale);
  return unit === undefined ? number : `${number} ${UNIT_SYMBOLS[unit] ?? unit}`;
}

export type ComparisonOperator = 'lt' | 'lte' | 'gt' | 'gte' | 'between';

/** A comparison as a chip shows it: "under 50 EUR", "50 bis 65 in". */
export function formatComparison(
  comparison: Readonly<Partial<Record<ComparisonOperator, unknown>>>,
  unit: string | undefined,
  locale: string,
): string {
  const words = wordsFor(locale);
  const amount = (value: unknown) =>
    typeof value === 'number' ? formatAmount(value, unit, locale) : String(value);
  const parts: string[] = [];
  const phrase = (template: string, a: unknown, b?: unknown) =>
    template.replace('{a}', amount(a)).replace('{b}', b === undefined ? '' : amount(b));
  if (Array.isArray(comparison.between)) {
    parts.push(phrase(words.between, comparison.between[0], comparison.between[1]));
  }
  if (comparison.gt !== undefined) parts.push(phrase(words.over, comparison.gt));
  if (comparison.gte !== undefined) parts.push(phrase(words.from, comparison.gte));
  if (comparison.lt !== undefined) parts.push(phrase(words.under, comparison.lt));
  if (comparison.lte !== undefined) parts.push(phrase(words.upTo, comparison.lte));
  return parts.join(', ');
}

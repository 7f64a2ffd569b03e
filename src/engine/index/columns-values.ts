import type { FieldNature, FieldValue } from './columns-data.js';

/**
 * How catalog values become field values: options as text, numbers and quantities as numbers in
 * the attribute's unit, dates as written (they compare as text), identifiers normalized, booleans
 * from their usual spellings. A value that cannot be read is left out.
 */

/** Factor to a base unit per dimension; units of one dimension convert into each other. */
const UNITS: Record<string, { dimension: string; factor: number; offset?: number }> = {
  mm: { dimension: 'length', factor: 0.001 },
  cm: { dimension: 'length', factor: 0.01 },
  m: { dimension: 'length', factor: 1 },
  in: { dimension: 'length', factor: 0.0254 },
  ft: { dimension: 'length', factor: 0.3048 },
  g: { dimension: 'weight', factor: 0.001 },
  kg: { dimension: 'weight', factor: 1 },
  lb: { dimension: 'weight', factor: 0.45359237 },
  oz: { dimension: 'weight', factor: 0.028349523125 },
  ml: { dimension: 'volume', factor: 0.001 },
  l: { dimension: 'volume', factor: 1 },
  w: { dimension: 'power', factor: 1 },
  kw: { dimension: 'power', factor: 1000 },
  wh: { dimension: 'energy', factor: 1 },
  kwh: { dimension: 'energy', factor: 1000 },
  mah: { dimension: 'charge', factor: 1 },
  v: { dimension: 'voltage', factor: 1 },
  lm: { dimension: 'light', factor: 1 },
  kelvin: { dimension: 'color temperature', factor: 1 },
  celsius: { dimension: 'temperature', factor: 1 },
  hz: { dimension: 'frequency', factor: 1 },
  mb: { dimension: 'data', factor: 1 },
  gb: { dimension: 'data', factor: 1000 },
  tb: { dimension: 'data', factor: 1_000_000 },
  day: { dimension: 'time', factor: 1 },
  month: { dimension: 'time', factor: 30.436875 },
  year: { dimension: 'time', factor: 365.2425 },
};

/** Other spellings of units as exports write them. */
const UNIT_ALIASES: Record<string, string> = {
  '"': 'in',
  inch: 'in',
  inches: 'in',
  zoll: 'in',
  k: 'kelvin',
  '°c': 'celsius',
  c: 'celsius',
  days: 'day',
  d: 'day',
  months: 'month',
  years: 'year',
  y: 'year',
  liter: 'l',
  litre: 'l',
  watt: 'w',
};

const QUANTITY = /^\s*(-?\d+(?:[.,]\d+)?)\s*([^\d\s][^\s]*)?\s*$/;

/** A quantity in `unit`: a number, or "27 in", "1,5 kg", "2 TB" converted; undefined when unreadable. */
export function readQuantity(value: unknown, unit: string | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = QUANTITY.exec(value);
  if (!match) return undefined;
  const amount = Number(match[1]!.replace(',', '.'));
  const written = match[2]?.toLowerCase();
  if (written === undefined || unit === undefined) return amount;
  const from = UNITS[UNIT_ALIASES[written] ?? written];
  const to = UNITS[unit];
  if (from === undefined || to === undefined || from.dimension !== to.dimension) return undefined;
  return roundQuantity((amount * from.factor) / to.factor);
}

/** Conversions leave binary noise (1.2000000000000002): twelve significant digits are plenty. */
function roundQuantity(value: number): number {
  return Number(value.toPrecision(12));
}

export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(text)) return true;
  if (['false', 'no', '0', 'n'].includes(text)) return false;
  return undefined;
}

/** Identifiers (GTIN, MPN, ISBN) match after spaces, dashes and dots are dropped and case folded. */
export function normalizeIdentifier(value: string): string {
  return value.replace(/[\s\-.]/g, '').toUpperCase();
}

export function readDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return undefined;
  return value;
}

/** A range attribute: { min, max } (or `from`/`to`), "10-20 cm", or one number for both ends. */
export function readRange(value: unknown, unit: string | undefined): [number, number] | undefined {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const low = readQuantity(record.min ?? record.from, unit);
    const high = readQuantity(record.max ?? record.to, unit);
    if (low === undefined && high === undefined) return undefined;
    return [low ?? high!, high ?? low!];
  }
  if (typeof value === 'string') {
    const dash = value.indexOf('-', 1);
    if (dash > 0) {
      const tail = value.slice(dash + 1);
      const unitText = /[^\d\s.,]+\s*$/.exec(tail)?.[0] ?? '';
      const low = readQuantity(`${value.slice(0, dash)} ${unitText}`, unit);
      const high = readQuantity(tail, unit);
      if (low !== undefined && high !== undefined) return [Math.min(low, high), Math.max(low, high)];
    }
  }
  const one = readQuantity(value, unit);
  return one === undefined ? undefined : [one, one];
}

/** The field values one catalog value holds (an array holds several). */
export function fieldValues(nature: FieldNature, value: unknown, unit: string | undefined): FieldValue[] {
  if (Array.isArray(value)) return value.flatMap((one) => fieldValues(nature, one, unit));
  switch (nature) {
    case 'option':
    case 'brand':
    case 'category':
      return typeof value === 'string' || typeof value === 'number' ? [String(value)] : [];
    case 'identifier':
      return typeof value === 'string' || typeof value === 'number'
        ? [normalizeIdentifier(String(value))]
        : [];
    case 'boolean': {
      const read = readBoolean(value);
      return read === undefined ? [] : [read];
    }
    case 'number':
    case 'quantity':
    case 'rating': {
      const read = readQuantity(value, nature === 'quantity' ? unit : undefined);
      return read === undefined ? [] : [read];
    }
    case 'date': {
      const read = readDate(value);
      return read === undefined ? [] : [read];
    }
    case 'range':
      return [];
  }
}

/** Plain values remembered per field, at most: enough for the values a catalog repeats. */
const MAX_REMEMBERED_VALUES = 1 << 12;

/**
 * fieldValues of one field, remembered per plain value (text or number): a catalog repeats its
 * values on thousands of entities, and reading quantities and units again costs more than a
 * lookup. The arrays handed out are shared: read them, never change them.
 */
export class FieldValueReader {
  private readonly known = new Map<string | number, readonly FieldValue[]>();

  constructor(
    private readonly nature: FieldNature,
    private readonly unit: string | undefined,
  ) {}

  valuesOf(value: unknown): readonly FieldValue[] {
    if (typeof value !== 'string' && typeof value !== 'number') {
      return fieldValues(this.nature, value, this.unit);
    }
    let values = this.known.get(value);
    if (values === undefined) {
      values = fieldValues(this.nature, value, this.unit);
      if (this.known.size < MAX_REMEMBERED_VALUES) this.known.set(value, values);
    }
    return values;
  }
}

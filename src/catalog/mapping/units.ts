/**
 * The units a quantity may carry (the contract's 27), each with its dimension and its size in
 * the dimension's base, so that "500 g" and "1.2 kg" in one column meet in one unit. Celsius and
 * kelvin are not converted into each other: they differ by an offset, not a factor.
 */
const UNIT_SIZES: Record<string, { dimension: string; size: number }> = {
  mm: { dimension: 'length', size: 0.001 },
  cm: { dimension: 'length', size: 0.01 },
  m: { dimension: 'length', size: 1 },
  in: { dimension: 'length', size: 0.0254 },
  ft: { dimension: 'length', size: 0.3048 },
  g: { dimension: 'mass', size: 1 },
  kg: { dimension: 'mass', size: 1000 },
  lb: { dimension: 'mass', size: 453.59237 },
  oz: { dimension: 'mass', size: 28.349523125 },
  ml: { dimension: 'volume', size: 1 },
  l: { dimension: 'volume', size: 1000 },
  w: { dimension: 'power', size: 1 },
  kw: { dimension: 'power', size: 1000 },
  wh: { dimension: 'energy', size: 1 },
  kwh: { dimension: 'energy', size: 1000 },
  mah: { dimension: 'charge', size: 1 },
  v: { dimension: 'voltage', size: 1 },
  lm: { dimension: 'light', size: 1 },
  kelvin: { dimension: 'kelvin', size: 1 },
  celsius: { dimension: 'celsius', size: 1 },
  hz: { dimension: 'frequency', size: 1 },
  mb: { dimension: 'data', size: 1 },
  gb: { dimension: 'data', size: 1000 },
  tb: { dimension: 'data', size: 1_000_000 },
  day: { dimension: 'time', size: 1 },
  month: { dimension: 'time', size: 30.436875 },
  year: { dimension: 'time', size: 365.2425 },
};

/** How exports write units: the token (lowercase) to a contract unit and the factor into it. */
const TOKENS: Record<string, [unit: string, factor: number]> = {
  mm: ['mm', 1],
  millimeter: ['mm', 1],
  millimetre: ['mm', 1],
  cm: ['cm', 1],
  centimeter: ['cm', 1],
  centimetre: ['cm', 1],
  m: ['m', 1],
  meter: ['m', 1],
  metre: ['m', 1],
  km: ['m', 1000],
  in: ['in', 1],
  inch: ['in', 1],
  inches: ['in', 1],
  '"': ['in', 1],
  '″': ['in', 1],
  ft: ['ft', 1],
  feet: ['ft', 1],
  foot: ['ft', 1],
  mg: ['g', 0.001],
  g: ['g', 1],
  gm: ['g', 1],
  gms: ['g', 1],
  gr: ['g', 1],
  gram: ['g', 1],
  grams: ['g', 1],
  kg: ['kg', 1],
  kgs: ['kg', 1],
  kilogram: ['kg', 1],
  kilograms: ['kg', 1],
  lb: ['lb', 1],
  lbs: ['lb', 1],
  pound: ['lb', 1],
  pounds: ['lb', 1],
  oz: ['oz', 1],
  ounce: ['oz', 1],
  ounces: ['oz', 1],
  ml: ['ml', 1],
  cl: ['ml', 10],
  dl: ['ml', 100],
  l: ['l', 1],
  lt: ['l', 1],
  ltr: ['l', 1],
  litre: ['l', 1],
  liter: ['l', 1],
  litres: ['l', 1],
  liters: ['l', 1],
  w: ['w', 1],
  watt: ['w', 1],
  watts: ['w', 1],
  kw: ['kw', 1],
  wh: ['wh', 1],
  kwh: ['kwh', 1],
  mah: ['mah', 1],
  v: ['v', 1],
  volt: ['v', 1],
  volts: ['v', 1],
  lm: ['lm', 1],
  lumen: ['lm', 1],
  lumens: ['lm', 1],
  k: ['kelvin', 1],
  kelvin: ['kelvin', 1],
  '°c': ['celsius', 1],
  '℃': ['celsius', 1],
  celsius: ['celsius', 1],
  hz: ['hz', 1],
  khz: ['hz', 1e3],
  mhz: ['hz', 1e6],
  ghz: ['hz', 1e9],
  kb: ['mb', 0.001],
  mb: ['mb', 1],
  gb: ['gb', 1],
  tb: ['tb', 1],
  day: ['day', 1],
  days: ['day', 1],
  week: ['day', 7],
  weeks: ['day', 7],
  month: ['month', 1],
  months: ['month', 1],
  year: ['year', 1],
  years: ['year', 1],
  yr: ['year', 1],
  yrs: ['year', 1],
};

/** A unit as a value writes it, read into a contract unit and the factor into that unit. */
export function readUnit(token: string): { unit: string; factor: number } | undefined {
  const entry = TOKENS[token.trim().toLowerCase()];
  return entry ? { unit: entry[0], factor: entry[1] } : undefined;
}

/**
 * A unit a column's name ends with ("width_cm", "Weight (kg)", "warranty_years"). Single letters
 * and "in" are too often the end of a word ("size_m" is a size M, "built_in" no inches).
 */
export function unitInName(normalizedName: string): string | undefined {
  const last = normalizedName.split('_').at(-1) ?? '';
  if (last.length < 2 || last === 'in') return undefined;
  const entry = TOKENS[last];
  return entry && entry[1] === 1 ? entry[0] : undefined;
}

/** `value` written in `from` as a value in `to`, when both measure the same dimension. */
export function convert(value: number, from: string, to: string): number | undefined {
  if (from === to) return value;
  const source = UNIT_SIZES[from];
  const target = UNIT_SIZES[to];
  if (!source || !target || source.dimension !== target.dimension) return undefined;
  return round((value * source.size) / target.size);
}

/** Conversions leave binary noise (0.30000000000000004): ten significant digits are plenty. */
export function round(value: number): number {
  return Number.parseFloat(value.toPrecision(10));
}

export function sameDimension(a: string, b: string): boolean {
  return UNIT_SIZES[a] !== undefined && UNIT_SIZES[a]?.dimension === UNIT_SIZES[b]?.dimension;
}

import type { DatedSignal, SignalColumn } from '../index/columns-data.js';
import type { SignalSettings } from '../index/columns-settings.js';

/**
 * Signals as ranking.json normalizes them, each into 0..1 with 1 the best:
 * - `percentile`: the value's mid-rank among the type's values;
 * - `damped`: an average pulled toward the type's mean by `prior_count` imagined observations, the
 *   count read from `count_signal`, then scaled between the lowest and highest damped value;
 * - `half_life_days`: for dates, 0.5 to the power of the age in half-lives at the request's time
 *   (done per request, see score.ts); a date still to come counts as new.
 * `lower_is_better` turns the scale round. A document without the value scores 0.
 * Relevance adds the weighted values: weight times normalized value, per ranking.json's weights of
 * the type.
 */

/** Reads a signal's raw value: numbers as they are, dates (for newer_is_better) as ms, booleans 1 or 0. */
export function rawSignal(value: unknown, dated: boolean): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    if (dated) return Date.parse(value);
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : Date.parse(value);
  }
  return Number.NaN;
}

export function percentiles(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  const present: number[] = [];
  for (let doc = 0; doc < values.length; doc++) if (!Number.isNaN(values[doc]!)) present.push(doc);
  present.sort((a, b) => values[a]! - values[b]!);
  const count = present.length;
  let i = 0;
  while (i < count) {
    let j = i;
    while (j + 1 < count && values[present[j + 1]!] === values[present[i]!]) j++;
    const rank = count === 1 ? 1 : (i + j) / 2 / (count - 1);
    for (let k = i; k <= j; k++) out[present[k]!] = rank;
    i = j + 1;
  }
  return out;
}

export function damped(values: Float64Array, counts: Float64Array | undefined, prior: number): Float64Array {
  const n = values.length;
  let sum = 0;
  let present = 0;
  for (let doc = 0; doc < n; doc++) {
    if (!Number.isNaN(values[doc]!)) {
      sum += values[doc]!;
      present++;
    }
  }
  const out = new Float64Array(n);
  if (present === 0) return out;
  const mean = sum / present;
  const raw = new Float64Array(n);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let doc = 0; doc < n; doc++) {
    const value = values[doc]!;
    const count = Math.max(0, counts?.[doc] ?? 0) || 0;
    const pulled = Number.isNaN(value)
      ? mean
      : count + prior > 0
        ? (value * count + mean * prior) / (count + prior)
        : value;
    raw[doc] = pulled;
    if (pulled < low) low = pulled;
    if (pulled > high) high = pulled;
  }
  const span = high - low;
  for (let doc = 0; doc < n; doc++) {
    out[doc] = Number.isNaN(values[doc]!) ? 0 : span > 0 ? (raw[doc]! - low) / span : 1;
  }
  return out;
}

export interface CompiledSignals {
  signals: SignalColumn[];
  signalScore: Float32Array;
  datedSignals: DatedSignal[];
  weighted: boolean;
}

/** Normalizes the type's signals and sums the weighted ones that do not depend on time. */
export function compileSignals(
  definitions: readonly SignalSettings[],
  raw: ReadonlyMap<string, Float64Array>,
  weights: Readonly<Record<string, number>>,
  documents: number,
): CompiledSignals {
  const signalScore = new Float32Array(documents);
  const datedSignals: DatedSignal[] = [];
  let weighted = false;
  for (const definition of definitions) {
    const weight = weights[definition.code] ?? 0;
    const values = raw.get(definition.code);
    if (weight === 0 || values === undefined) continue;
    weighted = true;
    const normalize = definition.normalize;
    if (typeof normalize === 'object' && 'half_life_days' in normalize) {
      datedSignals.push({
        code: definition.code,
        weight,
        halfLifeDays: normalize.half_life_days,
        values,
      });
      continue;
    }
    const normalized =
      normalize === 'percentile'
        ? percentiles(values)
        : damped(values, raw.get(normalize.damped.count_signal), normalize.damped.prior_count);
    const invert = definition.direction === 'lower_is_better';
    for (let doc = 0; doc < documents; doc++) {
      if (Number.isNaN(values[doc]!)) continue;
      signalScore[doc]! += weight * (invert ? 1 - normalized[doc]! : normalized[doc]!);
    }
  }
  const signals = [...raw].map(([code, values]) => ({ code, values }));
  return { signals, signalScore, datedSignals, weighted };
}

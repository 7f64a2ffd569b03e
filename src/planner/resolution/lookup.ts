import { formatComparison, withUnit } from '../../lib/words.js';
import type { ResolutionContext } from './context.js';
import { canonicalWord, type Meaning } from './phrases.js';
import { convert, dimensionOf, findQuantities, type QuantityMatch } from './quantities.js';

/** How a span's words met a phrase: as written, by their stems, or through a synonym. */
export type Tier = 'exact' | 'stem' | 'synonym';

export interface SpanMeanings {
  tier: Tier;
  meanings: Meaning[];
}

export interface QueryMeanings {
  /** The most words a meaningful span can have. */
  longest: number;
  at(start: number, length: number): SpanMeanings | undefined;
}

/**
 * The meanings of any span of the query: its phrases, tried as written, then by stems, then
 * through the locale's synonyms (the first way that finds something decides), and the quantity
 * the span names.
 */
export function findMeanings(
  words: readonly string[],
  canonical: readonly string[],
  context: ResolutionContext,
): QueryMeanings {
  const index = context.index;
  const stems = canonical.map((word) => word.split(' ').map(index.stem).join(' '));
  const quantities = new Map<string, QuantityMatch>();
  let longest = index.longest;
  for (const match of findQuantities(words, context.currency)) {
    quantities.set(`${match.start}:${match.count}`, match);
    longest = Math.max(longest, match.count);
  }
  return {
    longest,
    at(start, length) {
      const phrase = phraseMeanings(words, canonical, stems, start, length, context);
      const quantity = quantities.get(`${start}:${length}`);
      const meanings = [...(phrase?.meanings ?? [])];
      if (quantity !== undefined) {
        for (const meaning of quantityMeanings(quantity, context)) {
          const same = meanings.findIndex(
            (one) => one.field === meaning.field && one.value === meaning.value,
          );
          if (same < 0) meanings.push(meaning);
          else if (meaning.sameUnit) meanings[same] = { ...meanings[same]!, sameUnit: true };
        }
      }
      const inChannel = meanings.filter(
        (meaning) => meaning.channels === undefined || meaning.channels.includes(context.channel),
      );
      return inChannel.length > 0 ? { tier: phrase?.tier ?? 'exact', meanings: inChannel } : undefined;
    },
  };
}

function phraseMeanings(
  words: readonly string[],
  canonical: readonly string[],
  stems: readonly string[],
  start: number,
  length: number,
  context: ResolutionContext,
): SpanMeanings | undefined {
  const index = context.index;
  const exact = index.exact.get(canonical.slice(start, start + length).join(' '));
  if (exact !== undefined) return { tier: 'exact', meanings: [...exact] };
  const stemmed = index.stems.get(stems.slice(start, start + length).join(' '));
  if (stemmed !== undefined) return { tier: 'stem', meanings: [...stemmed] };
  const outputs = index.synonyms.entries.get(words.slice(start, start + length).join(' '));
  if (outputs === undefined) return undefined;
  const meanings: Meaning[] = [];
  for (const output of outputs) {
    const key = output.map(canonicalWord);
    const found =
      index.exact.get(key.join(' ')) ??
      index.stems.get(key.map((word) => word.split(' ').map(index.stem).join(' ')).join(' '));
    for (const meaning of found ?? []) {
      if (!meanings.some((one) => one.field === meaning.field && one.value === meaning.value))
        meanings.push(meaning);
    }
  }
  return meanings.length > 0 ? { tier: 'synonym', meanings } : undefined;
}

/**
 * A comparison without a unit, or with a currency, is a price ("under 50"). With a unit it is
 * each quantity attribute of the unit's dimension, in the attribute's own unit, and for an equal
 * amount each option value that is that quantity ("128gb" is the capacity "128 GB").
 */
function quantityMeanings(match: QuantityMatch, context: ResolutionContext): Meaning[] {
  const { operator, values, unit } = match;
  if (unit === undefined || unit === 'currency') {
    const value = comparison(match, values);
    return [
      {
        field: 'price',
        value,
        label: formatComparison(value, context.currency, context.locale),
        via: 'quantity',
      },
    ];
  }
  const dimension = dimensionOf(unit);
  if (dimension === undefined) return [];
  const meanings: Meaning[] = [];
  for (const attribute of context.index.quantityAttributes.get(dimension) ?? []) {
    const converted = values.map((value) => convert(value, unit, attribute.unit));
    const value = operator === 'eq' ? converted[0]! : comparison(match, converted);
    const label =
      typeof value === 'number'
        ? withUnit(value, attribute.unit, context.locale)
        : formatComparison(value, attribute.unit, context.locale);
    meanings.push({
      field: attribute.code,
      value,
      label,
      via: 'quantity',
      sameUnit: attribute.unit === unit,
    });
  }
  if (operator === 'eq') {
    for (const option of context.index.optionQuantities.get(dimension) ?? []) {
      if (convert(option.amount, option.unit, unit) !== values[0]) continue;
      meanings.push({
        field: option.field,
        value: option.value,
        label: option.label,
        via: 'value',
        dismissValue: option.value,
        sameUnit: option.unit === unit,
      });
    }
  }
  return meanings;
}

function comparison(match: QuantityMatch, values: readonly number[]): Record<string, unknown> {
  return match.operator === 'between' ? { between: [values[0], values[1]] } : { [match.operator]: values[0] };
}

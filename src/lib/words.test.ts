import { describe, expect, it } from 'vitest';
import {
  builtInFieldLabel,
  builtInValueLabel,
  formatComparison,
  formatNumber,
  withUnit,
  wordsFor,
} from './words.js';

describe('built-in words', () => {
  it('name the built-in fields in English and German, a regional tag by its language, others in English', () => {
    expect(builtInFieldLabel('delivery_days', 'de')).toBe('Lieferzeit');
    expect(builtInFieldLabel('delivery_days', 'de-CH')).toBe('Lieferzeit');
    expect(builtInFieldLabel('availability', 'en')).toBe('Availability');
    expect(builtInFieldLabel('brand', 'fr')).toBe('Brand');
    expect(builtInFieldLabel('color', 'en')).toBeUndefined();
    expect(wordsFor(undefined).relevance).toBe('Relevance');
  });

  it('label availabilities and yes or no; other values read as written', () => {
    expect(builtInValueLabel('in_stock', 'de')).toBe('Auf Lager');
    expect(builtInValueLabel('true', 'de')).toBe('Ja');
    expect(builtInValueLabel('false', 'en')).toBe('No');
    expect(builtInValueLabel('Sage', 'en')).toBe('Sage');
  });

  it('write days in words and other units by their symbols, numbers as the locale writes them', () => {
    expect(withUnit(3, 'day', 'de')).toBe('3 Tage');
    expect(withUnit(1, 'day', 'de')).toBe('1 Tag');
    expect(withUnit(1, 'day', 'en')).toBe('1 day');
    expect(withUnit(128, 'gb', 'en')).toBe('128 GB');
    expect(withUnit(55, 'in', 'en')).toBe('55 in');
    expect(withUnit(49.5, 'EUR', 'de')).toBe('49,5 EUR');
    expect(formatNumber(1234.567, 'de')).toBe('1.234,57');
  });

  it('write comparisons in words', () => {
    expect(formatComparison({ lt: 50 }, 'EUR', 'en')).toBe('under 50 EUR');
    expect(formatComparison({ between: [50, 65] }, 'in', 'de')).toBe('50 in bis 65 in');
    expect(formatComparison({ lte: 3 }, 'day', 'de')).toBe('bis 3 Tage');
  });
});

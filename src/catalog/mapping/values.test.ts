import { describe, expect, it } from 'vitest';
import {
  decimalShown,
  htmlToText,
  isGtin,
  parseAvailability,
  parseBoolean,
  parseDate,
  parseDeliveryDays,
  parseNumber,
  parsePrice,
  parseQuantity,
  parseRange,
} from './values.js';

describe('values', () => {
  it('reads numbers with either decimal mark and thousands separators', () => {
    expect(parseNumber('1,234.50', '.')).toBe(1234.5);
    expect(parseNumber('1.234,50', ',')).toBe(1234.5);
    expect(parseNumber('59,90', ',')).toBe(59.9);
    expect(parseNumber('1 234,5', ',')).toBe(1234.5);
    expect(parseNumber('59,90', '.')).toBeUndefined();
    expect(parseNumber('12a', '.')).toBeUndefined();
    expect([
      decimalShown('59,90'),
      decimalShown('59.90'),
      decimalShown('1,234'),
      decimalShown('1.234,5'),
    ]).toEqual([',', '.', undefined, ',']);
  });

  it('reads prices with currency signs and codes, and prices in cents', () => {
    expect(parsePrice('€59,90', ',')).toEqual({ amount: 59.9, currency: 'EUR' });
    expect(parsePrice('49.99 USD', '.')).toEqual({ amount: 49.99, currency: 'USD' });
    expect(parsePrice('Rs. 220', '.')).toEqual({ amount: 220, currency: 'INR' });
    expect(parsePrice('$12', '.')).toEqual({ amount: 12 });
    expect(parsePrice(4995, '.', true)).toEqual({ amount: 49.95 });
    expect(parsePrice('4995', '.', true)).toEqual({ amount: 49.95 });
    expect(parsePrice('free', '.')).toBeUndefined();
    expect(parsePrice('-5', '.')).toBeUndefined();
  });

  it('reads yes and no, dates, delivery days', () => {
    expect(['TRUE', 'no', 'Y', 'ja', 'maybe'].map(parseBoolean)).toEqual([
      true,
      false,
      true,
      true,
      undefined,
    ]);
    expect(parseDate('2024-03-01')).toBe('2024-03-01');
    expect(parseDate('2024-03-01 10:30')).toBe('2024-03-01T10:30:00Z');
    expect(parseDate('2024-03-01T10:30:00+0100')).toBe('2024-03-01T10:30:00+01:00');
    expect(parseDate('1.3.2024')).toBe('2024-03-01');
    expect(parseDate('2024-02-30')).toBeUndefined();
    expect(parseDate('03/01/2024')).toBeUndefined();
    expect([parseDeliveryDays('3'), parseDeliveryDays('2-4 days'), parseDeliveryDays('5 to 2')]).toEqual([
      { min: 3, max: 3 },
      { min: 2, max: 4 },
      undefined,
    ]);
  });

  it('reads quantities into the units of the contract', () => {
    expect(parseQuantity('500 g', '.')).toEqual({ value: 500, unit: 'g' });
    expect(parseQuantity('1,5kg', ',')).toEqual({ value: 1.5, unit: 'kg' });
    expect(parseQuantity('250 mg', '.')).toEqual({ value: 0.25, unit: 'g' });
    expect(parseQuantity('2.13 GHz', '.')).toEqual({ value: 2_130_000_000, unit: 'hz' });
    expect(parseQuantity('17"', '.')).toEqual({ value: 17, unit: 'in' });
    expect(parseQuantity('5G', '.')).toBeUndefined();
    expect(parseQuantity('12 apples', '.')).toBeUndefined();
  });

  it('reads ranges with and without units', () => {
    expect(parseRange('-20 - 60', '.')).toEqual({ min: -20, max: 60 });
    expect(parseRange('10 to 20 cm', '.')).toEqual({ min: 10, max: 20, unit: 'cm' });
    expect(parseRange('60 - 20', '.')).toBeUndefined();
  });

  it('reads availability words and sold-out flags', () => {
    expect(parseAvailability('in stock', false)).toBe('in_stock');
    expect(parseAvailability('OutOfStock', false)).toBe('out_of_stock');
    expect(parseAvailability('https://schema.org/PreOrder', false)).toBe('preorder');
    expect(parseAvailability(true, true)).toBe('out_of_stock');
    expect(parseAvailability('false', true)).toBe('in_stock');
    expect(parseAvailability('soon', false)).toBeUndefined();
  });

  it('turns HTML into text and checks GTINs', () => {
    expect(htmlToText('<p>Soft &amp; warm</p><ul><li>Wool</li><li>5&#8364;</li></ul>')).toBe(
      'Soft & warm\nWool\n5€',
    );
    expect(isGtin('0095205603217')).toBe(true);
    expect(isGtin('0095205603218')).toBe(false);
    expect(isGtin('12345')).toBe(false);
  });
});

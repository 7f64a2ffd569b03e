import { describe, expect, it } from 'vitest';
import { normalizeQuery } from '../normalize.js';
import { convert, findQuantities, parseNumber } from './quantities.js';

const find = (query: string) => findQuantities(normalizeQuery(query).words, 'EUR');

describe('parseNumber', () => {
  it('reads decimal points and commas, and commas that group thousands', () => {
    expect(parseNumber('1.5')).toBe(1.5);
    expect(parseNumber('1,5')).toBe(1.5);
    expect(parseNumber('1,000')).toBe(1000);
    expect(parseNumber('2,499')).toBe(2499);
    expect(parseNumber('xr5200')).toBeUndefined();
  });
});

describe('findQuantities', () => {
  it('a number with a unit, glued or apart, in English or German words', () => {
    expect(find('16gb phone')).toEqual([{ start: 0, count: 1, operator: 'eq', values: [16], unit: 'gb' }]);
    expect(find('tv 55 inch')).toEqual([{ start: 1, count: 2, operator: 'eq', values: [55], unit: 'in' }]);
    expect(find('65 zoll fernseher')).toEqual([
      { start: 0, count: 2, operator: 'eq', values: [65], unit: 'in' },
    ]);
    expect(find('kettle 1,7 liter')).toEqual([
      { start: 1, count: 2, operator: 'eq', values: [1.7], unit: 'l' },
    ]);
  });

  it('"in" apart from its number is a unit only at the end', () => {
    expect(find('55 in')).toEqual([{ start: 0, count: 2, operator: 'eq', values: [55], unit: 'in' }]);
    expect(find('iphone 15 in black')).toEqual([]);
  });

  it('a comparison takes a bare number (a price) or one with a unit or a currency', () => {
    expect(find('shoes under 50')).toEqual([
      { start: 1, count: 2, operator: 'lt', values: [50], unit: undefined },
    ]);
    expect(find('tv less than 500 euro')).toEqual([
      { start: 1, count: 4, operator: 'lt', values: [500], unit: 'currency' },
    ]);
    expect(find('up to 2 tb')).toEqual([
      { start: 0, count: 4, operator: 'lte', values: [2], unit: 'tb' },
      { start: 2, count: 2, operator: 'eq', values: [2], unit: 'tb' },
    ]);
    expect(find('ab 100 eur')).toEqual([
      { start: 0, count: 3, operator: 'gte', values: [100], unit: 'currency' },
    ]);
    expect(find('mindestens 4000 mah')[0]).toMatchObject({ operator: 'gte', values: [4000], unit: 'mah' });
  });

  it('ranges: between, from … to, and a number to a number with a unit', () => {
    expect(find('between 100 and 200')).toEqual([
      { start: 0, count: 4, operator: 'between', values: [100, 200], unit: undefined },
    ]);
    expect(find('from 50 to 65 inch')[0]).toEqual({
      start: 0,
      count: 5,
      operator: 'between',
      values: [50, 65],
      unit: 'in',
    });
    expect(find('50 bis 65 zoll')[0]).toEqual({
      start: 0,
      count: 4,
      operator: 'between',
      values: [50, 65],
      unit: 'in',
    });
  });

  it('nothing for bare numbers, model numbers and a comparison word without a number', () => {
    expect(find('pegasus 41')).toEqual([]);
    expect(find('4k tv')).toEqual([]);
    expect(find('shoes from nike')).toEqual([]);
    expect(find('gift card 50 eur')).toEqual([]);
  });
});

describe('convert', () => {
  it('within a dimension, rounded to a millionth', () => {
    expect(convert(1, 'tb', 'gb')).toBe(1000);
    expect(convert(1.4, 'm', 'cm')).toBe(140);
    expect(convert(55, 'in', 'cm')).toBe(139.7);
    expect(convert(500, 'ml', 'l')).toBe(0.5);
  });
});

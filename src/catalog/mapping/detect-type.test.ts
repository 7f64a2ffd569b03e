import { describe, expect, it } from 'vitest';
import type { Cell } from '../readers/rows.js';
import { guessType, looksLikeCents } from './detect-type.js';
import { ValueProfile } from './profile.js';

function profile(values: Cell[]): ValueProfile {
  const built = new ValueProfile();
  for (const value of values) built.add(value);
  return built;
}

const repeat = <T>(values: T[], times: number): T[] => Array.from({ length: times }, () => values).flat();

describe('guessType', () => {
  it('tells booleans, numbers and dates', () => {
    expect(guessType(profile(['TRUE', 'FALSE', 'true']), 'active')).toMatchObject({ type: 'boolean' });
    expect(guessType(profile([true, false]), 'active')).toMatchObject({ type: 'boolean' });
    expect(guessType(profile(['1', '2.5', 3]), 'cores')).toMatchObject({ type: 'number' });
    expect(guessType(profile(['2005-07-15T00:00:00Z', '2020-01-01']), 'released')).toMatchObject({
      type: 'date',
    });
  });

  it('takes one frequent text among numbers for "no value"', () => {
    const guess = guessType(profile([...repeat(['No rating available'], 50), '4', '3.5']), 'stars');
    expect(guess).toMatchObject({ type: 'number', placeholder: 'No rating available' });
    expect(guess.sentence).toContain('"No rating available" is read as no value');
    expect(guessType(profile(['4', '3', 'n.a.', 'none']), 'stars').type).not.toBe('number');
  });

  it('reads units from values, converting into the most common one, or from the name', () => {
    expect(guessType(profile(['500 g', '250 g', '1.2 kg']), 'weight')).toMatchObject({
      type: 'quantity',
      unit: 'g',
    });
    expect(guessType(profile(['12', '14.5']), 'width_cm')).toMatchObject({ type: 'quantity', unit: 'cm' });
    expect(guessType(profile(['500 g', '2 l']), 'contents').type).not.toBe('quantity');
  });

  it('makes ranges only where a unit is known', () => {
    expect(guessType(profile(['0 - 35', '-5 - 45', '40']), 'operating_temperature')).toMatchObject({
      type: 'range',
      unit: 'celsius',
    });
    expect(guessType(profile(['10-20 cm', '5-8 cm']), 'size')).toMatchObject({ type: 'range', unit: 'cm' });
    expect(guessType(profile(['10 - 90', '5 - 95']), 'humidity').type).not.toBe('range');
  });

  it('tells identifiers by name or by valid GTINs', () => {
    expect(guessType(profile(['0095205603217']), 'ean')).toMatchObject({ type: 'identifier' });
    expect(guessType(profile(['0095205603217', '0884420588030']), 'code_a')).toMatchObject({
      type: 'identifier',
    });
    const codes = Array.from({ length: 40 }, (_, n) => `C${8765 + n}EE`);
    expect(guessType(profile(codes), 'oem')).toMatchObject({ type: 'identifier' });
    // Few codes are few values to choose from: an option.
    expect(guessType(profile(codes.slice(0, 4)), 'oem')).toMatchObject({ type: 'option' });
  });

  it('tells options from text, and lists within cells', () => {
    expect(guessType(profile(repeat(['Red', 'Blue', 'Black'], 10)), 'colour')).toMatchObject({
      type: 'option',
    });
    expect(guessType(profile([['XS', 'M'], ['L']]), 'sizes')).toMatchObject({
      type: 'option',
      multiple: true,
    });
    expect(
      guessType(profile(['Steel', 'Aluminium,Steel', 'Aluminium', 'Wood', 'Steel,Wood']), 'material'),
    ).toMatchObject({
      type: 'option',
      separator: ',',
    });
    expect(guessType(profile(repeat(['XS|M|L', 'S|M', 'L|XL'], 4)), 'sizes')).toMatchObject({
      type: 'option',
      separator: '|',
    });
    expect(
      guessType(profile(['Kitchen, Garden & Pets', 'Beauty & Hygiene', 'Pets']), 'area').separator,
    ).toBeUndefined();
    const long = 'A soft cotton shirt with long sleeves, a narrow collar and buttons down the front.';
    expect(guessType(profile([long, `${long}!`]), 'blurb')).toMatchObject({ type: 'text' });
  });
});

describe('looksLikeCents', () => {
  it("takes Icecat's prices for cents and Flipkart's for rupees", () => {
    expect(looksLikeCents(profile(repeat([4995, 10995, 2695, 45295, 1994], 5)))).toBe(true);
    expect(looksLikeCents(profile(repeat(['999', '32157', '499', '1500', '2000'], 5)))).toBe(false);
    expect(looksLikeCents(profile(repeat(['49.95', '19.99'], 20)))).toBe(false);
  });
});

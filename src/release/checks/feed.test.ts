import { describe, expect, it } from 'vitest';
import { UNITS } from '../../contracts/release-files/index.js';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'feed.json';

describe('feed.json', () => {
  it('refuses a column two entries name', () => {
    const files = fashionShop();
    files['feed.json'].columns!.push({ column: 'Colour', to: 'attributes.size' });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/columns/7/column',
        message: 'The column "Colour" is named by an earlier entry, which decides: remove this one.',
      },
    ]);
  });

  it('refuses an entry an earlier pattern takes every column of', () => {
    const files = fashionShop();
    files['feed.json'].columns!.push({ column: 'attr_fit', to: 'attributes.fit' });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/columns/7/column',
        message:
          '"attr_fit" is matched by the earlier pattern "attr_*", which decides: move this entry above it, or remove it.',
      },
    ]);
  });

  it('refuses a * before the end of a pattern', () => {
    const files = fashionShop();
    files['feed.json'].columns![5]!.column = 'Internal *note';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/columns/5/column',
        message:
          '"Internal *note" has a * before its end, and a pattern only ends in one: write it as "Internal *".',
      },
    ]);
  });

  it('refuses a unit aisle does not know', () => {
    const files = fashionShop();
    files['feed.json'].columns![3]!.unit = 'grams';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/columns/3/unit',
        message: `"grams" is not a unit aisle knows: use one of ${UNITS.join(', ')}.`,
      },
    ]);
  });

  it('refuses a unit on a target that is no attribute', () => {
    const files = fashionShop();
    files['feed.json'].columns!.push({
      column: 'Shipping weight',
      to: 'signals.shipping_weight',
      unit: 'kg',
    });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/columns/7/unit',
        message:
          'A unit belongs to an attribute, and "Shipping weight" goes to signals.shipping_weight: remove unit "kg", or map the column to attributes.<code>.',
      },
    ]);
  });

  it('refuses a unit on an attribute that has none', () => {
    const files = fashionShop();
    files['feed.json'].columns![4]!.unit = 'cm';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/columns/4/unit',
        message:
          '"color" is an option attribute in attributes.json, which has no unit: remove unit "cm", or make the attribute a quantity.',
      },
    ]);
  });

  it('takes a unit for an attribute the export names but attributes.json does not declare', () => {
    const files = fashionShop();
    files['feed.json'].columns!.unshift({ column: 'attr_heel', to: 'attributes.heel_height', unit: 'cm' });
    expect(violationsOf(files)).toEqual([]);
  });
});

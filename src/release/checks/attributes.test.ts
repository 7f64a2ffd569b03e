import { describe, expect, it } from 'vitest';
import { UNITS } from '../../contracts/release-files/index.js';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'attributes.json';

describe('attributes.json codes, units and abilities', () => {
  it('refuses a reserved word as a code', () => {
    const files = fashionShop();
    files['attributes.json'].attributes.push({ code: 'price', label: 'List price', type: 'number' });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/9/code',
        message:
          '"price" is a reserved word (any, all, not, category, brand, price, on_sale, availability, delivery_days, rating) and cannot name an attribute: choose another code, such as "price_value".',
      },
    ]);
  });

  it('refuses a code two attributes share', () => {
    const files = fashionShop();
    files['attributes.json'].attributes.push({ code: 'size', label: 'Shoe size', type: 'number' });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/9/code',
        message: 'The code "size" names an earlier attribute too: give each attribute its own code.',
      },
    ]);
  });

  it('refuses a unit aisle does not know', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[4]!.unit = 'grams';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/4/unit',
        message: `"grams" is not a unit aisle knows: use one of ${UNITS.join(', ')}.`,
      },
    ]);
  });

  it('refuses a quantity without a unit', () => {
    const files = fashionShop();
    delete files['attributes.json'].attributes[4]!.unit;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/4/unit',
        message: `A quantity attribute has a unit: add one of ${UNITS.join(', ')}.`,
      },
    ]);
  });

  it('refuses a unit on an attribute that is no quantity or range', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[0]!.unit = 'cm';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/0/unit',
        message:
          'Only quantity and range attributes have a unit, and "color" is an option attribute: remove "cm", or make it a quantity.',
      },
    ]);
  });

  it('refuses a text attribute marked filterable, since text is never a filter', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[2]!.filterable = true;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/2/filterable',
        message:
          '"material" is a text attribute, and text is never a filter: remove filterable, or make it an option attribute.',
      },
    ]);
  });

  it.each([
    [1, 'size', 'an option'],
    [2, 'material', 'a text'],
    [3, 'organic', 'a boolean'],
    [5, 'inseam', 'a range'],
    [7, 'mpn', 'an identifier'],
  ])('refuses sortable on attribute %i, %s, which is %s attribute', (index, code, type) => {
    const files = fashionShop();
    files['attributes.json'].attributes[index]!.sortable = true;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: `/attributes/${index}/sortable`,
        message: `"${code}" is ${type} attribute, which cannot be a sort: remove sortable, or sort by a number, quantity or date attribute.`,
      },
    ]);
  });
});

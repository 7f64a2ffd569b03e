import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'types.json';
const SEARCHABLE =
  '"attributes.color", "attributes.size", "attributes.material", "attributes.mpn", "attributes.fit"';

describe('types.json', () => {
  it('refuses a type code two types share', () => {
    const files = fashionShop();
    files['types.json'].types.push({ code: 'guide', label: 'Guides' });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/types/4/code',
        message: 'The type code "guide" names an earlier type too: give each type its own code.',
      },
    ]);
  });

  it('refuses a search field naming no attribute', () => {
    const files = fashionShop();
    files['types.json'].types[0]!.search!.fields.push({ field: 'attributes.fabric', weight: 1 });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/types/0/search/fields/4/field',
        message: `"attributes.fabric" names no attribute in attributes.json: search title, brand, keywords, description, body or one of ${SEARCHABLE}.`,
      },
    ]);
  });

  it('refuses a search field naming an attribute that is not searchable', () => {
    const files = fashionShop();
    files['types.json'].types[0]!.search!.fields.push({ field: 'attributes.weight', weight: 1 });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/types/0/search/fields/4/field',
        message: `"attributes.weight" names an attribute that is not searchable: search title, brand, keywords, description, body or one of ${SEARCHABLE}.`,
      },
    ]);
  });

  it('refuses a typo exemption naming no attribute', () => {
    const files = fashionShop();
    files['types.json'].types[0]!.search!.typos!.exempt!.push('ean');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/types/0/search/typos/exempt/1',
        message:
          '"ean" is no attribute in attributes.json: exempt one of "color", "size", "material", "organic", "weight", "inseam", "release_date", "mpn", "fit".',
      },
    ]);
  });

  it('refuses two typos allowed in shorter words than one typo', () => {
    const files = fashionShop();
    files['types.json'].types[0]!.search!.typos!.two_typos_min_letters = 3;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/types/0/search/typos/two_typos_min_letters',
        message:
          'two_typos_min_letters 3 is below one_typo_min_letters 4, so a word would allow two typos before it allows one: set two_typos_min_letters to 4 or more.',
      },
    ]);
  });

  it('compares a one-typo length with the default two-typo length when only it is given', () => {
    const files = fashionShop();
    files['types.json'].types[3]!.search!.typos = { one_typo_min_letters: 10 };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/types/3/search/typos/one_typo_min_letters',
        message:
          'two_typos_min_letters 9 (the default) is below one_typo_min_letters 10, so a word would allow two typos before it allows one: set two_typos_min_letters to 10 or more.',
      },
    ]);
  });

  it('refuses a result field naming no attribute', () => {
    const files = fashionShop();
    files['types.json'].types[3]!.result_fields!.push('attributes.fabric');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/types/3/result_fields/3',
        message:
          '"attributes.fabric" names no attribute in attributes.json: use one of "attributes.color", "attributes.size", "attributes.material", "attributes.organic", "attributes.weight", "attributes.inseam", "attributes.release_date", "attributes.mpn", "attributes.fit".',
      },
    ]);
  });

  it('refuses an offer field as a result of a type without offers', () => {
    const files = fashionShop();
    files['types.json'].types[3]!.result_fields!.push('price');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/types/3/result_fields/3',
        message: '"price" comes from offers, and type "guide" has none: remove it, or set offers: true.',
      },
    ]);
  });

  it('lists a type without offers by variant, each entity being its own one variant', () => {
    const files = fashionShop();
    files['types.json'].types[3]!.grain = 'variant';
    expect(violationsOf(files)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'attributes.json';

describe('attributes.json options and groups', () => {
  it('refuses options on an attribute that is no option attribute', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[3]!.options = [{ value: 'yes' }];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/3/options',
        message:
          '"organic" is a boolean attribute, and only option attributes have options: remove them, or make it an option attribute.',
      },
    ]);
  });

  it('refuses groups on an attribute that is no option attribute', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[4]!.groups = [{ code: 'light', label: 'Light', values: ['100'] }];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/4/groups',
        message:
          '"weight" is a quantity attribute, and only option attributes have groups: remove them, or make it an option attribute.',
      },
    ]);
  });

  it('refuses an option value listed twice', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[0]!.options!.push({
      value: 'navy',
      swatch: '#000080',
      image: '/navy.png',
    });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/0/options/4/value',
        message: 'The option value "navy" of "color" is listed before: list each value once.',
      },
    ]);
  });

  it('refuses a group value that is no option value of the attribute', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[1]!.groups![0]!.values.push('XXS');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/1/groups/0/values/2',
        message:
          '"XXS" is not an option value of "size": use one of "XS", "S", "M", "L", "XL", or add it to its options.',
      },
    ]);
  });

  it('refuses a group code that is also an option value, which a filter could not tell apart', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[0]!.groups![0]!.code = 'black';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/0/groups/0/code',
        message:
          'The group code "black" of "color" is also one of its option values, so a filter could not tell them apart: choose another code, such as "black_group".',
      },
    ]);
  });

  it('refuses a group code two groups share', () => {
    const files = fashionShop();
    files['attributes.json'].attributes[1]!.groups![1]!.code = 'small';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/attributes/1/groups/1/code',
        message: 'The group code "small" of "size" names an earlier group too: give each group its own code.',
      },
    ]);
  });
});

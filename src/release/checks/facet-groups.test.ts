import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

describe('categories.json facet groups', () => {
  it('refuses a group facet naming no field', () => {
    const files = fashionShop();
    files['categories.json'].default!.groups![0]!.facets.push('shoe_size');
    expect(violationsOf(files)).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/groups/0/facets/2',
        message:
          '"shoe_size" is neither a built-in field nor an attribute in attributes.json: use one of "category", "brand", "price", "on_sale", "availability", "delivery_days", "rating", "color", "size", "organic", "weight", "inseam", "release_date".',
      },
    ]);
  });

  it('refuses a facet in two groups of one page', () => {
    const files = fashionShop();
    files['categories.json'].default!.groups!.push({
      group: 'look',
      label: 'Your look',
      facets: ['color', 'size'],
    });
    expect(violationsOf(files)).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/groups/1/facets/1',
        message:
          '"size" is a facet of group "fit_finder" already, and a facet is in one group at most: remove it from one of them.',
      },
    ]);
  });

  it('refuses a facet listed twice in one group', () => {
    const files = fashionShop();
    files['categories.json'].default!.groups![0]!.facets.push('size');
    expect(violationsOf(files)).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/groups/0/facets/2',
        message:
          '"size" is a facet of group "fit_finder" already, and a facet is in one group at most: remove it from one of them.',
      },
    ]);
  });

  it('refuses a group code two groups of one page share', () => {
    const files = fashionShop();
    files['categories.json'].default!.groups!.push({
      group: 'fit_finder',
      label: 'Look',
      facets: ['color', 'brand'],
    });
    expect(violationsOf(files)).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/groups/1/group',
        message:
          'The group code "fit_finder" names an earlier group of this page too: give each group its own code.',
      },
    ]);
  });

  it('lets a node group a facet the default page groups too, its groups replacing those', () => {
    const files = fashionShop();
    files['categories.json'].nodes![0]!.groups = [
      { group: 'sizes', label: 'Sizes', facets: ['size', 'color'] },
    ];
    expect(violationsOf(files)).toEqual([]);
  });
});

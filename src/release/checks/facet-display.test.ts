import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';
import type { FacetEntry } from './page-types.js';

/** The shop with the default page's facet at `index` replaced. */
function withFacetAt(index: number, entry: FacetEntry) {
  const files = fashionShop();
  files['categories.json'].default!.facets![index] = entry;
  return violationsOf(files);
}

describe('categories.json facet displays', () => {
  it.each<[string, number, FacetEntry, string]>([
    [
      'a slider on a list',
      4,
      { field: 'size', display: 'slider' },
      'A slider draws a range, and this "size" facet is a list facet: set kind to range, or choose another display.',
    ],
    [
      'a histogram of anything but prices',
      9,
      { field: 'weight', display: 'histogram' },
      'A histogram draws prices only, on a range facet, and this is a range facet of "weight": use slider, or remove display.',
    ],
    [
      'a histogram of price buckets',
      2,
      { field: 'price', kind: 'buckets', display: 'histogram', buckets: [{ to: 50, label: 'Under 50' }] },
      'A histogram draws prices only, on a range facet, and this is a buckets facet of "price": use slider, or remove display.',
    ],
    [
      'stars for anything but ratings',
      7,
      { field: 'delivery_days', display: 'stars' },
      'Stars draw ratings only, and this facet is of "delivery_days": remove display, or facet on rating.',
    ],
    [
      'grades of values without swatches',
      4,
      { field: 'size', display: 'grades' },
      'Grades draw each value in its swatch color, and "XS", "S", "M", "L", "XL" of "size" have no swatch: add one to each in attributes.json, or choose another display.',
    ],
    [
      'grades of a field without option values',
      11,
      { field: 'organic', display: 'grades' },
      'Grades draw each value in its swatch color, and "organic" lists no option values in attributes.json: choose another display.',
    ],
    [
      'images of values without images',
      4,
      { field: 'size', display: 'images' },
      'Images draw a brand logo or each value with its image, and "XS", "S", "M", "L", "XL" of "size" have no image: add one to each in attributes.json, or choose another display.',
    ],
    [
      'buttons on a range',
      9,
      { field: 'weight', display: 'buttons' },
      'A range facet lists no values to draw as buttons: use slider, or set kind to buckets.',
    ],
    [
      'a select on a range',
      2,
      { field: 'price', display: 'select' },
      'A range facet lists no values to draw as select: use slider, or set kind to buckets.',
    ],
  ])('refuses %s', (_what, index, entry, message) => {
    expect(withFacetAt(index, entry)).toEqual([
      { file: 'categories.json', pointer: `/default/facets/${index}/display`, message },
    ]);
  });

  it('names only the values that lack a swatch', () => {
    const files = fashionShop();
    delete files['attributes.json'].attributes[0]!.options![2]!.swatch;
    expect(violationsOf(files)).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/facets/3/display',
        message:
          'Grades draw each value in its swatch color, and "red" of "color" has no swatch: add one to each in attributes.json, or choose another display.',
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { fashionShop, type ShopFiles, violationsOf } from './fashion-shop.fixture.js';
import type { FacetEntry } from './page-types.js';

const FILE = 'categories.json';
const FIELDS =
  '"category", "brand", "price", "on_sale", "availability", "delivery_days", "rating", "color", "size", "organic", "weight", "inseam", "release_date"';

const facets = (files: ShopFiles) => files['categories.json'].default!.facets!;

/** The shop with one more facet on the default page, at /default/facets/13. */
function withFacet(entry: FacetEntry): ShopFiles {
  const files = fashionShop();
  facets(files).push(entry);
  return files;
}

describe('categories.json facet fields', () => {
  it('refuses a field that is neither built in nor an attribute', () => {
    expect(violationsOf(withFacet('colour'))).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/13',
        message: `"colour" is neither a built-in field nor an attribute in attributes.json: use one of ${FIELDS}.`,
      },
    ]);
  });

  it('refuses a text attribute, which is never a filter', () => {
    expect(violationsOf(withFacet('material'))).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/13',
        message: `"material" is a text attribute, and text is never a filter: use one of ${FIELDS}.`,
      },
    ]);
  });

  it('refuses an attribute attributes.json makes not filterable, pointing at the field', () => {
    expect(violationsOf(withFacet({ field: 'fit', order: 'label' }))).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/13/field',
        message: `"fit" is not filterable (attributes.json sets filterable: false): set it to true there, or use one of ${FIELDS}.`,
      },
    ]);
  });

  it('refuses an identifier that attributes.json does not make filterable', () => {
    expect(violationsOf(withFacet('mpn'))).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/13',
        message: `"mpn" is an identifier, which filters only when attributes.json sets filterable: true: set it there, or use one of ${FIELDS}.`,
      },
    ]);
  });

  it('refuses a field listed twice on one page', () => {
    expect(violationsOf(withFacet({ field: 'brand', single: true }))).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/13/field',
        message: '"brand" is a facet of this page already: list each field once.',
      },
    ]);
  });
});

describe('categories.json facet kinds', () => {
  it.each<[FacetEntry, string]>([
    [{ field: 'brand', kind: 'hierarchical' }, '"brand" cannot be a hierarchical facet: set kind to "list".'],
    [
      { field: 'weight', kind: 'swatch' },
      '"weight" (a quantity attribute) cannot be a swatch facet: set kind to one of "range", "buckets", "list".',
    ],
    [
      { field: 'size', kind: 'range' },
      '"size" (an option attribute) cannot be a range facet: set kind to one of "list", "swatch".',
    ],
    [
      { field: 'organic', kind: 'relative' },
      '"organic" (a boolean attribute) cannot be a relative facet: set kind to one of "toggle", "list".',
    ],
    [
      { field: 'color', kind: 'toggle' },
      '"color" (an option attribute) cannot be a toggle facet: set kind to one of "list", "swatch".',
    ],
    [
      { field: 'price', kind: 'list' },
      '"price" cannot be a list facet: set kind to one of "range", "buckets".',
    ],
    [
      { field: 'inseam', kind: 'list' },
      '"inseam" (a range attribute) cannot be a list facet: set kind to one of "range", "buckets".',
    ],
  ])('refuses a kind the field cannot take: %j', (entry, message) => {
    const files = fashionShop();
    const index = facets(files).findIndex(
      (one) => (typeof one === 'string' ? one : one.field) === (entry as { field: string }).field,
    );
    facets(files)[index] = entry;
    expect(violationsOf(files)).toEqual([{ file: FILE, pointer: `/default/facets/${index}/kind`, message }]);
  });

  it('refuses buckets on a facet that is no buckets or relative facet', () => {
    const files = fashionShop();
    facets(files)[2] = { field: 'price', buckets: [{ to: 50, label: 'Under 50' }] };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/2/buckets',
        message:
          'Buckets belong to a buckets or relative facet, and this "price" facet is a range facet: set kind to buckets, or remove them.',
      },
    ]);
  });

  it('refuses a buckets facet without buckets', () => {
    const files = fashionShop();
    facets(files)[9] = { field: 'weight', kind: 'buckets' };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/9/kind',
        message:
          'A buckets facet draws its buckets, and this "weight" facet has none: add buckets, ascending, such as [{ "to": 50, "label": "Under 50" }, { "from": 50, "label": "50 and more" }].',
      },
    ]);
  });
});

describe('categories.json facet values', () => {
  it('refuses show: groups on an attribute without groups', () => {
    const files = fashionShop();
    facets(files)[11] = { field: 'organic', show: 'groups' };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/11/show',
        message:
          '"organic" has no option groups in attributes.json to show: add groups there, or show values.',
      },
    ]);
  });

  it('refuses a heading naming a value the attribute does not have', () => {
    const files = fashionShop();
    const size = facets(files)[4] as Extract<FacetEntry, object>;
    size.headings![1]!.values.push('XXL');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/4/headings/1/values/3',
        message: '"XXL" is not a value of "size": use one of "XS", "S", "M", "L", "XL".',
      },
    ]);
  });

  it('refuses a heading of a facet showing groups that names a value instead of a group', () => {
    const files = fashionShop();
    const size = files['categories.json'].nodes![0]!.facets![3] as Extract<FacetEntry, object>;
    size.headings = [{ label: 'Sizes', values: ['small', 'M'] }];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/nodes/0/facets/3/headings/0/values/1',
        message: '"M" is not a group of "size": use one of "small", "large".',
      },
    ]);
  });

  it('refuses a heading naming an availability that does not exist', () => {
    const files = fashionShop();
    facets(files)[6] = {
      field: 'availability',
      headings: [{ label: 'Ships now', values: ['in_stock', 'sold_out'] }],
    };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/default/facets/6/headings/0/values/1',
        message:
          '"sold_out" is not a value of "availability": use one of "in_stock", "out_of_stock", "preorder", "backorder".',
      },
    ]);
  });

  it('takes headings of brands as they are, the catalog naming the brands', () => {
    const files = fashionShop();
    facets(files)[1] = { field: 'brand', headings: [{ label: 'Our own', values: ['northwind'] }] };
    expect(violationsOf(files)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';
import type { Bucket } from './page-types.js';

/** The shop with the delivery facet (/default/facets/7) bucketed so. */
function deliveryIn(buckets: Bucket[]) {
  const files = fashionShop();
  files['categories.json'].default!.facets![7] = { field: 'delivery_days', kind: 'buckets', buckets };
  return violationsOf(files);
}

describe('categories.json buckets', () => {
  it('refuses buckets that descend', () => {
    expect(
      deliveryIn([
        { from: 4, label: 'Later' },
        { to: 2, label: 'Tomorrow' },
      ]),
    ).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/facets/7/buckets/1',
        message: 'Buckets ascend, and below 2 comes after from 4 on: list it before that one.',
      },
    ]);
  });

  it('refuses a bucket with neither end', () => {
    expect(deliveryIn([{ to: 2, label: 'Tomorrow' }, { label: 'Any time' }])).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/facets/7/buckets/1',
        message: 'A bucket with neither from nor to holds every value: give it a from, a to, or both.',
      },
    ]);
  });

  it('refuses a bucket that ends where or before it starts', () => {
    expect(deliveryIn([{ from: 5, to: 3, label: 'Soon' }])).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/facets/7/buckets/0/to',
        message: 'The bucket from 5 to 3 holds no value, since to is exclusive: make to greater than 5.',
      },
    ]);
  });

  it('refuses two closed buckets that overlap', () => {
    expect(
      deliveryIn([
        { from: 0, to: 3, label: 'This week' },
        { from: 2, to: 5, label: 'Next days' },
      ]),
    ).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/facets/7/buckets/1',
        message:
          'The bucket from 2 to 5 overlaps from 0 to 3 before it, and only buckets with an open end may overlap: start it at 3 or later.',
      },
    ]);
  });

  it('refuses a bucket that repeats the one before it', () => {
    expect(
      deliveryIn([
        { to: 2, label: 'Tomorrow' },
        { to: 2, label: 'Next day' },
      ]),
    ).toEqual([
      {
        file: 'categories.json',
        pointer: '/default/facets/7/buckets/1',
        message: 'The bucket below 2 repeats the one before it: remove it.',
      },
    ]);
  });

  it('lets buckets with an open end overlap', () => {
    expect(
      deliveryIn([
        { to: 2, label: 'Tomorrow' },
        { to: 5, label: 'This week' },
        { from: 0, to: 10, label: 'Within ten days' },
        { from: 10, label: 'Later' },
      ]),
    ).toEqual([]);
  });
});

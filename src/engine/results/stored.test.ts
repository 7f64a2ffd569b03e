import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { storedDoc, storedRow, valueAt } from './stored.js';

/** Every value of a record, in field order. */
function values(record: string, count: number): unknown[] {
  const next = { at: 0 };
  const read: unknown[] = [];
  for (let f = 0; f < count; f++) read.push(valueAt(record, next.at, next));
  return read;
}

const FIELDS = [
  'title',
  'url',
  'description',
  'price',
  'image',
  'images',
  'brand',
  'categories',
  'rating',
  'attributes.color',
  'attributes.size',
  'signals.popularity',
  'unknown',
];

describe('stored records', () => {
  it('keeps every result field in order, offers and unknown fields empty', () => {
    const entity: CatalogEntity = {
      type: 'product',
      id: 'p1',
      title: { en: 'Trail Shoe', de: 'Laufschuh' },
      url: '/p/trail-shoe',
      description: 'Grippy',
      images: ['https://img/1.jpg', 'https://img/2.jpg'],
      brand: 'Northpeak',
      categories: ['shoes', { id: 'sale', primary: true }],
      attributes: { color: 'Blue', size: [42, 43] },
      signals: { rating: 4.5, popularity: 12 },
      price: 99,
    } as CatalogEntity;
    expect(values(storedDoc(entity, FIELDS), FIELDS.length)).toEqual([
      { en: 'Trail Shoe', de: 'Laufschuh' },
      '/p/trail-shoe',
      'Grippy',
      undefined,
      'https://img/1.jpg',
      ['https://img/1.jpg', 'https://img/2.jpg'],
      'Northpeak',
      ['shoes', 'sale'],
      4.5,
      'Blue',
      [42, 43],
      12,
      undefined,
    ]);
  });

  it('tells an empty string from a missing value, and keeps strings holding its marks', () => {
    const marked = 'a\x1fb\x1ec';
    const entity = {
      type: 'product',
      id: 'p2',
      title: '',
      url: marked,
      brand: '{"json":1}',
    } as CatalogEntity;
    expect(values(storedDoc(entity, ['title', 'url', 'brand', 'image']), 4)).toEqual([
      '',
      marked,
      '{"json":1}',
      undefined,
    ]);
  });

  it('names a category page by its path', () => {
    const category = { type: 'category', id: 'c1', title: 'Shoes', path: '/shoes' } as CatalogEntity;
    expect(values(storedDoc(category, ['title', 'url']), 2)).toEqual(['Shoes', '/shoes']);
  });

  it('keeps what a variant has of its own, and nothing for a variant without', () => {
    const fields = ['title', 'url', 'image', 'brand', 'attributes.color'];
    const own = storedRow({ id: 'v1', images: ['https://img/v1.jpg'], attributes: { color: 'Red' } }, fields);
    expect(values(own, fields.length)).toEqual([
      undefined,
      undefined,
      'https://img/v1.jpg',
      undefined,
      'Red',
    ]);
    expect(storedRow({ id: 'v2', attributes: { width: 3 } }, fields)).toBe('');
  });
});

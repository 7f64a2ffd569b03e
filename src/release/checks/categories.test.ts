import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'categories.json';
const SORTS = '"relevance", "price_asc", "price_desc", "newest", "bestselling", "lightest"';

describe('categories.json sorts', () => {
  it('refuses a default sort that is neither relevance nor a ranking.json sort', () => {
    const files = fashionShop();
    files['categories.json'].default!.sort!.default = 'popular';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/default/sort/default',
        message: `"popular" is neither relevance nor a sort of ranking.json: use one of ${SORTS}, or define it there.`,
      },
    ]);
  });

  it('refuses a sort option that is neither relevance nor a ranking.json sort', () => {
    const files = fashionShop();
    files['categories.json'].nodes![0]!.sort!.options!.push('cheapest');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/nodes/0/sort/options/3',
        message: `"cheapest" is neither relevance nor a sort of ranking.json: use one of ${SORTS}, or define it there.`,
      },
    ]);
  });

  it('refuses a default sort the page does not offer', () => {
    const files = fashionShop();
    files['categories.json'].nodes![0]!.sort!.default = 'bestselling';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/nodes/0/sort/default',
        message:
          'The page would start sorted by "bestselling", which its options do not offer: add it to options, or start with one of "newest", "price_asc", "price_desc".',
      },
    ]);
  });

  it('refuses a sort offered twice', () => {
    const files = fashionShop();
    files['categories.json'].nodes![0]!.sort!.options!.push('newest');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/nodes/0/sort/options/3',
        message: 'The sort "newest" is offered twice: list it once.',
      },
    ]);
  });
});

describe('categories.json nodes', () => {
  it('refuses two nodes of one category', () => {
    const files = fashionShop();
    files['categories.json'].nodes!.push({ category: 'women', facets: ['brand'] });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/nodes/3/category',
        message: 'The category "women" has an earlier node too: merge the two nodes into one.',
      },
    ]);
  });

  it('refuses a smart category selecting by a field that cannot filter', () => {
    const files = fashionShop();
    files['categories.json'].nodes![1]!.where!.material = 'linen';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/nodes/1/where/material',
        message:
          '"material" is a text attribute, and text is never a filter: use one of "category", "brand", "price", "on_sale", "availability", "delivery_days", "rating", "color", "size", "organic", "weight", "inseam", "release_date".',
      },
    ]);
  });

  it('refuses a filter page combination routes.json does not list', () => {
    const files = fashionShop();
    files['categories.json'].nodes![0]!.filter_pages!.push(['size']);
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/nodes/0/filter_pages/2',
        message:
          'The filter page ["size"] is not a combination routes.json lists under filter_pages: use one of ["brand"], ["brand","color"], ["color"], or add it there.',
      },
    ]);
  });

  it('refuses every filter page when routes.json lists none', () => {
    const files = fashionShop();
    delete files['routes.json'].filter_pages;
    expect(violationsOf(files).map(({ pointer, message }) => [pointer, message])).toEqual([
      [
        '/nodes/0/filter_pages/0',
        'The filter page ["brand"] is not a combination routes.json lists under filter_pages, which lists none: add it there, or remove it here.',
      ],
      [
        '/nodes/0/filter_pages/1',
        'The filter page ["color","brand"] is not a combination routes.json lists under filter_pages, which lists none: add it there, or remove it here.',
      ],
    ]);
  });
});

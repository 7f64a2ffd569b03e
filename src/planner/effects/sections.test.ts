import { describe, expect, it } from 'vitest';
import { searchWith } from '../shop.fixture.js';
import { SIDE_SECTION_HITS } from './sections.js';

describe('sections', () => {
  it('the listed section searches what resolution left; the others the query, a few hits on the first page', () => {
    const plan = searchWith([], { query: 'nike sneakers size 44', redirect: false, per_page: 12 });
    expect(plan.listed).toBe('product');
    expect(plan.sections.slice(0, 3)).toEqual([
      { type: 'product', listed: true, text: '', hits: 12, searched: true },
      {
        type: 'category',
        listed: false,
        text: 'nike sneakers size 44',
        hits: SIDE_SECTION_HITS,
        searched: true,
      },
      {
        type: 'brand',
        listed: false,
        text: 'nike sneakers size 44',
        hits: SIDE_SECTION_HITS,
        searched: true,
      },
    ]);
  });

  it('sections beside do not page, and have nothing to search on a browsed page', () => {
    expect(searchWith([], { query: 'pegasus', page: 2 }).sections[1]).toMatchObject({
      hits: 0,
      searched: true,
    });
    expect(searchWith([], { on: 'category_page', category: 'shoes' }).sections[1]).toEqual({
      type: 'category',
      listed: false,
      text: '',
      hits: 0,
      searched: false,
    });
  });

  it('count_only shows no hits anywhere', () => {
    expect(
      searchWith([], { query: 'pegasus', count_only: true }).sections.map((section) => section.hits),
    ).toEqual([0, 0, 0, 0, 0]);
  });

  it('lists another type with offers where the category holds no products', () => {
    const gifts = searchWith([], { on: 'category_page', category: 'gifts' });
    expect(gifts.listed).toBe('gift_card');
    expect(gifts.filters).toEqual([
      { id: 'f1', where: { category: { within: 'gifts' } }, types: ['gift_card'], from: 'page', chips: [] },
    ]);
    expect(searchWith([], { query: 'gift cards 50', redirect: false }).listed).toBe('gift_card');
  });

  it("the page's facets by inheritance: a node's own, its parent's, or the default", () => {
    const written = (plan: { layout: { facets: Array<{ written: unknown }> } }) =>
      plan.layout.facets.map((facet) => facet.written);
    expect(written(searchWith([], { on: 'category_page', category: 'sneakers' }))).toEqual([
      'category',
      'brand',
      'size',
      'color',
      { field: 'price', kind: 'range' },
    ]);
    expect(written(searchWith([], { query: 'pegasus' }))[0]).toBe('category');
  });

  it('the last word matches as a prefix while typing, unless a space follows it; words may go when nothing matches them all', () => {
    expect(searchWith([], { on: 'autocomplete', query: 'pega' }).prefix).toBe(true);
    expect(searchWith([], { on: 'autocomplete', query: 'pega ' }).prefix).toBe(false);
    expect(searchWith([], { query: 'pegasus' })).toMatchObject({
      prefix: false,
      leaveOut: 'least_informative',
      fill: true,
    });
    expect(searchWith([], { on: 'category_page', category: 'shoes' })).toMatchObject({
      leaveOut: 'none',
      fill: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { pagesLiveState, pagesRelease } from '../../test/support/storefront-shop.js';
import { AppError } from '../lib/errors.js';
import { pageSettingsAnswer } from './page-settings-answer.js';

describe('the page settings answer', () => {
  it('shows what a category page offers and where each setting comes from', async () => {
    const { storefront } = await pagesLiveState();
    const answer = pageSettingsAnswer(storefront, { category: 'televisions', locale: 'de' }, false);
    expect(answer).toMatchObject({
      release: 'r1',
      snapshot: 's1',
      channel: 'web',
      locale: 'de',
      category: 'televisions',
      title: 'Fernseher',
      address: '/de/k/elektronik/fernseher',
      lists: 'product',
    });
    expect(answer.draft).toBeUndefined();
    expect(answer.facets.map((facet) => [facet.field, facet.label, facet.kind, facet.natural_kind])).toEqual([
      ['brand', 'Marke', 'list', 'list'],
      ['screen_size', 'Bildschirmdiagonale', 'buckets', 'range'],
      ['color', 'Farbe', 'list', 'list'],
    ]);
    expect(answer.facets[0]).toMatchObject({
      written: 'brand',
      counted: true,
      from: { from: 'page', derived: true, reason: expect.stringContaining('built-in field') },
    });
    expect(answer.facets[1]?.from).toEqual({ from: 'page' });
    // The node sets options without a default: it starts in relevance, derived.
    expect(answer.sort).toEqual({
      code: 'relevance',
      label: 'Relevanz',
      from: { from: 'page', derived: true, reason: expect.any(String) },
    });
    expect(answer.sorts.map((sort) => [sort.code, sort.label, sort.from.from])).toEqual([
      ['relevance', 'Relevanz', 'page'],
      ['price_asc', 'Preis aufsteigend', 'page'],
      ['price_desc', 'Price: high to low', 'page'],
    ]);
    expect(answer.filter_pages).toEqual({
      combinations: [['brand'], ['brand', 'screen_size']],
      from: { from: 'page' },
    });
  });

  it('names the category up the tree, the default and what is built in', async () => {
    const { storefront } = await pagesLiveState();
    const shirts = pageSettingsAnswer(storefront, { category: 'shirts' }, false);
    expect(shirts.facets[0]?.from).toMatchObject({ from: 'default' });
    expect(shirts.sort.from).toEqual({ from: 'default' });
    expect(shirts.groups).toEqual([]);
    expect(shirts.filter_pages.from).toEqual({ from: 'category', category: 'fashion', title: 'Fashion' });
    const search = pageSettingsAnswer(storefront, {}, false);
    expect(search).toMatchObject({
      title: 'Search results',
      address: '/search',
      filter_pages: { combinations: [] },
    });
    expect(search.category).toBeUndefined();
    const bare = await pagesLiveState({ 'channels.json': pagesRelease['channels.json']! });
    const built = pageSettingsAnswer(bare.storefront, {}, false);
    expect(built).toMatchObject({
      facets: [],
      sorts: [],
      sort: { code: 'relevance', from: { from: 'built_in' } },
    });
  });

  it('draws a group of two facets on the page, and says when a group is drawn apart', async () => {
    const { storefront } = await pagesLiveState({
      ...pagesRelease,
      'categories.json': {
        default: {
          facets: ['brand', 'color', 'category'],
          groups: [
            {
              group: 'look',
              label: { en: 'Look', de: 'Aussehen' },
              facets: ['category', 'color'],
              display: 'finder',
            },
            { group: 'away', label: 'Away', facets: ['brand', 'screen_size'] },
          ],
        },
      },
    });
    const answer = pageSettingsAnswer(storefront, { locale: 'de' }, true);
    expect(answer.draft).toBe(true);
    expect(answer.facets.map((facet) => [facet.field, facet.group])).toEqual([
      ['brand', undefined],
      ['category', 'look'],
      ['color', 'look'],
    ]);
    expect(answer.groups).toEqual([
      {
        group: 'look',
        label: 'Aussehen',
        facets: ['category', 'color'],
        display: 'finder',
        drawn: true,
        from: { from: 'default' },
      },
      {
        group: 'away',
        label: 'Away',
        facets: ['brand', 'screen_size'],
        drawn: false,
        from: { from: 'default' },
      },
    ]);
  });

  it('refuses a category the live catalog lacks, and a channel or locale the release lacks', async () => {
    const { storefront } = await pagesLiveState();
    const refused = (question: Parameters<typeof pageSettingsAnswer>[1]) => {
      try {
        pageSettingsAnswer(storefront, question, false);
      } catch (error) {
        if (error instanceof AppError) return [error.code, error.violations?.map((one) => one.pointer)];
      }
      return undefined;
    };
    expect(refused({ category: 'garden' })).toEqual(['unknown_name', ['/category']]);
    expect(refused({ channel: 'shop' })).toEqual(['unknown_name', ['/channel']]);
    expect(refused({ channel: 'b2b', locale: 'de', category: 'garden' })).toEqual([
      'unknown_name',
      ['/locale', '/category'],
    ]);
  });
});

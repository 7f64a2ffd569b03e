import { describe, expect, it } from 'vitest';
import { pagesLiveState, pagesRelease } from '../../test/support/storefront-shop.js';
import { robotsLines } from './robots.js';

describe('robots lines', () => {
  it('disallow a second parameter, every parameter no indexable page uses, and the search page of each locale', async () => {
    const { storefront } = await pagesLiveState();
    const robots = robotsLines(storefront);
    expect(robots.lines).toEqual([
      { line: 'Disallow: /*?*&', reason: 'second_parameter' },
      { line: 'Disallow: /*?order=', reason: 'parameter', parameter: 'order' },
      { line: 'Disallow: /*?q=', reason: 'parameter', parameter: 'q' },
      { line: 'Disallow: /*?category=', reason: 'parameter', parameter: 'category' },
      { line: 'Disallow: /*?price=', reason: 'parameter', parameter: 'price' },
      { line: 'Disallow: /search', reason: 'search_page', locales: ['en'] },
      { line: 'Disallow: /suche', reason: 'search_page', locales: ['de'] },
    ]);
    // brand, color and screen_size are indexable somewhere; the page parameter pages indexable listings.
    expect(robots.text).toBe(`${robots.lines.map((line) => line.line).join('\n')}\n`);
  });

  it('disallow a filter field once no category chooses it, and leave out a search page the shop lacks', async () => {
    const { storefront } = await pagesLiveState({
      ...pagesRelease,
      'routes.json': { filter_pages: [['brand'], ['color']] },
      'categories.json': {
        default: { facets: ['brand', 'color'] },
        nodes: [
          { category: 'electronics', filter_pages: [['brand']] },
          { category: 'fashion', filter_pages: [['brand']] },
          { category: 'trade', filter_pages: [] },
        ],
      },
    });
    expect(robotsLines(storefront).lines.map((line) => line.line)).toEqual([
      'Disallow: /*?*&',
      'Disallow: /*?sort=',
      'Disallow: /*?color=',
    ]);
  });
});

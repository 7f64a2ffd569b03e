import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, generateCatalog } from '../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import type { RoutesFile } from '../src/contracts/release-files/index.js';
import { decidePage } from '../src/pages/index.js';
import type { LiveState } from '../src/query/live-index.js';
import { pagesLiveState } from './support/storefront-shop.js';

const routes = demoReleaseFiles['routes.json'] as RoutesFile;
let live: LiveState;

beforeAll(async () => {
  live = await pagesLiveState(demoReleaseFiles, [...generateCatalog(DEMO_SHOP)]);
});

function resolve(url: string, locale = 'en') {
  return decidePage(live.storefront, url, live.storefront.place('web', locale));
}

describe("the demo shop's routes", () => {
  it('lay out every member of routes.json', () => {
    expect(Object.keys(routes).sort()).toEqual(
      ['$schema', 'brands', 'filter_pages', 'legacy', 'parameters', 'search', 'titles'].sort(),
    );
    const targets = (routes.legacy ?? []).map((entry) =>
      entry.gone
        ? 'gone'
        : entry.to!.startsWith('https://')
          ? 'site'
          : entry.to!.startsWith('/')
            ? 'path'
            : entry.to!.slice(0, entry.to!.indexOf(':')),
    );
    expect(new Set(targets)).toEqual(new Set(['category', 'brand', 'product', 'path', 'site', 'gone']));
  });

  it('answer every kind of route', () => {
    expect(resolve('/search?q=kettle')).toMatchObject({ kind: 'search_page', title: 'Search results' });
    expect(resolve('/suche?q=wasserkocher', 'de')).toMatchObject({
      kind: 'search_page',
      title: 'Suchergebnisse',
    });
    expect(resolve('/brands/sonora')).toMatchObject({ kind: 'brand_page', robots: 'index, follow' });
    expect(resolve('/marken/sonora', 'de')).toMatchObject({
      kind: 'brand_page',
      canonical: '/marken/sonora',
    });
    expect(resolve('/c/electronics/tv-video/televisions')).toMatchObject({ kind: 'category_page' });
    expect(resolve('/c/electronics/tv-video/televisions?screen_size=50-65&brand=sonora')).toMatchObject({
      robots: 'index, follow',
      canonical: '/c/electronics/tv-video/televisions?brand=sonora&screen_size=50-65',
    });
    expect(resolve('/c/electronics/tv-video/televisions?color=black').robots).toBe('noindex, follow');
    expect(resolve('/c/electronics/tv-video/televisions?page=2&sort=price_asc')).toMatchObject({
      robots: 'noindex, follow',
      listing: { request: { page: 2, sort: 'price_asc' } },
    });
    const product = live.storefront.source.records.byId('P100137')!;
    expect(resolve(product.url as string)).toMatchObject({ kind: 'product', entity: 'product:P100137' });

    expect(resolve('/shop/headphones.html').redirect?.entity).toBe('category:headphones');
    expect(resolve('/angebote/fernseher').redirect).toMatchObject({
      chain: ['/angebote/fernseher', '/shop/tv.html', '/c/electronics/tv-video/televisions'],
    });
    expect(resolve('/marke/sonora').redirect?.url).toBe('/brands/sonora');
    expect(resolve('/artikel/100137').redirect?.url).toBe(product.url);
    expect(resolve('/service/returns.php').redirect?.url).toBe('/help/returns');
    expect(resolve('/index.php?cat=kettles').redirect?.entity).toBe('category:kettles');
    expect(resolve('/blog/best-tvs-2024').redirect?.url).toBe('https://blog.example.com/best-tvs-2024');
    expect(resolve('/summer-sale-2024').status).toBe(410);
    expect(resolve('/sale').status).toBe(410);
    expect(resolve('/nothing-here').status).toBe(404);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { pagesCatalog, pagesLiveState, pagesRelease } from '../../../test/support/storefront-shop.js';
import type { LiveState } from '../../query/live-index.js';
import { decidePage } from './decide.js';

let live: LiveState;
beforeAll(async () => {
  live = await pagesLiveState();
});

function decide(url: string, channel?: string, locale?: string) {
  const storefront = live.storefront;
  return decidePage(storefront, url, storefront.place(channel, locale));
}

function steps(url: string, locale?: string) {
  return decide(url, undefined, locale).trace.map((step) => `${step.step}:${step.outcome}`);
}

describe('normalizing', () => {
  it('reads a whole URL by its path and query, without tracking parameters, empty ones or a trailing slash', () => {
    const page = decide('https://shop.example//c/electronics/tv/?utm_source=news&gclid=abc&brand=&x=1#top');
    expect(page.url).toBe('/c/electronics/tv?x=1');
    expect(page.trace[0]).toMatchObject({ step: 'normalize', removed: ['utm_source', 'gclid', 'brand'] });
    expect(page).toMatchObject({ kind: 'category_page', status: 200, canonical: '/c/electronics/tv' });
  });

  it('decodes escaped paths and resolves dot segments', () => {
    expect(decide('/c/%65lectronics/./tv/../tv').kind).toBe('category_page');
  });
});

describe('the legacy table', () => {
  it('redirects a moved URL to the page of the entity it names', () => {
    expect(decide('/shop/tv.html')).toMatchObject({
      kind: 'redirect',
      status: 301,
      robots: 'noindex, follow',
      redirect: {
        url: '/c/electronics/tv',
        entity: 'category:televisions',
        chain: ['/shop/tv.html', '/c/electronics/tv'],
      },
    });
    expect(decide('/shop/tv.html', 'web', 'de').redirect?.url).toBe('/de/k/elektronik/fernseher');
    expect(decide('/marke/sonora', 'web', 'de').redirect).toMatchObject({
      url: '/marken/sonora',
      entity: 'brand:sonora',
    });
    expect(decide('/artikel/4711').redirect).toMatchObject({
      url: '/p/sonora-oled-55',
      entity: 'product:tv-55',
    });
  });

  it('follows a chain to its final URL', () => {
    const page = decide('/angebote/tv?utm_campaign=x');
    expect(page.redirect).toMatchObject({
      url: '/c/electronics/tv',
      chain: ['/angebote/tv', '/shop/tv.html', '/c/electronics/tv'],
    });
    expect(page.trace.filter((step) => step.step === 'legacy').length).toBe(2);
  });

  it('redirects to a path or an https URL as written, parameters travelling with a path', () => {
    expect(decide('/service/returns.php?lang=en').redirect?.url).toBe('/help/returns?lang=en');
    expect(decide('/blog/best-tvs').redirect?.url).toBe('https://blog.example.com/best-tvs');
  });

  it('matches an old URL with its parameters as written', () => {
    expect(decide('/index.php?page=headphones').redirect?.url).toBe('/c/electronics/headphones');
    expect(decide('/index.php?page=other').kind).toBe('not_found');
  });

  it('answers a page gone on purpose with 410, also at the end of a chain', () => {
    expect(decide('/summer-sale-2024')).toMatchObject({
      kind: 'gone',
      status: 410,
      robots: 'noindex, follow',
    });
    expect(decide('/old-sale')).toMatchObject({ kind: 'gone', status: 410 });
    expect(decide('/summer-sale-2024').canonical).toBeUndefined();
  });

  it('answers not found where the entity moved to has no page in the channel', () => {
    expect(decide('/c/trade-old', 'web').kind).toBe('not_found');
    expect(decide('/c/trade-old', 'b2b').redirect?.url).toBe('/c/trade');
  });

  it('stops where moves lead back to where they started', async () => {
    const looping = await pagesLiveState({
      ...pagesRelease,
      'routes.json': { legacy: [{ from: '/c/electronics/tv', to: 'category:televisions' }] },
    });
    const page = decidePage(
      looping.storefront,
      '/c/electronics/tv',
      looping.storefront.place(undefined, undefined),
    );
    expect(page.kind).toBe('not_found');
    expect(page.trace.at(-1)?.detail).toContain('loop');
  });
});

describe('the search page', () => {
  it('lists what the query parameter asks, per locale, never indexed', () => {
    const page = decide('/search?q=oled+tv&p=2&order=price_asc');
    expect(page).toMatchObject({
      kind: 'search_page',
      status: 200,
      robots: 'noindex, follow',
      canonical: '/search?q=oled%20tv&order=price_asc&p=2',
      title: 'Search results',
    });
    expect(page.listing?.request).toEqual({
      on: 'search',
      channel: 'web',
      locale: 'en',
      query: 'oled tv',
      sort: 'price_asc',
      page: 2,
    });
    expect(decide('/suche?q=fernseher', 'web', 'de')).toMatchObject({
      kind: 'search_page',
      title: 'Suchergebnisse',
    });
  });

  it("sends the search page of another locale to this locale's", () => {
    expect(decide('/suche?q=tv').redirect?.url).toBe('/search?q=tv');
  });
});

describe('category pages', () => {
  it('lists a category by its path in each locale, indexable, its canonical itself', () => {
    expect(decide('/c/electronics/tv')).toMatchObject({
      kind: 'category_page',
      entity: 'category:televisions',
      title: 'Televisions',
      robots: 'index, follow',
      canonical: '/c/electronics/tv',
      listing: { request: { on: 'category_page', category: 'televisions', channel: 'web', locale: 'en' } },
    });
    expect(decide('/de/k/elektronik/fernseher', 'web', 'de')).toMatchObject({
      kind: 'category_page',
      title: 'Fernseher',
      canonical: '/de/k/elektronik/fernseher',
    });
  });

  it("sends a path of another locale, or written in other case, to this locale's address", () => {
    expect(decide('/de/k/elektronik/fernseher?p=2').redirect).toMatchObject({
      url: '/c/electronics/tv?p=2',
      entity: 'category:televisions',
    });
    expect(decide('/C/Electronics/TV').redirect?.url).toBe('/c/electronics/tv');
  });

  it('reads the page and sort parameters routes.json names; page 1 and unknown parameters leave the canonical', () => {
    expect(decide('/c/electronics/tv?p=3')).toMatchObject({
      canonical: '/c/electronics/tv?p=3',
      robots: 'index, follow',
    });
    expect(decide('/c/electronics/tv?p=1&foo=bar')).toMatchObject({
      canonical: '/c/electronics/tv',
      robots: 'index, follow',
    });
    const sorted = decide('/c/electronics/tv?order=price_desc');
    expect(sorted).toMatchObject({
      robots: 'noindex, follow',
      canonical: '/c/electronics/tv?order=price_desc',
    });
    expect(sorted.listing?.request.sort).toBe('price_desc');
    // A sort the page does not offer is left out.
    expect(decide('/c/electronics/tv?order=newest').listing?.request.sort).toBeUndefined();
  });

  it('is not found in a channel the category does not exist in', () => {
    expect(decide('/c/trade', 'web').kind).toBe('not_found');
    expect(decide('/c/trade', 'b2b').kind).toBe('category_page');
  });
});

describe('filter pages', () => {
  it('makes one value of a combination the category chooses a page of its own', () => {
    const page = decide('/c/electronics/tv?brand=sonora');
    expect(page).toMatchObject({
      robots: 'index, follow',
      canonical: '/c/electronics/tv?brand=sonora',
      listing: {
        request: { category: 'televisions', filters: { brand: ['Sonora'] } },
        filterPage: { fields: ['brand'], indexable: true },
      },
    });
  });

  it("points the canonical of parameters in another order, or spelled otherwise, at the combination's page", () => {
    const page = decide('/c/electronics/tv?screen_size=50-65&brand=Sonora');
    expect(page).toMatchObject({
      robots: 'index, follow',
      canonical: '/c/electronics/tv?brand=sonora&screen_size=50-65',
      listing: { request: { filters: { brand: ['Sonora'], screen_size: ['50-65'] } } },
    });
  });

  it('keeps a second filter, two values of one, or a combination the category does not choose out of the index', () => {
    const second = decide('/c/electronics/tv?brand=sonora&color=black');
    expect(second).toMatchObject({
      robots: 'noindex, follow',
      canonical: '/c/electronics/tv?brand=sonora&color=Black',
      listing: { filterPage: { indexable: false } },
    });
    expect(second.listing?.request.filters).toEqual({ brand: ['Sonora'], color: ['Black'] });
    expect(decide('/c/electronics/tv?brand=sonora&brand=lumen').robots).toBe('noindex, follow');
    // routes.json lists color, but televisions chooses brand and brand with screen size only.
    expect(decide('/c/electronics/tv?color=black').robots).toBe('noindex, follow');
    // Electronics chooses nothing itself: every combination of routes.json.
    expect(decide('/c/electronics?color=black').robots).toBe('index, follow');
    // Fashion chooses none.
    expect(decide('/c/fashion?color=white').listing?.filterPage?.reason).toBe(
      'The page has no filter pages.',
    );
  });
});

describe('brand pages', () => {
  it('lists a brand by the brand path of each locale', () => {
    expect(decide('/brands/sonora')).toMatchObject({
      kind: 'brand_page',
      entity: 'brand:sonora',
      title: 'Sonora',
      robots: 'index, follow',
      canonical: '/brands/sonora',
      listing: { request: { on: 'search', filters: { brand: ['Sonora'] } } },
    });
    expect(decide('/marken/sonora', 'web', 'de')).toMatchObject({
      kind: 'brand_page',
      canonical: '/marken/sonora',
    });
    expect(decide('/marken/sonora', 'web', 'en').redirect?.url).toBe('/brands/sonora');
  });

  it('filters a brand page by the combinations routes.json lists without the brand', () => {
    expect(decide('/brands/sonora?color=black')).toMatchObject({
      robots: 'index, follow',
      canonical: '/brands/sonora?color=Black',
    });
    expect(decide('/brands/sonora?screen_size=50-65').robots).toBe('noindex, follow');
  });

  it('is no brand page for a brand without an entity, or none at all', () => {
    expect(decide('/brands/nordlicht').kind).toBe('not_found');
    expect(decide('/brands/none').kind).toBe('not_found');
  });
});

describe('product URLs', () => {
  it("answers a product by its URL in the locale, a variant by the variant's", () => {
    expect(decide('/p/sonora-oled-55')).toMatchObject({
      kind: 'product',
      status: 200,
      robots: 'index, follow',
      canonical: '/p/sonora-oled-55',
      entity: 'product:tv-55',
      title: 'Sonora OLED TV 55',
    });
    expect(decide('/de/p/sonora-oled-55', 'web', 'de').kind).toBe('product');
    expect(decide('/p/linen-shirt?size=l')).toMatchObject({
      kind: 'product',
      canonical: '/p/linen-shirt?size=l',
    });
    expect(decide('/p/linen-shirt?size=l').product?.variant).toBe('shirt-l');
  });

  it("sends a product URL of another locale to this locale's", () => {
    expect(decide('/de/p/sonora-oled-55').redirect).toMatchObject({
      url: '/p/sonora-oled-55',
      entity: 'product:tv-55',
    });
  });

  it('is not found in a channel that does not sell it', () => {
    expect(decide('/p/nordlicht-earbuds', 'b2b')).toMatchObject({ kind: 'not_found', status: 404 });
  });
});

describe('the decision order', () => {
  it('traces every step it took, in the contract order', () => {
    expect(steps('/nowhere')).toEqual([
      'normalize:done',
      'legacy:no_match',
      'search_page:no_match',
      'category_path:no_match',
      'brand_path:no_match',
      'product_url:no_match',
      'decision:done',
    ]);
    expect(steps('/p/sonora-oled-55').at(-1)).toBe('product_url:matched');
    expect(steps('/brands/sonora')).toEqual([
      'normalize:done',
      'legacy:no_match',
      'search_page:no_match',
      'category_path:no_match',
      'brand_path:matched',
      'filters:done',
      'decision:done',
    ]);
  });

  it('answers not found with 404, noindex and no canonical', () => {
    expect(decide('/nowhere')).toMatchObject({ kind: 'not_found', status: 404, robots: 'noindex, follow' });
    expect(decide('/nowhere').canonical).toBeUndefined();
  });

  it('resolves every category path of the catalog', () => {
    for (const entity of pagesCatalog.filter(
      (one) => one.type === 'category' && one.channels === undefined,
    )) {
      expect(decide(typeof entity.path === 'string' ? entity.path : entity.path!.en!).entity).toBe(
        `category:${entity.id}`,
      );
    }
  });
});

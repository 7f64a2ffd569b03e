import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUuidV7 } from '../../src/lib/ids.js';
import { toJsonLines } from '../support/catalog.js';
import { call } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { pagesCatalog, pagesRelease } from '../support/storefront-shop.js';
import { waitFor } from '../support/wait.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

const get = (path: string) => call(`${stack.urls.public}${path}`);
const internal = (path: string, body?: unknown) => stack.internal(path, body);

async function problemOf(
  response: Response,
  status: number,
): Promise<{ pointers: string[]; detail: string }> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = (await response.json()) as { detail: string; violations?: Array<{ pointer: string }> };
  return { pointers: (problem.violations ?? []).map((one) => one.pointer), detail: problem.detail };
}

describe('before anything is searchable', () => {
  it('answers 503 on product, resolve, robots, the category tree and page settings', async () => {
    for (const response of [
      await get('/v1/product?id=tv-55'),
      await get('/v1/resolve?url=/c/electronics'),
      await get('/v1/robots'),
      await internal('/internal/categories'),
      await internal('/internal/pages/settings', {}),
      await stack.manage('GET', '/categories'),
      await stack.manage('POST', '/pages/settings', {}),
    ]) {
      expect((await problemOf(response, 503)).detail).toContain('PUT /api/v1/catalog');
    }
  });
});

describe('storefront pages of a live shop', () => {
  let ids: { release: string; snapshot: string };
  beforeAll(async () => {
    const upload = await (await stack.manage('PUT', '/catalog', toJsonLines(pagesCatalog))).json();
    const release = await (await stack.manage('POST', '/releases', { files: pagesRelease })).json();
    await stack.manage('POST', `/releases/${release.id}/publish`);
    await waitFor('the shop to be live', async () =>
      (await get('/v1/robots')).status === 200 ? true : undefined,
    );
    ids = { release: release.id, snapshot: upload.snapshot.id };
  });

  describe('GET /v1/product', () => {
    it('answers a product by id or URL, naming release and snapshot', async () => {
      const byId = await get('/v1/product?id=shirt&debug=1');
      expect(byId.status).toBe(200);
      const answer = await byId.json();
      expect(answer).toMatchObject({
        ...ids,
        entity: 'product:shirt',
        offer: { price: 45, currency: 'EUR' },
      });
      expect(answer.variants.map((variant: { id: string }) => variant.id)).toEqual([
        'shirt-l',
        'shirt-s',
        'shirt-m',
      ]);
      expect(answer.trace.map((step: { step: string }) => step.step)).toEqual(['lookup', 'offer']);
      const byUrl = await (await get('/v1/product?url=%2Fde%2Fp%2Fsonora-oled-55&locale=de')).json();
      expect(byUrl).toMatchObject({ id: 'tv-55', title: 'Sonora OLED-Fernseher 55', locale: 'de' });
      expect(JSON.stringify(byUrl)).not.toContain('null');
    });

    it('refuses neither or both of id and url, and a channel or locale the release lacks', async () => {
      expect((await problemOf(await get('/v1/product'), 400)).pointers).toEqual(['/id']);
      expect((await problemOf(await get('/v1/product?id=tv-55&url=/p/x'), 400)).pointers).toEqual(['/url']);
      expect((await problemOf(await get('/v1/product?id=tv-55&channel=shop'), 400)).pointers).toEqual([
        '/channel',
      ]);
      expect((await problemOf(await get('/v1/product?id=tv-55&locale=fr'), 400)).pointers).toEqual([
        '/locale',
      ]);
      expect((await problemOf(await get('/v1/product?id=tv-55&debug=maybe'), 400)).pointers).toEqual([
        '/debug',
      ]);
    });

    it('answers 404 when the channel sells no product by this id or URL in the locale', async () => {
      await problemOf(await get('/v1/product?id=none'), 404);
      await problemOf(await get('/v1/product?id=buds&channel=b2b'), 404);
      await problemOf(await get('/v1/product?url=/de/p/sonora-oled-55'), 404);
    });
  });

  describe('GET /v1/resolve', () => {
    it('answers a listing with its search and results in one call, through the search every storefront takes', async () => {
      const response = await get(
        `/v1/resolve?url=${encodeURIComponent('https://shop.example/c/electronics/tv?brand=sonora&utm_source=mail')}&per_page=1&page_view=pv-1&traffic=test`,
      );
      expect(response.status).toBe(200);
      const page = await response.json();
      expect(page).toMatchObject({
        ...ids,
        url: '/c/electronics/tv?brand=sonora',
        kind: 'category_page',
        status: 200,
        robots: 'index, follow',
        canonical: '/c/electronics/tv?brand=sonora',
        entity: 'category:televisions',
        listing: {
          request: {
            on: 'category_page',
            category: 'televisions',
            per_page: 1,
            page_view: 'pv-1',
            traffic: 'test',
          },
          filter_page: { fields: ['brand'], indexable: true },
        },
      });
      const results = page.listing.results;
      expect(isUuidV7(results.query_id)).toBe(true);
      const products = results.sections.find((section: { type: string }) => section.type === 'product');
      expect(products.total).toBe(2);
      expect(products.hits).toHaveLength(1);
      expect(page.trace).toBeUndefined();
    });

    it('answers the decision alone with results=false, and traces each step with debug', async () => {
      const page = await (await get('/v1/resolve?url=/brands/sonora&results=false&debug=true')).json();
      expect(page).toMatchObject({ kind: 'brand_page', entity: 'brand:sonora' });
      expect(page.listing.results).toBeUndefined();
      expect(page.trace.map((step: { step: string }) => step.step)).toEqual([
        'normalize',
        'legacy',
        'search_page',
        'category_path',
        'brand_path',
        'filters',
        'decision',
      ]);
    });

    it('answers a product page with its product answer', async () => {
      const page = await (await get('/v1/resolve?url=/p/linen-shirt-s')).json();
      expect(page).toMatchObject({
        kind: 'product',
        canonical: '/p/linen-shirt-s',
        product: { id: 'shirt', variant: 'shirt-s', answer: { id: 'shirt', variant: 'shirt-s' } },
      });
      const bare = await (await get('/v1/resolve?url=/p/linen-shirt-s&results=0')).json();
      expect(bare.product).toEqual({ id: 'shirt', variant: 'shirt-s' });
    });

    it('answers redirects, pages gone and pages not found with HTTP 200 and their own status', async () => {
      const moved = await get('/v1/resolve?url=/angebote/tv');
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({
        kind: 'redirect',
        status: 301,
        redirect: { url: '/c/electronics/tv', chain: ['/angebote/tv', '/shop/tv.html', '/c/electronics/tv'] },
      });
      const gone = await get('/v1/resolve?url=/summer-sale-2024');
      expect(gone.status).toBe(200);
      expect(await gone.json()).toMatchObject({ kind: 'gone', status: 410, robots: 'noindex, follow' });
      const missing = await get('/v1/resolve?url=/nowhere');
      expect(missing.status).toBe(200);
      expect(await missing.json()).toMatchObject({ kind: 'not_found', status: 404 });
    });

    it('resolves a brand page in two locales', async () => {
      expect(await (await get('/v1/resolve?url=/marken/sonora&locale=de&results=0')).json()).toMatchObject({
        kind: 'brand_page',
        canonical: '/marken/sonora',
      });
      expect(await (await get('/v1/resolve?url=/brands/sonora&locale=en&results=0')).json()).toMatchObject({
        kind: 'brand_page',
        canonical: '/brands/sonora',
      });
    });

    it('refuses a channel or locale the release lacks, and parameters out of range', async () => {
      expect((await problemOf(await get('/v1/resolve?url=/&channel=shop'), 400)).pointers).toEqual([
        '/channel',
      ]);
      expect((await problemOf(await get('/v1/resolve?url=/&channel=b2b&locale=de'), 400)).pointers).toEqual([
        '/locale',
      ]);
      expect((await problemOf(await get('/v1/resolve?url=/&per_page=101'), 400)).pointers).toEqual([
        '/per_page',
      ]);
      expect((await problemOf(await get('/v1/resolve'), 400)).pointers).toEqual(['/url']);
    });
  });

  describe('GET /v1/robots', () => {
    it('answers the Disallow lines', async () => {
      const response = await get('/v1/robots');
      expect(response.status).toBe(200);
      const robots = await response.json();
      expect(robots).toMatchObject(ids);
      expect(robots.text).toContain('Disallow: /*?*&\n');
      expect(robots.text).toContain('Disallow: /search\nDisallow: /suche\n');
    });
  });

  describe('the category tree', () => {
    it('answers GET /api/v1/categories and GET /internal/categories alike', async () => {
      const managed = await stack.manage('GET', '/categories');
      expect(managed.status).toBe(200);
      const tree = await managed.json();
      expect(tree).toMatchObject(ids);
      expect(
        tree.categories.find((node: { category: string }) => node.category === 'televisions'),
      ).toMatchObject({
        parent: 'electronics',
        titles: { en: 'Televisions', de: 'Fernseher' },
        lists: 'product',
        count: 3,
      });
      expect(await (await internal('/internal/categories')).json()).toEqual(tree);
    });

    it('refuses a call without the key', async () => {
      const response = await call(`${stack.urls.management}/api/v1/categories`);
      expect(response.status).toBe(401);
    });
  });

  describe('page settings', () => {
    it('answers what a page shows and where each setting comes from', async () => {
      const response = await stack.manage('POST', '/pages/settings', {
        category: 'televisions',
        locale: 'de',
      });
      expect(response.status).toBe(200);
      const settings = await response.json();
      expect(settings).toMatchObject({ ...ids, category: 'televisions', title: 'Fernseher', channel: 'web' });
      expect(settings.facets.map((facet: { field: string }) => facet.field)).toEqual([
        'brand',
        'screen_size',
        'color',
      ]);
      expect(
        await (await internal('/internal/pages/settings', { category: 'televisions', locale: 'de' })).json(),
      ).toEqual(settings);
    });

    it('reads draft files over the live release', async () => {
      const categories = {
        default: { facets: ['color', 'brand'], sort: { default: 'price_asc', options: ['price_asc'] } },
      };
      const settings = await (
        await stack.manage('POST', '/pages/settings', {
          category: 'shirts',
          files: { 'categories.json': categories },
        })
      ).json();
      expect(settings).toMatchObject({ draft: true, sort: { code: 'price_asc', from: { from: 'default' } } });
      expect(settings.facets.map((facet: { field: string }) => facet.field)).toEqual(['color', 'brand']);
      // Nothing of the draft stays: the live page is as it was.
      const live = await (await stack.manage('POST', '/pages/settings', { category: 'shirts' })).json();
      expect(live.facets.map((facet: { field: string }) => facet.field)).toEqual([
        'category',
        'brand',
        'price',
        'color',
      ]);
    });

    it('refuses a category the live catalog lacks, a channel or locale the release lacks, and a malformed body', async () => {
      expect(
        (await problemOf(await stack.manage('POST', '/pages/settings', { category: 'garden' }), 400))
          .pointers,
      ).toEqual(['/category']);
      expect(
        (await problemOf(await stack.manage('POST', '/pages/settings', { channel: 'shop' }), 400)).pointers,
      ).toEqual(['/channel']);
      expect(
        (
          await problemOf(
            await stack.manage('POST', '/pages/settings', { channel: 'b2b', locale: 'de' }),
            400,
          )
        ).pointers,
      ).toEqual(['/locale']);
      expect(
        (await problemOf(await stack.manage('POST', '/pages/settings', { colour: 1 }), 400)).pointers,
      ).toEqual(['/colour']);
    });

    it('answers 422 for draft files that make a release with violations', async () => {
      const response = await stack.manage('POST', '/pages/settings', {
        files: { 'categories.json': { default: { facets: ['nothing'] } } },
      });
      const problem = await problemOf(response, 422);
      expect(problem.pointers).toEqual(['/default/facets/0']);
    });

    it('refuses a call without the key', async () => {
      const response = await call(`${stack.urls.management}/api/v1/pages/settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(401);
    });
  });

  describe('URL parameters a page does not read', () => {
    it('ignores tracking parameters and repeats on product and resolve, naming them in the trace', async () => {
      const product = await get('/v1/product?id=shirt&utm_source=newsletter&debug=1&id=tv-55&gclid=x1');
      expect(product.status).toBe(200);
      const answer = await product.json();
      expect(answer.entity).toBe('product:shirt');
      expect(answer.trace[0]).toMatchObject({
        step: 'parameters',
        ignored: ['id=tv-55', 'utm_source=newsletter', 'gclid=x1'],
      });
      const quiet = await (await get('/v1/product?id=shirt&utm_source=newsletter')).json();
      expect(quiet.trace).toBeUndefined();

      const page = await get('/v1/resolve?url=%2Fc%2Felectronics&utm_campaign=spring&debug=true');
      expect(page.status).toBe(200);
      const resolved = await page.json();
      expect(resolved.trace[0]).toMatchObject({ step: 'parameters', ignored: ['utm_campaign=spring'] });
      expect(resolved.trace.slice(1).map((step: { step: string }) => step.step)).toContain('decision');
    });
  });

  describe('a product a rule hides', () => {
    beforeAll(async () => {
      const files = {
        ...pagesRelease,
        'rules.json': {
          rules: [
            {
              id: 'hide-shirt',
              description: 'The shirt is off every page.',
              then: { hide: [{ entity: 'product:shirt' }] },
            },
          ],
        },
      };
      const release = await (await stack.manage('POST', '/releases', { files })).json();
      await stack.manage('POST', `/releases/${release.id}/publish`);
      await waitFor('the rule to be live', async () => {
        const answer = await (await get('/v1/product?id=shirt')).json();
        return answer.release === release.id ? true : undefined;
      });
    });

    it('leaves it out of listings, still answers its page, and says so in the trace', async () => {
      const listing = await (await stack.search({ query: 'linen shirt', redirect: false })).json();
      const products = listing.sections.find((section: { type: string }) => section.type === 'product');
      expect(products.hits.map((hit: { entity: string }) => hit.entity)).not.toContain('product:shirt');
      const page = await get('/v1/product?id=shirt&debug=1');
      expect(page.status).toBe(200);
      const answer = await page.json();
      expect(answer.trace.map((step: { step: string }) => step.step)).toEqual(['lookup', 'hidden', 'offer']);
      expect(answer.trace[1]).toMatchObject({
        outcome: 'matched',
        entity: 'product:shirt',
        rule: 'hide-shirt',
        detail: expect.stringContaining('still answered'),
      });
      const other = await (await get('/v1/product?id=tv-55&debug=1')).json();
      expect(other.trace.map((step: { step: string }) => step.step)).toEqual(['lookup', 'offer']);
    });
  });
});

describe('when the query side does not answer', () => {
  it('answers 502 on the category tree and page settings', async () => {
    const alone = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    try {
      await problemOf(await alone.manage('GET', '/categories'), 502);
      await problemOf(await alone.manage('POST', '/pages/settings', {}), 502);
    } finally {
      await alone.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, generateCatalog } from '../../src/catalog/demo/index.js';
import { demoRelease } from '../../src/catalog/demo/release.js';
import { SEASONAL_SALE_RULE } from '../../src/catalog/demo/season.js';
import { loadDemoShop } from '../../src/cli/demo.js';
import type { RulesFile } from '../../src/contracts/release-files/index.js';
import { fixedClock } from '../../src/lib/clock.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { type Answer, call, type TestResponse } from '../support/http.js';
import { searchesRead } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * Previews on the demo shop, seen on 20 May 2025. The demo is loaded as made for 20 June (its
 * seasonal sale runs from a week before that day to three weeks after it), so on 20 May its
 * Summer Sale is still to come, and a preview of June shows what a shopper searching now does not.
 */
const NOW = '2025-05-20T10:00:00.000Z';
const DEMO_DAY = '2025-06-20T10:00:00.000Z';
const IN_JUNE = '2025-06-15T10:00:00.000Z';
/** The demo's rules as loaded, for drafts that change them. */
const demoRules = () => demoRelease(new Date(DEMO_DAY))['rules.json'] as RulesFile;
const SOFAS_PAGE = '/c/home/furniture/sofas';

const KINDS = ['search', 'page', 'compare', 'find'] as const;
type Kind = (typeof KINDS)[number];

let stack: TestStack;
const clock = fixedClock(NOW);

beforeAll(async () => {
  stack = await startTestStack({ clock });
});
afterAll(async () => stack.close());

const preview = (kind: Kind, body: unknown) => stack.manage('POST', `/preview/${kind}`, body);
const internalPreview = (kind: Kind, body: unknown) => stack.internal(`/internal/preview/${kind}`, body);

async function problemOf(response: TestResponse, status: number): Promise<Answer> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return response.json();
}

async function ok(response: TestResponse): Promise<Answer> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body).slice(0, 400)).toBe(200);
  return body;
}

function pointersOf(problem: Answer): string[] {
  return (problem.violations ?? []).map((violation: { pointer: string }) => violation.pointer);
}

function productsOf(answer: Answer): Answer {
  return answer.sections.find((section: Answer) => section.type === 'product');
}

/** How a rule fared in the search whose results an answer shows (after a redirect's own planning). */
function ruleTrace(trace: Answer[], rule: string): Answer | undefined {
  return trace
    .filter((step) => step.step === 'rules')
    .flatMap((step) => step.rules)
    .findLast((one: Answer) => one.rule === rule);
}

const SOME_TRACE = [
  {
    step: 'rank',
    type: 'product',
    sort: 'relevance',
    hits: [
      { entity: 'product:a', position: 1, score: 2 },
      { entity: 'product:b', position: 2, score: 1 },
    ],
  },
];

describe('before anything is searchable', () => {
  it('answers 503 on search, page and find previews, and compares a trace all the same', async () => {
    const bodies = {
      search: { query: 'sofa' },
      page: { url: SOFAS_PAGE },
      find: { query: 'sofa', entity: 'product:P100001' },
    };
    for (const [kind, body] of Object.entries(bodies)) {
      for (const response of [await preview(kind as Kind, body), await internalPreview(kind as Kind, body)]) {
        expect((await problemOf(response, 503)).detail).toContain('PUT /api/v1/catalog');
      }
    }
    const compared = await ok(await preview('compare', { trace: SOME_TRACE, places: [2, 1] }));
    expect(compared).toMatchObject({ higher: { entity: 'product:a' }, lower: { entity: 'product:b' } });
  });
});

describe('while the first index run waits', () => {
  it('answers 503 saying the run is queued', async () => {
    const waiting = await startTestStack({ roles: { indexer: false } });
    try {
      const release = await (await waiting.manage('POST', '/releases', { files: minimalRelease })).json();
      await waiting.manage('POST', `/releases/${release.id}/publish`);
      await waiting.manage('PUT', '/catalog', toJsonLines(smallShop));
      const detail = await waitFor('previews to say the run is queued', async () => {
        const problem = await (await waiting.manage('POST', '/preview/search', { query: 'kettle' })).json();
        return String(problem.detail).includes('is queued') ? problem.detail : undefined;
      });
      expect(detail).toMatch(/^Nothing is searchable yet: the first index run \(\d+\) is queued\./);
      const find = await waiting.manage('POST', '/preview/find', { query: 'kettle', entity: 'product:p1' });
      expect((await problemOf(find, 503)).detail).toBe(detail);
    } finally {
      await waiting.close();
    }
  });
});

describe('previews of the demo shop', () => {
  const catalog = [...generateCatalog(DEMO_SHOP)];
  beforeAll(async () => {
    clock.set(DEMO_DAY);
    const { runId } = await loadDemoShop(stack.deps, `${stack.urls.management}/schemas`);
    await searchesRead(stack, runId!);
    clock.set(NOW);
  }, 120_000);

  describe('the keys', () => {
    it('answers 401 on the management API without the management key', async () => {
      for (const kind of KINDS) {
        const response = await call(`${stack.urls.management}/api/v1/preview/${kind}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' },
          body: JSON.stringify({ query: 'sofa' }),
        });
        await problemOf(response, 401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
      }
    });

    it('answers 401 on the internal API without the internal key', async () => {
      for (const kind of KINDS) {
        const response = await call(`${stack.urls.internal}/internal/preview/${kind}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'sofa' }),
        });
        await problemOf(response, 401);
      }
    });
  });

  describe('the search log', () => {
    /** The searches the log holds, once everything handed to it is written. */
    async function searchesLogged(): Promise<number> {
      await stack.searchLog?.flush();
      return (await stack.deps.database.searchLog.size()).searches;
    }

    /**
     * Waits until the log holds `count` searches: an answer is handed to the log once it is sent,
     * which may be just after the client has read it.
     */
    async function untilLogged(count: number): Promise<number> {
      await waitFor(`${count} searches in the log`, async () =>
        (await searchesLogged()) >= count ? true : undefined,
      );
      return searchesLogged();
    }

    it('writes no preview, as it writes the search and the listing page a shopper opens', async () => {
      const before = await searchesLogged();
      await ok(await preview('search', { query: 'sofa' }));
      await ok(await preview('search', { query: 'sofa', time: IN_JUNE }));
      await ok(await preview('page', { url: SOFAS_PAGE }));
      await ok(await preview('find', { query: 'sofa', entity: 'product:P100001' }));
      await ok(await internalPreview('search', { query: 'sofa' }));
      expect(await searchesLogged()).toBe(before);

      // The previews above were answered before this search: had any been logged, it would count.
      expect((await stack.search({ query: 'sofa' })).status).toBe(200);
      expect(await untilLogged(before + 1)).toBe(before + 1);
      const page = await call(`${stack.urls.public}/v1/resolve?url=${SOFAS_PAGE}`);
      expect(page.status).toBe(200);
      expect(await untilLogged(before + 2)).toBe(before + 2);
      await call(`${stack.urls.public}/v1/resolve?url=${SOFAS_PAGE}&results=false`);
      expect((await stack.search({ query: 'sofa', page: 2 })).status).toBe(200);
      // The decision alone was answered before this search: had it been logged, it would count.
      expect(await untilLogged(before + 3)).toBe(before + 3);
    });
  });

  describe('POST /preview/search', () => {
    it('answers the search a shopper gets, always with the trace and the moment it was seen at', async () => {
      const answer = await ok(await preview('search', { query: 'sofa', per_page: 5 }));
      const shopper = await (await stack.search({ query: 'sofa', per_page: 5 })).json();
      expect(answer.time).toBe(NOW);
      expect(answer.draft).toBeUndefined();
      expect(answer.release).toBe(shopper.release);
      expect(productsOf(answer).hits).toEqual(productsOf(shopper).hits);
      expect(answer.trace.find((step: Answer) => step.step === 'arrival')).toEqual({
        step: 'arrival',
        time: NOW,
        fixed: false,
      });
      expect(answer.trace.some((step: Answer) => step.step === 'rank')).toBe(true);
      const internal = await ok(await internalPreview('search', { query: 'sofa', per_page: 5 }));
      expect(productsOf(internal).hits).toEqual(productsOf(answer).hits);
    });

    it('shows a scheduled rule and its banner at a future time that a search at the same moment does not', async () => {
      const request = { on: 'category_page', category: 'sofas' };
      const june = await ok(await preview('search', { ...request, time: IN_JUNE }));
      expect(june.time).toBe(IN_JUNE);
      expect(june.placements).toContainEqual(
        expect.objectContaining({ slot: 'top', kind: 'banner', title: 'Summer Sale: up to 35% off' }),
      );
      expect(ruleTrace(june.trace, SEASONAL_SALE_RULE)).toMatchObject({ state: 'active', applied: true });
      expect(june.trace.find((step: Answer) => step.step === 'arrival')).toMatchObject({
        time: IN_JUNE,
        fixed: true,
      });

      const shopper = await (await stack.search({ ...request, debug: true })).json();
      expect(shopper.placements).toBeUndefined();
      expect(ruleTrace(shopper.trace, SEASONAL_SALE_RULE)).toMatchObject({
        state: 'not_yet',
        applied: false,
      });
      const now = await ok(await preview('search', request));
      expect(now.placements).toBeUndefined();
      expect(ruleTrace(now.trace, SEASONAL_SALE_RULE)).toMatchObject({ state: 'not_yet', applied: false });
    });

    it('reads draft files over the live release, and the live search does not change', async () => {
      // The search's own results ("sofa" would otherwise open the sofas page).
      const first = productsOf(await ok(await preview('search', { query: 'sofa', redirect: false }))).hits[0]
        .entity;
      const rules = demoRules();
      const files = {
        'rules.json': {
          ...rules,
          rules: [
            ...rules.rules,
            {
              id: 'hide-sofa',
              description: 'Hides the first sofa.',
              then: { hide: [{ entities: [first] }] },
            },
          ],
        },
      };
      const draft = await ok(await preview('search', { query: 'sofa', redirect: false, files }));
      expect(draft.draft).toBe(true);
      expect(productsOf(draft).hits.map((hit: Answer) => hit.entity)).not.toContain(first);
      expect(ruleTrace(draft.trace, 'hide-sofa')).toMatchObject({ applied: true });
      const found = await ok(await preview('find', { query: 'sofa', redirect: false, entity: first, files }));
      expect(found).toMatchObject({ outcome: 'hidden', rule: 'hide-sofa', found: false, draft: true });
      expect(
        productsOf(await (await stack.search({ query: 'sofa', redirect: false })).json()).hits[0].entity,
      ).toBe(first);
      // A file sent as null is dropped: without rules.json the recalled kettle is found again.
      const recalled = { query: 'terrazo kettle', redirect: false, entity: 'product:P100233' };
      expect(await ok(await preview('find', recalled))).toMatchObject({ outcome: 'hidden' });
      const dropped = await ok(
        await preview('find', { ...recalled, files: { 'rules.json': null, 'tests.json': null } }),
      );
      expect(dropped).toMatchObject({ found: true, draft: true });
    });

    it('answers any channel, locale and context the release has; 400 for those it lacks', async () => {
      const b2b = await ok(await preview('search', { query: 'kettle', channel: 'b2b' }));
      expect(b2b.trace.find((step: Answer) => step.step === 'plan')).toBeDefined();
      const german = await ok(await preview('search', { query: 'wasserkocher', locale: 'de' }));
      expect(productsOf(german).total).toBeGreaterThan(0);
      for (const [body, pointer] of [
        [{ query: 'sofa', channel: 'outlet' }, '/channel'],
        [{ query: 'sofa', channel: 'b2b', locale: 'de' }, '/locale'],
        [{ query: 'sofa', context: { segment: 'vip' } }, '/context/segment'],
        [{ query: 'sofa', sort: 'cheapest' }, '/sort'],
        [{ query: 'sofa', time: 'tomorrow' }, '/time'],
        [{ query: 'sofa', debug: true }, '/debug'],
      ] as const) {
        const problem = await problemOf(await preview('search', body), 400);
        expect(pointersOf(problem)).toEqual([pointer]);
      }
      const context = await problemOf(
        await preview('search', { query: 'sofa', context: { segment: 'vip' } }),
        400,
      );
      expect(context.violations[0].message).toBe(
        '"segment" is no context key of this shop: channels.json declares none.',
      );
    });

    it('answers 422 for draft files with violations, naming file and pointer', async () => {
      const files = { 'rules.json': { rules: [{ id: 'broken', description: 'x', then: { hide: 'all' } }] } };
      for (const [kind, body] of [
        ['search', { query: 'sofa', files }],
        ['page', { url: SOFAS_PAGE, files }],
        ['find', { query: 'sofa', entity: 'product:P100001', files }],
      ] as const) {
        const problem = await problemOf(await preview(kind, body), 422);
        expect(problem.violations).toContainEqual(
          expect.objectContaining({ file: 'rules.json', pointer: '/rules/0/then/hide' }),
        );
      }
    });
  });

  describe('POST /preview/page', () => {
    it('opens a shop URL as a shopper would, at any time, with every trace', async () => {
      const june = await ok(
        await preview('page', { url: `https://shop.example${SOFAS_PAGE}`, time: IN_JUNE }),
      );
      expect(june).toMatchObject({
        url: SOFAS_PAGE,
        kind: 'category_page',
        status: 200,
        entity: 'category:sofas',
        time: IN_JUNE,
        listing: { request: { on: 'category_page', category: 'sofas' } },
      });
      expect(june.trace.map((step: Answer) => step.step)).toContain('decision');
      expect(june.listing.results.placements).toContainEqual(expect.objectContaining({ kind: 'banner' }));
      expect(june.listing.results.trace.some((step: Answer) => step.step === 'rank')).toBe(true);
      const now = await ok(await preview('page', { url: SOFAS_PAGE }));
      expect(now.time).toBe(NOW);
      expect(now.listing.results.placements).toBeUndefined();
      const shopper = await (await call(`${stack.urls.public}/v1/resolve?url=${SOFAS_PAGE}`)).json();
      expect(shopper.listing.results.placements).toBeUndefined();
    });

    it('opens a product page and answers other URLs with their own status', async () => {
      const product = catalog.find((entity) => entity.type === 'product' && entity.offers === undefined)!;
      const page = await ok(await preview('page', { url: product.url }));
      expect(page).toMatchObject({
        kind: 'product',
        product: { id: product.id, answer: { id: product.id } },
      });
      expect(page.product.answer.trace.length).toBeGreaterThan(0);
      expect(await ok(await preview('page', { url: '/summer-sale-2024' }))).toMatchObject({
        kind: 'gone',
        status: 410,
      });
    });

    it('reads draft files, and answers 400 for a channel, locale or context the release lacks', async () => {
      const files = {
        'rules.json': {
          ...demoRules(),
          rules: [
            ...demoRules().rules,
            {
              id: 'sofa-banner',
              description: 'A banner over the sofas.',
              when: { on: 'category_page', category: { is: 'sofas' } },
              then: { place: [{ slot: 'top', kind: 'banner', title: { en: 'New sofas' } }] },
            },
          ],
        },
      };
      const draft = await ok(await preview('page', { url: SOFAS_PAGE, files }));
      expect(draft.draft).toBe(true);
      expect(draft.listing.results.placements).toEqual([
        expect.objectContaining({ slot: 'top', kind: 'banner', title: 'New sofas' }),
      ]);
      for (const [body, pointer] of [
        [{ url: SOFAS_PAGE, channel: 'outlet' }, '/channel'],
        [{ url: SOFAS_PAGE, channel: 'b2b', locale: 'de' }, '/locale'],
        [{ url: '/summer-sale-2024', context: { segment: 'vip' } }, '/context/segment'],
        [{ url: '' }, '/url'],
      ] as const) {
        expect(pointersOf(await problemOf(await preview('page', body), 400))).toEqual([pointer]);
      }
    });
  });

  describe('POST /preview/find', () => {
    const find = async (request: Record<string, unknown>, entity: string) =>
      ok(await preview('find', { ...request, entity }));

    /** The n-th product hit (from 1) of a preview, paging as deep as needed. */
    async function productAt(request: Record<string, unknown>, position: number): Promise<string> {
      const answer = await ok(await preview('search', { ...request, per_page: 100 }));
      return productsOf(answer).hits[position - 1].entity;
    }

    it('says where an entity is: this page or another, its section and position', async () => {
      const request = { query: 'headphones', redirect: false, per_page: 5 };
      const third = await productAt(request, 3);
      const onPage = await find(request, third);
      expect(onPage).toMatchObject({
        entity: third,
        outcome: 'on_page',
        found: true,
        section: 'product',
        position: 3,
        page: 1,
        per_page: 5,
      });
      expect(onPage.trace.at(-1)).toMatchObject({
        step: 'entity',
        entity: third,
        outcome: 'on_page',
        position: 3,
      });
      const thirteenth = await productAt(request, 13);
      expect(await find(request, thirteenth)).toMatchObject({
        outcome: 'other_page',
        found: true,
        position: 13,
        page: 3,
        detail: `${thirteenth} stands at position 13, on page 3 of 5 hits each.`,
      });
      const second = await find({ ...request, page: 3 }, thirteenth);
      expect(second).toMatchObject({ outcome: 'on_page', position: 13, page: 3 });
    });

    it('says an entity is not in the catalog, not sold in the channel, or sold in none', async () => {
      expect(await find({ query: 'kettle' }, 'product:NOPE')).toMatchObject({
        outcome: 'not_in_catalog',
        found: false,
        detail: 'The live catalog holds no product:NOPE.',
      });
      const onlyB2b = catalog.find((entity) => entity.offers?.[0]?.channel === 'b2b')!;
      expect(await find({ query: '' }, `product:${onlyB2b.id}`)).toMatchObject({
        outcome: 'not_in_channel',
        channels: ['b2b'],
      });
      const shelf = { on: 'category_page', category: onlyB2b.categories![0], per_page: 100 };
      expect(await find({ ...shelf, channel: 'b2b' }, `product:${onlyB2b.id}`)).toMatchObject({
        outcome: 'on_page',
        found: true,
      });
      expect(await find(shelf, `product:${onlyB2b.id}`)).toMatchObject({
        outcome: 'not_in_channel',
        channels: ['b2b'],
        detail: `Channel web does not sell product:${onlyB2b.id}; b2b does.`,
      });
      const unsold = catalog.find((entity) => entity.offers?.[0]?.channel === 'outlet')!;
      expect(await find({ query: '' }, `product:${unsold.id}`)).toMatchObject({
        outcome: 'no_offer',
        detail: `No channel sells product:${unsold.id}: it has no offer.`,
      });
    });

    it('says an entity is outside the category of a category page', async () => {
      const kettle = catalog.find(
        (entity) => entity.type === 'product' && entity.categories?.includes('kettles'),
      )!;
      expect(
        await find({ on: 'category_page', category: 'headphones' }, `product:${kettle.id}`),
      ).toMatchObject({
        outcome: 'outside_category',
        category: 'headphones',
        filter: { id: 'f1', from: 'page' },
      });
    });

    it("names the filter that leaves an entity out: the shopper's, what the query names, a rule's", async () => {
      const headphones = catalog.filter(
        (entity) => entity.type === 'product' && entity.categories?.includes('headphones'),
      );
      const notSonora = headphones.find(
        (entity) => entity.brand !== 'Sonora' && entity.offers === undefined,
      )!;
      const chosen = await find(
        { on: 'category_page', category: 'headphones', filters: { brand: ['Sonora'] } },
        `product:${notSonora.id}`,
      );
      expect(chosen).toMatchObject({
        outcome: 'filtered',
        filter: { id: 'f2', from: 'request', chips: [{ field: 'brand', value: 'Sonora' }] },
        detail: `Filter f2 (the shopper's choice, Brand: Sonora) leaves product:${notSonora.id} out.`,
      });
      expect(chosen.rule).toBeUndefined();
      expect(chosen.trace.at(-1)).toMatchObject({ step: 'entity', outcome: 'filtered', filter: 'f2' });

      const kettle = catalog.find(
        (entity) => entity.type === 'product' && entity.categories?.includes('kettles'),
      )!;
      expect(
        await find({ query: 'sonora headphones', redirect: false }, `product:${kettle.id}`),
      ).toMatchObject({
        outcome: 'filtered',
        filter: {
          from: 'resolution',
          chips: expect.arrayContaining([expect.objectContaining({ field: 'category' })]),
        },
      });

      const leatherBag = catalog.find(
        (entity) => entity.attributes?.material === 'leather' && /\bbag\b/i.test(entity.title as string),
      )!;
      expect(await find({ query: 'vegan bag' }, `product:${leatherBag.id}`)).toMatchObject({
        outcome: 'filtered',
        rule: 'filter-vegan',
        filter: { id: 'f1', from: 'rule', chips: [{ field: 'material', rule: 'filter-vegan' }] },
        detail: `Filter f1 (rule filter-vegan's filter, Material: Vegan leather, Canvas, Mesh) leaves product:${leatherBag.id} out.`,
      });
    });

    it('names the rule that hides an entity', async () => {
      const hidden = await find({ query: 'terrazo kettle', redirect: false }, 'product:P100233');
      expect(hidden).toMatchObject({
        outcome: 'hidden',
        found: false,
        rule: 'hide-recalled',
        detail: 'Rule hide-recalled hides product:P100233 by name.',
      });
      expect(hidden.trace.at(-1)).toMatchObject({ step: 'entity', outcome: 'hidden', rule: 'hide-recalled' });
    });

    it('names the query words an entity lacks', async () => {
      const kettle = catalog.find(
        (entity) => entity.type === 'product' && entity.categories?.includes('kettles'),
      )!;
      const unmatched = await find({ query: 'oled toaster', redirect: false }, `product:${kettle.id}`);
      expect(unmatched).toMatchObject({ outcome: 'unmatched', found: false, missing: ['oled'] });
      expect(unmatched.detail).toBe(
        `product:${kettle.id} holds "oled" in no field searched, by no typo, stem or synonym.`,
      );
      expect(await find({ query: 'kettle', redirect: false }, 'brand:sonora')).toMatchObject({
        outcome: 'unmatched',
        section: 'brand',
        missing: ['kettle'],
      });
    });

    it('says an entity ranks beyond reachable_hits, or past the few hits a section beside shows', async () => {
      const sold = catalog.filter(
        (entity) =>
          entity.type === 'product' && entity.offers === undefined && typeof entity.price === 'number',
      );
      const dearest = sold.reduce((a, b) => ((b.price as number) > (a.price as number) ? b : a));
      const beyond = await find({ query: '', sort: 'price_asc' }, `product:${dearest.id}`);
      expect(beyond).toMatchObject({ outcome: 'beyond_reach', found: false });
      expect(beyond.detail).toContain('ranks below the first 1000 of');
      const side = await ok(await preview('search', { on: 'autocomplete', query: 's' }));
      const categories = side.sections.find((section: Answer) => section.type === 'category');
      expect(categories.total).toBeGreaterThan(categories.hits.length);
      const shown = categories.hits.map((hit: Answer) => hit.entity);
      const notShown = await find({ on: 'autocomplete', query: 's' }, 'category:men-shoes');
      expect(shown).not.toContain('category:men-shoes');
      expect(notShown).toMatchObject({
        outcome: 'not_shown',
        section: 'category',
        position: categories.hits.length + 1,
        detail: `category:men-shoes ranks ${categories.hits.length + 1} in the category section, which shows only its first 4 hits beside the listed one.`,
      });
      expect(await find({ on: 'category_page', category: 'headphones' }, 'brand:sonora')).toMatchObject({
        outcome: 'not_shown',
        section: 'brand',
        detail:
          "The brand section beside the listed one lists hits only for the query's words, and this request leaves none to search.",
      });
      expect(await find({ on: 'autocomplete', query: 's' }, shown[1])).toMatchObject({
        outcome: 'on_page',
        section: 'category',
        position: 2,
      });
    });

    it('answers 400 when the body names no entity, and 400 or 503 as a search preview does', async () => {
      expect(pointersOf(await problemOf(await preview('find', { query: 'sofa' }), 400))).toEqual(['/entity']);
      expect(
        pointersOf(await problemOf(await preview('find', { query: 'sofa', entity: 'P1' }), 400)),
      ).toEqual(['/entity']);
      expect(
        pointersOf(
          await problemOf(await preview('find', { entity: 'product:P100001', channel: 'outlet' }), 400),
        ),
      ).toEqual(['/channel']);
    });
  });

  describe('POST /preview/compare', () => {
    /** The first two neighbours of a preview's listed section whose comparison gives this reason. */
    async function pairWith(
      request: Record<string, unknown>,
      part: string,
      favours = 'higher',
    ): Promise<{ trace: Answer[]; hits: Answer[]; compared: Answer; reason: Answer }> {
      const answer = await ok(await preview('search', { redirect: false, per_page: 30, ...request }));
      const rank = answer.trace.find((step: Answer) => step.step === 'rank' && step.type === answer.listed);
      for (let place = 1; place < rank.hits.length; place++) {
        const compared = await ok(
          await preview('compare', { trace: answer.trace, places: [place, place + 1] }),
        );
        const reason = compared.reasons.find((one: Answer) => one.part === part && one.favours === favours);
        if (reason)
          return { trace: answer.trace, hits: [rank.hits[place - 1], rank.hits[place]], compared, reason };
      }
      throw new Error(
        `no neighbours of ${JSON.stringify(request)} differ by ${part} in favour of the ${favours}`,
      );
    }

    it('names the pin, paid or not, that placed the higher', async () => {
      const page = { on: 'category_page', category: 'headphones' };
      const pinned = await pairWith(page, 'pin');
      expect(pinned.compared).toMatchObject({
        type: 'product',
        sort: 'relevance',
        higher: { entity: 'product:P100137', position: 1 },
      });
      // Only the pin decides; the lower's own pin, further down, is said to explain nothing above it.
      expect(pinned.compared.reasons.map((one: Answer) => [one.part, one.favours])).toEqual([
        ['pin', 'higher'],
        ['pin', 'neither'],
      ]);
      expect(pinned.compared.reasons[0].rule).toBe('pin-headphones');
      const paid = await pairWith(page, 'sponsored');
      expect(paid.compared.higher).toEqual({ entity: 'product:P101051', position: 4 });
      expect(paid.reason.says).toBe(
        'product:P101051 is a paid pin of campaign sonora-earbuds-2025 at position 4 by rule pin-headphones.',
      );
      expect(paid.compared.summary).toBe(
        `product:P101051 (position 4) sits above ${paid.compared.lower.entity} (position 5): product:P101051 is a paid pin of campaign sonora-earbuds-2025 at position 4 by rule pin-headphones.`,
      );
    });

    it('names the rules that boost the higher or bury the lower', async () => {
      const page = { on: 'category_page', category: 'televisions' };
      const boosted = await pairWith(page, 'boost');
      expect(boosted.reason).toMatchObject({ rule: 'tv-partner-brand', higher: 1.5, lower: 1 });
      expect(boosted.reason.says).toBe(
        `Rule tv-partner-brand boosts ${boosted.hits[0].entity} (relevance × 1.5).`,
      );
      const buried = await pairWith(page, 'bury');
      expect(buried.reason).toMatchObject({ rule: 'tv-partner-brand' });
      expect(buried.hits[1].factors).toContainEqual({ rule: 'tv-partner-brand', kind: 'bury', factor: 0.8 });
    });

    it('compares sort values, and says equal values keep catalog order', async () => {
      const page = { on: 'category_page', category: 'sofas', sort: 'price_asc' };
      const sorted = await pairWith(page, 'sort');
      expect(sorted.reason).toMatchObject({
        higher: sorted.hits[0].sort_value,
        lower: sorted.hits[1].sort_value,
      });
      expect(sorted.hits[0].sort_value).toBeLessThan(sorted.hits[1].sort_value);
      const tied = await pairWith(page, 'tie', 'neither');
      expect(tied.hits[0].sort_value).toBe(tied.hits[1].sort_value);
      expect(tied.compared.summary).toContain('they are equal, and catalog order puts it first');
    });

    it('names a query word the lower lacks before anything else', async () => {
      const lacking = await pairWith({ query: 'natural maison' }, 'completeness');
      expect(lacking.compared.reasons[0]).toBe(lacking.reason);
      expect(lacking.hits[1].parts.words).toContainEqual({ word: lacking.reason.word, missing: true });
      expect(lacking.reason.says).toBe(
        `${lacking.hits[1].entity} lacks "${lacking.reason.word}": it only fills a short list, after every hit that has all the words.`,
      );
    });

    it('says how each matched a word, and weighs proximity, exactness and signals', async () => {
      const word = await pairWith({ query: 'televison' }, 'word');
      // The category's name, "Televisions", counts as words of its products' titles (what they are).
      expect(word.reason.says).toMatch(/^"televison": .* has it with 2 typos \("televisions"\) in title /);
      const near = await pairWith({ query: 'wireless headphones noise' }, 'proximity');
      expect(near.reason.higher).toBeGreaterThan(near.reason.lower);
      expect(near.hits[0].parts.proximity).toBeGreaterThan(near.hits[1].parts.proximity);
      const alone = await pairWith({ query: 'sonora oled tv' }, 'exactness');
      expect(alone.hits[0].parts.exactness).toBeGreaterThan(alone.hits[1].parts.exactness);
      const signals = await pairWith({ on: 'category_page', category: 'televisions' }, 'signals');
      expect(signals.reason.higher).toBeGreaterThan(signals.reason.lower);
      expect(signals.reason.says).toContain('sells or rates better');
    });

    it('answers 400 when the body is not a trace and two places', async () => {
      for (const [body, pointer] of [
        [{ places: [1, 2] }, '/trace'],
        [{ trace: SOME_TRACE }, '/places'],
        [{ trace: SOME_TRACE, places: [1] }, '/places'],
        [{ trace: SOME_TRACE, places: [1, 2, 3] }, '/places'],
        [{ trace: SOME_TRACE, places: [0, 2] }, '/places/0'],
        [{ trace: [{ step: 'rank' }], places: [1, 2] }, '/trace/0'],
        [{ trace: SOME_TRACE, places: [1, 1] }, '/places/1'],
      ] as const) {
        const problem = await problemOf(await preview('compare', body), 400);
        expect(pointersOf(problem)[0]?.startsWith(pointer)).toBe(true);
      }
    });

    it("answers 422 when the trace's rank step holds no hit of the section at a place", async () => {
      const answer = await ok(await preview('search', { query: 'sofa', per_page: 3 }));
      const problem = await problemOf(await preview('compare', { trace: answer.trace, places: [2, 7] }), 422);
      expect(problem.violations).toEqual([
        { pointer: '/places/1', message: 'No hit stands at 7: the rank step holds positions 1 to 3.' },
      ]);
      const brands = await problemOf(
        await preview('compare', { trace: answer.trace, type: 'offer', places: [1, 2] }),
        422,
      );
      expect(brands.detail).toContain('no rank step of section "offer"');
    });
  });
});

describe('when the query side does not answer', () => {
  it('answers 502 on every preview', async () => {
    const alone = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    try {
      for (const [kind, body] of [
        ['search', { query: 'sofa' }],
        ['page', { url: SOFAS_PAGE }],
        ['compare', { trace: SOME_TRACE, places: [1, 2] }],
        ['find', { query: 'sofa', entity: 'product:P100001' }],
      ] as const) {
        await problemOf(await alone.manage('POST', `/preview/${kind}`, body), 502);
      }
    } finally {
      await alone.close();
    }
  });
});

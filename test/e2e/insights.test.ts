import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { fixedClock } from '../../src/lib/clock.js';
import { newQueryId } from '../../src/lib/ids.js';
import { listedProduct, toJsonLines } from '../support/catalog.js';
import { type Answer, browserSearch, CHROME, call, GOOGLEBOT } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * A storefront's day, through HTTP: shoppers search, browse, choose a filter, see and click hits (one
 * of them sponsored), some of it sent as beacons; a test run and Googlebot search and click too. After
 * the roll-up the insights and campaign reports hold exactly what shoppers did. The clock is fixed.
 */

const DAY = '2026-03-02';
const clock = fixedClock(`${DAY}T10:00:00.000Z`);

const shop: CatalogEntity[] = [
  { type: 'category', id: 'audio', title: 'Audio', path: '/audio' },
  { type: 'category', id: 'kitchen', title: 'Kitchen', path: '/kitchen' },
  listedProduct('hp-acme', 'Acme Studio Headphones', 'Acme', 'audio'),
  listedProduct('hp-acme-2', 'Acme Travel Headphones', 'Acme', 'audio'),
  listedProduct('hp-sonora', 'Sonora Air Headphones', 'Sonora', 'audio'),
  listedProduct('kettle-1', 'Steel Kettle', 'Homely', 'kitchen'),
  listedProduct('kettle-2', 'Glass Kettle', 'Homely', 'kitchen'),
];

const release = {
  'ranking.json': { sorts: [] },
  'rules.json': {
    rules: [
      {
        id: 'sonora-launch',
        description: 'Sonora pays for the first place of every headphones search.',
        when: { on: 'search', query: { contains: 'headphones' } },
        then: {
          pin: [{ entity: 'product:hp-sonora', position: 1, sponsored: { campaign: 'sonora-launch' } }],
        },
      },
    ],
  },
};

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ clock });
  await stack.manage('PUT', '/catalog', toJsonLines(shop));
  const stored = await (await stack.manage('POST', '/releases', { files: release })).json();
  await stack.manage('POST', `/releases/${stored.id}/publish`);
  await waitFor('the shop to be searchable', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
});
afterAll(async () => {
  await stack.close();
});

const search = (body: Record<string, unknown>, userAgent = CHROME): Promise<Answer> =>
  browserSearch(stack, body, userAgent);

async function report(
  events: Record<string, unknown>[],
  options: { pageView?: string; beacon?: boolean; userAgent?: string; traffic?: string } = {},
): Promise<Answer> {
  const response = await call(`${stack.urls.public}/v1/events`, {
    method: 'POST',
    headers: {
      // A beacon posts text/plain, so the browser sends no preflight.
      'content-type': options.beacon ? 'text/plain;charset=UTF-8' : 'application/json',
      'user-agent': options.userAgent ?? CHROME,
    },
    body: JSON.stringify({
      ...(options.pageView !== undefined ? { page_view: options.pageView } : {}),
      ...(options.traffic !== undefined ? { traffic: options.traffic } : {}),
      events,
    }),
  });
  expect(response.status).toBe(202);
  return response.json();
}

const hitsOf = (answer: Answer) =>
  answer.sections.find((section: Answer) => section.type === 'product').hits as Answer[];

/** A click or view of the hit at `position` (counted from 1) of an answer, as a storefront reports it. */
function onHit(type: 'click' | 'view', answer: Answer, position: number) {
  const hit = hitsOf(answer)[position - 1];
  return {
    type,
    query_id: answer.query_id,
    entity: hit.entity,
    position,
    ...(hit.sponsored ? { campaign: hit.sponsored.campaign } : {}),
  };
}

describe('a day of a storefront, rolled up', () => {
  beforeAll(async () => {
    // Page view a: headphones, then the Acme filter on the same page; an autocomplete and a count
    // on the way are no searches.
    const a1 = await search({ query: 'Headphones', page_view: 'pv-a' });
    expect(hitsOf(a1)[0].sponsored).toEqual({ campaign: 'sonora-launch' });
    await search({ query: 'headphones', filters: { brand: ['Acme'] }, page_view: 'pv-a' });
    await search({ query: 'hea', on: 'autocomplete', page_view: 'pv-a' });
    await search({ query: 'headphones', count_only: true, page_view: 'pv-a' });
    expect(
      await report([onHit('view', a1, 1), onHit('view', a1, 2), onHit('click', a1, 2)], { pageView: 'pv-a' }),
    ).toEqual({
      accepted: 3,
      late: 0,
    });

    // Page view b: headphones; the sponsored hit is seen (twice, counted once) and clicked, by beacon.
    const b1 = await search({ query: 'headphones ', page_view: 'pv-b' });
    expect(
      await report([onHit('view', b1, 1), onHit('click', b1, 1), onHit('view', b1, 1)], {
        pageView: 'pv-b',
        beacon: true,
      }),
    ).toEqual({ accepted: 3, late: 0 });

    // Kettles are found by two page views and seen, never clicked; zebras found by none.
    const c1 = await search({ query: 'kettle', page_view: 'pv-c' });
    const d1 = await search({ query: 'Kettle', page_view: 'pv-d' });
    expect(hitsOf(c1)).toHaveLength(2);
    await report([onHit('view', d1, 1), onHit('view', d1, 2)], { pageView: 'pv-d', beacon: true });
    await search({ query: 'zebra', page_view: 'pv-c' });
    await search({ query: 'zebra', page_view: 'pv-d' });
    // One page view alone does not make a query count (it still counts as a search).
    await search({ query: 'unicorn', page_view: 'pv-e' });

    // Browsing: audio twice, kitchen once; a second page is no new browse.
    await search({ on: 'category_page', category: 'audio', page_view: 'pv-e' });
    await search({ on: 'category_page', category: 'audio', page_view: 'pv-f' });
    await search({ on: 'category_page', category: 'kitchen', page_view: 'pv-f' });
    await search({ on: 'category_page', category: 'audio', page: 2, per_page: 1, page_view: 'pv-g' });

    // A test run and Googlebot search and click; none of it may show.
    const test = await search({ query: 'headphones', page_view: 'pv-t', traffic: 'test' });
    await report([onHit('click', test, 1)], { pageView: 'pv-t', traffic: 'test' });
    for (const pageView of ['pv-bot-1', 'pv-bot-2']) {
      const crawled = await search({ query: 'tablet', page_view: pageView }, GOOGLEBOT);
      const found = await search({ query: 'headphones', page_view: pageView }, GOOGLEBOT);
      expect(hitsOf(crawled)).toHaveLength(0);
      await report([onHit('click', found, 1), onHit('view', found, 2)], { pageView, userAgent: GOOGLEBOT });
    }
    await report([onHit('click', a1, 3)], { pageView: 'pv-a', userAgent: GOOGLEBOT });

    // A click on an answer given more than 72 hours ago is late: not taken.
    const old = newQueryId(new Date(clock.now().getTime() - 73 * 3_600_000));
    expect(
      await report([{ type: 'click', query_id: old, entity: 'product:hp-acme', position: 1 }], {
        pageView: 'pv-a',
      }),
    ).toEqual({ accepted: 0, late: 1 });

    // What a graceful stop would write, then the scheduler's pass (the roll-up among its jobs).
    await stack.searchLog?.flush();
    const pass = await stack.scheduler!.runOnce();
    expect(pass.rollUp?.days).toEqual([DAY]);
  });

  it('reports searches, queries, filters and categories exactly', async () => {
    const response = await stack.manage('GET', `/insights?from=${DAY}&to=${DAY}`);
    expect(response.status).toBe(200);
    const insights = await response.json();
    const day = {
      searches: 8,
      unique_searches: 7,
      without_results: 3,
      clicked_searches: 2,
      clicks: 2,
      views: 5,
      browses: 3,
    };
    expect(insights).toEqual({
      from: DAY,
      to: DAY,
      traffic: 'shopper',
      rolled_up_at: clock.now().toISOString(),
      totals: { ...day, click_through: 0.25 },
      days: [{ day: DAY, ...day }],
      top_queries: [
        {
          query: 'headphones',
          searches: 3,
          unique_searches: 2,
          page_views: 2,
          without_results: 0,
          clicks: 2,
          views: 3,
          click_through: 0.6667,
          average_click_position: 1.5,
        },
        {
          query: 'kettle',
          searches: 2,
          unique_searches: 2,
          page_views: 2,
          without_results: 0,
          clicks: 0,
          views: 2,
          click_through: 0,
        },
        {
          query: 'zebra',
          searches: 2,
          unique_searches: 2,
          page_views: 2,
          without_results: 2,
          clicks: 0,
          views: 0,
          click_through: 0,
        },
      ],
      no_results: [expect.objectContaining({ query: 'zebra', without_results: 2 })],
      no_clicks: [expect.objectContaining({ query: 'kettle', searches: 2 })],
      filters: [{ field: 'brand', value: 'Acme', uses: 1 }],
      categories: [
        { category: 'audio', browses: 2, unique_browses: 2 },
        { category: 'kitchen', browses: 1, unique_browses: 1 },
      ],
    });
  });

  it('reports views, clicks and click-through per sponsored campaign and day', async () => {
    const response = await stack.manage('GET', `/insights/campaigns?from=${DAY}&to=${DAY}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      from: DAY,
      to: DAY,
      traffic: 'shopper',
      rolled_up_at: clock.now().toISOString(),
      campaigns: [
        {
          campaign: 'sonora-launch',
          views: 2,
          clicks: 1,
          click_through: 0.5,
          days: [{ day: DAY, views: 2, clicks: 1, click_through: 0.5 }],
        },
      ],
    });
  });

  it('reads one channel and locale, and the last seven days by default', async () => {
    const web = await (await stack.manage('GET', '/insights?channel=default&locale=en')).json();
    expect(web.from).toBe('2026-02-24');
    expect(web.to).toBe(DAY);
    expect(web.days).toHaveLength(7);
    expect(web.totals.searches).toBe(8);
    const other = await (await stack.manage('GET', `/insights?from=${DAY}&to=${DAY}&channel=app`)).json();
    expect(other.channel).toBe('app');
    expect(other.totals).toEqual({
      searches: 0,
      unique_searches: 0,
      without_results: 0,
      clicked_searches: 0,
      clicks: 0,
      views: 0,
      browses: 0,
    });
    expect(other.top_queries).toEqual([]);
  });

  it('answers 422 for a day or traffic the report cannot count, 400 for a bad limit, 401 without the key', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30', '/from'],
      ['to=tomorrow', '/to'],
      [`to=2026-03-03`, '/to'],
      [`from=${DAY}&to=2026-03-01`, '/from'],
      ['from=2025-01-01&to=2026-03-02', '/from'],
      ['traffic=bot', '/traffic'],
      ['traffic=test', '/traffic'],
      ['traffic=robots', '/traffic'],
    ];
    for (const [parameters, pointer] of cases) {
      for (const path of ['/insights', '/insights/campaigns']) {
        const response = await stack.manage('GET', `${path}?${parameters}`);
        expect(response.status, `${path}?${parameters}`).toBe(422);
        const problem = await response.json();
        expect(problem.violations.map((violation: Answer) => violation.pointer)).toEqual([pointer]);
      }
    }
    const badLimit = await stack.manage('GET', '/insights?limit=0');
    expect(badLimit.status).toBe(400);
    expect((await badLimit.json()).violations[0].pointer).toBe('/limit');
    expect((await call(`${stack.urls.management}/api/v1/insights`)).status).toBe(401);
    expect((await call(`${stack.urls.management}/api/v1/insights/campaigns`)).status).toBe(401);
  });
});

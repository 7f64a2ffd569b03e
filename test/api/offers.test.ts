import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { fixedClock } from '../../src/lib/clock.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { type Answer, call, type TestResponse } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

async function runSettled(s: TestStack, id: number): Promise<Answer> {
  return waitFor(`run ${id} to end`, async () => {
    const run = await (await s.manage('GET', `/index-runs/${id}`)).json();
    return ['queued', 'running'].includes(run.status) ? undefined : run;
  });
}

async function liveAfter(s: TestStack, response: TestResponse): Promise<Answer> {
  const { run } = await response.json();
  const done = await runSettled(s, run.id);
  expect(done.status).toBe('succeeded');
  await waitFor('searches to read it', async () => (s.live?.current()?.runId === run.id ? true : undefined));
  return done;
}

async function hitFields(
  s: TestStack,
  query: string,
  extra: Record<string, unknown> = {},
): Promise<Answer[]> {
  const answer = await (await s.search({ query, ...extra })).json();
  const section = answer.sections.find((candidate: { type: string }) => candidate.type === 'product');
  return (section?.hits ?? []).map((hit: { entity: string; fields: Record<string, unknown> }) => ({
    entity: hit.entity,
    ...hit.fields,
  }));
}

describe('PUT /api/v1/offers', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it('answers 401 without the key and 409 while nothing is live', async () => {
    const unsigned = await call(`${stack.urls.management}/api/v1/offers`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ variant: 'p1', channel: 'default', price: 1 }]),
    });
    expect(unsigned.status).toBe(401);
    const none = await stack.manage('PUT', '/offers', [{ variant: 'p1', channel: 'default', price: 1 }]);
    expect(none.status).toBe(409);
    expect((await none.json()).detail).toContain('Nothing is live');
  });

  it('makes prices live without a rebuild, searches answering throughout, until the next catalog arrives', async () => {
    const release = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
    await stack.manage('POST', `/releases/${release.id}/publish`);
    const first = await liveAfter(stack, await stack.manage('PUT', '/catalog', toJsonLines(smallShop)));
    expect((await hitFields(stack, 'headphones'))[0]).toMatchObject({ price: 99.5 });
    const runs = (await (await stack.manage('GET', '/index-runs')).json()).meta.total;

    // Searches keep answering while the offers go live.
    let searching = true;
    const statuses: number[] = [];
    const searches = (async () => {
      while (searching) statuses.push((await stack.search({ query: 'acme' })).status);
    })();
    const response = await stack.manage('PUT', '/offers', [
      { variant: 'p1', channel: 'default', price: 79, stock: 4 },
      { variant: 'p2', channel: 'default', sale_price: 15, availability: 'out_of_stock' },
    ]);
    expect(response.status).toBe(202);
    const accepted = await response.json();
    expect(accepted).toMatchObject({ offers: 2, run: first.id });
    expect(accepted.next).toContain('without a rebuild');
    await waitFor('the new price to answer', async () =>
      (await hitFields(stack, 'headphones'))[0]?.price === 79 ? true : undefined,
    );
    // The product page reads the offers the tile does.
    const page = await (await call(`${stack.urls.public}/v1/product?id=p1`)).json();
    expect(page.offer).toMatchObject({ price: 79 });
    searching = false;
    await searches;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await hitFields(stack, 'earbuds'))[0]).toMatchObject({
      price: 19,
      sale_price: 15,
      availability: 'out_of_stock',
    });
    // Nothing was rebuilt for it.
    expect((await (await stack.manage('GET', '/index-runs')).json()).meta.total).toBe(runs);

    // A later write keeps the fields it leaves out; a rebuild of the same catalog holds them.
    await stack.manage('PUT', '/offers', [{ variant: 'p1', channel: 'default', availability: 'backorder' }]);
    await waitFor('the availability to answer', async () =>
      (await hitFields(stack, 'headphones'))[0]?.availability === 'backorder' ? true : undefined,
    );
    await liveAfter(stack, await stack.manage('POST', '/index-runs'));
    expect((await hitFields(stack, 'headphones'))[0]).toMatchObject({ price: 79, availability: 'backorder' });

    // The next catalog ends them: the same bytes sent again are a catalog arriving.
    const next = await liveAfter(stack, await stack.manage('PUT', '/catalog', toJsonLines(smallShop)));
    expect(next.report.course).toMatchObject({ way: 'rebuild' });
    expect(next.report.course.cause).toContain('An overlay ended');
    expect((await hitFields(stack, 'headphones'))[0]).toMatchObject({
      price: 99.5,
      availability: 'in_stock',
    });
    const earbuds = (await hitFields(stack, 'earbuds'))[0];
    expect(earbuds).toMatchObject({ price: 19 });
    expect(earbuds.sale_price).toBeUndefined();
  });

  it('answers 422 for a body that holds no list of offers, too many, or offers naming what the live catalog lacks, writing nothing', async () => {
    const before = (await hitFields(stack, 'headphones'))[0].price;
    const cases: Array<[unknown, string]> = [
      [{ offers: [] }, ''],
      [[], ''],
      [Array.from({ length: 10_001 }, () => ({ variant: 'p1', channel: 'default', price: 1 })), ''],
      [[{ variant: 'p1', channel: 'default', price: -1 }], '/0/price'],
      [[{ variant: 'p1', channel: 'default' }], '/0'],
      [
        [
          { variant: 'p1', channel: 'default', price: 1 },
          { variant: 'nope', channel: 'default', price: 1 },
        ],
        '/1/variant',
      ],
      [[{ variant: 'p1', channel: 'mars', price: 1 }], '/0/channel'],
      [[{ variant: 'p1', entity: 'product:p2', channel: 'default', price: 1 }], '/0/entity'],
    ];
    for (const [body, pointer] of cases) {
      const response = await stack.manage('PUT', '/offers', body);
      expect(response.status).toBe(422);
      const problem = await response.json();
      expect(problem.violations.length).toBeGreaterThan(0);
      if (pointer) expect(problem.violations.map((v: { pointer: string }) => v.pointer)).toContain(pointer);
    }
    expect((await hitFields(stack, 'headphones'))[0].price).toBe(before);
  });
});

describe('PUT /api/v1/offers without a query side', () => {
  it('answers 502', async () => {
    const stack = await startTestStack({ env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' } });
    try {
      // The stack's own query node serves searches; the control plane asks an address nobody answers.
      await stack.deps.database.releases.create({ id: 'rl_x', files: minimalRelease, createdAt: new Date() });
      await stack.deps.database.releases.publish('rl_x', new Date());
      await liveAfter(stack, await stack.manage('PUT', '/catalog', toJsonLines(smallShop)));
      const response = await stack.manage('PUT', '/offers', [
        { variant: 'p1', channel: 'default', price: 1 },
      ]);
      expect(response.status).toBe(502);
    } finally {
      await stack.close();
    }
  });
});

describe('decisions taken from the time and the offers', () => {
  it('stay true: the indexer rebuilds smart categories over sales when a sale window opens and when offers change them', async () => {
    const clock = fixedClock('2026-03-01T10:00:00Z');
    const stack = await startTestStack({ clock });
    try {
      const catalog: CatalogEntity[] = [
        ...smallShop,
        { type: 'category', id: 'sale', title: 'Sale' },
        {
          type: 'product',
          id: 'p9',
          title: 'Acme Radio',
          price: 60,
          sale_price: 45,
          sale_window: { from: '2026-03-01T11:00:00Z' },
        },
      ];
      const release = await (
        await stack.manage('POST', '/releases', {
          files: {
            ...minimalRelease,
            'categories.json': { nodes: [{ category: 'sale', where: { on_sale: true } }] },
          },
        })
      ).json();
      await stack.manage('POST', `/releases/${release.id}/publish`);
      const built = await liveAfter(stack, await stack.manage('PUT', '/catalog', toJsonLines(catalog)));
      const onSale = async () =>
        (await hitFields(stack, '', { filters: { category: { within: 'sale' } } })).map((hit) => hit.entity);
      expect(await onSale()).toEqual([]);

      clock.set('2026-03-01T11:00:00Z');
      const windowRun = await waitFor('the indexer to rebuild', async () => {
        const live = stack.live?.current();
        return live && live.runId !== built.id ? live.runId : undefined;
      });
      const run = await (await stack.manage('GET', `/index-runs/${windowRun}`)).json();
      expect(run.trigger).toMatchObject({ kind: 'indexer' });
      expect(run.trigger.detail).toContain('A sale window opened or closed at 2026-03-01T11:00:00.000Z');
      expect(await onSale()).toEqual(['product:p9']);

      await stack.manage('PUT', '/offers', [{ variant: 'p2', channel: 'default', sale_price: 9 }]);
      const offersRun = await waitFor('the indexer to fold the offers', async () => {
        const live = stack.live?.current();
        return live && live.runId !== windowRun ? live.runId : undefined;
      });
      const folded = await (await stack.manage('GET', `/index-runs/${offersRun}`)).json();
      expect(folded.trigger.detail).toContain('Offers sent with PUT /offers');
      expect((await onSale()).sort()).toEqual(['product:p2', 'product:p9']);
    } finally {
      await stack.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newQueryId } from '../../src/lib/ids.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { type Answer, call, type TestResponse } from '../support/http.js';
import { storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/** POST /v1/events as a storefront and a browser beacon send it, and every way a batch is refused. */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
  await storeAndPublishRelease(stack, minimalRelease);
  await waitFor('the catalog to be searchable', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
});
afterAll(async () => {
  await stack.close();
});

const click = (overrides: Record<string, unknown> = {}) => ({
  type: 'click',
  query_id: newQueryId(new Date()),
  entity: 'product:p1',
  position: 1,
  ...overrides,
});

function post(
  body: unknown,
  contentType = 'application/json',
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  return call(`${stack.urls.public}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The events the log holds, once everything handed to it is written. */
async function eventsLogged(): Promise<number> {
  await stack.searchLog?.flush();
  return (await stack.deps.database.searchLog.size()).events;
}

describe('POST /v1/events', () => {
  it('takes a JSON batch with 202, answering before and without cookies', async () => {
    const before = await eventsLogged();
    const response = await post(
      {
        page_view: 'pv-1',
        events: [
          click(),
          click({ type: 'view', position: 2, entity: 'product:p2' }),
          { type: 'click', query_id: newQueryId(new Date()), placement: 'spring-banner', surface: 'agent' },
          click({ campaign: 'spring', position: 1000 }),
        ],
      },
      'application/json',
      { cookie: 'session=abc' },
    );
    expect(response.status).toBe(202);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ accepted: 4, late: 0 });
    expect(await eventsLogged()).toBe(before + 4);
  });

  it('takes a beacon posted as text/plain', async () => {
    const before = await eventsLogged();
    for (const type of ['text/plain;charset=UTF-8', 'text/plain']) {
      const response = await post({ events: [click({ type: 'view' })] }, type);
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ accepted: 1, late: 0 });
    }
    expect(await eventsLogged()).toBe(before + 2);
  });

  it('counts an event whose answer is older than 72 hours as late and does not take it', async () => {
    const before = await eventsLogged();
    const old = newQueryId(new Date(Date.now() - 73 * 3_600_000));
    const recent = newQueryId(new Date(Date.now() - 71 * 3_600_000));
    const response = await post({ events: [click({ query_id: old }), click({ query_id: recent })] });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 1, late: 1 });
    expect(await eventsLogged()).toBe(before + 1);
  });

  describe('refuses the whole batch with 400 and a violation per event by JSON pointer', () => {
    const cases: [string, unknown, string[]][] = [
      ['no events', { events: [] }, ['/events']],
      ['more than 100 events', { events: Array.from({ length: 101 }, () => click()) }, ['/events']],
      ['no events field', { page_view: 'pv' }, ['/events']],
      [
        'an event naming both an entity and a placement',
        { events: [click(), click({ placement: 'banner' })] },
        ['/events/1'],
      ],
      [
        'events naming neither an entity nor a placement',
        {
          events: [click({ entity: undefined }), click(), { type: 'view', query_id: newQueryId(new Date()) }],
        },
        ['/events/0', '/events/2'],
      ],
      ['a position 0', { events: [click({ position: 0 })] }, ['/events/0/position']],
      ['a position no page reaches', { events: [click({ position: 1001 })] }, ['/events/0/position']],
      [
        'a banner with a position',
        { events: [{ type: 'click', query_id: newQueryId(new Date()), placement: 'b', position: 2 }] },
        ['/events/0/position'],
      ],
      [
        'query ids that are no UUIDv7',
        {
          events: [
            click({ query_id: 'not-a-uuid' }),
            click({ query_id: '3b241101-e2bb-4255-8caf-4136c566a962' }),
            click(),
          ],
        },
        ['/events/0/query_id', '/events/1/query_id'],
      ],
      [
        'a query id naming a time still to come',
        { events: [click(), click({ query_id: newQueryId(new Date(Date.now() + 3_600_000)) })] },
        ['/events/1/query_id'],
      ],
      ['an unknown type', { events: [click({ type: 'purchase' })] }, ['/events/0/type']],
      ['an unknown field', { events: [click({ price: 10 })] }, ['/events/0/price']],
      ['an entity not written type:id', { events: [click({ entity: 'p1' })] }, ['/events/0/entity']],
      ['an unknown traffic', { traffic: 'robot', events: [click()] }, ['/traffic']],
    ];
    for (const [name, body, pointers] of cases) {
      it(name, async () => {
        const before = await eventsLogged();
        for (const type of ['application/json', 'text/plain']) {
          const response = await post(body, type);
          expect(response.status).toBe(400);
          expect(response.headers.get('content-type')).toContain('application/problem+json');
          const problem: Answer = await response.json();
          expect(problem.detail).toContain('nothing of it was taken');
          expect(problem.violations.map((violation: Answer) => violation.pointer)).toEqual(pointers);
        }
        expect(await eventsLogged()).toBe(before);
      });
    }

    it('a body that is no JSON, as JSON or as a beacon', async () => {
      for (const type of ['application/json', 'text/plain']) {
        const response = await post('{"events": [', type);
        expect(response.status).toBe(400);
        expect((await response.json()).detail).toContain('not valid JSON');
      }
      expect((await post('', 'text/plain')).status).toBe(400);
    });

    it('a body nested deeper than any batch, as a beacon', async () => {
      const deep = `{"events":[${'['.repeat(100)}${']'.repeat(100)}]}`;
      const response = await post(deep, 'text/plain');
      expect(response.status).toBe(400);
      expect((await response.json()).detail).toContain('levels deep');
    });
  });

  it('answers 413 for a body larger than 64 kB, and takes one of exactly 64 kB', async () => {
    const before = await eventsLogged();
    const batch = { page_view: '', events: [click()] };
    const padded = (bytes: number) => {
      const text = JSON.stringify(batch);
      return JSON.stringify({ ...batch, page_view: 'x'.repeat(bytes - text.length) });
    };
    // The page view is at most 128 characters, so a padded batch is refused by its schema (400),
    // not by its size, unless it is too large to be read.
    for (const type of ['application/json', 'text/plain']) {
      const tooLarge = await post(padded(64 * 1024 + 1), type);
      expect(tooLarge.status).toBe(413);
      expect((await tooLarge.json()).detail).toContain('65536 bytes');
      const atTheLimit = await post(padded(64 * 1024), type);
      expect(atTheLimit.status).toBe(400);
    }
    const spaced = `${JSON.stringify({ events: [click()] })}${' '.repeat(64 * 1024)}`.slice(0, 64 * 1024);
    expect((await post(spaced)).status).toBe(202);
    expect(await eventsLogged()).toBe(before + 1);
  });

  it('counts what the search log wrote and dropped in the metrics', async () => {
    await eventsLogged();
    const metrics = await (await call(`${stack.urls.management}/metrics`)).text();
    const figure = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
    expect(figure('aisle_search_log_queued')).toBe(0);
    // The searches that waited for the catalog to be searchable are written too.
    const { searches, events } = await stack.deps.database.searchLog.size();
    expect(figure('aisle_search_log_written_total')).toBe(searches + events);
    expect(figure('aisle_search_log_dropped_total')).toBe(0);
    expect(figure('aisle_search_log_failed_writes_total')).toBe(0);
  });

  it('allows any origin to post a beacon or JSON', async () => {
    const preflight = await call(`${stack.urls.public}/v1/events`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const beacon = await post({ events: [click()] }, 'text/plain', { origin: 'https://shop.example' });
    expect(beacon.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('POST /v1/events before anything is searchable', () => {
  let empty: TestStack;
  beforeAll(async () => {
    empty = await startTestStack({ roles: { indexer: false } });
  });
  afterAll(async () => empty.close());

  it('answers 503 as every endpoint but /health does, and takes nothing of the batch', async () => {
    for (const type of ['application/json', 'text/plain']) {
      const response = await call(`${empty.urls.public}/v1/events`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify({ events: [click()] }),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        code: 'not_searchable',
        detail: expect.stringContaining('Nothing is searchable yet'),
      });
    }
    await empty.searchLog?.flush();
    expect((await empty.deps.database.searchLog.size()).events).toBe(0);
    expect((await call(`${empty.urls.public}/health`)).status).toBe(200);
  });
});

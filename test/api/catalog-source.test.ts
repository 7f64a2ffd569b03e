import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../src/lib/clock.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { type FeedServer, feedWithEtag, startFeedServer } from '../support/feed-server.js';
import { call } from '../support/http.js';
import { storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

let stack: TestStack | undefined;
let feed: FeedServer | undefined;
afterEach(async () => {
  await stack?.close();
  await feed?.close();
  stack = undefined;
  feed = undefined;
});

const ALLOWED = { AISLE_ALLOW_PRIVATE_FEEDS: 'true' };
const shop = toJsonLines(smallShop);

/** Waits until the source shows `count` fetches, and answers it. */
async function fetched(s: TestStack, count: number) {
  return waitFor(`fetch ${count}`, async () => {
    const source = await (await s.manage('GET', '/catalog-source')).json();
    return source.fetches.length >= count ? source : undefined;
  });
}

async function fetchNow(s: TestStack, count: number) {
  const response = await s.manage('POST', '/catalog-source/fetch');
  expect(response.status).toBe(202);
  return fetched(s, count);
}

describe('the catalog source endpoints', () => {
  it('answer 404 with no source, 401 without the key, and 201, 200, 422 to PUT', async () => {
    stack = await startTestStack({ roles: { indexer: false }, env: ALLOWED });
    feed = await startFeedServer();
    for (const [method, path] of [
      ['GET', '/catalog-source'],
      ['DELETE', '/catalog-source'],
      ['POST', '/catalog-source/fetch'],
    ] as const) {
      expect((await stack.manage(method, path)).status).toBe(404);
      expect((await call(`${stack.urls.management}/api/v1${path}`, { method })).status).toBe(401);
    }
    expect(
      (
        await call(`${stack.urls.management}/api/v1/catalog-source`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${feed.origin}/feed.jsonl` }),
        })
      ).status,
    ).toBe(401);

    for (const [body, pointer] of [
      [{}, '/url'],
      [{ url: `${feed.origin}/f`, interval_minutes: 4 }, '/interval_minutes'],
      [{ url: `${feed.origin}/f`, interval_minutes: 1441 }, '/interval_minutes'],
      [{ url: `${feed.origin}/f`, on_change: 'maybe' }, '/on_change'],
      [{ url: 'ftp://example.com/feed' }, '/url'],
      [{ url: 'https://user:pw@example.com/feed' }, '/url'],
      [
        { url: `${feed.origin}/f`, authentication: { kind: 'header', name: 'X Token', value: 'v' } },
        '/authentication',
      ],
    ] as const) {
      const refused = await stack.manage('PUT', '/catalog-source', body);
      expect(refused.status).toBe(422);
      const problem = await refused.json();
      expect(problem.violations.some((v: { pointer: string }) => v.pointer.startsWith(pointer))).toBe(true);
    }
    expect((await stack.manage('GET', '/catalog-source')).status).toBe(404);

    feed.answer(feedWithEtag(shop, '"v1"'));
    const created = await stack.manage('PUT', '/catalog-source', {
      url: `${feed.origin}/feed.jsonl`,
      authentication: { kind: 'header', name: 'X-Feed-Token', value: 'token-secret-1' },
    });
    expect(created.status).toBe(201);
    const source = await created.json();
    expect(source).toMatchObject({
      url: `${feed.origin}/feed.jsonl`,
      authentication: { kind: 'header', name: 'X-Feed-Token' },
      interval_minutes: 60,
      on_change: 'publish',
    });
    expect(JSON.stringify(source)).not.toContain('token-secret-1');
    // The secret is kept encrypted: it is nowhere in the database file.
    const file = await readFile(join(stack.dataDir, 'aisle.sqlite'));
    expect(file.includes('token-secret-1')).toBe(false);

    const changed = await stack.manage('PUT', '/catalog-source', {
      url: `${feed.origin}/feed.jsonl`,
      interval_minutes: 15,
      on_change: 'draft',
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      interval_minutes: 15,
      on_change: 'draft',
      authentication: { kind: 'header', name: 'X-Feed-Token' },
    });
    const removed = await (
      await stack.manage('PUT', '/catalog-source', { url: `${feed.origin}/feed.jsonl`, authentication: null })
    ).json();
    expect(removed.authentication).toBeUndefined();

    const deleted = await stack.manage('DELETE', '/catalog-source');
    expect(deleted.status).toBe(200);
    expect((await deleted.json()).url).toBe(`${feed.origin}/feed.jsonl`);
    expect((await stack.manage('GET', '/catalog-source')).status).toBe(404);
  });
});

describe('fetching the catalog source', () => {
  it('publishes a changed feed, asks whether it changed since, queues nothing for the same bytes, holds back a feed removing half the products, and needs attention after three failures', async () => {
    stack = await startTestStack({ env: ALLOWED });
    feed = await startFeedServer();
    const release = await storeAndPublishRelease(stack, minimalRelease);
    feed.answer(feedWithEtag(shop, '"v1"'));

    await stack.manage('PUT', '/catalog-source', {
      url: `${feed.origin}/exports/feed.jsonl`,
      authentication: { kind: 'basic', username: 'shop', password: 'pass-word-9' },
    });
    // A new URL is fetched at once.
    const first = await fetched(stack, 1);
    expect(first.fetches[0]).toMatchObject({ outcome: 'published', http_status: 200 });
    expect(feed.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('shop:pass-word-9').toString('base64')}`,
    );
    const importId = first.fetches[0].import;
    const imported = await (await stack.manage('GET', `/imports/${importId}`)).json();
    expect(imported).toMatchObject({
      export: { name: 'feed.jsonl' },
      run: { trigger: { kind: 'fetch', import: importId } },
    });
    expect(imported.release).toBeDefined();
    await waitFor('the fetched catalog to go live', async () => {
      const live = await (await stack!.manage('GET', '/live')).json();
      return live.snapshot === first.fetches[0].snapshot ? live : undefined;
    });
    expect((await (await stack.manage('GET', '/live')).json()).release).toBe(release);

    // The feed did not change: 304, nothing queued.
    const second = await fetchNow(stack, 2);
    expect(feed.requests[1]?.headers['if-none-match']).toBe('"v1"');
    expect(second.fetches[0]).toMatchObject({ outcome: 'unchanged', http_status: 304 });

    // The same bytes under another ETag: nothing queued either.
    feed.answer(feedWithEtag(shop, '"v2"'));
    const runsBefore = (await (await stack.manage('GET', '/index-runs')).json()).meta.total;
    const third = await fetchNow(stack, 3);
    expect(third.fetches[0]).toMatchObject({ outcome: 'unchanged', http_status: 200 });
    expect(third.fetches[0].reason).toContain('same bytes');
    expect((await (await stack.manage('GET', '/index-runs')).json()).meta.total).toBe(runsBefore);

    // Half the products gone: held back as a draft to confirm.
    feed.answer(feedWithEtag(toJsonLines(smallShop.slice(0, 3)), '"v3"'));
    const fourth = await fetchNow(stack, 4);
    expect(fourth.fetches[0]).toMatchObject({ outcome: 'held' });
    expect(fourth).toMatchObject({ needs_attention: true, held_import: fourth.fetches[0].import });
    expect((await (await stack.manage('GET', `/imports/${fourth.fetches[0].import}`)).json()).status).toBe(
      'draft',
    );
    await stack.manage('DELETE', `/imports/${fourth.fetches[0].import}`);
    expect((await (await stack.manage('GET', '/catalog-source')).json()).needs_attention).toBeUndefined();

    // Three failures in a row.
    feed.answer((_request, response) => response.writeHead(503).end());
    await fetchNow(stack, 5);
    const sixth = await fetchNow(stack, 6);
    expect(sixth.needs_attention).toBeUndefined();
    const seventh = await fetchNow(stack, 7);
    expect(seventh.fetches[0]).toMatchObject({ outcome: 'failed', http_status: 503 });
    expect(seventh.fetches[0].reason).toContain('HTTP 503');
    expect(seventh.needs_attention).toBe(true);
  });

  it('keeps a changed feed as a draft when the source asks, and keeps the last ten fetches', async () => {
    stack = await startTestStack({ roles: { indexer: false }, env: ALLOWED });
    feed = await startFeedServer();
    feed.answer(feedWithEtag(shop, '"a"'));
    await stack.manage('PUT', '/catalog-source', { url: `${feed.origin}/feed`, on_change: 'draft' });
    const first = await fetched(stack, 1);
    expect(first.fetches[0].outcome).toBe('drafted');
    expect((await (await stack.manage('GET', `/imports/${first.fetches[0].import}`)).json()).status).toBe(
      'draft',
    );
    for (let count = 2; count <= 11; count++) await fetchNow(stack, Math.min(count, 10));
    const source = await (await stack.manage('GET', '/catalog-source')).json();
    expect(source.fetches).toHaveLength(10);
  });

  it('sends credentials only to the feed’s own origin, never after a redirect to another', async () => {
    stack = await startTestStack({ roles: { indexer: false }, env: ALLOWED });
    feed = await startFeedServer();
    const other = await startFeedServer();
    try {
      other.answer(feedWithEtag(shop, '"x"'));
      // localhost is another origin than 127.0.0.1, though the same machine.
      feed.answer((_request, response) =>
        response.writeHead(302, { location: `http://localhost:${other.port}/moved` }).end(),
      );
      await stack.manage('PUT', '/catalog-source', {
        url: `${feed.origin}/feed`,
        on_change: 'draft',
        authentication: { kind: 'header', name: 'X-Token', value: 'never-elsewhere' },
      });
      const source = await fetched(stack, 1);
      expect(source.fetches[0].outcome).toBe('drafted');
      expect(feed.requests[0]?.headers['x-token']).toBe('never-elsewhere');
      expect(other.requests[0]?.path).toBe('/moved');
      expect(other.requests[0]?.headers['x-token']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('fetches every interval, as the injected clock says', async () => {
    const clock = fixedClock('2026-03-01T10:00:00Z');
    stack = await startTestStack({ roles: { indexer: false }, env: ALLOWED, clock });
    feed = await startFeedServer();
    feed.answer(feedWithEtag(shop, '"a"'));
    await stack.manage('PUT', '/catalog-source', {
      url: `${feed.origin}/feed`,
      interval_minutes: 5,
      on_change: 'draft',
    });
    await fetched(stack, 1);
    const source = await (await stack.manage('GET', '/catalog-source')).json();
    expect(source.next_fetch_at).toBe('2026-03-01T10:05:00.000Z');
    expect((await stack.scheduler!.runOnce()).fetched).toBeUndefined();
    clock.advance(5 * 60_000);
    expect((await stack.scheduler!.runOnce()).fetched?.outcome).toBe('unchanged');
  });
});

describe('a feed without validators', () => {
  it('is imported though it sends neither ETag nor Last-Modified, and asked again without either', async () => {
    stack = await startTestStack({ roles: { indexer: false }, env: ALLOWED });
    feed = await startFeedServer();
    feed.answer(feedWithEtag(shop, '"old"'));
    await stack.manage('PUT', '/catalog-source', { url: `${feed.origin}/feed`, on_change: 'draft' });
    expect((await fetched(stack, 1)).fetches[0].outcome).toBe('drafted');

    // The feed stops sending validators: what it sends is imported, and the stale ETag is not sent again.
    const plain = toJsonLines(smallShop.slice(0, 4));
    feed.answer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(plain),
    );
    const changed = await fetchNow(stack, 2);
    expect(changed.fetches[0]).toMatchObject({ outcome: 'drafted', http_status: 200 });
    const draft = await (await stack.manage('GET', `/imports/${changed.fetches[0].import}`)).json();
    expect(draft.status).toBe('draft');
    const same = await fetchNow(stack, 3);
    expect(feed.requests[2]?.headers['if-none-match']).toBeUndefined();
    expect(feed.requests[2]?.headers['if-modified-since']).toBeUndefined();
    expect(same.fetches[0]).toMatchObject({ outcome: 'unchanged', http_status: 200 });
  });
});

describe('the scheduler', () => {
  it('runs every other job of a pass when one fails', async () => {
    stack = await startTestStack({ roles: { indexer: false }, env: ALLOWED });
    vi.spyOn(stack.deps.database.catalogSource, 'takeDue').mockRejectedValueOnce(
      new Error('the disk is full'),
    );
    const pass = await stack.scheduler!.runOnce();
    expect(pass.failed).toEqual(['catalog source fetch']);
    expect(pass.fetched).toBeUndefined();
    expect(pass).toMatchObject({ removedExports: [], removedAbandoned: 0, storage: { artifacts: [] } });
    expect(pass.rollUp?.days).toEqual([]);
    expect((await stack.scheduler!.runOnce()).failed).toEqual([]);
  });
});

describe('a feed in a private network', () => {
  it('is refused at fetch time by literal address and by a name resolving to loopback, unless allowed', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    feed = await startFeedServer();
    feed.answer(feedWithEtag(shop, '"a"'));
    await stack.manage('PUT', '/catalog-source', { url: `${feed.origin}/feed`, on_change: 'draft' });
    const literal = await fetched(stack, 1);
    expect(literal.fetches[0].outcome).toBe('failed');
    expect(literal.fetches[0].reason).toContain('127.0.0.1 is a loopback address');

    await stack.manage('PUT', '/catalog-source', {
      url: `http://localhost:${feed.port}/feed`,
      on_change: 'draft',
    });
    const named = await fetched(stack, 2);
    expect(named.fetches[0].outcome).toBe('failed');
    expect(named.fetches[0].reason).toMatch(/localhost resolves to .+, which is a loopback address/);

    await stack.manage('PUT', '/catalog-source', {
      url: 'http://169.254.169.254/latest/meta-data',
      on_change: 'draft',
    });
    const linkLocal = await fetched(stack, 3);
    expect(linkLocal.fetches[0].reason).toContain('169.254.169.254 is a link local address');
    expect(feed.requests).toHaveLength(0);
  });
});

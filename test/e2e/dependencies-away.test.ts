import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchSchema, type ScratchSchema } from '../../src/store/index.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { type Answer, browserSearch, CHROME, call } from '../support/http.js';
import { storeAndPublishRelease } from '../support/imports.js';
import { startObjectStore, type TestObjectStore } from '../support/object-store.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { waitFor } from '../support/wait.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
if (!postgresUrl)
  console.log('The tests of PostgreSQL going away need it: AISLE_TEST_POSTGRES_URL is not set.');

/**
 * PostgreSQL and the object store each reached through a proxy the test cuts, as when either goes
 * away: the query node answers from what it holds, the management API answers 503 with
 * Retry-After, and what was accepted is written once they are back.
 */
describe.skipIf(!postgresUrl)('PostgreSQL or the object store away', () => {
  let schema: ScratchSchema;
  let objects: TestObjectStore;
  let database: TcpProxy;
  let storage: TcpProxy;
  let stack: TestStack;
  let snapshot: string;

  beforeAll(async () => {
    schema = await createScratchSchema(postgresUrl!);
    objects = await startObjectStore();
    const server = new URL(postgresUrl!);
    database = await startTcpProxy(server.hostname, Number(server.port || 5432));
    const endpoint = new URL(objects.endpoint);
    storage = await startTcpProxy(endpoint.hostname, Number(endpoint.port));
    const proxied = new URL(schema.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(database.port);
    // The SDK reads its settings from the environment, as every process of a deployment does.
    Object.assign(process.env, objects.env, { AWS_ENDPOINT_URL: `http://127.0.0.1:${storage.port}` });
    stack = await startTestStack({
      env: { DATABASE_URL: proxied.toString(), AISLE_BLOB_URL: `s3://${objects.bucket}/away` },
    });
    snapshot = (await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).json()).snapshot.id;
    await storeAndPublishRelease(stack, minimalRelease);
    await waitFor('the catalog to be searchable', async () =>
      (await stack.search({ query: 'kettle' })).status === 200 ? true : undefined,
    );
  });

  afterAll(async () => {
    await stack?.close();
    await database?.close();
    await storage?.close();
    await objects?.close();
    await schema?.drop();
  });

  it('PostgreSQL away: searches are answered, management answers 503, events are written once it is back', async () => {
    await database.cut();
    const answer: Answer = await browserSearch(stack, { query: 'kettle', page_view: 'pv-away' });
    expect(answer.snapshot).toBe(snapshot);
    const hit = answer.sections[0].hits[0];

    const runs = await stack.manage('GET', '/index-runs');
    expect(runs.status).toBe(503);
    expect(runs.headers.get('retry-after')).toBe('5');
    expect(runs.headers.get('content-type')).toContain('application/problem+json');
    expect((await runs.json()).detail).toContain('cannot be reached');

    const events = await call(`${stack.urls.public}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      body: JSON.stringify({
        page_view: 'pv-away',
        events: [{ type: 'click', query_id: answer.query_id, entity: hit.entity, position: 1 }],
      }),
    });
    expect(events.status).toBe(202);

    await database.restore();
    await waitFor('the management API to answer again', async () =>
      (await stack.manage('GET', '/index-runs')).status === 200 ? true : undefined,
    );
    // The search and the click made while it was away are written now.
    await waitFor('the search log to be written', async () => {
      const size = await stack.deps.database.searchLog.size();
      return size.events === 1 && size.searches >= 1 ? true : undefined;
    });
  });

  it('the object store away: searches are answered, an upload answers 503 and is taken once it is back', async () => {
    await storage.cut();
    expect((await browserSearch(stack, { query: 'kettle' })).snapshot).toBe(snapshot);
    const body = toJsonLines([...smallShop, { type: 'product', id: 'p9', title: 'Teapot', price: 9 }]);
    const refused = await stack.manage('PUT', '/catalog', body);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await stack.manage('GET', '/index-runs')).status).toBe(200);

    await storage.restore();
    const taken = await stack.manage('PUT', '/catalog', body);
    expect(taken.status).toBe(202);
  });
});

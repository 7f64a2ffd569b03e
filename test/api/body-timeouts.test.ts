import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/catalog/demo/generate.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { sendSlowly } from '../support/slow-body.js';
import { startTestStack, TEST_KEY, type TestStack } from '../support/stack.js';
import { watchTasks } from '../support/tasks.js';
import { waitFor } from '../support/wait.js';

/**
 * Bodies that stall or trickle, on a stack that waits a second for a body to go on (the default
 * is 30): each ends with 408 and gives back what it held.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AISLE_BODY_TIMEOUT_S: '1' } });
});
afterAll(async () => {
  await stack?.close();
});

const shop = toJsonLines(smallShop);
const authorized = { authorization: `Bearer ${TEST_KEY}` };
const staged = async () => readdir(join(stack.dataDir, 'blobs', 'incoming')).catch(() => []);

function expectTimedOut(
  answer: { status: number; contentType: string | undefined; body: string },
  why: string,
) {
  expect(answer.status).toBe(408);
  expect(answer.contentType).toContain('application/problem+json');
  expect(JSON.parse(answer.body)).toMatchObject({ status: 408, title: 'Request Timeout' });
  expect(JSON.parse(answer.body).detail).toContain(why);
}

describe('a body sent a byte at a time', () => {
  it('is refused with 408 on every endpoint that reads one, long before it is all sent', async () => {
    const trickled = [
      {
        url: `${stack.urls.public}/v1/search`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'kettle', per_page: 10 }),
      },
      {
        url: `${stack.urls.management}/api/v1/releases`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authorized },
        body: JSON.stringify({ files: minimalRelease }),
      },
      {
        url: `${stack.urls.management}/api/v1/catalog`,
        method: 'PUT',
        headers: { 'content-type': 'application/x-ndjson', ...authorized },
        body: shop,
      },
      {
        url: `${stack.urls.management}/api/v1/imports?name=export.jsonl`,
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', ...authorized },
        body: shop,
      },
    ];
    await Promise.all(
      trickled.map(async ({ url, method, headers, body }) => {
        const slow = sendSlowly(url, { method, headers, body, step: 1, everyMs: 100 });
        expectTimedOut(await slow.answer, 'arrived too slowly');
        expect(slow.sent()).toBeLessThan(Buffer.byteLength(body));
      }),
    );
    expect(await staged()).toEqual([]);
    expect((await (await stack.manage('GET', '/imports')).json()).meta.total).toBe(0);
  });
});

describe('an upload that stops sending', () => {
  it('is refused with 408 and frees its upload slot, so other uploads are taken again', async () => {
    const stalled = [
      sendSlowly(`${stack.urls.management}/api/v1/catalog`, {
        method: 'PUT',
        headers: { 'content-type': 'application/x-ndjson', ...authorized },
        body: shop,
        step: 100,
        stopAfter: 100,
      }),
      sendSlowly(`${stack.urls.management}/api/v1/imports?name=export.jsonl`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', ...authorized },
        body: shop,
        step: 100,
        stopAfter: 100,
      }),
    ];
    // Both slots (AISLE_UPLOAD_CONCURRENCY 2) hold an upload: a third is turned away meanwhile.
    await waitFor('both uploads to be staged', async () =>
      (await staged()).length === 2 ? true : undefined,
    );
    const turnedAway = await stack.manage('POST', '/imports?name=export.jsonl', shop);
    expect(turnedAway.status).toBe(503);

    for (const upload of stalled) expectTimedOut(await upload.answer, 'stopped arriving');
    const taken = await stack.manage('POST', '/imports?name=export.jsonl', shop);
    expect(taken.status).toBe(201);
    expect(await staged()).toEqual([]);
  });
});

describe('an upload whose client leaves while it is read', () => {
  it('stops being read: the read thread’s task ends at once', async () => {
    const tasks = watchTasks(stack.workers.reads);
    // 20,000 products (16 MB): reading them takes seconds.
    const large = toJsonLines([...generateCatalog({ products: 20_000, seed: 7 })]);
    const upload = sendSlowly(`${stack.urls.management}/api/v1/imports?name=large.jsonl`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', ...authorized },
      body: large,
      step: large.length,
      everyMs: 1,
    });
    upload.answer.catch(() => undefined);
    const read = await waitFor('the upload to be read', async () =>
      tasks.find((task) => task.name === 'upload:count-export'),
    );
    expect(read.finished).toBe(false);
    upload.leave();
    await waitFor('the reading to stop', async () => (read.finished ? true : undefined));
    expect(read.failure).toMatchObject({ detail: expect.stringContaining('closed its connection') });
    await waitFor('the staged upload to be removed', async () =>
      (await staged()).length === 0 ? true : undefined,
    );
    expect((await (await stack.manage('GET', '/imports')).json()).meta.total).toBe(1);
  });
});

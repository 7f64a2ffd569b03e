import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { call } from '../support/http.js';
import { sendExport, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

const product = (id: string): CatalogEntity => ({ type: 'product', id, title: `Teapot ${id}`, price: 5 });

async function uploadAndWait(s: TestStack, entities: CatalogEntity[]) {
  const { run } = await (await s.manage('PUT', '/catalog', toJsonLines(entities))).json();
  await waitFor(`run ${run.id}`, async () => {
    const current = await (await s.manage('GET', `/index-runs/${run.id}`)).json();
    return current.status === 'succeeded' ? current : undefined;
  });
}

describe('GET and PATCH /api/v1/storage', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it('answer 401 without the key, 422 for a setting out of range and 400 for a body without it', async () => {
    for (const method of ['GET', 'PATCH']) {
      const response = await call(`${stack.urls.management}/api/v1/storage`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'PATCH' ? { body: JSON.stringify({ kept_catalogs: 1 }) } : {}),
      });
      expect(response.status).toBe(401);
    }
    // The setting out of range is a value the rules refuse; a body without it is not the request.
    for (const [body, status] of [
      [{ kept_catalogs: 101 }, 422],
      [{ kept_catalogs: -1 }, 422],
      [{ kept_catalogs: 1.5 }, 422],
      [{}, 400],
      [{ kept: 1 }, 400],
    ] as const) {
      const response = await stack.manage('PATCH', '/storage', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json()).violations.length).toBeGreaterThan(0);
    }
    expect((await (await stack.manage('GET', '/storage')).json()).kept_catalogs).toBe(3);
  });

  it('shows what is kept, and the clean-up removes replaced artifacts and catalogs beyond the setting', async () => {
    await storeAndPublishRelease(stack, minimalRelease);
    await uploadAndWait(stack, [...smallShop, product('a')]);
    await uploadAndWait(stack, [...smallShop, product('b')]);
    await uploadAndWait(stack, [...smallShop, product('c')]);
    const draft = await sendExport(stack, toJsonLines([...smallShop, product('draft')]));
    expect(draft.status).toBe('draft');

    const before = await (await stack.manage('GET', '/storage')).json();
    expect(before).toMatchObject({
      kept_catalogs: 3,
      catalogs: { count: 3 },
      exports: { count: 1 },
      artifacts: { count: 3 },
      offers: { count: 0 },
    });
    expect(before.bytes).toBeGreaterThan(before.catalogs.bytes + before.artifacts.bytes);
    expect(before.database.bytes).toBeGreaterThan(0);
    // Nothing searched yet: no search log part.
    expect(before.search_log).toBeUndefined();

    const patched = await stack.manage('PATCH', '/storage', { kept_catalogs: 1 });
    expect(patched.status).toBe(200);
    expect((await patched.json()).kept_catalogs).toBe(1);
    const pass = await stack.scheduler!.runOnce();
    expect(pass.storage?.artifacts).toHaveLength(2);
    expect(pass.storage?.catalogs).toHaveLength(1);
    const after = await (await stack.manage('GET', '/storage')).json();
    // The live catalog and the one before it; the draft's export; the live artifact only.
    expect(after).toMatchObject({ catalogs: { count: 2 }, exports: { count: 1 }, artifacts: { count: 1 } });

    // Searches still read the live index, and rebuilding the current catalog still works.
    expect((await stack.search({ query: 'teapot' })).status).toBe(200);
    expect((await stack.search({ query: 'teapot', page: 2 })).status).toBe(200);
    await stack.searchLog?.flush();
    const logged = await (await stack.manage('GET', '/storage')).json();
    expect(logged.search_log.count).toBe(2);
    expect(logged.search_log.bytes).toBeGreaterThan(0);
    await uploadAndWait(stack, [...smallShop, product('c')]);

    await stack.manage('PATCH', '/storage', { kept_catalogs: 0 });
    await stack.scheduler!.runOnce();
    expect(await (await stack.manage('GET', '/storage')).json()).toMatchObject({
      kept_catalogs: 0,
      catalogs: { count: 1 },
      exports: { count: 1 },
      artifacts: { count: 1 },
    });
  });
});

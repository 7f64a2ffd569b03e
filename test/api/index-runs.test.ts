import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function runOf(s: TestStack, id: number) {
  return (await s.manage('GET', `/index-runs/${id}`)).json();
}

async function finished(s: TestStack, id: number) {
  return waitFor(`index run ${id} to finish`, async () => {
    const run = await runOf(s, id);
    return ['succeeded', 'failed', 'superseded'].includes(run.status) ? run : undefined;
  });
}

describe('POST /api/v1/index-runs', () => {
  it('answers 409 without a catalog, and 409 without a published release', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const noCatalog = await stack.manage('POST', '/index-runs');
    expect(noCatalog.status).toBe(409);
    expect((await noCatalog.json()).detail).toContain('catalog');
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    const noRelease = await stack.manage('POST', '/index-runs');
    expect(noRelease.status).toBe(409);
    expect((await noRelease.json()).detail).toContain('release');
  });

  it('queues a rebuild and supersedes the runs still waiting', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    const release = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
    const published = await (await stack.manage('POST', `/releases/${release.id}/publish`)).json();
    const response = await stack.manage('POST', '/index-runs');
    expect(response.status).toBe(202);
    const rebuild = await response.json();
    expect(rebuild.run).toMatchObject({
      status: 'queued',
      trigger: { kind: 'rebuild' },
      attempts: 0,
      live: false,
    });
    expect(rebuild.next).toContain(`Index run ${rebuild.run.id}`);
    expect(await runOf(stack, published.run.id)).toMatchObject({
      status: 'superseded',
      superseded_by: rebuild.run.id,
    });
  });
});

describe('an index run', () => {
  it('builds the catalog with the release, reports, and goes live', async () => {
    stack = await startTestStack();
    expect((await stack.manage('GET', '/live')).status).toBe(404);
    const upload = await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).json();
    const release = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
    const { run } = await (await stack.manage('POST', `/releases/${release.id}/publish`)).json();
    const done = await finished(stack, run.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      live: true,
      attempts: 1,
      snapshot: upload.snapshot.id,
      release: release.id,
      report: { entities: smallShop.length, rejected: 0, course: { way: 'rebuild' } },
    });
    expect(done.report.types).toEqual(
      expect.arrayContaining([
        { type: 'product', documents: 3 },
        { type: 'brand', documents: 1 },
      ]),
    );
    expect(done.report.artifact_bytes).toBeGreaterThan(0);
    expect(Date.parse(done.finished_at)).toBeGreaterThanOrEqual(Date.parse(done.started_at));

    const live = await stack.manage('GET', '/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({
      run: run.id,
      snapshot: upload.snapshot.id,
      release: release.id,
    });

    const list = await (await stack.manage('GET', '/index-runs')).json();
    expect(list.data[0].id).toBe(run.id);
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 15, total: 1 });
  });

  it('fails with a sentence and keeps what was live', async () => {
    stack = await startTestStack();
    const upload = await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).json();
    const release = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
    const { run: first } = await (await stack.manage('POST', `/releases/${release.id}/publish`)).json();
    await finished(stack, first.id);

    const snapshot = await stack.deps.database.snapshots.get(upload.snapshot.id);
    await rm(join(stack.dataDir, 'blobs', snapshot!.blob.slice(0, 2), snapshot!.blob.slice(2)));
    const { run: second } = await (await stack.manage('POST', '/index-runs')).json();
    const failed = await finished(stack, second.id);
    expect(failed).toMatchObject({ status: 'failed', live: false, failed_step: 'reading' });
    expect(failed.error).toContain('upload the catalog again');
    expect((await (await stack.manage('GET', '/live')).json()).run).toBe(first.id);
    expect((await stack.search({ query: 'kettle' })).status).toBe(200);
  });
});

describe('GET /api/v1/index-runs/{index_run}', () => {
  it('answers 404 for an unknown run, and 400 naming the id as sent for one that is no run id', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    for (const [id, status, code] of [
      ['999', 404, 'index_run_not_found'],
      ['abc', 400, 'invalid_request'],
      ['0', 400, 'invalid_request'],
    ] as const) {
      const response = await stack.manage('GET', `/index-runs/${id}`);
      expect(response.status, id).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem.code, id).toBe(code);
      expect(JSON.stringify(problem), id).toContain(id);
    }
  });
});

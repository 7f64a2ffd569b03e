import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function blobCount(dataDir: string): Promise<number> {
  try {
    const folders = await readdir(join(dataDir, 'blobs'));
    let count = 0;
    for (const folder of folders) count += (await readdir(join(dataDir, 'blobs', folder))).length;
    return count;
  } catch {
    return 0;
  }
}

describe('PUT /api/v1/catalog', () => {
  it('keeps the catalog and says a release is missing before one is published', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const response = await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    expect(response.status).toBe(202);
    const answer = await response.json();
    expect(answer.snapshot).toMatchObject({ format: 'jsonl', entities: smallShop.length });
    expect(answer.snapshot.id).toMatch(/^sn_[0-9a-f]{32}$/);
    expect(answer.run).toBeUndefined();
    expect(answer.next).toContain('No release is published');
  });

  it('names the snapshot by content and queues a fresh run each time once a release is published', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const release = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
    await stack.manage('POST', `/releases/${release.id}/publish`);
    const first = await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).json();
    const second = await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).json();
    expect(second.snapshot.id).toBe(first.snapshot.id);
    expect(first.run).toMatchObject({ status: 'queued', trigger: { kind: 'catalog' }, release: release.id });
    expect(second.run.id).toBeGreaterThan(first.run.id);
    expect(second.next).toContain(`GET /api/v1/index-runs/${second.run.id}`);
    expect(first.next).not.toContain('same bytes');
    expect(second.next).toContain(`same bytes as the catalog kept already (snapshot ${first.snapshot.id}`);
    const other = await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop.slice(1)))).json();
    expect(other.snapshot.id).not.toBe(first.snapshot.id);
  });

  it('takes the export under any of the listed content types', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    for (const type of ['application/json', 'application/octet-stream', 'text/csv', 'application/gzip']) {
      const response = await stack.manage('PUT', '/catalog', toJsonLines(smallShop), {
        'content-type': type,
      });
      expect(response.status).toBe(202);
    }
  });

  it('answers 422 for a body that holds no catalog, and keeps nothing of it', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const bodies = ['', 'just some words', 'sku,title,price\n', '{"type":"product"}\n{"nope":1}\n', '[]'];
    for (const body of bodies) {
      const response = await stack.manage('PUT', '/catalog', body);
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem).toMatchObject({ type: 'about:blank', title: 'Unprocessable Content', status: 422 });
      expect(problem.detail).toContain('JSON Lines');
    }
    expect(await stack.deps.database.snapshots.count()).toBe(0);
    expect(await blobCount(stack.dataDir)).toBe(0);
  });

  it('reads every format through the export readers: a CSV export and JSON records become catalogs', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const csv = await stack.manage('PUT', '/catalog', 'sku,title,price\n1,Kettle,35\n2,Teapot,20\n', {
      'content-type': 'text/csv',
    });
    expect(csv.status).toBe(202);
    expect((await csv.json()).snapshot).toMatchObject({ format: 'csv', entities: 2 });
    const records = await stack.manage('PUT', '/catalog', '[{"id":"1","name":"Kettle","price":35}]', {
      'content-type': 'application/json',
    });
    expect(records.status).toBe(202);
    expect((await records.json()).snapshot).toMatchObject({ format: 'json', entities: 1 });
  });

  it('answers 413 for an upload larger than the control plane accepts, and keeps nothing', async () => {
    stack = await startTestStack({ roles: { indexer: false }, env: { AISLE_UPLOAD_LIMIT_MB: '1' } });
    const line = JSON.stringify({ type: 'product', id: 'x', title: 'x'.repeat(1000) });
    const body = Array.from({ length: 1100 }, (_, i) => line.replace('"x"', `"${i}"`)).join('\n');
    const response = await stack.manage('PUT', '/catalog', body);
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toContain('1 MB at most, AISLE_UPLOAD_LIMIT_MB');
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await stack.deps.database.snapshots.count()).toBe(0);
    expect(await blobCount(stack.dataDir)).toBe(0);
  });
});

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { call } from '../support/http.js';
import { getImport, sendExport, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const shop = toJsonLines(smallShop);

async function blobCount(dataDir: string): Promise<number> {
  try {
    let count = 0;
    for (const folder of await readdir(join(dataDir, 'blobs')))
      count += (await readdir(join(dataDir, 'blobs', folder))).length;
    return count;
  } catch {
    return 0;
  }
}

describe('POST /api/v1/imports', () => {
  it('keeps an export as a draft byte for byte: nothing goes live and no run is queued', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const response = await stack.manage('POST', '/imports?name=shop.jsonl', shop);
    expect(response.status).toBe(201);
    const { import: draft, next } = await response.json();
    expect(draft).toMatchObject({
      id: 1,
      status: 'draft',
      files: {},
      export: { name: 'shop.jsonl', format: 'jsonl', bytes: Buffer.byteLength(shop) },
    });
    expect(draft.export.snapshot).toMatch(/^sn_[0-9a-f]{32}$/);
    expect(draft.version).toMatch(/^dv_/);
    for (const absent of ['builds_on', 'release', 'run', 'published_at', 'discarded_at']) {
      expect(draft[absent]).toBeUndefined();
    }
    expect(next).toContain('GET /api/v1/imports/1/inspection');
    expect(next).toContain('nothing goes live');
    expect((await (await stack.manage('GET', '/index-runs')).json()).meta.total).toBe(0);
    expect((await stack.manage('GET', '/live')).status).toBe(404);
    const snapshot = await stack.deps.database.snapshots.get(draft.export.snapshot);
    expect((await stack.deps.blobs.get(snapshot!.blob)).toString()).toBe(shop);
  });

  it('makes a new draft each time, keeping the same bytes as one snapshot', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const first = await sendExport(stack, shop);
    const second = await sendExport(stack, shop, 'again.jsonl');
    expect(second.id).toBe(first.id + 1);
    expect(second.export.snapshot).toBe(first.export.snapshot);
    expect(await stack.deps.database.snapshots.count()).toBe(1);
  });

  it('takes the export under any content type, and without a name', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    for (const type of ['text/csv', 'application/octet-stream', 'application/gzip', 'application/json']) {
      const response = await stack.manage('POST', '/imports', shop, { 'content-type': type });
      expect(response.status).toBe(201);
      expect((await response.json()).import.export.name).toBeUndefined();
    }
  });

  it('answers 422 for a body that holds no export, and keeps nothing', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    for (const body of ['', '   \n', 'just some words']) {
      const response = await stack.manage('POST', '/imports?name=x.txt', body, {
        'content-type': 'text/plain',
      });
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect((await response.json()).detail, body).toMatch(/empty|no export|no known format/);
    }
    expect(await stack.deps.database.snapshots.count()).toBe(0);
    expect(await blobCount(stack.dataDir)).toBe(0);
  });

  it('keeps an export of other columns than the live feed.json names as a draft, mapped for its shape', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const feed = {
      delimiter: ',',
      columns: [
        { column: 'sku', to: 'id' },
        { column: 'name', to: 'title' },
        { column: 'amount', to: 'price' },
      ],
    };
    await storeAndPublishRelease(stack, { ...minimalRelease, 'feed.json': feed });
    const other =
      'Artikelnummer;Artikelbezeichnung;Verkaufspreis;UVP\nA-1;Wasserkocher Edelstahl;39,90;49,90\nA-2;Toaster Retro;29,00;29,00\n';
    const response = await stack.manage('POST', '/imports?name=artikel.csv', other, {
      'content-type': 'text/csv',
    });
    expect(response.status).toBe(201);
    const { import: draft } = await response.json();
    expect(draft.status).toBe('draft');
    const inspection = await (await stack.manage('GET', `/imports/${draft.id}/inspection`)).json();
    expect(inspection.how).toMatchObject({ delimiter: ';', decimal: ',' });
    expect(inspection.how.summary).toContain('names none of this export');
    expect(inspection.counts.products).toBe(2);
    const feedFile = inspection.files.find((file: { name: string }) => file.name === 'feed.json');
    expect(feedFile.reasons.map((reason: { sentence: string }) => reason.sentence).join(' ')).toContain(
      'a mapping was derived for it as for a first import',
    );
    expect(inspection.products[0].indexed).toMatchObject({
      id: 'A-1',
      title: 'Wasserkocher Edelstahl',
      price: 49.9,
      sale_price: 39.9,
    });
  });

  it('keeps an export whose rows make no product as a draft, and its inspection says why', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const feed = {
      columns: [
        { column: 'sku', to: 'id' },
        { column: 'name', to: 'title' },
        { column: 'amount', to: 'price' },
      ],
    };
    await storeAndPublishRelease(stack, { ...minimalRelease, 'feed.json': feed });
    const response = await stack.manage(
      'POST',
      '/imports?name=prices.csv',
      'sku,name,amount\n1,Kettle,on request\n',
      {
        'content-type': 'text/csv',
      },
    );
    expect(response.status).toBe(201);
    const { import: draft, next } = await response.json();
    expect(next).toContain('None of its rows makes a product');
    const inspection = await (await stack.manage('GET', `/imports/${draft.id}/inspection`)).json();
    expect(inspection.counts.products).toBe(0);
    expect(inspection.rejected[0]).toMatchObject({ rows: 1, cause: 'The price in "amount" is not a price.' });
  });

  it('answers 413 for an upload larger than the control plane accepts, and keeps nothing', async () => {
    stack = await startTestStack({ roles: { indexer: false }, env: { AISLE_UPLOAD_LIMIT_MB: '1' } });
    const response = await stack.manage(
      'POST',
      '/imports?name=big.csv',
      `sku,title\n${'1,x\n'.repeat(300_000)}`,
      {
        'content-type': 'text/csv',
      },
    );
    expect(response.status).toBe(413);
    expect(await blobCount(stack.dataDir)).toBe(0);
    expect((await (await stack.manage('GET', '/imports')).json()).meta.total).toBe(0);
  });
});

describe('GET /api/v1/imports and /imports/{import}', () => {
  it('lists imports newest first, paged, with their file names', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    for (let i = 0; i < 3; i++) await sendExport(stack, shop, `export-${i}.jsonl`);
    const page = await (await stack.manage('GET', '/imports?per_page=2')).json();
    expect(page.data.map((item: { id: number }) => item.id)).toEqual([3, 2]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(page.links.next).toContain('/api/v1/imports?page=2&per_page=2');
    expect(page.data[0]).toMatchObject({
      status: 'draft',
      file_names: [],
      export: { name: 'export-2.jsonl' },
    });
    expect(page.data[0].files).toBeUndefined();
    const last = await (await stack.manage('GET', '/imports?page=2&per_page=2')).json();
    expect(last.data.map((item: { id: number }) => item.id)).toEqual([1]);
  });

  it('shows one import with its files; 404 for an unknown one', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const shown = await stack.manage('GET', `/imports/${draft.id}`);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual(draft);
    for (const id of ['99', 'abc', '0']) {
      const missing = await stack.manage('GET', `/imports/${id}`);
      expect(missing.status).toBe(404);
      expect((await missing.json()).detail).toContain('GET /api/v1/imports');
    }
  });
});

describe('PATCH /api/v1/imports/{import}', () => {
  const synonyms = {
    'synonyms.json': { dictionaries: { en: { groups: [{ words: ['kettle', 'boiler'] }] } } },
  };

  it('changes files on the version read; the version changes; null drops a file', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const response = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: synonyms,
    });
    expect(response.status).toBe(200);
    const changed = await response.json();
    expect(changed).toEqual({ import: draft.id, version: expect.any(String), files: synonyms });
    expect(changed.version).not.toBe(draft.version);
    expect((await getImport(stack, draft.id)).files).toEqual(synonyms);

    const more = await (
      await stack.manage('PATCH', `/imports/${draft.id}`, { version: changed.version, files: minimalRelease })
    ).json();
    expect(Object.keys(more.files).sort()).toEqual(['ranking.json', 'synonyms.json']);
    const dropped = await (
      await stack.manage('PATCH', `/imports/${draft.id}`, {
        version: more.version,
        files: { 'synonyms.json': null },
      })
    ).json();
    expect(dropped.files).toEqual(minimalRelease);
    // Dropping every file over nothing published leaves a draft that changes nothing.
    const empty = await (
      await stack.manage('PATCH', `/imports/${draft.id}`, {
        version: dropped.version,
        files: { 'ranking.json': null },
      })
    ).json();
    expect(empty.files).toEqual({});
    // The files are as they were, the version is not: a version never comes back.
    expect(new Set([draft.version, changed.version, more.version, dropped.version, empty.version]).size).toBe(
      5,
    );
    const stale = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: synonyms,
    });
    expect(stale.status).toBe(409);
  });

  it('reads a file sent as text as JSON, and answers 422 pointing at a file whose text is not JSON', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const response = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: { 'synonyms.json': JSON.stringify(synonyms['synonyms.json'], null, 2) },
    });
    expect(response.status).toBe(200);
    const changed = await response.json();
    expect(changed.files).toEqual(synonyms);
    const broken = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: changed.version,
      files: { 'ranking.json': '{ "sorts": [ }' },
    });
    expect(broken.status).toBe(422);
    expect((await broken.json()).violations).toEqual([
      {
        file: 'ranking.json',
        pointer: '',
        message: expect.stringContaining('The file is text that is not JSON'),
      },
    ]);
    expect((await getImport(stack, draft.id)).files).toEqual(synonyms);
  });

  it('gives two imports of the same files versions of their own, and a new version on every publish, of an earlier release too', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const first = await sendExport(stack, shop);
    const second = await sendExport(stack, shop);
    expect(first.files).toEqual(second.files);
    expect(first.version).not.toBe(second.version);
    const a = await storeAndPublishRelease(stack, minimalRelease);
    const onA = (await getImport(stack, first.id)).version;
    await storeAndPublishRelease(stack, { 'ranking.json': { sorts: [] }, 'rules.json': { rules: [] } });
    const onB = (await getImport(stack, first.id)).version;
    await stack.manage('POST', `/releases/${a}/publish`);
    const backOnA = await getImport(stack, first.id);
    expect(backOnA.builds_on).toBe(a);
    expect(new Set([first.version, onA, onB, backOnA.version]).size).toBe(4);
    const stale = await stack.manage('PATCH', `/imports/${first.id}`, { version: onA, files: synonyms });
    expect(stale.status).toBe(409);
  });

  it('builds on the release published now: its version changes when another release is published', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const release = await storeAndPublishRelease(stack, minimalRelease);
    const now = await getImport(stack, draft.id);
    expect(now.builds_on).toBe(release);
    expect(now.version).not.toBe(draft.version);

    const stale = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: synonyms,
    });
    expect(stale.status).toBe(409);
    const problem = await stale.json();
    expect(problem).toMatchObject({
      status: 409,
      draft: { import: draft.id, version: now.version, builds_on: release, files: {} },
    });
    expect(problem.detail).toContain('changed since');
  });

  it('answers 409 with the draft as it is now when another change came first', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    await stack.manage('PATCH', `/imports/${draft.id}`, { version: draft.version, files: synonyms });
    const second = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: minimalRelease,
    });
    expect(second.status).toBe(409);
    expect((await second.json()).draft.files).toEqual(synonyms);
  });

  it('answers 422 when the release it makes has violations, naming file and pointer', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const response = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: { 'ranking.json': { sorts: 'by price' }, 'notes.json': {} },
    });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'ranking.json', pointer: expect.stringContaining('/sorts') }),
        expect.objectContaining({ file: 'notes.json' }),
      ]),
    );
    expect((await getImport(stack, draft.id)).files).toEqual({});
  });

  it('answers 400 for a body without a version and 404 for an unknown import', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const bad = await stack.manage('PATCH', `/imports/${draft.id}`, { files: {} });
    expect(bad.status).toBe(400);
    expect((await bad.json()).violations[0].message).toBeDefined();
    expect((await stack.manage('PATCH', '/imports/7', { version: 'x', files: {} })).status).toBe(404);
  });

  it('answers 409 without a draft once the import was discarded', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    await stack.manage('DELETE', `/imports/${draft.id}`);
    const response = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: synonyms,
    });
    expect(response.status).toBe(409);
    const problem = await response.json();
    expect(problem.draft).toBeUndefined();
    expect(problem.detail).toContain('discarded');
  });

  it('answers 502 when the query side cannot check the release', async () => {
    stack = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    const draft = await sendExport(stack, shop);
    const response = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: synonyms,
    });
    expect(response.status).toBe(502);
    expect((await getImport(stack, draft.id)).files).toEqual({});
  });
});

describe('DELETE /api/v1/imports/{import}', () => {
  it('discards a draft, which stays in the history; again changes nothing', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const response = await stack.manage('DELETE', `/imports/${draft.id}`);
    expect(response.status).toBe(200);
    const discarded = await response.json();
    expect(discarded).toMatchObject({ id: draft.id, status: 'discarded' });
    expect(discarded.discarded_at).toBeDefined();
    const again = await (await stack.manage('DELETE', `/imports/${draft.id}`)).json();
    expect(again.discarded_at).toBe(discarded.discarded_at);
    expect((await (await stack.manage('GET', '/imports')).json()).data[0].status).toBe('discarded');
  });

  it('answers 404 for an unknown import', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    expect((await stack.manage('DELETE', '/imports/3')).status).toBe(404);
  });
});

describe('authentication', () => {
  it('answers 401 on every imports endpoint without the key', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const calls: Array<[string, string]> = [
      ['GET', '/imports'],
      ['POST', '/imports'],
      ['GET', '/imports/1'],
      ['PATCH', '/imports/1'],
      ['DELETE', '/imports/1'],
      ['GET', '/imports/1/inspection'],
      ['GET', '/imports/1/changes'],
      ['POST', '/imports/1/publish'],
      ['GET', '/imports/1/publication'],
    ];
    for (const [method, path] of calls) {
      const response = await call(`${stack.urls.management}/api/v1${path}`, {
        method,
        headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
        ...(method === 'POST' || method === 'PATCH' ? { body: '{}' } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
  });
});

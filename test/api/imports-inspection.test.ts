import { afterEach, describe, expect, it } from 'vitest';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { getImport, sendExport, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const shop = toJsonLines(smallShop);
const colour = { 'attributes.json': { attributes: [{ code: 'color', label: 'Colour', type: 'option' }] } };
const colourFacet = { 'categories.json': { default: { facets: ['color'] } } };

async function patch(s: TestStack, id: number, files: Record<string, unknown>) {
  const { version } = await getImport(s, id);
  const response = await s.manage('PATCH', `/imports/${id}`, { version, files });
  expect(response.status).toBe(200);
}

/** A draft whose files were valid over the release published then, and are not over the one published now. */
async function draftWithViolations(s: TestStack): Promise<number> {
  await storeAndPublishRelease(s, { ...minimalRelease, ...colour });
  const draft = await sendExport(s, shop);
  await patch(s, draft.id, colourFacet);
  await storeAndPublishRelease(s, minimalRelease);
  return draft.id;
}

describe('GET /api/v1/imports/{import}/inspection', () => {
  it('says how the export was read, its columns, counts and first products', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const response = await stack.manage('GET', `/imports/${draft.id}/inspection`);
    expect(response.status).toBe(200);
    const inspection = await response.json();
    expect(inspection.how.kind).toBe('jsonl');
    expect(inspection.rows).toBe(smallShop.length);
    expect(inspection.counts).toMatchObject({ products: 3 });
    expect(inspection.products[0].indexed.id).toBe('p1');
    expect(inspection.mapped_rows).toBeUndefined();
  });

  it('maps only the first rows of a file larger than 8 MB when sample is asked for', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const text = 'A plain product for a test that needs a file larger than eight megabytes. '.repeat(3);
    const rows = Array.from({ length: 40_000 }, (_, i) => `${i},Product number ${i},9.99,${text}`);
    const csv = `id,title,price,description\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(8 * 1024 * 1024);
    const draft = await sendExport(stack, csv, 'big.csv', 'text/csv');
    const sampled = await (await stack.manage('GET', `/imports/${draft.id}/inspection?sample=true`)).json();
    expect(sampled).toMatchObject({ rows: 40_000, mapped_rows: 1000, how: { kind: 'delimited' } });
    expect(sampled.counts.products).toBe(1000);
    const whole = await (await stack.manage('GET', `/imports/${draft.id}/inspection?sample=false`)).json();
    expect(whole.mapped_rows).toBeUndefined();
    expect(whole.counts.products).toBe(40_000);
  });

  it('answers 422 when the export cannot be read with the draft’s feed.json', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, 'id;title\n1;Kettle\n', 'export.csv', 'text/csv');
    await patch(stack, draft.id, { 'feed.json': { encoding: 'klingon' } });
    const response = await stack.manage('GET', `/imports/${draft.id}/inspection`);
    expect(response.status).toBe(422);
    expect((await response.json()).detail).toContain('klingon');
  });

  it('answers 422 naming the violations when the release it makes has some', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const id = await draftWithViolations(stack);
    for (const path of ['inspection', 'changes', 'publication']) {
      const response = await stack.manage('GET', `/imports/${id}/${path}`);
      expect(response.status, path).toBe(422);
      expect((await response.json()).violations[0]).toMatchObject({
        file: 'categories.json',
        pointer: '/default/facets/0',
      });
    }
    const { version } = await getImport(stack, id);
    const publish = await stack.manage('POST', `/imports/${id}/publish`, { version });
    expect(publish.status).toBe(422);
    expect((await publish.json()).violations[0].file).toBe('categories.json');
  });

  it('answers 400 for a sample that is not a boolean, 404 for an unknown import', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    expect((await stack.manage('GET', `/imports/${draft.id}/inspection?sample=maybe`)).status).toBe(400);
    expect((await stack.manage('GET', '/imports/77/inspection')).status).toBe(404);
  });

  it('answers 502 when the query side does not answer', async () => {
    stack = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    const draft = await sendExport(stack, shop);
    expect((await stack.manage('GET', `/imports/${draft.id}/inspection`)).status).toBe(502);
  });
});

describe('POST /internal/imports/inspect and /internal/imports/compare', () => {
  function internal(s: TestStack, path: string, body: unknown) {
    return s.internal(`/internal/imports/${path}`, body);
  }

  it('reads a kept export from shared storage', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const inspected = await internal(stack, 'inspect', { snapshot: draft.export.snapshot, files: {} });
    expect(inspected.status).toBe(200);
    expect((await inspected.json()).counts.products).toBe(3);
    const compared = await internal(stack, 'compare', {
      snapshot: draft.export.snapshot,
      files: minimalRelease,
      live: { snapshot: draft.export.snapshot, files: minimalRelease },
    });
    expect(compared.status).toBe(200);
    expect((await compared.json()).products).toMatchObject({
      added: { count: 0 },
      removed: { count: 0 },
      kept: 3,
    });
  });

  it('answers 400 for a body that is not a request, 404 for a snapshot not kept, 422 for violations', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    for (const path of ['inspect', 'compare']) {
      expect((await internal(stack, path, { files: {} })).status, path).toBe(400);
      const missing = await internal(stack, path, { snapshot: 'sn_nope', files: {} });
      expect(missing.status, path).toBe(404);
      const invalid = await internal(stack, path, { snapshot: draft.export.snapshot, files: colourFacet });
      expect(invalid.status, path).toBe(422);
      expect((await invalid.json()).violations[0].file).toBe('categories.json');
    }
    const snapshot = await stack.deps.database.snapshots.get(draft.export.snapshot);
    await stack.deps.blobs.delete(snapshot!.blob);
    expect((await internal(stack, 'inspect', { snapshot: draft.export.snapshot, files: {} })).status).toBe(
      404,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { createScratchSchema, type ScratchSchema } from '../../src/store/index.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import type { Answer } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;

describe.skipIf(!postgresUrl)('the whole flow on PostgreSQL', () => {
  let schema: ScratchSchema;
  let stack: TestStack;

  beforeAll(async () => {
    schema = await createScratchSchema(postgresUrl!);
    stack = await startTestStack({ env: { DATABASE_URL: schema.url } });
  });
  afterAll(async () => {
    await stack?.close();
    await schema?.drop();
  });

  async function live(id: number): Promise<Answer> {
    return waitFor(`index run ${id} to go live`, async () => {
      const run = await (await stack.manage('GET', `/index-runs/${id}`)).json();
      if (run.status === 'failed' || run.status === 'superseded') {
        throw new Error(`Index run ${id} ended ${run.status}: ${run.error ?? 'no error'}`);
      }
      return run.status === 'succeeded' && run.live ? run : undefined;
    });
  }

  async function productsFor(query: string, servedBy: number): Promise<Answer> {
    const answer = await waitFor(`searches to read run ${servedBy}`, async () => {
      const response = await stack.search({ query });
      if (response.status !== 200) return undefined;
      const body = await response.json();
      const current = await (await stack.manage('GET', '/live')).json();
      return current.run === servedBy && body.snapshot === current.snapshot ? body : undefined;
    });
    return answer.sections.find((section: { type: string }) => section.type === 'product');
  }

  let snapshot: string;
  let release: string;
  let firstRun: number;

  it('keeps its rows in PostgreSQL', () => {
    expect(stack.deps.database.dialect).toBe('postgres');
  });

  it('keeps a catalog, stores a release and searches what was published', async () => {
    const upload = await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    expect(upload.status).toBe(202);
    const accepted = await upload.json();
    expect(accepted.snapshot).toMatchObject({ format: 'jsonl', entities: smallShop.length });
    expect(accepted.run).toBeUndefined();
    expect(accepted.next).toContain('No release is published');
    snapshot = accepted.snapshot.id;

    const stored = await stack.manage('POST', '/releases', { files: minimalRelease });
    expect(stored.status).toBe(201);
    release = (await stored.json()).id;
    const again = await stack.manage('POST', '/releases', { files: minimalRelease });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(release);

    const publish = await stack.manage('POST', `/releases/${release}/publish`);
    expect(publish.status).toBe(202);
    const published = await publish.json();
    expect(published.run).toMatchObject({
      status: 'queued',
      trigger: { kind: 'release' },
      snapshot,
      release,
      attempts: 0,
      live: false,
    });
    firstRun = published.run.id;

    const done = await live(firstRun);
    expect(done).toMatchObject({
      attempts: 1,
      report: { entities: smallShop.length, rejected: 0 },
    });
    expect(done.report.artifact_bytes).toBeGreaterThan(0);

    const products = await productsFor('kettle', firstRun);
    expect(products.total).toBe(1);
    expect(products.hits[0].entity).toBe('product:p3');
    expect(products.hits[0].fields).toMatchObject({ title: 'Kettle Steel 1.7 l', price: 35 });

    const current = await stack.manage('GET', '/live');
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({
      run: firstRun,
      snapshot,
      release,
      since: done.finished_at,
    });
  });

  it('builds a new catalog and a rebuild, and lists the runs paged', async () => {
    const toaster: CatalogEntity = {
      type: 'product',
      id: 'p4',
      title: 'Homely Toaster',
      brand: 'Homely',
      price: 25,
      currency: 'EUR',
      availability: 'in_stock',
    };
    const upload = await stack.manage('PUT', '/catalog', toJsonLines([...smallShop, toaster]));
    expect(upload.status).toBe(202);
    const { snapshot: newer, run: catalogRun } = await upload.json();
    expect(newer.id).not.toBe(snapshot);
    expect(catalogRun).toMatchObject({ status: 'queued', trigger: { kind: 'catalog' }, release });
    await live(catalogRun.id);
    const toasters = await productsFor('toaster', catalogRun.id);
    expect(toasters.hits.map((hit: { entity: string }) => hit.entity)).toEqual(['product:p4']);

    const rebuild = await stack.manage('POST', '/index-runs');
    expect(rebuild.status).toBe(202);
    const { run: rebuildRun } = await rebuild.json();
    expect(rebuildRun).toMatchObject({ status: 'queued', trigger: { kind: 'rebuild' }, snapshot: newer.id });
    await live(rebuildRun.id);
    expect((await (await stack.manage('GET', '/live')).json()).run).toBe(rebuildRun.id);
    expect((await productsFor('toaster', rebuildRun.id)).total).toBe(1);

    const first = await stack.manage('GET', '/index-runs?per_page=2');
    expect(first.status).toBe(200);
    const page1 = await first.json();
    expect(page1.meta).toMatchObject({ current_page: 1, per_page: 2, total: 3 });
    expect(page1.data.map((run: { id: number }) => run.id)).toEqual([rebuildRun.id, catalogRun.id]);
    expect(page1.data.map((run: { live: boolean }) => run.live)).toEqual([true, false]);
    expect(page1.links.next).toContain('page=2');
    expect(page1.links.prev).toBeUndefined();

    const page2 = await (await stack.manage('GET', '/index-runs?page=2&per_page=2')).json();
    expect(page2.data.map((run: { id: number }) => run.id)).toEqual([firstRun]);
    expect(page2.data[0]).toMatchObject({ status: 'succeeded', live: false, snapshot, release });
    expect(page2.links.next).toBeUndefined();
    expect(page2.links.prev).toContain('page=1');
  });

  it('keeps an export as an import, changes its files, publishes it and cleans up a discarded one', async () => {
    const teapot: CatalogEntity = { type: 'product', id: 'p5', title: 'Homely Teapot', price: 20 };
    const body = toJsonLines([...smallShop, teapot]);
    const created = await stack.manage('POST', '/imports?name=shop.jsonl', body);
    expect(created.status).toBe(201);
    const draft = (await created.json()).import;
    expect(draft).toMatchObject({ status: 'draft', builds_on: release, files: {} });

    const synonyms = {
      'synonyms.json': { dictionaries: { en: { groups: [{ words: ['teapot', 'kettle'] }] } } },
    };
    const changed = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: synonyms,
    });
    expect(changed.status).toBe(200);
    const { version } = await changed.json();
    const stale = await stack.manage('PATCH', `/imports/${draft.id}`, { version: draft.version, files: {} });
    expect(stale.status).toBe(409);
    expect((await stale.json()).draft.version).toBe(version);

    const published = await stack.manage('POST', `/imports/${draft.id}/publish`, { version });
    expect(published.status).toBe(202);
    const { run } = await published.json();
    expect(run.trigger).toEqual({ kind: 'import', import: draft.id });
    await live(run.id);
    expect((await (await stack.manage('GET', `/imports/${draft.id}`)).json()).status).toBe('live');
    expect((await productsFor('teapot', run.id)).hits[0].entity).toBe('product:p5');

    const other = (await (await stack.manage('POST', '/imports', toJsonLines(smallShop.slice(0, 3)))).json())
      .import;
    expect((await stack.manage('DELETE', `/imports/${other.id}`)).status).toBe(200);
    const list = await (await stack.manage('GET', '/imports')).json();
    expect(list.data.map((item: { status: string }) => item.status)).toEqual(['discarded', 'live']);
    expect((await stack.scheduler!.runOnce()).removedExports).toEqual([]);
  });
});

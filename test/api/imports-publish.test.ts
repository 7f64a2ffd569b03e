import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { Indexer } from '../../src/control/indexer/indexer.js';
import { systemClock } from '../../src/lib/clock.js';
import type { FactsInput } from '../../src/query/export-tasks.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import type { Answer } from '../support/http.js';
import {
  getImport,
  publish,
  searchesRead,
  sendExport,
  settled,
  storeAndPublishRelease,
} from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const shop = toJsonLines(smallShop);
const synonyms = { 'synonyms.json': { dictionaries: { en: { groups: [{ words: ['kettle', 'boiler'] }] } } } };
const product = (id: string, title: string, extra: Partial<CatalogEntity> = {}): CatalogEntity => ({
  type: 'product',
  id,
  title,
  price: 10,
  ...extra,
});

/**
 * A draft whose ranking.json sorts by an attribute of the release it was written on; a release
 * published since lacks that attribute, so the draft now makes a release with a violation.
 */
async function draftBrokenByNewBase(s: TestStack): Promise<Answer> {
  await storeAndPublishRelease(s, {
    'attributes.json': { attributes: [{ code: 'weight', label: 'Weight', type: 'number', sortable: true }] },
    'ranking.json': { sorts: [] },
  });
  const draft = await sendExport(s, shop);
  const changed = await s.manage('PATCH', `/imports/${draft.id}`, {
    version: draft.version,
    files: { 'ranking.json': { sorts: [{ code: 'heavy', by: 'attributes.weight', direction: 'desc' }] } },
  });
  expect(changed.status).toBe(200);
  await storeAndPublishRelease(s, minimalRelease);
  return getImport(s, draft.id);
}

async function searchIds(s: TestStack, query: string): Promise<string[]> {
  const answer = await (await s.search({ query })).json();
  const section = answer.sections.find((candidate: { type: string }) => candidate.type === 'product');
  return (section?.hits ?? []).map((hit: { entity: string }) => hit.entity);
}

describe('POST /api/v1/imports/{import}/publish and the import states', () => {
  it('a draft goes publishing, then live: searches read its export with the published files and its own over them', async () => {
    stack = await startTestStack();
    const base = await storeAndPublishRelease(stack, minimalRelease);
    const draft = await sendExport(stack, shop);
    const { version } = await (
      await stack.manage('PATCH', `/imports/${draft.id}`, {
        version: (await getImport(stack, draft.id)).version,
        files: synonyms,
      })
    ).json();

    const response = await stack.manage('POST', `/imports/${draft.id}/publish`, { version });
    expect(response.status).toBe(202);
    const accepted = await response.json();
    expect(accepted.run).toMatchObject({
      trigger: { kind: 'import', import: draft.id },
      snapshot: draft.export.snapshot,
    });
    // One body, one state: the import's run is the answer's run, whatever the indexer did meanwhile.
    expect(accepted.import.run).toEqual(accepted.run);
    expect(accepted.import).toMatchObject({
      status: 'publishing',
      builds_on: base,
      release: accepted.run.release,
    });
    expect(accepted.import.published_at).toBeDefined();
    expect(accepted.next).toContain(`GET /api/v1/index-runs/${accepted.run.id}`);

    const live = await settled(stack, draft.id);
    expect(live).toMatchObject({
      status: 'live',
      run: { id: accepted.run.id, status: 'succeeded', live: true },
    });
    const release = await (await stack.manage('GET', `/releases/${live.release}`)).json();
    expect(release.files).toEqual({ ...minimalRelease, ...synonyms });
    expect(release.published).toBe(true);
    expect(await (await stack.manage('GET', '/live')).json()).toMatchObject({
      snapshot: draft.export.snapshot,
      release: live.release,
    });
    await searchesRead(stack, accepted.run.id);
    expect(await searchIds(stack, 'kettle')).toEqual(['product:p3']);

    // A published import changes no more; a new draft builds on the release it made.
    const patch = await stack.manage('PATCH', `/imports/${draft.id}`, { version: live.version, files: {} });
    expect(patch.status).toBe(409);
    expect((await patch.json()).draft).toBeUndefined();
    const next = await sendExport(stack, toJsonLines(smallShop.slice(0, 4)));
    expect(next.builds_on).toBe(live.release);
    const discard = await stack.manage('DELETE', `/imports/${draft.id}`);
    expect(discard.status).toBe(409);
    expect((await discard.json()).detail).toContain('published');
  });

  it('a later publish replaces it, and publishing it again goes back to it', async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
    const first = await sendExport(stack, shop);
    await publish(stack, first.id);
    const firstLive = await settled(stack, first.id);
    expect(firstLive.status).toBe('live');

    const second = await sendExport(stack, toJsonLines([...smallShop, product('p4', 'Teapot')]));
    await publish(stack, second.id);
    expect((await settled(stack, second.id)).status).toBe('live');
    const replaced = await getImport(stack, first.id);
    expect(replaced).toMatchObject({ status: 'replaced', run: { live: false } });
    expect(
      (await (await stack.manage('GET', '/imports')).json()).data.map(
        (item: { status: string }) => item.status,
      ),
    ).toEqual(['live', 'replaced']);

    const back = await publish(stack, first.id);
    expect(back.run.trigger).toMatchObject({ kind: 'import', import: first.id });
    expect(back.run.trigger.detail).toContain('goes back to this import');
    expect(back.next).toContain('going back to it');
    expect(back.run.release).toBe(firstLive.release);
    const again = await settled(stack, first.id);
    expect(again).toMatchObject({ status: 'live', release: firstLive.release, run: { id: back.run.id } });
    expect((await getImport(stack, second.id)).status).toBe('replaced');
    await searchesRead(stack, back.run.id);
    expect(await searchIds(stack, 'teapot')).toEqual([]);
  });

  it('a release published over it replaces it too', async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
    const draft = await sendExport(stack, shop);
    await publish(stack, draft.id);
    await settled(stack, draft.id);
    const other = await storeAndPublishRelease(stack, { ...minimalRelease, ...synonyms });
    const run = (await (await stack.manage('GET', '/index-runs')).json()).data[0];
    expect(run.release).toBe(other);
    await settled(stack, draft.id);
    await expect.poll(async () => (await getImport(stack!, draft.id)).status).toBe('replaced');
  });

  it('a failed index run leaves it failed with the run saying why, and what was live stays live', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    await storeAndPublishRelease(stack, minimalRelease);
    const draft = await sendExport(stack, shop);
    const { run } = await publish(stack, draft.id);
    const snapshot = await stack.deps.database.snapshots.get(draft.export.snapshot);
    await stack.deps.blobs.delete(snapshot!.blob);
    const indexer = new Indexer({
      database: stack.deps.database,
      blobs: stack.deps.blobs,
      clock: systemClock,
      logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      pollMs: 50,
      leaseMs: 30_000,
      tasks: stack.workers.builds,
    });
    expect(await indexer.runOnce()).toBe(true);
    const failed = await getImport(stack, draft.id);
    expect(failed).toMatchObject({ status: 'failed', run: { id: run.id, status: 'failed' } });
    expect(failed.run.error).toContain('missing from storage');
    expect((await stack.manage('GET', '/live')).status).toBe(404);
  });

  it('answers 409 while it is going live already, and once it was discarded', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    await storeAndPublishRelease(stack, minimalRelease);
    const draft = await sendExport(stack, shop);
    const { import: publishing } = await publish(stack, draft.id);
    const again = await stack.manage('POST', `/imports/${draft.id}/publish`, { version: publishing.version });
    expect(again.status).toBe(409);
    const problem = await again.json();
    expect(problem.detail).toContain('going live already');
    expect(problem.draft).toBeUndefined();

    const other = await sendExport(stack, shop);
    await stack.manage('DELETE', `/imports/${other.id}`);
    const discarded = await stack.manage('POST', `/imports/${other.id}/publish`, { version: other.version });
    expect(discarded.status).toBe(409);
    const discardedProblem = await discarded.json();
    expect(discardedProblem.detail).toContain('discarded');
    expect(discardedProblem.draft).toBeUndefined();
  });

  it('answers 409 with the draft as it is now when it changed since the version read', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    await storeAndPublishRelease(stack, minimalRelease);
    const draft = await sendExport(stack, shop);
    const current = await getImport(stack, draft.id);
    const changed = await (
      await stack.manage('PATCH', `/imports/${draft.id}`, { version: current.version, files: synonyms })
    ).json();
    const response = await stack.manage('POST', `/imports/${draft.id}/publish`, { version: current.version });
    expect(response.status).toBe(409);
    expect((await response.json()).draft).toEqual(changed);
    expect((await getImport(stack, draft.id)).status).toBe('draft');
    expect((await (await stack.manage('GET', '/index-runs')).json()).meta.total).toBe(0);
  });

  it('answers 409 without a draft for a published import named at another version', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    await storeAndPublishRelease(stack, minimalRelease);
    const draft = await sendExport(stack, shop);
    const stale = draft.version;
    await stack.manage('PATCH', `/imports/${draft.id}`, { version: stale, files: synonyms });
    const { import: published } = await publish(stack, draft.id);
    expect(published.version).not.toBe(stale);
    // Its run is superseded by a rebuild, so it is no longer going live.
    await stack.manage('POST', '/index-runs');
    expect((await getImport(stack, draft.id)).status).toBe('replaced');
    const response = await stack.manage('POST', `/imports/${draft.id}/publish`, { version: stale });
    expect(response.status).toBe(409);
    const problem = await response.json();
    expect(problem.draft).toBeUndefined();
    expect(problem.detail).toContain(published.version);
  });

  it('answers 422 when the release it makes has violations, keeping the draft', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await draftBrokenByNewBase(stack);
    const response = await stack.manage('POST', `/imports/${draft.id}/publish`, { version: draft.version });
    expect(response.status).toBe(422);
    expect((await response.json()).violations[0]).toMatchObject({
      file: 'ranking.json',
      pointer: '/sorts/0/by',
    });
    expect((await getImport(stack, draft.id)).status).toBe('draft');
  });

  it('publishes a new shop’s first import with the release its inspection derives', async () => {
    stack = await startTestStack();
    const draft = await sendExport(stack, shop);
    const inspection = await (await stack.manage('GET', `/imports/${draft.id}/inspection`)).json();
    const derived = inspection.files.map((file: { name: string }) => file.name).sort();
    expect(derived.length).toBeGreaterThan(0);
    const accepted = await publish(stack, draft.id);
    const live = await settled(stack, draft.id);
    expect(live.status).toBe('live');
    const release = await (await stack.manage('GET', `/releases/${accepted.run.release}`)).json();
    expect(Object.keys(release.files).sort()).toEqual(derived);
    await searchesRead(stack, accepted.run.id);
    expect(await searchIds(stack, 'kettle')).toEqual(['product:p3']);
  });

  it('answers 400 for a body without a version, 422 for a removing below 0, 404 for an unknown import', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    expect((await stack.manage('POST', `/imports/${draft.id}/publish`, { removing: 1 })).status).toBe(400);
    const negative = await stack.manage('POST', `/imports/${draft.id}/publish`, {
      version: draft.version,
      removing: -1,
    });
    expect(negative.status).toBe(422);
    expect(await negative.json()).toMatchObject({
      code: 'invalid_value',
      violations: [{ pointer: '/removing', message: 'Must be at least 0.' }],
    });
    expect((await stack.manage('POST', '/imports/42/publish', { version: 'x' })).status).toBe(404);
  });

  it('answers 502 when the query side cannot check the release', async () => {
    stack = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    const draft = await sendExport(stack, shop);
    const response = await stack.manage('POST', `/imports/${draft.id}/publish`, { version: draft.version });
    expect(response.status).toBe(502);
    expect((await getImport(stack, draft.id)).status).toBe('draft');
  });
});

describe('the removal guard', () => {
  it('holds back a publish that removes half the live products or more until removing names how many', async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
    const first = await sendExport(stack, shop);
    await publish(stack, first.id);
    await settled(stack, first.id);

    const smaller = await sendExport(stack, toJsonLines([smallShop[0]!, smallShop[2]!]));
    const current = await getImport(stack, smaller.id);
    const refused = await stack.manage('POST', `/imports/${smaller.id}/publish`, {
      version: current.version,
    });
    expect(refused.status).toBe(409);
    const problem = await refused.json();
    expect(problem).toMatchObject({ removes: 2, live_products: 3 });
    expect(problem.draft).toBeUndefined();
    expect(problem.detail).toContain('"removing": 2');

    const tooFew = await stack.manage('POST', `/imports/${smaller.id}/publish`, {
      version: current.version,
      removing: 1,
    });
    expect(tooFew.status).toBe(409);
    expect((await getImport(stack, smaller.id)).status).toBe('draft');

    const accepted = await stack.manage('POST', `/imports/${smaller.id}/publish`, {
      version: current.version,
      removing: 2,
    });
    expect(accepted.status).toBe(202);
    expect((await settled(stack, smaller.id)).status).toBe('live');
  });

  it('lets a publish through that removes less than half', async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
    const first = await sendExport(stack, shop);
    await publish(stack, first.id);
    await settled(stack, first.id);
    const without = await sendExport(stack, toJsonLines(smallShop.filter((entity) => entity.id !== 'p3')));
    const response = await stack.manage('POST', `/imports/${without.id}/publish`, {
      version: without.version,
    });
    expect(response.status).toBe(202);
  });
});

describe('GET /api/v1/imports/{import}/changes', () => {
  it('says everything is new while nothing is live', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await sendExport(stack, shop);
    const response = await stack.manage('GET', `/imports/${draft.id}/changes`);
    expect(response.status).toBe(200);
    const changes = await response.json();
    expect(changes.against).toBeUndefined();
    expect(changes.products).toEqual({
      added: { count: 3, first: ['p1', 'p2', 'p3'] },
      removed: { count: 0, first: [] },
      kept: 0,
      live: 0,
    });
    expect(changes.filters.new).toEqual(expect.arrayContaining(['availability', 'brand', 'price']));
    expect(changes.filters.gone).toEqual([]);
  });

  it('names products added and removed, attributes and filters new and gone, against what is live', async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
    const first = await sendExport(
      stack,
      toJsonLines([...smallShop, product('p5', 'Mug', { attributes: { material: 'stone' } })]),
    );
    await publish(stack, first.id);
    const live = await settled(stack, first.id);

    const draft = await sendExport(
      stack,
      toJsonLines([smallShop[2]!, smallShop[3]!, product('p4', 'Teapot', { attributes: { color: 'red' } })]),
    );
    const changes = await (await stack.manage('GET', `/imports/${draft.id}/changes`)).json();
    expect(changes).toEqual({
      import: draft.id,
      against: { snapshot: first.export.snapshot, release: live.release },
      products: {
        added: { count: 1, first: ['p4'] },
        removed: { count: 2, first: ['p3', 'p5'] },
        kept: 2,
        live: 4,
      },
      attributes: { new: ['color'], gone: ['material'] },
      filters: { new: ['color'], gone: ['material'] },
    });
  });

  it('reads the live catalog once for the changes of every draft, and a draft again only when its reading changes', async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
    const first = await sendExport(stack, shop);
    await publish(stack, first.id);
    await settled(stack, first.id);
    const run = vi.spyOn(stack.workers.reads, 'run');
    const reads = () =>
      run.mock.calls
        .filter(([task]) => task === 'export:facts')
        .map(([, input]) => (input as FactsInput).side.export.snapshot);
    const changesOf = async (id: number) =>
      (await stack!.manage('GET', `/imports/${id}/changes`)).json() as Promise<{ attributes: unknown }>;
    try {
      const draft = await sendExport(stack, toJsonLines([...smallShop.slice(1), product('p4', 'Teapot')]));
      const changes = await changesOf(draft.id);
      expect(await changesOf(draft.id)).toEqual(changes);
      expect(reads()).toEqual([draft.export.snapshot, first.export.snapshot]);

      // Synonyms change nothing of how the export reads; attributes.json changes how it is typed.
      const withSynonyms = await (
        await stack.manage('PATCH', `/imports/${draft.id}`, { version: draft.version, files: synonyms })
      ).json();
      await changesOf(draft.id);
      expect(reads()).toHaveLength(2);
      await stack.manage('PATCH', `/imports/${draft.id}`, {
        version: withSynonyms.version,
        files: { 'attributes.json': { attributes: [{ code: 'material', label: 'Material', type: 'text' }] } },
      });
      await changesOf(draft.id);
      expect(reads()).toEqual([draft.export.snapshot, first.export.snapshot, draft.export.snapshot]);

      const other = await sendExport(stack, toJsonLines(smallShop.slice(0, 2)));
      await changesOf(other.id);
      expect(reads().slice(3)).toEqual([other.export.snapshot]);
    } finally {
      run.mockRestore();
    }
  });

  it('answers 404 for an unknown import and 502 when the query side does not answer', async () => {
    stack = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    expect((await stack.manage('GET', '/imports/5/changes')).status).toBe(404);
    const draft = await sendExport(stack, shop);
    expect((await stack.manage('GET', `/imports/${draft.id}/changes`)).status).toBe(502);
  });
});

describe('GET /api/v1/imports/{import}/publication', () => {
  it('says how publishing would go live: a first rebuild, then a switch for the live import itself', async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
    const draft = await sendExport(stack, shop);
    const before = await stack.manage('GET', `/imports/${draft.id}/publication`);
    expect(before.status).toBe(200);
    const answer = await before.json();
    expect(answer).toMatchObject({ snapshot: draft.export.snapshot, way: 'rebuild' });

    const { run } = await publish(stack, draft.id);
    const live = await settled(stack, draft.id);
    expect(live.release).toBe(answer.release);
    await searchesRead(stack, run.id);
    const after = await (await stack.manage('GET', `/imports/${draft.id}/publication`)).json();
    expect(after).toMatchObject({ release: live.release, way: 'switch', changed_files: [] });
  });

  it('answers 409 when the import has no catalog that could go live, 422 for violations, 404 and 502', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    const draft = await draftBrokenByNewBase(stack);
    const broken = await stack.manage('GET', `/imports/${draft.id}/publication`);
    expect(broken.status).toBe(422);
    expect((await broken.json()).violations).toHaveLength(1);
    await stack.manage('DELETE', `/imports/${draft.id}`);
    const discarded = await stack.manage('GET', `/imports/${draft.id}/publication`);
    expect(discarded.status).toBe(409);
    expect((await stack.manage('GET', '/imports/9/publication')).status).toBe(404);
  });

  it('answers 502 when the query side does not answer', async () => {
    stack = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    const draft = await sendExport(stack, shop);
    expect((await stack.manage('GET', `/imports/${draft.id}/publication`)).status).toBe(502);
  });
});

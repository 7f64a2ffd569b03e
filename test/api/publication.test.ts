import { afterEach, describe, expect, it } from 'vitest';
import { smallShop, toJsonLines } from '../support/catalog.js';
import { searchesRead } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const base = {
  'rules.json': { rules: [] },
  'synonyms.json': { dictionaries: { en: { groups: [{ words: ['kettle', 'boiler'] }] } } },
};
const newSynonyms = {
  ...base,
  'synonyms.json': { dictionaries: { en: { groups: [{ words: ['earbuds', 'in-ear headphones'] }] } } },
};
const newTypes = {
  ...base,
  'types.json': {
    types: [
      {
        code: 'product',
        label: 'Products',
        offers: true,
        search: { fields: [{ field: 'title', weight: 3 }] },
      },
    ],
  },
};

async function storeRelease(s: TestStack, files: Record<string, unknown>): Promise<string> {
  return (await (await s.manage('POST', '/releases', { files })).json()).id;
}

/** Publishes and waits for the run to end; a run that went live is awaited until searches read it. */
async function publishAndWait(s: TestStack, release: string) {
  const { run } = await (await s.manage('POST', `/releases/${release}/publish`)).json();
  const ended = await waitFor(`run ${run.id}`, async () => {
    const current = await (await s.manage('GET', `/index-runs/${run.id}`)).json();
    return ['succeeded', 'failed'].includes(current.status) ? current : undefined;
  });
  if (ended.live) await searchesRead(s, ended.id);
  return ended;
}

describe('GET /api/v1/releases/{release}/publication', () => {
  it('answers 404 for an unknown release and 409 while no catalog is kept', async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    expect((await stack.manage('GET', '/releases/rl_missing/publication')).status).toBe(404);
    const release = await storeRelease(stack, base);
    const response = await stack.manage('GET', `/releases/${release}/publication`);
    expect(response.status).toBe(409);
    expect((await response.json()).detail).toContain('PUT /api/v1/catalog');
  });

  it('says a first publish is a rebuild, a synonyms change a switch, a types change a rebuild with an estimate', async () => {
    stack = await startTestStack();
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    const first = await storeRelease(stack, base);

    const before = await (await stack.manage('GET', `/releases/${first}/publication`)).json();
    expect(before).toMatchObject({ release: first, way: 'rebuild', changed_files: [] });
    expect(before.cause).toContain('Nothing is live yet');
    expect(before.estimate).toBeUndefined();

    const built = await publishAndWait(stack, first);
    expect(built.report.course.way).toBe('rebuild');

    const synonyms = await storeRelease(stack, newSynonyms);
    const switchAnswer = await (await stack.manage('GET', `/releases/${synonyms}/publication`)).json();
    expect(switchAnswer).toMatchObject({ way: 'switch', changed_files: ['synonyms.json'] });
    expect(switchAnswer.cause).toContain('synonyms.json');

    const types = await storeRelease(stack, newTypes);
    const rebuildAnswer = await (await stack.manage('GET', `/releases/${types}/publication`)).json();
    expect(rebuildAnswer).toMatchObject({ way: 'rebuild', changed_files: ['types.json'] });
    expect(rebuildAnswer.cause).toContain('types.json');
    expect(rebuildAnswer.estimate).toMatchObject({ from_run: built.id });
    expect(rebuildAnswer.estimate.seconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 502 when the query side does not answer', async () => {
    stack = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    const release = (
      await stack.deps.database.releases.create({ id: 'rl_direct', files: base, createdAt: new Date() })
    ).release.id;
    const response = await stack.manage('GET', `/releases/${release}/publication`);
    expect(response.status).toBe(502);
  });
});

describe('publishing', () => {
  it('goes live by a switch when only synonyms changed: same artifact, new release answers', async () => {
    stack = await startTestStack();
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    const first = await publishAndWait(stack, await storeRelease(stack, base));
    const synonyms = await storeRelease(stack, newSynonyms);
    const accepted = await (await stack.manage('POST', `/releases/${synonyms}/publish`)).json();
    // The answer says what happens: a switch builds nothing.
    expect(accepted.next).toContain('expected to switch');
    expect(accepted.next).toContain('Nothing is built.');
    const switched = await waitFor(`run ${accepted.run.id}`, async () => {
      const current = await (await stack!.manage('GET', `/index-runs/${accepted.run.id}`)).json();
      return current.status === 'succeeded' ? current : undefined;
    });
    expect(switched).toMatchObject({ status: 'succeeded', live: true, release: synonyms });
    expect(switched.report.course.way).toBe('switch');
    expect(switched.report.course.cause).toContain('synonyms.json');
    expect(switched.report.course.cause).toContain('Nothing is built.');
    expect(switched.report.entities).toBe(first.report.entities);
    const firstArtifact = (await stack.deps.database.indexRuns.get(first.id))!.artifact;
    expect((await stack.deps.database.indexRuns.get(switched.id))!.artifact).toBe(firstArtifact);
    const answer = await waitFor('the new release to answer', async () => {
      const response = await (await stack!.search({ query: 'kettle' })).json();
      return response.release === synonyms ? response : undefined;
    });
    expect(answer.sections[0].hits[0].entity).toBe('product:p3');
  });

  it('rolls back by publishing an earlier release again', async () => {
    stack = await startTestStack();
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    const first = await storeRelease(stack, base);
    await publishAndWait(stack, first);
    await publishAndWait(stack, await storeRelease(stack, newTypes));
    const accepted = await (await stack.manage('POST', `/releases/${first}/publish`)).json();
    expect(accepted.next).toContain('published again, rolling back to it');
    expect(accepted.run.trigger.detail).toContain('rolls back to this release');
    const back = await waitFor(`run ${accepted.run.id}`, async () => {
      const current = await (await stack!.manage('GET', `/index-runs/${accepted.run.id}`)).json();
      return current.status === 'succeeded' ? current : undefined;
    });
    expect(back).toMatchObject({ status: 'succeeded', live: true, release: first });
    expect(back.report.course.cause).toContain('rolls back to this release');
    expect((await (await stack.manage('GET', '/live')).json()).release).toBe(first);
    expect((await (await stack.manage('GET', `/releases/${first}`)).json()).published).toBe(true);
  });

  it('always rebuilds when a rebuild is asked for', async () => {
    stack = await startTestStack();
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    await publishAndWait(stack, await storeRelease(stack, base));
    const { run } = await (await stack.manage('POST', '/index-runs')).json();
    const done = await waitFor('the rebuild', async () => {
      const current = await (await stack!.manage('GET', `/index-runs/${run.id}`)).json();
      return current.status === 'succeeded' ? current : undefined;
    });
    expect(done.report.course).toMatchObject({
      way: 'rebuild',
      cause: 'A rebuild was asked for, so the indexes are built anew.',
    });
  });
});

describe('POST /internal/publication', () => {
  const post = (s: TestStack, body: unknown) => s.internal('/internal/publication', body);

  it('answers 400 for a body that is not files and a snapshot, 422 for a release with violations', async () => {
    stack = await startTestStack({ roles: { control: false, indexer: false } });
    expect((await post(stack, { files: base })).status).toBe(400);
    const invalid = await post(stack, { files: { 'rules.json': { rules: 'none' } }, snapshot: 'sn_x' });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).violations[0]).toMatchObject({ file: 'rules.json', pointer: '/rules' });
  });

  it('answers 503 while this node has not loaded what the live pointer names', async () => {
    stack = await startTestStack({ roles: { indexer: false }, env: { AISLE_LIVE_POLL_MS: '600000' } });
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    const release = await storeRelease(stack, base);
    await stack.manage('POST', `/releases/${release}/publish`);
    // An indexer of another process builds the run; this node has not polled the pointer since.
    const { Indexer } = await import('../../src/control/indexer/indexer.js');
    const { pino } = await import('pino');
    const other = new Indexer({
      database: stack.deps.database,
      blobs: stack.deps.blobs,
      clock: stack.deps.clock,
      logger: pino({ level: 'silent' }),
      pollMs: 600_000,
      tasks: stack.workers.builds,
      leaseMs: 30_000,
    });
    expect(await other.runOnce()).toBe(true);
    const response = await post(stack, { files: base, snapshot: 'sn_any' });
    expect(response.status).toBe(503);
    expect((await response.json()).detail).toContain('not loaded the live index');
  });
});

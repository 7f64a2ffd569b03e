import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { GIVEN_UP_ERROR } from '../../src/store/index.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { type RunningCli, runCli } from '../support/cli.js';
import { storeAndPublishRelease } from '../support/imports.js';
import { killHard, stoppedItself } from '../support/processes.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * A real indexer (the built `aisle indexer`, its own process) shares a SQLite file and a blob
 * store with a query node and control plane in this process. The indexer is killed (SIGKILL) at
 * each point of a run; it stops itself there first (AISLE_FAULT_STOP_AT), so the kill lands at
 * a known point. Searches go on being answered by what was live, and the run is taken up again
 * when the killed indexer's lease runs out, three attempts at most.
 */
let dataDir: string;
let stack: TestStack;
const indexers: RunningCli[] = [];

function indexer(stopAt?: string, leaseMs = 1000): RunningCli {
  const cli = runCli(['indexer'], {
    AISLE_DATA_DIR: dataDir,
    AISLE_INDEXER_POLL_MS: '50',
    AISLE_INDEXER_LEASE_MS: String(leaseMs),
    ...(stopAt ? { AISLE_FAULT_STOP_AT: stopAt } : {}),
  });
  indexers.push(cli);
  return cli;
}

/** The catalog with one more product, named so that a search tells which catalog is live. */
function catalogWith(word: string): string {
  const extra: CatalogEntity = { type: 'product', id: `p-${word}`, title: `Lantern ${word}`, price: 12 };
  return toJsonLines([...smallShop, extra]);
}

async function upload(word: string): Promise<number> {
  const answer = await (await stack.manage('PUT', '/catalog', catalogWith(word))).json();
  return answer.run.id;
}

/** What a search for the word finds now: the live catalog's product, or nothing. */
async function found(word: string): Promise<string[]> {
  const response = await stack.search({ query: word });
  expect(response.status).toBe(200);
  const answer = await response.json();
  return answer.sections[0].hits.map((hit: { entity: string }) => hit.entity);
}

async function runRecord(id: number) {
  return (await stack.deps.database.indexRuns.get(id))!;
}

/** Runs an indexer until the run is live, and answers the run. */
async function finish(id: number, leaseMs?: number) {
  const cli = indexer(undefined, leaseMs);
  try {
    return await waitFor(
      `run ${id} to go live`,
      async () => {
        const run = await runRecord(id);
        if (run.status === 'failed') throw new Error(`Run ${id} failed: ${run.error}`);
        return run.status === 'succeeded' && (await stack.deps.database.live.get())?.runId === id
          ? run
          : undefined;
      },
      120_000,
    );
  } finally {
    expect(await cli.stop()).toBe(0);
  }
}

/** Starts an indexer that stops itself at the point, checks the run is there, and kills it. */
async function killAt(point: string, id: number, live: string): Promise<void> {
  const cli = indexer(point);
  await stoppedItself(cli.child, `the indexer to stop at ${point}`, 120_000);
  const run = await runRecord(id);
  expect(run.status).toBe('running');
  if (point === 'claimed') expect(run.progress).toBeUndefined();
  else if (point === 'stored') expect(run.progress?.step).toBe('storing');
  else expect(run.progress?.step).toBe(point);
  // Searches are answered by what was live while the indexer is stopped, and after it is killed.
  expect(await found(live)).toEqual([`product:p-${live}`]);
  await killHard(cli.child, cli.exited);
  expect(await found(live)).toEqual([`product:p-${live}`]);
}

/** The word of the catalog live now. */
let liveWord = 'first';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'aisle-kills-'));
  stack = await startTestStack({ roles: { indexer: false }, env: { AISLE_DATA_DIR: dataDir } });
  await stack.manage('PUT', '/catalog', catalogWith('first'));
  await storeAndPublishRelease(stack, minimalRelease);
  const [first] = (await stack.deps.database.indexRuns.list({ page: 1, perPage: 1 })).items;
  await finish(first!.id);
  await waitFor('searches to read the first catalog', async () =>
    (await stack.search({ query: 'first' })).status === 200 ? true : undefined,
  );
});

afterAll(async () => {
  await Promise.all(indexers.map((cli) => killHard(cli.child, cli.exited)));
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an indexer killed at each point of a run', () => {
  it('killed at claimed, then at reading: the third attempt goes live', async () => {
    const id = await upload('amber');
    await killAt('claimed', id, liveWord);
    await killAt('reading', id, liveWord);
    expect((await finish(id)).attempts).toBe(3);
    await goesLive('amber');
  });

  it('killed at compiling, testing and storing: the run is given up, failed, and what was live stays live', async () => {
    const id = await upload('violet');
    for (const point of ['compiling', 'testing', 'storing']) await killAt(point, id, liveWord);
    const cli = indexer();
    try {
      const failed = await waitFor('the run to be given up', async () => {
        const run = await runRecord(id);
        return run.status === 'failed' ? run : undefined;
      });
      // The step its last attempt reached is where it failed.
      expect(failed).toMatchObject({ attempts: 3, error: GIVEN_UP_ERROR, failedStep: 'storing' });
    } finally {
      expect(await cli.stop()).toBe(0);
    }
    expect(await found(liveWord)).toEqual([`product:p-${liveWord}`]);
    expect(await found('violet')).toEqual([]);
  });

  it('killed once its artifact is stored but before the run is recorded: the second attempt goes live', async () => {
    const id = await upload('scarlet');
    await killAt('stored', id, liveWord);
    expect((await finish(id)).attempts).toBe(2);
    await goesLive('scarlet');
  });
});

describe('an indexer stopped with SIGTERM while it builds', () => {
  it('gives the run back to the queue, so another indexer takes it at once, and exits 0', async () => {
    const id = await upload('olive');
    // A lease of ten minutes: only a run given back can be taken again within this test.
    const cli = indexer('compiling', 600_000);
    await stoppedItself(cli.child, 'the indexer to stop at compiling', 120_000);
    expect(await runRecord(id)).toMatchObject({ status: 'running', attempts: 1 });
    cli.child.kill('SIGTERM');
    cli.child.kill('SIGCONT');
    expect(await cli.exited).toBe(0);
    const given = await runRecord(id);
    expect(given).toMatchObject({ status: 'queued', attempts: 0 });
    expect(given.leaseOwner).toBeUndefined();
    expect(await found(liveWord)).toEqual([`product:p-${liveWord}`]);
    expect((await finish(id, 600_000)).attempts).toBe(1);
    await goesLive('olive');
  });
});

/** Waits until searches read the catalog of the word, and no more the one live before. */
async function goesLive(word: string): Promise<void> {
  await waitFor(`searches to read the ${word} catalog`, async () =>
    (await found(word)).length === 1 ? true : undefined,
  );
  expect(await found(liveWord)).toEqual([]);
  liveWord = word;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { smallShop, toJsonLines } from '../../../test/support/catalog.js';
import { waitFor } from '../../../test/support/wait.js';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { FORMAT_VERSION, indexStats, loadIndex } from '../../engine/index.js';
import { fixedClock, rfc3339 } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/hash.js';
import { releaseId, snapshotId } from '../../lib/ids.js';
import { inlineTasks, type TaskRunner } from '../../lib/tasks.js';
import { vocabularyOf } from '../../planner/index.js';
import {
  type BlobStore,
  type Database,
  DirectoryBlobStore,
  GIVEN_UP_ERROR,
  type IndexRunRecord,
  type IndexRunTriggerKind,
  openScratchDatabase,
  type RunSuccess,
} from '../../store/index.js';
import { buildTasks } from './build-tasks.js';
import { Indexer, type IndexerOptions } from './indexer.js';

const LEASE_MS = 30_000;
const releaseFiles = { 'ranking.json': { sorts: [] } };
const RELEASE = releaseId(releaseFiles);
const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let database: Database;
let blobs: DirectoryBlobStore;
let blobRoot: string;
const clock = fixedClock('2025-03-01T10:00:00.000Z');
const indexers: Indexer[] = [];

beforeEach(async () => {
  clock.set('2025-03-01T10:00:00.000Z');
  database = await openScratchDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'aisle-indexer-'));
  blobs = new DirectoryBlobStore(blobRoot);
  await database.releases.create({ id: RELEASE, files: releaseFiles, createdAt: rfc3339(clock.now()) });
});

afterEach(async () => {
  await Promise.all(indexers.splice(0).map((indexer) => indexer.stop()));
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

function indexer(options: Partial<IndexerOptions> = {}): Indexer {
  const made = new Indexer({
    database,
    blobs,
    clock,
    logger,
    pollMs: 60_000,
    leaseMs: LEASE_MS,
    tasks: inlineTasks(buildTasks),
    ...options,
  });
  indexers.push(made);
  return made;
}

/** Keeps catalog bytes as a snapshot, the way an upload does. */
async function snapshotOf(text: string, { storeBytes = true } = {}): Promise<string> {
  const bytes = Buffer.from(text);
  const blob = storeBytes ? await blobs.put(bytes) : sha256Hex(bytes);
  const id = snapshotId(bytes);
  await database.snapshots.put({
    id,
    blob,
    format: 'jsonl',
    bytes: bytes.length,
    entities: text.split('\n').filter(Boolean).length,
    receivedAt: rfc3339(clock.now()),
  });
  return id;
}

function enqueue(snapshot: string, kind: IndexRunTriggerKind = 'catalog'): Promise<IndexRunRecord> {
  return database.indexRuns.enqueue({
    trigger: { kind },
    snapshotId: snapshot,
    releaseId: RELEASE,
    at: rfc3339(clock.now()),
  });
}

async function runOf(id: number): Promise<IndexRunRecord> {
  const run = await database.indexRuns.get(id);
  if (!run) throw new Error(`There is no run ${id}.`);
  return run;
}

/**
 * The database as an indexer sees it, with its run's success held back until `release()`: what
 * happens meanwhile happens while that run is built and not yet finished.
 */
function withSuccessHeld() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached!: (success: RunSuccess) => void;
  const finishing = new Promise<RunSuccess>((resolve) => {
    reached = resolve;
  });
  const held: Database = {
    ...database,
    indexRuns: {
      ...database.indexRuns,
      succeed: async (id, owner, success) => {
        reached(success);
        await gate;
        return database.indexRuns.succeed(id, owner, success);
      },
    },
  };
  return { database: held, finishing, release };
}

const withoutKettle: CatalogEntity[] = smallShop.filter((entity) => entity.id !== 'p3');

describe('runOnce', () => {
  it('builds a queued run and makes it live', async () => {
    const snapshot = await snapshotOf(toJsonLines(smallShop));
    const run = await enqueue(snapshot);
    const onLive = vi.fn();
    const worker = indexer({ onLive });

    expect(await worker.runOnce()).toBe(true);

    const done = await runOf(run.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      leaseOwner: worker.owner,
      startedAt: rfc3339(clock.now()),
      finishedAt: rfc3339(clock.now()),
      report: {
        course: { way: 'rebuild', cause: expect.stringContaining('catalog') },
        entities: smallShop.length,
        rejected: 0,
      },
    });
    expect(done.failedStep).toBeUndefined();
    expect(done.error).toBeUndefined();
    const report = done.report as { types: unknown; artifact_bytes: number };
    expect(report.types).toEqual(
      expect.arrayContaining([
        { type: 'product', documents: 3 },
        { type: 'brand', documents: 1 },
        { type: 'category', documents: 1 },
      ]),
    );
    expect(report.artifact_bytes).toBeGreaterThan(0);

    const live = await database.live.get();
    expect(live).toEqual({
      runId: run.id,
      snapshotId: snapshot,
      releaseId: RELEASE,
      artifact: done.artifact,
      since: rfc3339(clock.now()),
    });
    const artifact = await blobs.get(live!.artifact);
    expect(artifact.length).toBe(report.artifact_bytes);
    expect(indexStats(loadIndex(artifact)).types).toEqual(report.types);
    expect(onLive).toHaveBeenCalledTimes(1);
  });

  it('attaches the vocabulary of the catalog it read to the artifact', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    await indexer().runOnce();
    const vocabulary = vocabularyOf(loadIndex(await blobs.get((await runOf(run.id)).artifact!)));
    expect([...vocabulary.categories.keys()]).toEqual(['audio']);
    expect(vocabulary.brands.get('acme')).toMatchObject({ name: 'Acme', value: 'Acme', page: true });
  });

  it('answers false and changes nothing when no run is queued', async () => {
    const onLive = vi.fn();
    const worker = indexer({ onLive });
    expect(await worker.runOnce()).toBe(false);

    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect((await runOf(run.id)).attempts).toBe(1);
    expect(onLive).toHaveBeenCalledTimes(1);
    expect((await database.indexRuns.list({ page: 1, perPage: 15 })).total).toBe(1);
  });

  it('names the cause of a rebuild in the report', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)), 'rebuild');
    await indexer().runOnce();
    expect((await runOf(run.id)).report).toMatchObject({
      course: { way: 'rebuild', cause: 'A rebuild was asked for, so the indexes are built anew.' },
    });
  });

  it('fails in step reading with a sentence when the snapshot bytes are missing, and keeps what was live', async () => {
    const first = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const onLive = vi.fn();
    const worker = indexer({ onLive });
    await worker.runOnce();
    const before = await database.live.get();
    expect(before?.runId).toBe(first.id);

    const missing = await snapshotOf(toJsonLines(withoutKettle), { storeBytes: false });
    const second = await enqueue(missing);
    clock.advance(1_000);
    expect(await worker.runOnce()).toBe(true);

    const failed = await runOf(second.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failedStep: 'reading',
      finishedAt: rfc3339(clock.now()),
    });
    expect(failed.error).toMatch(/^[A-Z].*\.$/);
    expect(failed.error).toContain(missing);
    expect(failed.error).toContain('upload the catalog again');
    expect(failed.artifact).toBeUndefined();
    expect(await database.live.get()).toEqual(before);
    expect(await blobs.has(before!.artifact)).toBe(true);
    expect(onLive).toHaveBeenCalledTimes(1);
  });

  it('fails in step reading with the reader’s sentence when the snapshot holds no catalog', async () => {
    const run = await enqueue(await snapshotOf('{"not": "an entity"}\n'));
    expect(await indexer().runOnce()).toBe(true);

    const failed = await runOf(run.id);
    expect(failed).toMatchObject({ status: 'failed', failedStep: 'reading' });
    expect(failed.error).toContain('holds no catalog entity');
    expect(failed.error).toMatch(/\.$/);
    expect(await database.live.get()).toBeUndefined();
  });

  it('fails with one sentence when the bytes vanish between the check and the read', async () => {
    const snapshot = await snapshotOf(toJsonLines(smallShop));
    const vanishing: BlobStore = {
      reach: () => blobs.reach(),
      put: (bytes) => blobs.put(bytes),
      putStream: (stream) => blobs.putStream(stream),
      stage: (stream, maxBytes) => blobs.stage(stream, maxBytes),
      open: (key) => blobs.open(key),
      locate: (key) => blobs.locate(key),
      removeAbandoned: (olderThanMs) => blobs.removeAbandoned(olderThanMs),
      has: (key) => blobs.has(key),
      size: (key) => blobs.size(key),
      delete: (key) => blobs.delete(key),
      get: async (key) => {
        await blobs.delete(key);
        return blobs.get(key);
      },
      head: (key, length) => blobs.head(key, length),
    };
    const run = await enqueue(snapshot);
    expect(await indexer({ blobs: vanishing }).runOnce()).toBe(true);

    const failed = await runOf(run.id);
    expect(failed).toMatchObject({ status: 'failed', failedStep: 'reading' });
    expect(failed.error).toMatch(/^[A-Z][^\n]*[^.]\.$/);
    expect(await database.live.get()).toBeUndefined();
  });

  it('builds a catalog with bad lines and counts them as rejected', async () => {
    const text = [
      ...smallShop.map((entity) => JSON.stringify(entity)),
      '{ this is not JSON',
      JSON.stringify({ type: 'product', title: 'No id' }),
      JSON.stringify(smallShop[2]),
      '',
    ].join('\n');
    const run = await enqueue(await snapshotOf(text));

    expect(await indexer().runOnce()).toBe(true);

    const done = await runOf(run.id);
    expect(done.status).toBe('succeeded');
    expect(done.report).toMatchObject({ entities: smallShop.length, rejected: 3 });
    expect((await database.live.get())?.runId).toBe(run.id);
  });

  it('supersedes a run that finishes after a newer one went live, and deletes its artifact', async () => {
    const older = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const held = withSuccessHeld();
    const olderOnLive = vi.fn();
    const slow = indexer({ database: held.database, onLive: olderOnLive });
    const building = slow.runOnce();
    const { artifact: olderArtifact } = await held.finishing;
    expect(await blobs.has(olderArtifact)).toBe(true);

    const newer = await enqueue(await snapshotOf(toJsonLines(withoutKettle)));
    expect(await indexer().runOnce()).toBe(true);
    const live = await database.live.get();
    expect(live?.runId).toBe(newer.id);
    expect(live?.artifact).not.toBe(olderArtifact);

    held.release();
    expect(await building).toBe(true);

    const superseded = await runOf(older.id);
    expect(superseded.status).toBe('superseded');
    expect(superseded.artifact).toBeUndefined();
    expect(await database.live.get()).toEqual(live);
    expect(await blobs.has(olderArtifact)).toBe(false);
    expect(await blobs.has(live!.artifact)).toBe(true);
    expect(olderOnLive).not.toHaveBeenCalled();
  });

  it('keeps the artifact of a superseded run when the live run has the same one', async () => {
    const snapshot = await snapshotOf(toJsonLines(smallShop));
    const older = await enqueue(snapshot);
    const held = withSuccessHeld();
    const slow = indexer({ database: held.database });
    const building = slow.runOnce();
    const { artifact: olderArtifact } = await held.finishing;

    const newer = await enqueue(snapshot, 'rebuild');
    expect(await indexer().runOnce()).toBe(true);
    const live = await database.live.get();
    expect(live).toMatchObject({ runId: newer.id, artifact: olderArtifact });

    held.release();
    await building;

    expect((await runOf(older.id)).status).toBe('superseded');
    expect(await database.live.get()).toEqual(live);
    expect(await blobs.has(olderArtifact)).toBe(true);
    expect(loadIndex(await blobs.get(olderArtifact)).types.length).toBeGreaterThan(0);
  });

  it('keeps the artifact of a superseded run when a run still being built has the same one', async () => {
    const snapshot = await snapshotOf(toJsonLines(smallShop));
    const older = await enqueue(snapshot);
    const heldOlder = withSuccessHeld();
    const building = indexer({ database: heldOlder.database }).runOnce();
    const { artifact } = await heldOlder.finishing;

    const other = await enqueue(await snapshotOf(toJsonLines(withoutKettle)));
    expect(await indexer().runOnce()).toBe(true);
    expect((await database.live.get())?.runId).toBe(other.id);

    // The first catalog again, built by a third indexer: the same artifact, not yet live.
    const again = await enqueue(snapshot, 'rebuild');
    const heldAgain = withSuccessHeld();
    const rebuilding = indexer({ database: heldAgain.database }).runOnce();
    expect((await heldAgain.finishing).artifact).toBe(artifact);

    heldOlder.release();
    await building;
    expect((await runOf(older.id)).status).toBe('superseded');
    heldAgain.release();
    await rebuilding;

    const live = await database.live.get();
    expect(live).toMatchObject({ runId: again.id, artifact });
    expect(await blobs.has(artifact)).toBe(true);
  });
});

describe('a run another indexer took', () => {
  it('is left alone while its lease holds and taken up again once it ran out', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const firstStart = rfc3339(clock.now());
    const taken = await database.indexRuns.claim({ owner: 'gone:1:abc', at: firstStart, leaseMs: LEASE_MS });
    expect(taken?.id).toBe(run.id);
    const worker = indexer();

    clock.advance(LEASE_MS - 1);
    expect(await worker.runOnce()).toBe(false);
    expect(await runOf(run.id)).toMatchObject({ status: 'running', leaseOwner: 'gone:1:abc', attempts: 1 });

    clock.advance(2);
    expect(await worker.runOnce()).toBe(true);
    expect(await runOf(run.id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      leaseOwner: worker.owner,
      startedAt: firstStart,
    });
    expect((await runOf(run.id)).report?.course).toMatchObject({
      cause: expect.stringContaining('This was attempt 2 of 3: the indexer building it before stopped'),
    });
    expect((await database.live.get())?.runId).toBe(run.id);
  });

  it('is given up after its third attempt ran out', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(
        await database.indexRuns.claim({ owner: `gone:${attempt}`, at: clock.now(), leaseMs: LEASE_MS }),
      ).toMatchObject({ id: run.id, attempts: attempt });
      clock.advance(LEASE_MS + 1);
    }

    expect(await indexer().runOnce()).toBe(false);
    expect(await runOf(run.id)).toMatchObject({ status: 'failed', attempts: 3, error: GIVEN_UP_ERROR });
    expect(await database.live.get()).toBeUndefined();
  });
});

describe('the lease while a run is built', () => {
  /**
   * The database with its lease renewals answered by `renew`; the run's step `step` is held until a
   * renewal has been answered, so one falls while the run is built.
   */
  function renewingWith(renew: () => Promise<boolean>, step = 'compiling') {
    let renewed!: () => void;
    const answered = new Promise<void>((resolve) => {
      renewed = resolve;
    });
    const renewing: Database = {
      ...database,
      indexRuns: {
        ...database.indexRuns,
        renew: async () => {
          try {
            return await renew();
          } finally {
            renewed();
          }
        },
        progress: async (id, owner, progress) => {
          if (progress.step === step) await answered;
          return database.indexRuns.progress(id, owner, progress);
        },
      },
    };
    return renewing;
  }

  it('survives a renewal the database fails, and finishes the run', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const failing = renewingWith(async () => {
      throw new Error('the database is gone');
    });
    expect(await indexer({ database: failing, leaseMs: 1_000 }).runOnce()).toBe(true);
    expect(await runOf(run.id)).toMatchObject({ status: 'succeeded' });
  });

  it('stops the build when a renewal says the run is no longer its own, and moves nothing live', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const lost = renewingWith(async () => false);
    expect(await indexer({ database: lost, leaseMs: 1_000 }).runOnce()).toBe(true);
    expect(await runOf(run.id)).toMatchObject({ status: 'running', leaseOwner: indexers[0]?.owner });
    expect(await database.live.get()).toBeUndefined();
  });

  it('survives a progress figure the database fails to write while compiling', async () => {
    const products: CatalogEntity[] = Array.from({ length: 5_001 }, (_, i) => ({
      type: 'product',
      id: `p${i}`,
      title: `Kettle ${i}`,
    }));
    const run = await enqueue(await snapshotOf(toJsonLines(products)));
    const failing: Database = {
      ...database,
      indexRuns: {
        ...database.indexRuns,
        progress: async (id, owner, progress) => {
          if (progress.step === 'compiling' && Number(progress.entities) > 0)
            throw new Error('the database is gone');
          return database.indexRuns.progress(id, owner, progress);
        },
      },
    };
    expect(await indexer({ database: failing }).runOnce()).toBe(true);
    expect(await runOf(run.id)).toMatchObject({ status: 'succeeded' });
  });
});

describe('start, nudge and stop', () => {
  /** The database with every look for work counted, so a test knows the indexer went idle. */
  function countingLooks() {
    const looks: Array<IndexRunRecord | undefined> = [];
    const counted: Database = {
      ...database,
      indexRuns: {
        ...database.indexRuns,
        claim: async (request) => {
          const run = await database.indexRuns.claim(request);
          looks.push(run);
          return run;
        },
      },
    };
    return { database: counted, looks };
  }

  it('takes a run when nudged, without waiting for the poll interval', async () => {
    const { database: counted, looks } = countingLooks();
    const onLive = vi.fn();
    const worker = indexer({ database: counted, onLive, pollMs: 60_000 });
    worker.start();
    await waitFor('the indexer to find the queue empty', async () => (looks.length > 0 ? true : undefined));
    expect(looks).toEqual([undefined]);

    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    worker.nudge();
    await waitFor(
      'the run to go live',
      async () => ((await database.live.get())?.runId === run.id ? true : undefined),
      10_000,
    );
    expect((await runOf(run.id)).status).toBe('succeeded');
    expect(onLive).toHaveBeenCalledTimes(1);

    // After a run it looks again at once, finds nothing and sleeps; a nudge wakes it again.
    await waitFor('the indexer to look again', async () => (looks.length >= 3 ? true : undefined));
    expect(looks[2]).toBeUndefined();
    const next = await enqueue(await snapshotOf(toJsonLines(withoutKettle)), 'rebuild');
    worker.nudge();
    await waitFor(
      'the second run to go live',
      async () => ((await database.live.get())?.runId === next.id ? true : undefined),
      10_000,
    );
    expect(onLive).toHaveBeenCalledTimes(2);
    await worker.stop();
  });

  it('does not lose a nudge that comes while it is looking for work', async () => {
    let lookDone!: () => void;
    const looked = new Promise<void>((resolve) => {
      lookDone = resolve;
    });
    let finishLook!: () => void;
    const lookGate = new Promise<void>((resolve) => {
      finishLook = resolve;
    });
    let first = true;
    const slowFirstLook: Database = {
      ...database,
      indexRuns: {
        ...database.indexRuns,
        claim: async (request) => {
          const run = await database.indexRuns.claim(request);
          if (first) {
            first = false;
            lookDone();
            await lookGate;
          }
          return run;
        },
      },
    };
    const worker = indexer({ database: slowFirstLook, pollMs: 60_000 });
    worker.start();
    await looked;

    // The indexer has read an empty queue and not yet gone to sleep when the run comes.
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    worker.nudge();
    finishLook();

    await waitFor(
      'the run to go live',
      async () => ((await database.live.get())?.runId === run.id ? true : undefined),
      10_000,
    );
    expect((await runOf(run.id)).status).toBe('succeeded');
  });

  it('does not lose a nudge that comes while it looks for work after a poll ran out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let lookDone!: () => void;
      const looked = new Promise<void>((resolve) => {
        lookDone = resolve;
      });
      let finishLook!: () => void;
      const lookGate = new Promise<void>((resolve) => {
        finishLook = resolve;
      });
      let looks = 0;
      const slowSecondLook: Database = {
        ...database,
        indexRuns: {
          ...database.indexRuns,
          claim: async (request) => {
            const run = await database.indexRuns.claim(request);
            looks += 1;
            if (looks === 2) {
              lookDone();
              await lookGate;
            }
            return run;
          },
        },
      };
      const worker = indexer({ database: slowSecondLook, pollMs: 60_000 });
      worker.start();
      await waitFor('the indexer to find the queue empty', async () => (looks > 0 ? true : undefined));
      // The poll interval passes without a nudge, and the indexer looks again.
      await vi.advanceTimersByTimeAsync(60_000);
      await looked;

      const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
      worker.nudge();
      finishLook();

      await waitFor(
        'the run to go live',
        async () => ((await database.live.get())?.runId === run.id ? true : undefined),
        5_000,
      );
      expect((await runOf(run.id)).status).toBe('succeeded');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops at once while idle, although the poll interval is long', async () => {
    const { database: counted, looks } = countingLooks();
    const worker = indexer({ database: counted, pollMs: 60_000 });
    worker.start();
    await waitFor('the indexer to find the queue empty', async () => (looks.length > 0 ? true : undefined));
    await worker.stop();

    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    worker.nudge();
    expect(looks).toHaveLength(1);
    expect((await runOf(run.id)).status).toBe('queued');
  }, 10_000);

  it('finishes the run it is building before stop answers', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const held = withSuccessHeld();
    const worker = indexer({ database: held.database, pollMs: 60_000 });
    worker.start();
    await held.finishing;

    const stopping = worker.stop();
    held.release();
    await stopping;

    expect((await runOf(run.id)).status).toBe('succeeded');
    expect((await database.live.get())?.runId).toBe(run.id);
  });
});

/** A build that works until it is told to stop: the run stays in its build while a test acts. */
function endlessBuilds(): { tasks: TaskRunner; started: Promise<void> } {
  let started: () => void = () => {};
  return {
    started: new Promise((resolve) => {
      started = resolve;
    }),
    tasks: {
      run: (_task, _input, options) =>
        new Promise((_resolve, reject) => {
          started();
          options?.signal?.addEventListener('abort', () => reject(options.signal?.reason));
        }),
    },
  };
}

describe('a build whose lease is lost, or whose indexer stops', () => {
  it('stops when a renewal answers that another indexer holds the run, and leaves the run alone', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const taken = { ...database, indexRuns: { ...database.indexRuns, renew: async () => false } };
    const { tasks } = endlessBuilds();
    expect(await indexer({ database: taken, tasks, leaseMs: 300 }).runOnce()).toBe(true);
    expect(await runOf(run.id)).toMatchObject({ status: 'running', attempts: 1 });
    expect((await runOf(run.id)).error).toBeUndefined();
  });

  it('stops when renewals fail until the lease ran out', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const renewals: string[] = [];
    const failing = {
      ...database,
      indexRuns: {
        ...database.indexRuns,
        renew: async () => {
          renewals.push('failed');
          throw new Error('the database went away');
        },
      },
    };
    const { tasks } = endlessBuilds();
    expect(await indexer({ database: failing, tasks, leaseMs: 300 }).runOnce()).toBe(true);
    expect(renewals.length).toBeGreaterThanOrEqual(3);
    expect(await runOf(run.id)).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('gives the run back to the queue when the indexer stops, without counting the attempt', async () => {
    const run = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    const { tasks, started } = endlessBuilds();
    const worker = indexer({ tasks, pollMs: 60_000 });
    worker.start();
    await started;
    expect(await runOf(run.id)).toMatchObject({ status: 'running', attempts: 1 });
    await worker.stop();
    const given = await runOf(run.id);
    expect(given).toMatchObject({ status: 'queued', attempts: 0 });
    expect(given.leaseOwner).toBeUndefined();
    // Another indexer takes it at once, though the first one's lease would have held for long.
    expect(await indexer().runOnce()).toBe(true);
    expect(await runOf(run.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});

describe('live indexes of another artifact format', () => {
  /**
   * Builds the small shop live, then answers a blob store in which its artifact reads as an
   * earlier (or later) version of aisle wrote it, its header naming `format`, until a build keeps
   * the artifact again (another version's bytes would have had another key).
   */
  async function liveInFormat(format: number): Promise<{ first: IndexRunRecord; store: BlobStore }> {
    const first = await enqueue(await snapshotOf(toJsonLines(smallShop)));
    await indexer().runOnce();
    const key = (await database.live.get())!.artifact;
    const other = Buffer.from(await blobs.get(key));
    other.writeUInt32LE(format, 8);
    expect(() => loadIndex(other)).toThrow(`index artifact format ${format} is not supported`);
    let rebuilt = false;
    const store: BlobStore = {
      reach: () => blobs.reach(),
      put: async (bytes) => {
        const kept = await blobs.put(bytes);
        if (kept === key) rebuilt = true;
        return kept;
      },
      putStream: (stream) => blobs.putStream(stream),
      stage: (stream, maxBytes) => blobs.stage(stream, maxBytes),
      open: (wanted) => blobs.open(wanted),
      locate: (wanted) => blobs.locate(wanted),
      removeAbandoned: (olderThanMs) => blobs.removeAbandoned(olderThanMs),
      get: async (wanted) => (wanted === key && !rebuilt ? other : blobs.get(wanted)),
      head: async (wanted, length) =>
        wanted === key && !rebuilt ? other.subarray(0, length) : blobs.head(wanted, length),
      has: (wanted) => blobs.has(wanted),
      size: (wanted) => blobs.size(wanted),
      delete: (wanted) => blobs.delete(wanted),
    };
    return { first, store };
  }

  it('queues a rebuild of what is live when the indexer starts, and builds it', async () => {
    const { first, store } = await liveInFormat(FORMAT_VERSION - 1);
    const worker = indexer({ blobs: store, pollMs: 60_000 });
    worker.start();
    await waitFor('a rebuild to go live', async () => {
      const live = await database.live.get();
      return live && live.runId !== first.id ? live : undefined;
    });
    const rebuilt = await runOf((await database.live.get())!.runId);
    expect(rebuilt).toMatchObject({
      status: 'succeeded',
      trigger: { kind: 'indexer' },
      snapshotId: first.snapshotId,
      releaseId: first.releaseId,
      report: {
        course: {
          way: 'rebuild',
          cause: `The indexer rebuilt what was live. The live indexes were built in artifact format ${FORMAT_VERSION - 1}; this version reads format ${FORMAT_VERSION}.`,
        },
      },
    });
    expect(indexStats(loadIndex(await blobs.get(rebuilt.artifact!))).types).toContainEqual({
      type: 'product',
      documents: 3,
    });
  });

  it('queues nothing when the live indexes are of this format, or a rebuild of them is under way', async () => {
    await enqueue(await snapshotOf(toJsonLines(smallShop)));
    await indexer().runOnce();
    expect(await indexer().rebuildOtherFormat()).toBe(false);

    const { first, store } = await liveInFormat(FORMAT_VERSION + 1);
    const worker = indexer({ blobs: store });
    expect(await worker.rebuildOtherFormat()).toBe(true);
    expect(await worker.rebuildOtherFormat()).toBe(false);
    const runs = await database.indexRuns.list({ page: 1, perPage: 15 });
    expect(runs.items.filter((run) => run.status === 'queued')).toEqual([
      expect.objectContaining({
        trigger: expect.objectContaining({ kind: 'indexer' }),
        snapshotId: first.snapshotId,
      }),
    ]);
  });
});

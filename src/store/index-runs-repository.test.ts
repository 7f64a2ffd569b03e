import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { GIVEN_UP_ERROR } from './index-run-rows.js';
import { openScratchDatabase } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
const T0 = Date.parse('2025-03-01T10:00:00.000Z');
/** The time `seconds` after T0, as stored. */
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const LEASE_MS = 30_000;
const artifact = 'f'.repeat(64);

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !postgresUrl)(`index runs on ${backend}`, () => {
    let db: Database;
    beforeEach(async () => {
      db = await openScratchDatabase(backend === 'postgres' ? postgresUrl : undefined);
      for (const id of ['sn_1', 'sn_2']) {
        await db.snapshots.put({
          id,
          blob: 'a'.repeat(64),
          format: 'jsonl',
          bytes: 1,
          entities: 1,
          receivedAt: at(0),
        });
      }
      await db.releases.create({ id: 'rl_1', files: {}, createdAt: at(0) });
    });
    afterEach(() => db.close());

    const enqueue = (seconds: number, snapshotId = 'sn_1') =>
      db.indexRuns.enqueue({ trigger: { kind: 'catalog' }, snapshotId, releaseId: 'rl_1', at: at(seconds) });
    const claim = (owner: string, seconds: number, leaseMs = LEASE_MS) =>
      db.indexRuns.claim({ owner, at: at(seconds), leaseMs });

    describe('enqueue, get and list', () => {
      it('queues a run with ids counted up', async () => {
        const first = await db.indexRuns.enqueue({
          trigger: { kind: 'import', import: 7 },
          snapshotId: 'sn_1',
          releaseId: 'rl_1',
          at: at(1),
        });
        expect(first).toEqual({
          id: first.id,
          status: 'queued',
          trigger: { kind: 'import', import: 7 },
          snapshotId: 'sn_1',
          releaseId: 'rl_1',
          attempts: 0,
          queuedAt: at(1),
          catalogGeneration: 0,
        });
        const second = await enqueue(2);
        expect(second.id).toBe(first.id + 1);
        expect(await db.indexRuns.get(second.id)).toEqual(second);
        expect(await db.indexRuns.get(second.id + 1)).toBeUndefined();
      });

      it('supersedes every older run still queued, not the running one', async () => {
        const running = await enqueue(1);
        await claim('indexer-a', 1);
        const waiting = await enqueue(2);
        const newest = await enqueue(3);

        expect(await db.indexRuns.get(waiting.id)).toMatchObject({
          status: 'superseded',
          finishedAt: at(3),
          supersededBy: newest.id,
        });
        expect(await db.indexRuns.get(running.id)).toMatchObject({ status: 'running' });
        expect(await db.indexRuns.get(newest.id)).toMatchObject({ status: 'queued' });
      });

      it('lists newest first, paged with the total', async () => {
        const ids = [(await enqueue(1)).id, (await enqueue(2)).id, (await enqueue(3)).id];
        const first = await db.indexRuns.list({ page: 1, perPage: 2 });
        expect(first.total).toBe(3);
        expect(first.items.map((run) => run.id)).toEqual([ids[2], ids[1]]);
        expect((await db.indexRuns.list({ page: 2, perPage: 2 })).items.map((run) => run.id)).toEqual([
          ids[0],
        ]);
      });
    });

    describe('claim', () => {
      it('takes the queued run and leases it to the owner', async () => {
        const run = await enqueue(1);
        const claimed = await claim('indexer-a', 2);
        expect(claimed).toEqual({
          ...run,
          status: 'running',
          attempts: 1,
          leaseOwner: 'indexer-a',
          leaseExpiresAt: at(2 + LEASE_MS / 1000),
          startedAt: at(2),
        });
        expect(await claim('indexer-b', 3)).toBeUndefined();
      });

      it('answers undefined when nothing waits', async () => {
        expect(await claim('indexer-a', 1)).toBeUndefined();
      });

      it('takes the oldest claimable run first: an expired running run before a newer queued one', async () => {
        const stopped = await enqueue(1);
        await claim('indexer-a', 1);
        const queued = await enqueue(2);

        expect((await claim('indexer-b', 10))?.id).toBe(queued.id);
        await enqueue(11);
        expect((await claim('indexer-c', 40))?.id).toBe(stopped.id);
      });

      it('takes up a run again once its lease ran out, counting the attempt and keeping the first start', async () => {
        const run = await enqueue(1);
        await claim('indexer-a', 1);
        await db.indexRuns.progress(run.id, 'indexer-a', { step: 'compiling' });

        expect(await claim('indexer-b', 31)).toBeUndefined();
        const again = await claim('indexer-b', 32);
        expect(again).toMatchObject({ id: run.id, attempts: 2, leaseOwner: 'indexer-b', startedAt: at(1) });
        expect(again?.progress).toBeUndefined();
        expect(await db.indexRuns.renew(run.id, 'indexer-a', at(33), LEASE_MS)).toBe(false);
      });

      it('gives a run up after three attempts, with the sentence', async () => {
        const run = await enqueue(0);
        expect((await claim('a', 0, 1000))?.attempts).toBe(1);
        expect((await claim('b', 2, 1000))?.attempts).toBe(2);
        expect((await claim('c', 4, 1000))?.attempts).toBe(3);
        await db.indexRuns.progress(run.id, 'c', { step: 'compiling', entities: 12 });

        expect(await claim('d', 6)).toBeUndefined();
        expect(await db.indexRuns.get(run.id)).toMatchObject({
          status: 'failed',
          attempts: 3,
          error: GIVEN_UP_ERROR,
          failedStep: 'compiling',
          finishedAt: at(6),
        });
        expect(GIVEN_UP_ERROR).toBe(
          'The indexer stopped three times while building this run; it was given up.',
        );
      });
    });

    describe('while running', () => {
      it('renews the lease only for its owner', async () => {
        const run = await enqueue(1);
        await claim('indexer-a', 1);
        expect(await db.indexRuns.renew(run.id, 'indexer-a', at(20), LEASE_MS)).toBe(true);
        expect((await db.indexRuns.get(run.id))?.leaseExpiresAt).toBe(at(50));
        expect(await claim('indexer-b', 40)).toBeUndefined();
        expect(await db.indexRuns.renew(run.id, 'indexer-b', at(20), LEASE_MS)).toBe(false);
      });

      it('records progress only for its owner', async () => {
        const run = await enqueue(1);
        await claim('indexer-a', 1);
        expect(await db.indexRuns.progress(run.id, 'indexer-a', { step: 'compiling', entities: 5000 })).toBe(
          true,
        );
        expect(await db.indexRuns.progress(run.id, 'indexer-b', { step: 'storing' })).toBe(false);
        expect((await db.indexRuns.get(run.id))?.progress).toEqual({ step: 'compiling', entities: 5000 });
      });

      it('fails with the step and the sentence, only for its owner', async () => {
        const run = await enqueue(1);
        await claim('indexer-a', 1);
        const failure = { at: at(5), step: 'reading', error: 'The export could not be read.' };
        expect(await db.indexRuns.fail(run.id, 'indexer-b', failure)).toBe(false);
        expect(await db.indexRuns.fail(run.id, 'indexer-a', { ...failure, report: { rejected: 3 } })).toBe(
          true,
        );
        expect(await db.indexRuns.get(run.id)).toMatchObject({
          status: 'failed',
          failedStep: 'reading',
          error: 'The export could not be read.',
          report: { rejected: 3 },
          finishedAt: at(5),
        });
        expect(await db.indexRuns.renew(run.id, 'indexer-a', at(6), LEASE_MS)).toBe(false);
        expect(await db.live.get()).toBeUndefined();
      });
    });

    describe('succeed', () => {
      it('goes live: the run keeps its artifact and report and the live pointer names it', async () => {
        expect(await db.live.get()).toBeUndefined();
        const run = await enqueue(1, 'sn_2');
        await claim('indexer-a', 1);
        expect(
          await db.indexRuns.succeed(run.id, 'indexer-a', { at: at(9), artifact, report: { entities: 1 } }),
        ).toBe('live');

        expect(await db.indexRuns.get(run.id)).toMatchObject({
          status: 'succeeded',
          artifact,
          report: { entities: 1 },
          finishedAt: at(9),
        });
        expect(await db.live.get()).toEqual({
          runId: run.id,
          snapshotId: 'sn_2',
          releaseId: 'rl_1',
          artifact,
          since: at(9),
        });
        expect((await db.indexRuns.get(run.id))?.status).toBe('succeeded');
      });

      it('supersedes a run that finishes after a newer one went live, and the live pointer stays', async () => {
        const older = await enqueue(1, 'sn_1');
        await claim('indexer-a', 1);
        const newer = await enqueue(2, 'sn_2');
        await claim('indexer-b', 2);

        expect(await db.indexRuns.succeed(newer.id, 'indexer-b', { at: at(5), artifact, report: {} })).toBe(
          'live',
        );
        const late = 'e'.repeat(64);
        expect(
          await db.indexRuns.succeed(older.id, 'indexer-a', { at: at(6), artifact: late, report: {} }),
        ).toBe('superseded');

        const dropped = await db.indexRuns.get(older.id);
        expect(dropped).toMatchObject({ status: 'superseded', finishedAt: at(6) });
        expect(dropped?.artifact).toBeUndefined();
        expect(await db.live.get()).toMatchObject({
          runId: newer.id,
          snapshotId: 'sn_2',
          artifact,
          since: at(5),
        });
        expect((await db.indexRuns.get(newer.id))?.status).toBe('succeeded');
      });

      it('lets a newer run replace an older live one', async () => {
        const older = await enqueue(1);
        await claim('a', 1);
        await db.indexRuns.succeed(older.id, 'a', { at: at(2), artifact, report: {} });
        const newer = await enqueue(3, 'sn_2');
        await claim('b', 3);
        expect(await db.indexRuns.succeed(newer.id, 'b', { at: at(4), artifact, report: {} })).toBe('live');
        expect((await db.live.get())?.runId).toBe(newer.id);
      });

      it('changes nothing for an indexer that lost the run', async () => {
        const run = await enqueue(1);
        await claim('indexer-a', 1);
        await claim('indexer-b', 40);
        expect(await db.indexRuns.succeed(run.id, 'indexer-a', { at: at(41), artifact, report: {} })).toBe(
          'lost',
        );
        expect(await db.indexRuns.get(run.id)).toMatchObject({ status: 'running', leaseOwner: 'indexer-b' });
        expect(await db.live.get()).toBeUndefined();
      });
    });
  });
}

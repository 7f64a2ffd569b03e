import type { Kysely } from 'kysely';
import { type PageRequest, pageOffset } from '../lib/paging.js';
import type { DialectName } from './connect.js';
import { type ClaimRequest, claimRun } from './index-run-claim.js';
import { insertQueuedRun, type NewIndexRun } from './index-run-enqueue.js';
import { leaseExpiry, toIndexRun } from './index-run-rows.js';
import { type RunOutcome, type RunSuccess, succeedRun } from './index-run-success.js';
import { settlePublication } from './publication-settle.js';
import type { IndexRunRecord, Instant, JsonObject } from './records.js';
import { storedTime, toNumber } from './rows.js';
import type { Schema } from './schema.js';

export type { NewIndexRun } from './index-run-enqueue.js';

export interface RunFailure {
  at: Instant;
  /** The step it failed in, when it failed in one. */
  step?: string;
  /** Why, as a sentence. */
  error: string;
  report?: JsonObject;
}

/**
 * The queue of index runs. Methods that take an `owner` act only while the run is running and leased
 * to that owner, and answer false (or `lost`) otherwise, so an indexer that lost its run stops.
 */
export interface IndexRunsRepository {
  /** Queues a run; every older run still queued is superseded, since this one makes it pointless. */
  enqueue(run: NewIndexRun): Promise<IndexRunRecord>;
  get(id: number): Promise<IndexRunRecord | undefined>;
  /** Newest first. */
  list(page: PageRequest): Promise<{ items: IndexRunRecord[]; total: number }>;
  claim(request: ClaimRequest): Promise<IndexRunRecord | undefined>;
  renew(id: number, owner: string, at: Instant, leaseMs: number): Promise<boolean>;
  /**
   * Gives a run back to the queue when its indexer stops on purpose: another indexer may take it
   * at once, and the attempt does not count. False when the run was not this owner's.
   */
  release(id: number, owner: string): Promise<boolean>;
  progress(id: number, owner: string, progress: JsonObject): Promise<boolean>;
  fail(id: number, owner: string, failure: RunFailure): Promise<boolean>;
  succeed(id: number, owner: string, success: RunSuccess): Promise<RunOutcome>;
  /** Whether a queued or running run builds this snapshot with this release (and so the same artifact). */
  unfinishedBuilds(snapshotId: string, releaseId: string): Promise<boolean>;
  /** How many runs are in each status now (statuses without runs are absent). */
  countByStatus(): Promise<Record<string, number>>;
  /** Whether a queued or running run reads this snapshot. */
  readsSnapshot(snapshotId: string): Promise<boolean>;
  /** The latest run of this release that went live, if one ever did. */
  lastSucceededWith(releaseId: string): Promise<IndexRunRecord | undefined>;
  /** Runs queued or running, oldest first. */
  unfinished(): Promise<IndexRunRecord[]>;
  /** Runs that keep an artifact, newest first. */
  withArtifacts(): Promise<IndexRunRecord[]>;
  /** Notes that a run's artifact was removed from storage. */
  dropArtifact(id: number): Promise<void>;
  /** The snapshots runs built, each once, the most recently queued first. */
  catalogsBuilt(): Promise<string[]>;
}

/**
 * Index runs by the questions asked of them: the queue as the API shows it (runQueue), a run's
 * lease as its indexer holds it (runLeases), and what the scheduler and the clean-up ask of the
 * runs (runStates).
 */
export function createIndexRunsRepository(db: Kysely<Schema>, dialect: DialectName): IndexRunsRepository {
  return { ...runQueue(db, dialect), ...runLeases(db, dialect), ...runStates(db) };
}

/** Runs queued, read and listed. */
function runQueue(
  db: Kysely<Schema>,
  dialect: DialectName,
): Pick<IndexRunsRepository, 'enqueue' | 'get' | 'list'> {
  return {
    async enqueue(run) {
      const row = await db.transaction().execute((trx) => insertQueuedRun(trx, dialect, run));
      return toIndexRun(row);
    },

    async get(id) {
      const row = await db.selectFrom('index_runs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toIndexRun(row);
    },

    async list(page) {
      const rows = await db
        .selectFrom('index_runs')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(page.perPage)
        .offset(pageOffset(page))
        .execute();
      const count = await db
        .selectFrom('index_runs')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return { items: rows.map(toIndexRun), total: toNumber(count.total) };
    },
  };
}

/** What an indexer does with a run it holds: each write acts only while its lease is the owner's. */
function runLeases(
  db: Kysely<Schema>,
  dialect: DialectName,
): Pick<IndexRunsRepository, 'claim' | 'renew' | 'release' | 'progress' | 'fail' | 'succeed'> {
  const ownRun = (id: number, owner: string) =>
    db
      .updateTable('index_runs')
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', owner);

  return {
    claim: (request) => claimRun(db, dialect, request),

    async renew(id, owner, at, leaseMs) {
      const result = await ownRun(id, owner)
        .set({ lease_expires_at: leaseExpiry(at, leaseMs) })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async release(id, owner) {
      const result = await ownRun(id, owner)
        .set((eb) => ({
          status: 'queued',
          attempts: eb('attempts', '-', 1),
          lease_owner: null,
          lease_expires_at: null,
          progress: null,
        }))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async progress(id, owner, progress) {
      const result = await ownRun(id, owner)
        .set({ progress: JSON.stringify(progress) })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async fail(id, owner, { at, step, error, report }) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('index_runs')
          .where('id', '=', id)
          .where('status', '=', 'running')
          .where('lease_owner', '=', owner)
          .set({
            status: 'failed',
            finished_at: storedTime(at),
            failed_step: step ?? null,
            error,
            report: report === undefined ? null : JSON.stringify(report),
          })
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await settlePublication(trx);
        return true;
      });
    },

    succeed: (id, owner, success) => succeedRun(db, id, owner, success),
  };
}

/** What the scheduler, the publication and the clean-up ask of the runs. */
function runStates(
  db: Kysely<Schema>,
): Pick<
  IndexRunsRepository,
  | 'unfinishedBuilds'
  | 'countByStatus'
  | 'lastSucceededWith'
  | 'unfinished'
  | 'withArtifacts'
  | 'dropArtifact'
  | 'catalogsBuilt'
  | 'readsSnapshot'
> {
  return {
    async unfinishedBuilds(snapshotId, releaseId) {
      const row = await db
        .selectFrom('index_runs')
        .select('id')
        .where('snapshot_id', '=', snapshotId)
        .where('release_id', '=', releaseId)
        .where('status', 'in', ['queued', 'running'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async countByStatus() {
      const rows = await db
        .selectFrom('index_runs')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('runs')])
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, toNumber(row.runs)]));
    },

    async lastSucceededWith(releaseId) {
      const row = await db
        .selectFrom('index_runs')
        .selectAll()
        .where('release_id', '=', releaseId)
        .where('status', '=', 'succeeded')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toIndexRun(row);
    },

    async unfinished() {
      const rows = await db
        .selectFrom('index_runs')
        .selectAll()
        .where('status', 'in', ['queued', 'running'])
        .orderBy('id')
        .execute();
      return rows.map(toIndexRun);
    },

    async withArtifacts() {
      const rows = await db
        .selectFrom('index_runs')
        .selectAll()
        .where('artifact', 'is not', null)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toIndexRun);
    },

    async dropArtifact(id) {
      await db.updateTable('index_runs').set({ artifact: null }).where('id', '=', id).execute();
    },

    async catalogsBuilt() {
      const rows = await db
        .selectFrom('index_runs')
        .select('snapshot_id')
        .select((eb) => eb.fn.max('id').as('last'))
        .groupBy('snapshot_id')
        .orderBy('last', 'desc')
        .execute();
      return rows.map((row) => row.snapshot_id);
    },

    async readsSnapshot(snapshotId) {
      const row = await db
        .selectFrom('index_runs')
        .select('id')
        .where('snapshot_id', '=', snapshotId)
        .where('status', 'in', ['queued', 'running'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

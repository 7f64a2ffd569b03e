import type { FastifyBaseLogger } from 'fastify';
import type { CatalogFetchRecord } from '../store/index.js';
import { fetchCatalogSourceIfDue } from './services/catalog-source-fetch.js';
import type { ControlDeps } from './services/deps.js';
import { cleanUpExports } from './services/imports-cleanup.js';
import { type RollUpResult, rollUpSearchLog } from './services/rollup.js';
import { cleanUpStorage, type StorageCleanUp } from './services/storage-cleanup.js';

export interface PassResult {
  /** Imports whose export the clean-up removed. */
  removedExports: number[];
  /** The fetch of the catalog source this pass made, when one was due. */
  fetched?: CatalogFetchRecord;
  /** What the clean-up of storage removed; absent when that job failed. */
  storage?: StorageCleanUp;
  /** Temporary files of blob writes that never finished, removed. */
  removedAbandoned: number;
  /** What the search log's roll-up counted and removed; absent when that job failed. */
  rollUp?: RollUpResult;
  /** The jobs that failed in this pass (each logged); the others ran all the same. */
  failed: PassJob[];
}

/** The jobs of a pass, in the order they run. */
export type PassJob =
  | 'catalog source fetch'
  | 'export clean-up'
  | 'abandoned writes'
  | 'storage clean-up'
  | 'search log roll-up';

/**
 * A temporary blob file this old belongs to no write still under way (an upload of the largest
 * body takes minutes): its writer was killed, and nothing will ever rename it into place.
 */
export const ABANDONED_WRITE_MS = 6 * 3_600_000;

export interface SchedulerOptions {
  deps: ControlDeps;
  logger: FastifyBaseLogger;
  /** How long the export of a discarded or replaced import is kept. */
  exportRetentionMs: number;
  /** Days the raw search log is kept. */
  searchLogRetentionDays: number;
  /** How often the jobs run. */
  intervalMs: number;
}

/**
 * The control plane's timed work: one pass runs every job once, then waits an interval. Each job
 * reads the time from the injected clock, so a test runs a pass with `runOnce` at a fixed time.
 */
export class Scheduler {
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<PassResult> | undefined;
  #stopped = true;
  /** A pass was asked for while none could start: the next one runs at once. */
  #woken = false;

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule();
  }

  /** Stops scheduling and waits for a pass under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#pass?.catch(() => undefined);
  }

  /** Runs every job once and says what it did; a pass already under way is waited for, not overlapped. */
  runOnce(): Promise<PassResult> {
    this.#pass ??= this.#runJobs().finally(() => {
      this.#pass = undefined;
    });
    return this.#pass;
  }

  /** Runs a pass soon rather than at the next interval: a fetch was asked for. */
  wake(): void {
    this.#woken = true;
    // A pass under way may have looked already: the next one follows it at once.
    if (this.#stopped || this.#pass) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#passThenSchedule(), 0);
    this.#timer.unref();
  }

  async #runJobs(): Promise<PassResult> {
    const { deps, logger, exportRetentionMs, searchLogRetentionDays } = this.options;
    this.#woken = false;
    const failed: PassJob[] = [];
    // Each job on its own: one that fails is logged and the pass goes on with the next, so a
    // failing fetch never holds back the clean-ups and the roll-up.
    const job = async <T>(name: PassJob, run: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await run();
      } catch (error) {
        failed.push(name);
        logger.error({ err: error, job: name }, 'a scheduled job failed; the pass goes on with the next');
        return undefined;
      }
    };
    // Credentials never reach the log: a fetch is logged by its URL, outcome and reason.
    const fetched = await job('catalog source fetch', () => fetchCatalogSourceIfDue(deps));
    if (fetched) {
      logger.info(
        { url: fetched.url, outcome: fetched.outcome, reason: fetched.detail },
        'catalog source fetched',
      );
    }
    const removed =
      (await job('export clean-up', () => cleanUpExports(deps, exportRetentionMs)))?.removed ?? [];
    if (removed.length > 0)
      logger.info({ imports: removed }, 'exports of discarded and replaced imports removed');
    const removedAbandoned =
      (await job('abandoned writes', () => deps.blobs.removeAbandoned(ABANDONED_WRITE_MS))) ?? 0;
    if (removedAbandoned > 0)
      logger.info({ files: removedAbandoned }, 'files of unfinished blob writes removed');
    const storage = await job('storage clean-up', () => cleanUpStorage(deps));
    if (storage && storage.artifacts.length + storage.catalogs.length + storage.offers > 0) {
      logger.info(
        { runs: storage.artifacts, catalogs: storage.catalogs, offers: storage.offers },
        'artifacts of replaced runs, catalogs beyond those kept and ended offers removed',
      );
    }
    const rollUp = await job('search log roll-up', () => rollUpSearchLog(deps, searchLogRetentionDays));
    if (rollUp && rollUp.removed.searches + rollUp.removed.events > 0)
      logger.info(rollUp.removed, 'search log rows older than the retention period removed');
    return {
      removedExports: removed,
      removedAbandoned,
      ...(fetched ? { fetched } : {}),
      ...(storage ? { storage } : {}),
      ...(rollUp ? { rollUp } : {}),
      failed,
    };
  }

  #passThenSchedule(): void {
    this.runOnce()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'a scheduled job failed'))
      .finally(() => this.#schedule());
  }

  #schedule(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#passThenSchedule(), this.#woken ? 0 : this.options.intervalMs);
    this.#timer.unref();
  }
}

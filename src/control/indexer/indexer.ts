import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportLimits } from '../../catalog/index.js';
import { artifactFormat, FORMAT_HEADER_BYTES, FORMAT_VERSION } from '../../engine/index.js';
import type { Clock } from '../../lib/clock.js';
import { rfc3339 } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { TaskRunner } from '../../lib/tasks.js';
import type { BlobStore, Database, IndexRunRecord, RunOutcome } from '../../store/index.js';
import { type BuildContext, type BuiltRun, buildRun, RunFailure, type RunStep } from './build-run.js';
import { smartCategoriesReadOffers } from './time-decisions.js';

export interface IndexerOptions {
  database: Database;
  blobs: BlobStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** How long to wait for work when the queue is empty. */
  pollMs: number;
  /** How long a taken run stays ours without renewal; renewed at a third of it. */
  leaseMs: number;
  /** Runs the builds' heavy work (buildTasks) off this thread: a pool of worker threads. */
  tasks: TaskRunner;
  /** Called after a run went live, so a query node in the same process loads it at once. */
  onLive?: () => void;
  /** How much an export may make the readers read; by default DEFAULT_EXPORT_LIMITS. */
  exportLimits?: ExportLimits;
  /** Called when a run this indexer built ended, with how it ended and how long it took. */
  onFinished?: (outcome: RunOutcome | 'failed', seconds: number) => void;
  /**
   * Called at each point of a run once the database shows it (see RunPoint): fault tests stop
   * the process there to kill it at a known step (AISLE_FAULT_STOP_AT).
   */
  checkpoint?: (point: RunPoint) => void;
}

/**
 * The points of a run: taken, each step once recorded in the database, and the artifact stored
 * but the run not yet finished.
 */
export const RUN_POINTS = ['claimed', 'reading', 'compiling', 'testing', 'storing', 'stored'] as const;
export type RunPoint = (typeof RUN_POINTS)[number];

/** Why a build stopped when its lease was lost: the run is another indexer's now. */
class LeaseLost extends Error {
  constructor(run: number) {
    super(`The lease of index run ${run} was lost.`);
  }
}

/**
 * The indexer role: takes queued runs with a lease, builds them, and moves the live pointer.
 * Several indexers may run against one database; the lease decides who builds what, and a run
 * whose indexer died is taken up again when its lease runs out.
 */
export class Indexer {
  readonly owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  #stopped = true;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  /** A nudge that came while the indexer was busy: the next sleep is skipped, not missed. */
  #nudged = false;
  #building: { run: IndexRunRecord; abort: AbortController } | undefined;
  readonly #readsOffersOf = new Map<string, boolean>();

  constructor(private readonly options: IndexerOptions) {}

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#loop = this.#run();
  }

  /**
   * Stops taking runs. A run being built stops too and goes back to the queue at once, without
   * counting as an attempt, so another indexer takes it without waiting for the lease to run out.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    this.#building?.abort.abort(new Error('The indexer is stopping.'));
    await this.#loop;
  }

  /** Looks for work now instead of at the next poll. */
  nudge(): void {
    this.#nudged = true;
    this.#wake?.();
  }

  /** Takes and builds one run if there is one; true when it did. */
  async runOnce(): Promise<boolean> {
    const { database, clock, leaseMs } = this.options;
    const run = await database.indexRuns.claim({ owner: this.owner, at: rfc3339(clock.now()), leaseMs });
    if (!run) return false;
    this.options.checkpoint?.('claimed');
    await this.#build(run);
    return true;
  }

  /**
   * Queues a rebuild of what is live when its indexes were built in another artifact format (by
   * an earlier version of aisle): query nodes of this version cannot load them. Nothing when a
   * run of the same catalog and release is already queued or building. True when it queued one.
   */
  async rebuildOtherFormat(): Promise<boolean> {
    const { database, blobs, clock, logger } = this.options;
    const live = await database.live.get();
    if (!live) return false;
    const format = artifactFormat(await blobs.head(live.artifact, FORMAT_HEADER_BYTES));
    if (format === FORMAT_VERSION) return false;
    if (await database.indexRuns.unfinishedBuilds(live.snapshotId, live.releaseId)) return false;
    const built =
      format === undefined ? 'in no artifact format this version knows' : `in artifact format ${format}`;
    const run = await database.indexRuns.enqueue({
      trigger: {
        kind: 'indexer',
        detail: `The live indexes were built ${built}; this version reads format ${FORMAT_VERSION}.`,
      },
      snapshotId: live.snapshotId,
      releaseId: live.releaseId,
      at: rfc3339(clock.now()),
    });
    logger.info(
      { run: run.id, format, reads: FORMAT_VERSION },
      'live indexes of another format: rebuild queued',
    );
    return true;
  }

  /**
   * Queues a rebuild of what is live when what its indexes decided from the time or the offers
   * went stale: smart categories over prices or sales, when a sale window opened or closed
   * (the run's `rebuildAt`) or offers were sent with PUT /offers since it was built. Nothing
   * while another run waits or builds: that one decides anew anyway. True when it queued one.
   */
  async rebuildStaleDecisions(): Promise<boolean> {
    const { database, clock, logger } = this.options;
    const live = await database.live.get();
    if (!live) return false;
    const run = await database.indexRuns.get(live.runId);
    if (!run) return false;
    const now = clock.now();
    let reason: string | undefined;
    if (run.rebuildAt !== undefined && Date.parse(run.rebuildAt) <= now.getTime()) {
      reason = `A sale window opened or closed at ${run.rebuildAt}: smart categories that read prices or on_sale are decided anew.`;
    } else if (
      (await this.#readsOffers(live.releaseId)) &&
      (await database.offers.changedAfter(run.catalogGeneration, run.offersSeq ?? 0))
    ) {
      reason =
        'Offers sent with PUT /offers changed prices or sales that smart categories read: they are decided anew.';
    }
    if (reason === undefined) return false;
    if ((await database.indexRuns.unfinished()).length > 0) return false;
    const queued = await database.indexRuns.enqueue({
      trigger: { kind: 'indexer', detail: reason },
      snapshotId: live.snapshotId,
      releaseId: live.releaseId,
      catalogGeneration: run.catalogGeneration,
      at: rfc3339(now),
    });
    logger.info({ run: queued.id, reason }, 'decisions of the live indexes went stale: rebuild queued');
    return true;
  }

  /** Whether a release's smart categories read offers, remembered per release (its files never change). */
  async #readsOffers(releaseId: string): Promise<boolean> {
    let reads = this.#readsOffersOf.get(releaseId);
    if (reads === undefined) {
      const release = await this.options.database.releases.get(releaseId);
      reads = release !== undefined && smartCategoriesReadOffers(release.files);
      this.#readsOffersOf.set(releaseId, reads);
    }
    return reads;
  }

  async #run(): Promise<void> {
    try {
      await this.rebuildOtherFormat();
    } catch (error) {
      this.options.logger.error({ err: error }, 'the indexer could not check the live indexes');
    }
    while (!this.#stopped) {
      // Whatever nudged the indexer before this look for work is answered by it.
      this.#nudged = false;
      let worked = false;
      try {
        await this.rebuildStaleDecisions();
        worked = await this.runOnce();
      } catch (error) {
        this.options.logger.error({ err: error }, 'the indexer could not take a run');
      }
      if (!worked && !this.#stopped) await this.#sleep(this.options.pollMs);
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#nudged || this.#stopped) {
      this.#nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        this.#nudged = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = done;
    });
  }

  async #build(run: IndexRunRecord): Promise<void> {
    const { database, blobs, clock, logger, tasks } = this.options;
    const startedAt = performance.now();
    let step: RunStep = 'reading';
    const abort = new AbortController();
    this.#building = { run, abort };
    const lease = this.#keepLease(run, abort);
    const progress = this.#progressWriter(run, abort);
    try {
      const built = await buildRun(
        run,
        {
          database,
          blobs,
          tasks,
          progress: (current, entities, total) => {
            step = current;
            return progress(current, entities, total);
          },
          now: () => clock.now(),
          signal: abort.signal,
          ...(this.options.exportLimits ? { exportLimits: this.options.exportLimits } : {}),
        },
        startedAt,
      );
      if (abort.signal.aborted) throw abort.signal.reason;
      this.options.checkpoint?.('stored');
      const outcome = await this.#succeed(run, built);
      if (outcome === undefined) return;
      logger.info({ run: run.id, outcome, ms: built.report.duration_ms }, 'index run finished');
      this.options.onFinished?.(outcome, (performance.now() - startedAt) / 1000);
      if (outcome === 'live') this.options.onLive?.();
      if (outcome === 'superseded') await this.#dropArtifact(run, built.artifact);
    } catch (error) {
      if (abort.signal.aborted) {
        await this.#abandon(run, abort.signal.reason);
        return;
      }
      await this.#fail(run, error instanceof RunFailure ? error.step : step, error);
      this.options.onFinished?.('failed', (performance.now() - startedAt) / 1000);
    } finally {
      clearInterval(lease);
      this.#building = undefined;
    }
  }

  /**
   * Records a built run. When the database fails here the run is not failed for it: the lease
   * runs out and the run is taken up again (its artifact is kept by content, so a new attempt
   * that builds the same bytes writes nothing new). Undefined then.
   */
  async #succeed(run: IndexRunRecord, built: BuiltRun): Promise<RunOutcome | undefined> {
    const { database, clock, logger } = this.options;
    try {
      return await database.indexRuns.succeed(run.id, this.owner, { at: rfc3339(clock.now()), ...built });
    } catch (error) {
      logger.error(
        { run: run.id, err: error },
        'a built index run could not be recorded; it is taken up again when its lease runs out',
      );
      return undefined;
    }
  }

  /**
   * Renews the run's lease at a third of its length. A renewal answering false means another
   * indexer took the run; renewals failing until the lease ran out mean it may have: either way
   * the build stops, and whoever holds the run now finishes it.
   */
  #keepLease(run: IndexRunRecord, abort: AbortController): NodeJS.Timeout {
    const { database, clock, logger, leaseMs } = this.options;
    let renewedAt = performance.now();
    return setInterval(() => {
      database.indexRuns.renew(run.id, this.owner, rfc3339(clock.now()), leaseMs).then(
        (held) => {
          if (held) renewedAt = performance.now();
          else abort.abort(new LeaseLost(run.id));
        },
        (error: unknown) => {
          logger.warn({ run: run.id, err: error }, 'the lease of an index run could not be renewed');
          if (performance.now() - renewedAt >= leaseMs) abort.abort(new LeaseLost(run.id));
        },
      );
    }, leaseMs / 3);
  }

  /** Writes progress in order, one write at a time; a write that fails is logged, not fatal. */
  #progressWriter(run: IndexRunRecord, abort: AbortController): BuildContext['progress'] {
    const { database, logger, checkpoint } = this.options;
    let last: Promise<void> = Promise.resolve();
    let lastStep: RunStep | undefined;
    return (step, entities, total) => {
      last = last.then(async () => {
        try {
          const held = await database.indexRuns.progress(run.id, this.owner, {
            step,
            entities,
            ...(total !== undefined ? { total } : {}),
          });
          // The run is not this indexer's any more: another took it once the lease ran out.
          if (!held) abort.abort(new LeaseLost(run.id));
          if (step !== lastStep) checkpoint?.(step);
          lastStep = step;
        } catch (error) {
          logger.warn({ run: run.id, err: error }, 'the progress of an index run could not be written');
        }
      });
      return last;
    };
  }

  async #fail(run: IndexRunRecord, failedStep: RunStep, error: unknown): Promise<void> {
    const { database, clock, logger } = this.options;
    const sentence =
      error instanceof RunFailure || error instanceof AppError
        ? error.message
        : `The index could not be built: ${(error instanceof Error ? error.message : String(error)).replace(/\.+$/, '')}.`;
    logger.warn({ run: run.id, step: failedStep, err: error }, 'index run failed');
    try {
      await database.indexRuns.fail(run.id, this.owner, {
        at: rfc3339(clock.now()),
        step: failedStep,
        error: sentence,
      });
    } catch (writeError) {
      // The lease runs out, and the run is taken up again (three attempts at most).
      logger.error({ run: run.id, err: writeError }, 'the failure of an index run could not be written');
    }
  }

  /** A build stopped on purpose: a stopping indexer gives the run back; a lost run is left alone. */
  async #abandon(run: IndexRunRecord, reason: unknown): Promise<void> {
    const { database, logger } = this.options;
    if (reason instanceof LeaseLost) {
      logger.warn({ run: run.id }, 'the lease of an index run was lost; its build stopped');
      return;
    }
    try {
      const released = await database.indexRuns.release(run.id, this.owner);
      logger.info({ run: run.id, released }, 'the indexer stopped; its run went back to the queue');
    } catch (error) {
      logger.error({ run: run.id, err: error }, 'the run of a stopping indexer could not be given back');
    }
  }

  /**
   * A superseded run's indexes are never read. Artifacts are named by content, so the same bytes
   * stay while they are live or while another run builds the same snapshot with the same release
   * (its store of the artifact may have found these bytes already there and written nothing).
   */
  async #dropArtifact(run: IndexRunRecord, artifact: string): Promise<void> {
    const { database, blobs } = this.options;
    const [live, building] = await Promise.all([
      database.live.get(),
      database.indexRuns.unfinishedBuilds(run.snapshotId, run.releaseId),
    ]);
    if (live?.artifact !== artifact && !building) await blobs.delete(artifact);
  }
}

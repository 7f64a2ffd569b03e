import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportLimits } from '../../catalog/index.js';
import { artifactFormat, FORMAT_HEADER_BYTES, FORMAT_VERSION } from '../../engine/index.js';
import type { Clock } from '../../lib/clock.js';
import { rfc3339 } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { BlobStore, Database, IndexRunRecord } from '../../store/index.js';
import { buildRun, RunFailure, type RunStep } from './build-run.js';

export interface IndexerOptions {
  database: Database;
  blobs: BlobStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** How long to wait for work when the queue is empty. */
  pollMs: number;
  /** How long a taken run stays ours without renewal; renewed at a third of it. */
  leaseMs: number;
  /** Called after a run went live, so a query node in the same process loads it at once. */
  onLive?: () => void;
  /** How much an export may make the readers read; by default DEFAULT_EXPORT_LIMITS. */
  exportLimits?: ExportLimits;
}

/** Why a build stopped: the run is not leased to this indexer any more. */
class RunLost extends Error {
  constructor(run: number) {
    super(`Index run ${run} is no longer leased to this indexer.`);
    this.name = 'RunLost';
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

  constructor(private readonly options: IndexerOptions) {}

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#loop = this.#run();
  }

  /** Stops taking runs and waits for the one being built, if any. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
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
    const { database, blobs, clock, logger, leaseMs } = this.options;
    const startedAt = performance.now();
    let step: RunStep = 'reading';
    // Aborted when the run is no longer ours (its lease ran out and another indexer took it, or it
    // was given up): the build stops at its next step or batch, and nothing it made is used.
    const lease = new AbortController();
    const lose = () => {
      if (!lease.signal.aborted) lease.abort(new RunLost(run.id));
    };
    const renew = async () => {
      try {
        if (!(await database.indexRuns.renew(run.id, this.owner, rfc3339(clock.now()), leaseMs))) lose();
      } catch (error) {
        // The database may come back before the lease runs out; the next renewal tries again.
        logger.warn({ run: run.id, err: error }, 'the lease of an index run could not be renewed');
      }
    };
    const renewal = setInterval(() => void renew(), leaseMs / 3);
    try {
      const built = await buildRun(
        run,
        {
          database,
          blobs,
          signal: lease.signal,
          progress: async (current, entities, total) => {
            step = current;
            lease.signal.throwIfAborted();
            const progress = { step: current, entities, ...(total !== undefined ? { total } : {}) };
            if (!(await database.indexRuns.progress(run.id, this.owner, progress))) lose();
            lease.signal.throwIfAborted();
          },
          now: () => clock.now(),
          ...(this.options.exportLimits ? { exportLimits: this.options.exportLimits } : {}),
        },
        startedAt,
      );
      lease.signal.throwIfAborted();
      const outcome = await database.indexRuns.succeed(run.id, this.owner, {
        at: rfc3339(clock.now()),
        ...built,
      });
      logger.info({ run: run.id, outcome, ms: built.report.duration_ms }, 'index run finished');
      if (outcome === 'live') this.options.onLive?.();
      if (outcome === 'superseded') await this.#dropArtifact(run, built.artifact);
    } catch (error) {
      if (lease.signal.aborted) {
        logger.warn({ run: run.id, step }, 'index run lost its lease to another indexer: its build stopped');
        return;
      }
      const failedStep = error instanceof RunFailure ? error.step : step;
      const sentence =
        error instanceof RunFailure || error instanceof AppError
          ? error.message
          : `The index could not be built: ${(error instanceof Error ? error.message : String(error)).replace(/\.+$/, '')}.`;
      logger.warn({ run: run.id, step: failedStep, err: error }, 'index run failed');
      await database.indexRuns.fail(run.id, this.owner, {
        at: rfc3339(clock.now()),
        step: failedStep,
        error: sentence,
      });
    } finally {
      clearInterval(renewal);
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

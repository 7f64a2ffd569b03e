import type { FastifyBaseLogger } from 'fastify';
import { buildManagementApp } from '../control/app.js';
import { Indexer, type RunPoint } from '../control/indexer/indexer.js';
import { indexRunMetrics } from '../control/metrics.js';
import { httpQuerySide } from '../control/query-side.js';
import { ABANDONED_WRITE_MS, Scheduler } from '../control/scheduler.js';
import type { ControlDeps } from '../control/services/deps.js';
import { type OpenApiDocument, readCommittedOpenApi, servedOpenApi } from '../http/openapi.js';
import type { HttpServer } from '../http/server.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { createMetricsRegistry, type Registry } from '../lib/metrics.js';
import type { TaskRunner } from '../lib/tasks.js';
import { WorkerPool, workerEntry, workerPoolMetrics } from '../lib/worker-pool.js';
import { buildInternalApp, buildPublicApp } from '../query/app.js';
import { LiveIndex } from '../query/live-index.js';
import { liveIndexMetrics, searchLogMetrics } from '../query/metrics.js';
import { SearchLog } from '../query/search-log/search-log.js';
import { type BlobStore, type Database, openBlobStore, openDatabase } from '../store/index.js';
import type { Config } from './config.js';
import { secretKeyFor } from './secret-key.js';

/** A worker thread idle this long ends, and gives its memory back. */
const WORKER_IDLE_MS = 30_000;
/** Searches and events the search log writes together at most, and how long one waits at most. */
const SEARCH_LOG_BATCH = 1_000;
const SEARCH_LOG_FLUSH_MS = 200;

export interface Roles {
  query: boolean;
  control: boolean;
  indexer: boolean;
}

/** The worker threads heavy work runs on: index builds, and reading exports and artifacts. */
export interface Workers {
  builds: TaskRunner;
  reads: TaskRunner;
}

export interface StackOptions {
  clock?: Clock;
  /** Workers to use instead of the stack's own pools (which it closes when it stops). */
  workers?: Workers;
}

export interface RunningStack {
  urls: { public?: string; internal?: string; management?: string };
  deps: ControlDeps;
  live?: LiveIndex;
  /** The query node's search log (its queue's figures are metrics; the stop writes what it holds). */
  searchLog?: SearchLog;
  indexer?: Indexer;
  /** The control plane's timed work (the clean-up of exports); with the control role only. */
  scheduler?: Scheduler;
  /** The process's metrics, served at /metrics on the management and internal ports: add to it. */
  metrics: Registry;
  /** The worker threads the stack's heavy work runs on. */
  workers: Workers;
  /**
   * Registers work a stop must do once no request is answered any more and before the database
   * closes: flushing a queue of writes (such as the search log) so that nothing is lost.
   */
  onStop(flush: () => Promise<void>): void;
  /**
   * Stops gracefully: the servers stop accepting connections and finish the requests in flight,
   * the indexer gives its run back to the queue, then the flush hooks run and the database closes.
   */
  stop(): Promise<void>;
}

/**
 * Starts the chosen roles over one database and blob store. Each role talks to the others only
 * through the database, the blob store and HTTP, so one process behaves as a scaled deployment.
 */
export async function startStack(
  config: Config,
  roles: Roles,
  logger: FastifyBaseLogger,
  managementKey: string | undefined,
  options: StackOptions = {},
): Promise<RunningStack> {
  const clock = options.clock ?? systemClock;
  const database: Database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const blobs: BlobStore = await openBlobStore({ url: config.blobUrl, dataDir: config.dataDir });
  // Roles start while the blob store is away (a query node then serves what it loads later), but
  // say so; reaching it now also spares the first load of an index the connection's setup.
  await blobs.reach().catch((error: unknown) => {
    logger.error(
      { err: error },
      'the blob store cannot be reached; blobs are read and written once it can be',
    );
  });
  const metrics = createMetricsRegistry();
  // Writes a killed process left unfinished; the scheduler removes later ones as it runs.
  const abandoned = await blobs.removeAbandoned(ABANDONED_WRITE_MS);
  if (abandoned > 0) logger.info({ files: abandoned }, 'files of unfinished blob writes removed');
  // Heavy work runs on worker threads, never on a server's event loop: index builds on one
  // thread of their own, and reading exports and preparing artifacts for loading on two more.
  const pools = options.workers ? {} : ownPools(roles);
  workerPoolMetrics(metrics, pools);
  const { builds, reads } = options.workers ?? { builds: pools.build!, reads: pools.read! };
  const flushes: (() => Promise<void>)[] = [];
  const urls: RunningStack['urls'] = {};
  // Read once, when first asked for: by then every server of this process listens on its port.
  let served: OpenApiDocument | undefined;
  const openApi = () => {
    served ??= servedOpenApi(readCommittedOpenApi(), urls);
    return served;
  };
  // Servers close in this order: those that take requests from outside first, then the internal
  // one, which the control plane's requests in flight may still call.
  const outer: HttpServer[] = [];
  const inner: HttpServer[] = [];

  let live: LiveIndex | undefined;
  let searchLog: SearchLog | undefined;
  if (roles.query) {
    live = new LiveIndex({
      database,
      blobs,
      logger,
      pollMs: config.livePollMs,
      ...(database.changes ? { changes: database.changes } : {}),
      tasks: reads,
      onLoad: liveIndexMetrics(metrics, () => live),
    });
    await live.start();
    const log = new SearchLog({
      write: (batch) => database.searchLog.append(batch),
      logger,
      capacity: config.searchLogQueue,
      batchSize: SEARCH_LOG_BATCH,
      flushMs: SEARCH_LOG_FLUSH_MS,
    });
    searchLog = log;
    searchLogMetrics(metrics, log);
    // Once no request is answered any more, what the log holds is all there is to write.
    flushes.push(() => log.close());
    const publicApp = await buildPublicApp({
      logger,
      clock,
      live,
      searchLog: log,
      metrics,
      shedding: config.shedding,
      bodyTimeouts: config.bodyTimeouts,
      openApi,
    });
    const internalApp = await buildInternalApp({
      logger,
      clock,
      live,
      exports: { database, blobs, reads, limits: config.exportLimits },
      internalKey: config.internalKey,
      aiGateway: config.aiGateway,
      bodyTimeouts: config.bodyTimeouts,
      metrics,
      metricsKey: config.metricsKey,
      openApi,
    });
    urls.public = await listen(publicApp, config.host, config.publicPort, outer);
    urls.internal = await listen(internalApp, internalHost(config, roles), config.internalPort, inner);
  }

  const querySide = httpQuerySide(
    config.internalUrl ?? urls.internal ?? `http://${config.host}:${config.internalPort}`,
    config.internalKey,
  );
  let indexer: Indexer | undefined;
  let scheduler: Scheduler | undefined;
  const deps: ControlDeps = {
    database,
    blobs,
    clock,
    querySide,
    runQueued: () => indexer?.nudge(),
    reads,
    exportLimits: config.exportLimits,
    secretKey: await secretKeyFor(config.dataDir, config.secretKey),
    feeds: {
      maxBytes: config.feedMaxBytes,
      timeoutMs: config.feedTimeoutMs,
      allowPrivate: config.allowPrivateFeeds,
    },
    wakeScheduler: () => scheduler?.wake(),
    offersWritten: () => void live?.refresh(),
  };
  if (roles.control) {
    scheduler = new Scheduler({
      deps,
      logger,
      exportRetentionMs: config.exportRetentionMs,
      searchLogRetentionDays: config.searchLogRetentionDays,
      intervalMs: config.schedulerIntervalMs,
    });
    const app = await buildManagementApp({
      logger,
      deps,
      managementKey,
      uploadLimitBytes: config.uploadLimitBytes,
      uploadConcurrency: config.uploadConcurrency,
      bodyTimeouts: config.bodyTimeouts,
      metrics,
      metricsKey: config.metricsKey,
      openApi,
    });
    urls.management = await listen(app, config.host, config.managementPort, outer);
    scheduler.start();
  }

  if (roles.indexer) {
    indexer = new Indexer({
      database,
      blobs,
      clock,
      logger,
      pollMs: config.indexerPollMs,
      leaseMs: config.indexerLeaseMs,
      tasks: builds,
      exportLimits: config.exportLimits,
      onLive: () => void live?.refresh(),
      onFinished: indexRunMetrics(metrics, database),
      ...(config.faultStopAt ? { checkpoint: stopAt(config.faultStopAt, logger) } : {}),
    });
    indexer.start();
  } else if (roles.control) {
    // The queue is the database's: a control plane shows it whichever process builds the runs.
    indexRunMetrics(metrics, database);
  }

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    await Promise.all([
      scheduler?.stop(),
      indexer?.stop(),
      (async () => {
        await Promise.all(outer.map((server) => server.close()));
        await Promise.all(inner.map((server) => server.close()));
      })(),
    ]);
    await live?.stop();
    for (const flush of flushes) {
      try {
        await flush();
      } catch (error) {
        logger.error({ err: error }, 'a queue could not be flushed while stopping');
      }
    }
    await Promise.all(Object.values(pools).map((pool) => pool.close()));
    await database.close();
  };
  return {
    urls,
    deps,
    live,
    searchLog,
    indexer,
    scheduler,
    metrics,
    workers: { builds, reads },
    onStop(flush) {
      flushes.push(flush);
    },
    stop() {
      stopping ??= stop();
      return stopping;
    },
  };
}

/**
 * Fault tests only (AISLE_FAULT_STOP_AT): the process stops itself (SIGSTOP) the first time a run
 * reaches the point, so that a test kills it there, or lets it go on with SIGCONT.
 */
function stopAt(point: RunPoint, logger: FastifyBaseLogger): (reached: RunPoint) => void {
  let stopped = false;
  return (reached) => {
    if (reached !== point || stopped) return;
    stopped = true;
    logger.warn({ point }, 'AISLE_FAULT_STOP_AT: the indexer stops its process here');
    process.kill(process.pid, 'SIGSTOP');
  };
}

/**
 * How far below the event loop the worker threads run: builds and reads of exports and artifacts
 * may take longer, searches answered meanwhile may not (a build competing at equal priority
 * doubled the p99 of searches on 2 cores; docs/BENCHMARKS.md).
 */
const WORKER_NICENESS = 10;

/** The stack's own worker pools: one thread for builds, two for reading exports and artifacts. */
function ownPools(roles: Roles): Record<string, WorkerPool> {
  const entry = workerEntry(import.meta.url, './worker');
  return {
    build: new WorkerPool({
      entry,
      size: 1,
      name: 'aisle-build',
      idleMs: WORKER_IDLE_MS,
      niceness: WORKER_NICENESS,
    }),
    // A query node keeps one read thread started: a new index is prepared for loading at once.
    read: new WorkerPool({
      entry,
      size: 2,
      name: 'aisle-read',
      idleMs: WORKER_IDLE_MS,
      warm: roles.query ? 1 : 0,
      niceness: WORKER_NICENESS,
    }),
  };
}

/**
 * Where the internal API listens: AISLE_INTERNAL_HOST when set; else, with every role in this
 * process, loopback (the control plane beside it is its only caller); else AISLE_HOST.
 */
function internalHost(config: Config, roles: Roles): string {
  if (config.internalHost) return config.internalHost;
  return roles.query && roles.control && roles.indexer ? '127.0.0.1' : config.host;
}

async function listen(app: HttpServer, host: string, port: number, servers: HttpServer[]): Promise<string> {
  await app.listen({ host, port });
  servers.push(app);
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${actualPort}`;
}

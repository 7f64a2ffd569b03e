import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
import { PACKAGE_ROOT } from '../lib/package-root.js';
import type { TaskRunner } from '../lib/tasks.js';
import { WorkerPool, workerEntry, workerPoolMetrics } from '../lib/worker-pool.js';
import { AnswerCache } from '../query/answer-cache.js';
import { buildInternalApp, buildPublicApp } from '../query/app.js';
import { LiveIndex } from '../query/live-index.js';
import { answerCacheMetrics, liveIndexMetrics, searchLogMetrics } from '../query/metrics.js';
import { STOREFRONT_PATH } from '../query/routes/storefront.js';
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
  /** Serves the example storefront at /demo on the public port (with the demo shop). */
  storefront?: boolean;
  /** Workers to use instead of the stack's own pools (which it closes when it stops). */
  workers?: Workers;
}

export interface RunningStack {
  /** Where each server listens, and the example storefront's page when the stack serves it. */
  urls: { public?: string; internal?: string; management?: string; storefront?: string };
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

/** What every role of a stack shares: the stores, the clock, metrics, worker threads and servers. */
interface StackParts {
  config: Config;
  roles: Roles;
  logger: FastifyBaseLogger;
  clock: Clock;
  options: StackOptions;
  database: Database;
  blobs: BlobStore;
  metrics: Registry;
  workers: Workers;
  urls: RunningStack['urls'];
  openApi: () => OpenApiDocument;
  // Servers close in this order: those that take requests from outside first, then the internal
  // one, which the control plane's requests in flight may still call.
  outer: HttpServer[];
  inner: HttpServer[];
  /** Work a stop does once no request is answered any more and before the database closes. */
  flushes: (() => Promise<void>)[];
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
  const { database, blobs } = await openStores(config, logger);
  const metrics = createMetricsRegistry();
  // Heavy work runs on worker threads, never on a server's event loop: index builds on one
  // thread of their own, and reading exports and preparing artifacts for loading on two more.
  const pools = options.workers ? {} : ownPools(roles);
  workerPoolMetrics(metrics, pools);
  const workers = options.workers ?? { builds: pools.build!, reads: pools.read! };
  const urls: RunningStack['urls'] = {};
  // Read once, when first asked for: by then every server of this process listens on its port.
  let served: OpenApiDocument | undefined;
  const openApi = () => {
    served ??= servedOpenApi(readCommittedOpenApi(), urls);
    return served;
  };
  const parts: StackParts = {
    config,
    roles,
    logger,
    clock: options.clock ?? systemClock,
    options,
    database,
    blobs,
    metrics,
    workers,
    urls,
    openApi,
    outer: [],
    inner: [],
    flushes: [],
  };

  const { live, searchLog } = roles.query ? await startQueryRole(parts) : {};
  let indexer: Indexer | undefined;
  let scheduler: Scheduler | undefined;
  const deps = await controlDeps(parts, live, {
    runQueued: () => indexer?.nudge(),
    wakeScheduler: () => scheduler?.wake(),
  });
  if (roles.control) scheduler = await startControlRole(parts, deps, managementKey);
  indexer = startIndexerRole(parts, live);

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    await Promise.all([
      scheduler?.stop(),
      indexer?.stop(),
      (async () => {
        await Promise.all(parts.outer.map((server) => server.close()));
        await Promise.all(parts.inner.map((server) => server.close()));
      })(),
    ]);
    await live?.stop();
    for (const flush of parts.flushes) {
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
    workers,
    onStop(flush) {
      parts.flushes.push(flush);
    },
    stop() {
      stopping ??= stop();
      return stopping;
    },
  };
}

/** The database and the blob store, with what a killed process left unfinished in the store removed. */
async function openStores(
  config: Config,
  logger: FastifyBaseLogger,
): Promise<{ database: Database; blobs: BlobStore }> {
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
  // Writes a killed process left unfinished; the scheduler removes later ones as it runs.
  const abandoned = await blobs.removeAbandoned(ABANDONED_WRITE_MS);
  if (abandoned > 0) logger.info({ files: abandoned }, 'files of unfinished blob writes removed');
  return { database, blobs };
}

/** The query node: the live index, the search log, and the public and internal servers. */
async function startQueryRole(parts: StackParts): Promise<{ live: LiveIndex; searchLog: SearchLog }> {
  const { config, roles, logger, clock, database, blobs, metrics, openApi, urls } = parts;
  const { reads } = parts.workers;
  const answerCache = new AnswerCache(config.answerCacheBytes);
  answerCacheMetrics(metrics, answerCache);
  const live: LiveIndex = new LiveIndex({
    database,
    blobs,
    logger,
    pollMs: config.livePollMs,
    ...(database.changes ? { changes: database.changes } : {}),
    tasks: reads,
    onLoad: liveIndexMetrics(metrics, () => live),
    // Answers kept were computed over the state before: none may be served any more.
    onServe: () => answerCache.clear(),
  });
  await live.start();
  const log = new SearchLog({
    write: (batch) => database.searchLog.append(batch),
    logger,
    capacity: config.searchLogQueue,
    batchSize: SEARCH_LOG_BATCH,
    flushMs: SEARCH_LOG_FLUSH_MS,
  });
  searchLogMetrics(metrics, log);
  // Once no request is answered any more, what the log holds is all there is to write.
  parts.flushes.push(() => log.close());
  const storefront = parts.options.storefront ? storefrontFolder(logger) : {};
  const publicApp = await buildPublicApp({
    logger,
    clock,
    live,
    searchLog: log,
    answerCache,
    metrics,
    shedding: config.shedding,
    bodyTimeouts: config.bodyTimeouts,
    openApi,
    ...storefront,
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
  urls.public = await listen(publicApp, config.host, config.publicPort, parts.outer);
  if (storefront.storefront) urls.storefront = `${urls.public}${STOREFRONT_PATH}/`;
  urls.internal = await listen(internalApp, internalHost(config, roles), config.internalPort, parts.inner);
  return { live, searchLog: log };
}

/** What the control plane's services use; the indexer and scheduler are nudged once they exist. */
async function controlDeps(
  parts: StackParts,
  live: LiveIndex | undefined,
  nudges: Pick<ControlDeps, 'runQueued' | 'wakeScheduler'>,
): Promise<ControlDeps> {
  const { config, database, blobs, clock, urls } = parts;
  return {
    database,
    blobs,
    clock,
    querySide: httpQuerySide(
      config.internalUrl ?? urls.internal ?? `http://${config.host}:${config.internalPort}`,
      config.internalKey,
    ),
    reads: parts.workers.reads,
    exportLimits: config.exportLimits,
    secretKey: await secretKeyFor(config.dataDir, config.secretKey),
    feeds: {
      maxBytes: config.feedMaxBytes,
      timeoutMs: config.feedTimeoutMs,
      allowPrivate: config.allowPrivateFeeds,
    },
    ...nudges,
    offersWritten: () => void live?.refresh(),
  };
}

/** The control plane: the scheduler's timed work and the management server. */
async function startControlRole(
  parts: StackParts,
  deps: ControlDeps,
  managementKey: string | undefined,
): Promise<Scheduler> {
  const { config, logger, metrics, openApi } = parts;
  const scheduler = new Scheduler({
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
  parts.urls.management = await listen(app, config.host, config.managementPort, parts.outer);
  scheduler.start();
  return scheduler;
}

/** The indexer, with the indexer role; the index runs' metrics wherever the queue is shown. */
function startIndexerRole(parts: StackParts, live: LiveIndex | undefined): Indexer | undefined {
  const { config, roles, logger, clock, database, blobs, metrics } = parts;
  if (!roles.indexer) {
    // The queue is the database's: a control plane shows it whichever process builds the runs.
    if (roles.control) indexRunMetrics(metrics, database);
    return undefined;
  }
  const indexer = new Indexer({
    database,
    blobs,
    clock,
    logger,
    pollMs: config.indexerPollMs,
    leaseMs: config.indexerLeaseMs,
    tasks: parts.workers.builds,
    exportLimits: config.exportLimits,
    onLive: () => void live?.refresh(),
    onFinished: indexRunMetrics(metrics, database),
    ...(config.faultStopAt ? { checkpoint: stopAt(config.faultStopAt, logger) } : {}),
  });
  indexer.start();
  return indexer;
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

/** The built example storefront, when the build made one (`npm run build:storefront`). */
function storefrontFolder(logger: FastifyBaseLogger): { storefront?: string } {
  const folder = join(PACKAGE_ROOT, 'dist', 'storefront');
  if (existsSync(join(folder, 'index.html'))) return { storefront: folder };
  logger.warn({ folder }, 'the example storefront is not built (npm run build): /demo is not served');
  return {};
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

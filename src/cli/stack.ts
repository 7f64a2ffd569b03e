import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildManagementApp } from '../control/app.js';
import { Indexer } from '../control/indexer/indexer.js';
import { httpQuerySide } from '../control/query-side.js';
import { Scheduler } from '../control/scheduler.js';
import type { ControlDeps } from '../control/services/deps.js';
import { readCommittedOpenApi } from '../http/openapi.js';
import type { HttpServer } from '../http/server.js';
import { type Clock, systemClock } from '../lib/clock.js';
import type { TaskRunner } from '../lib/tasks.js';
import { WorkerPool, workerEntry } from '../lib/worker-pool.js';
import { buildInternalApp, buildPublicApp } from '../query/app.js';
import { LiveIndex } from '../query/live-index.js';
import { type BlobStore, type Database, DirectoryBlobStore, openDatabase } from '../store/index.js';
import type { Config } from './config.js';

/** How often the control plane runs its timed work. */
const SCHEDULER_INTERVAL_MS = 60_000;
/** A worker thread idle this long ends, and gives its memory back. */
const WORKER_IDLE_MS = 30_000;

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
  indexer?: Indexer;
  /** The control plane's timed work (the clean-up of exports); with the control role only. */
  scheduler?: Scheduler;
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
  const blobs: BlobStore = new DirectoryBlobStore(join(config.dataDir, 'blobs'));
  const servers: HttpServer[] = [];
  const urls: RunningStack['urls'] = {};
  const openApi = readCommittedOpenApi;
  // Heavy work runs on worker threads, never on a server's event loop: index builds on one
  // thread of their own, and reading exports and preparing artifacts for loading on two more.
  const pools = options.workers ? [] : ownPools();
  const { builds, reads } = options.workers ?? { builds: pools[0]!, reads: pools[1]! };

  let live: LiveIndex | undefined;
  if (roles.query) {
    live = new LiveIndex({ database, blobs, logger, pollMs: config.livePollMs, tasks: reads });
    await live.start();
    const publicApp = await buildPublicApp({ logger, clock, live, openApi });
    const internalApp = await buildInternalApp({
      logger,
      clock,
      live,
      exports: { database, blobs, tasks: reads },
      openApi,
    });
    urls.public = await listen(publicApp, config.host, config.publicPort, servers);
    urls.internal = await listen(internalApp, config.host, config.internalPort, servers);
  }

  const querySide = httpQuerySide(
    config.internalUrl ?? urls.internal ?? `http://${config.host}:${config.internalPort}`,
  );
  let indexer: Indexer | undefined;
  const deps: ControlDeps = {
    database,
    blobs,
    clock,
    querySide,
    tasks: reads,
    runQueued: () => indexer?.nudge(),
  };
  let scheduler: Scheduler | undefined;
  if (roles.control) {
    scheduler = new Scheduler({
      deps,
      logger,
      exportRetentionMs: config.exportRetentionMs,
      intervalMs: SCHEDULER_INTERVAL_MS,
    });
    const app = await buildManagementApp({
      logger,
      deps,
      managementKey,
      uploadLimitBytes: config.uploadLimitBytes,
      openApi,
    });
    urls.management = await listen(app, config.host, config.managementPort, servers);
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
      onLive: () => void live?.refresh(),
    });
    indexer.start();
  }

  return {
    urls,
    deps,
    live,
    indexer,
    scheduler,
    async stop() {
      await scheduler?.stop();
      await indexer?.stop();
      live?.stop();
      await Promise.all(servers.map((server) => server.close()));
      await Promise.all(pools.map((pool) => pool.close()));
      await database.close();
    },
  };
}

/** The stack's own worker pools: one thread for builds, two for reading exports and artifacts. */
function ownPools(): WorkerPool[] {
  const entry = workerEntry(import.meta.url, './worker');
  return [
    new WorkerPool({ entry, size: 1, name: 'aisle-build', idleMs: WORKER_IDLE_MS }),
    new WorkerPool({ entry, size: 2, name: 'aisle-read', idleMs: WORKER_IDLE_MS }),
  ];
}

async function listen(app: HttpServer, host: string, port: number, servers: HttpServer[]): Promise<string> {
  await app.listen({ host, port });
  servers.push(app);
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${actualPort}`;
}

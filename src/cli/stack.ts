import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildManagementApp } from '../control/app.js';
import { Indexer } from '../control/indexer/indexer.js';
import { httpQuerySide } from '../control/query-side.js';
import { ABANDONED_WRITE_MS, Scheduler } from '../control/scheduler.js';
import type { ControlDeps } from '../control/services/deps.js';
import { readCommittedOpenApi } from '../http/openapi.js';
import type { HttpServer } from '../http/server.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { buildInternalApp, buildPublicApp } from '../query/app.js';
import { LiveIndex } from '../query/live-index.js';
import { type BlobStore, type Database, DirectoryBlobStore, openDatabase } from '../store/index.js';
import type { Config } from './config.js';

/** How often the control plane runs its timed work. */
const SCHEDULER_INTERVAL_MS = 60_000;

export interface Roles {
  query: boolean;
  control: boolean;
  indexer: boolean;
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
  clock: Clock = systemClock,
): Promise<RunningStack> {
  const database: Database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const blobs: BlobStore = new DirectoryBlobStore(join(config.dataDir, 'blobs'));
  // Writes a killed process left unfinished; the scheduler removes later ones as it runs.
  const abandoned = await blobs.removeAbandoned(ABANDONED_WRITE_MS);
  if (abandoned > 0) logger.info({ files: abandoned }, 'files of unfinished blob writes removed');
  const servers: HttpServer[] = [];
  const urls: RunningStack['urls'] = {};
  const openApi = readCommittedOpenApi;

  let live: LiveIndex | undefined;
  if (roles.query) {
    live = new LiveIndex({ database, blobs, logger, pollMs: config.livePollMs });
    await live.start();
    const publicApp = await buildPublicApp({ logger, clock, live, openApi });
    const internalApp = await buildInternalApp({
      logger,
      clock,
      live,
      exports: { database, blobs, limits: config.exportLimits },
      internalKey: config.internalKey,
      openApi,
    });
    urls.public = await listen(publicApp, config.host, config.publicPort, servers);
    urls.internal = await listen(internalApp, internalHost(config, roles), config.internalPort, servers);
  }

  const querySide = httpQuerySide(
    config.internalUrl ?? urls.internal ?? `http://${config.host}:${config.internalPort}`,
    config.internalKey,
  );
  let indexer: Indexer | undefined;
  const deps: ControlDeps = {
    database,
    blobs,
    clock,
    querySide,
    runQueued: () => indexer?.nudge(),
    exportLimits: config.exportLimits,
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
      uploadConcurrency: config.uploadConcurrency,
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
      exportLimits: config.exportLimits,
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
      await database.close();
    },
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

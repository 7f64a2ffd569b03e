import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { stampArrivals } from '../http/arrival.js';
import { bearerKeyCheck, requireBearerKey } from '../http/auth.js';
import type { BodyTimeouts } from '../http/body-timeout.js';
import { healthRoute, openApiRoute } from '../http/common-routes.js';
import { compressAnswers } from '../http/compression.js';
import { allowAnyOrigin } from '../http/cors.js';
import { type SheddingOptions, shedLoad } from '../http/load-shedding.js';
import { metricsRoute, observeRequests } from '../http/metrics.js';
import { describeRoutes } from '../http/openapi.js';
import { createHttpServer, type HttpServer } from '../http/server.js';
import type { Clock } from '../lib/clock.js';
import type { Registry } from '../lib/metrics.js';
import { AnswerCache } from './answer-cache.js';
import type { AiGatewaySettings } from './column-suggestions.js';
import type { LiveIndex } from './live-index.js';
import { eventRoutes } from './routes/events.js';
import { importRoutes, type KeptExports } from './routes/imports.js';
import { offersRoute } from './routes/offers.js';
import { pageSettingsRoutes } from './routes/page-settings.js';
import { pageRoutes } from './routes/pages.js';
import { previewRoutes } from './routes/previews.js';
import { publicationRoute } from './routes/publication.js';
import { ruleListRoute } from './routes/rules.js';
import { searchRoutes } from './routes/search.js';
import { searchSettingsRoute } from './routes/search-settings.js';
import { storefrontRoutes } from './routes/storefront.js';
import { synonymRoutes } from './routes/synonyms.js';
import { validateReleaseRoute } from './routes/validate-release.js';
import type { SearchLog } from './search-log/search-log.js';

export interface QueryAppOptions {
  logger: FastifyBaseLogger;
  clock: Clock;
  live: LiveIndex;
  /** Where requests are counted and timed. */
  metrics: Registry;
  /** When to refuse requests because the event loop falls behind. */
  shedding: SheddingOptions;
  /** How long a body may pause, and how slowly it may arrive (408 otherwise). */
  bodyTimeouts: BodyTimeouts;
  /** Where storefront searches and their events are written. */
  searchLog: SearchLog;
  /** Answers to repeated searches; none kept without one. */
  answerCache?: AnswerCache;
  /** The whole API description, served at /openapi.json; absent while it is being generated. */
  openApi?: () => unknown;
  /** The built example storefront's folder, served at /demo; absent: none. */
  storefront?: string;
}

/**
 * The largest body the public server reads: a search request's. The events endpoint takes its own,
 * smaller limit (64 kB), as the contract sets it.
 */
const SEARCH_BODY_BYTES = 1024 * 1024;

/** The public server: Query API and Events API, any origin, compressed answers. */
export async function buildPublicApp(options: QueryAppOptions): Promise<HttpServer> {
  const app = createHttpServer({
    logger: options.logger,
    bodyLimit: SEARCH_BODY_BYTES,
    bodyTimeouts: options.bodyTimeouts,
    questionsOnly: true,
  });
  const plain = app as unknown as FastifyInstance;
  stampArrivals(plain, options.clock);
  observeRequests(plain, options.metrics, 'public');
  await shedLoad(plain, options.shedding);
  await allowAnyOrigin(plain);
  await compressAnswers(plain);
  await describeRoutes(plain);
  healthRoute(app, 'query');
  searchRoutes(app, options.live, options.searchLog, options.answerCache ?? new AnswerCache(0));
  pageRoutes(app, options.live, options.searchLog);
  await eventRoutes(app, options.live, options.searchLog);
  if (options.openApi) openApiRoute(app, options.openApi);
  if (options.storefront) await storefrontRoutes(app, options.storefront);
  return app;
}

export interface InternalAppOptions {
  logger: FastifyBaseLogger;
  /** Stamps each request's arrival: the time of a release test whose request fixes none. */
  clock: Clock;
  live: LiveIndex;
  /** Where kept exports are read from: the shared database and blob store. */
  exports: KeptExports;
  /** The process's metrics, served at /metrics; requests to this server are counted there too. */
  metrics: Registry;
  /** The Bearer credential /metrics asks for; absent: none. */
  metricsKey: string | undefined;
  /** The secret every internal call must carry; without one every call is refused. */
  internalKey: string | undefined;
  /** The AI gateway column mapping suggestions ask. */
  aiGateway: AiGatewaySettings;
  /** How long a body may pause, and how slowly it may arrive (408 otherwise). */
  bodyTimeouts: BodyTimeouts;
  openApi?: () => unknown;
}

/** The internal server: what only the control plane calls, with the internal key. */
export async function buildInternalApp(options: InternalAppOptions): Promise<HttpServer> {
  const internalKey = { key: options.internalKey, name: 'internal key', setting: 'AISLE_INTERNAL_KEY' };
  const app = createHttpServer({
    logger: options.logger,
    bodyLimit: 16 * 1024 * 1024,
    bodyTimeouts: options.bodyTimeouts,
    guardUnrouted: bearerKeyCheck(internalKey),
    questionsOnly: true,
  });
  const plain = app as unknown as FastifyInstance;
  stampArrivals(plain, options.clock);
  observeRequests(plain, options.metrics, 'internal');
  await describeRoutes(plain);
  healthRoute(app, 'internal');
  metricsRoute(plain, options.metrics, options.metricsKey);
  await app.register(async (scope) => {
    // Kept exports, drafts included, are read here: only the control plane, holding the key, asks.
    requireBearerKey(scope as unknown as FastifyInstance, internalKey);
    validateReleaseRoute(scope, options.live, options.exports);
    publicationRoute(scope, options.live);
    importRoutes(scope, options.exports, options.live, options.aiGateway);
    pageSettingsRoutes(scope, options.live);
    previewRoutes(scope, options.live);
    offersRoute(scope, options.live);
    ruleListRoute(scope, options.live, options.exports);
    synonymRoutes(scope, options.live);
    searchSettingsRoute(scope, options.live);
  });
  if (options.openApi) openApiRoute(app, options.openApi);
  return app;
}

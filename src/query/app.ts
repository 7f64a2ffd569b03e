import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { stampArrivals } from '../http/arrival.js';
import { healthRoute, openApiRoute } from '../http/common-routes.js';
import { compressAnswers } from '../http/compression.js';
import { allowAnyOrigin } from '../http/cors.js';
import { describeRoutes } from '../http/openapi.js';
import { createHttpServer, type HttpServer } from '../http/server.js';
import type { Clock } from '../lib/clock.js';
import type { LiveIndex } from './live-index.js';
import { importRoutes, type KeptExports } from './routes/imports.js';
import { publicationRoute } from './routes/publication.js';
import { ruleListRoute } from './routes/rules.js';
import { searchRoutes } from './routes/search.js';
import { searchSettingsRoute } from './routes/search-settings.js';
import { synonymRoutes } from './routes/synonyms.js';
import { validateReleaseRoute } from './routes/validate-release.js';

export interface QueryAppOptions {
  logger: FastifyBaseLogger;
  clock: Clock;
  live: LiveIndex;
  /** The whole API description, served at /openapi.json; absent while it is being generated. */
  openApi?: () => unknown;
}

/** The public server: Query API, any origin, compressed answers. */
export async function buildPublicApp(options: QueryAppOptions): Promise<HttpServer> {
  const app = createHttpServer({ logger: options.logger, bodyLimit: 64 * 1024 });
  const plain = app as unknown as FastifyInstance;
  stampArrivals(plain, options.clock);
  await allowAnyOrigin(plain);
  await compressAnswers(plain);
  await describeRoutes(plain);
  healthRoute(app, 'query');
  searchRoutes(app, options.live);
  if (options.openApi) openApiRoute(app, options.openApi);
  return app;
}

export interface InternalAppOptions {
  logger: FastifyBaseLogger;
  /** Stamps each request's arrival: the time of a release test whose request fixes none. */
  clock: Clock;
  live: LiveIndex;
  /** Where kept exports are read from: the shared database and blob store. */
  exports: KeptExports;
  openApi?: () => unknown;
}

/** The internal server: what only the control plane calls. */
export async function buildInternalApp(options: InternalAppOptions): Promise<HttpServer> {
  const app = createHttpServer({ logger: options.logger, bodyLimit: 16 * 1024 * 1024 });
  stampArrivals(app as unknown as FastifyInstance, options.clock);
  await describeRoutes(app as unknown as FastifyInstance);
  healthRoute(app, 'internal');
  validateReleaseRoute(app, options.live);
  publicationRoute(app, options.live);
  importRoutes(app, options.exports, options.live);
  ruleListRoute(app, options.live);
  synonymRoutes(app, options.live);
  searchSettingsRoute(app, options.live);
  if (options.openApi) openApiRoute(app, options.openApi);
  return app;
}

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { bearerKeyCheck, requireBearerKey } from '../http/auth.js';
import type { BodyTimeouts } from '../http/body-timeout.js';
import { healthRoute, openApiRoute } from '../http/common-routes.js';
import { metricsRoute, observeRequests } from '../http/metrics.js';
import { describeRoutes } from '../http/openapi.js';
import { createHttpServer, type HttpServer } from '../http/server.js';
import { Gate } from '../lib/gate.js';
import type { Registry } from '../lib/metrics.js';
import { panelRoutes } from './panel.js';
import { catalogRoutes } from './routes/catalog.js';
import { catalogSourceRoutes } from './routes/catalog-source.js';
import { importRoutes } from './routes/imports.js';
import { indexRunRoutes } from './routes/index-runs.js';
import { insightRoutes } from './routes/insights.js';
import { offersRoutes } from './routes/offers.js';
import { pageRoutes } from './routes/pages.js';
import { previewRoutes } from './routes/previews.js';
import { releaseRoutes } from './routes/releases.js';
import { ruleRoutes } from './routes/rules.js';
import { schemaRoutes } from './routes/schemas.js';
import { searchSettingsRoutes } from './routes/search-settings.js';
import { storageRoutes } from './routes/storage.js';
import { synonymRoutes } from './routes/synonyms.js';
import type { ControlDeps } from './services/deps.js';

export interface ManagementAppOptions {
  logger: FastifyBaseLogger;
  deps: ControlDeps;
  /** The management key; without one every management call is refused. */
  managementKey: string | undefined;
  uploadLimitBytes: number;
  /** The process's metrics, served at /metrics; requests to this server are counted there too. */
  metrics: Registry;
  /** The Bearer credential /metrics asks for (never the management key); absent: none. */
  metricsKey: string | undefined;
  /** How many uploads are read at once; more are answered 503. */
  uploadConcurrency: number;
  /** How long a body may pause, and how slowly it may arrive (408 otherwise): an upload's too. */
  bodyTimeouts: BodyTimeouts;
  openApi?: () => unknown;
}

/** The management server: the API under /api/v1 behind the Bearer key, no CORS headers; the panel at `/`. */
export async function buildManagementApp(options: ManagementAppOptions): Promise<HttpServer> {
  const managementKey = {
    key: options.managementKey,
    name: 'management key',
    setting: 'SEARCH_MANAGEMENT_KEY',
  };
  const app = createHttpServer({
    logger: options.logger,
    bodyLimit: 16 * 1024 * 1024,
    bodyTimeouts: options.bodyTimeouts,
    // 404 and 405 would tell which paths exist: without the key, nothing but 401 is answered.
    guardUnrouted: bearerKeyCheck(managementKey),
  });
  const plain = app as unknown as FastifyInstance;
  observeRequests(plain, options.metrics, 'management');
  await describeRoutes(plain);
  healthRoute(app, 'management');
  metricsRoute(plain, options.metrics, options.metricsKey);
  if (options.openApi) openApiRoute(app, options.openApi);
  schemaRoutes(app);
  await panelRoutes(plain);
  // One gate for both upload routes: what it bounds is the memory and time of reading exports.
  const uploads = { limitBytes: options.uploadLimitBytes, gate: new Gate(options.uploadConcurrency) };
  await app.register(
    async (api) => {
      requireBearerKey(api as unknown as FastifyInstance, managementKey);
      await catalogRoutes(api, options.deps, uploads);
      catalogSourceRoutes(api, options.deps);
      await importRoutes(api, options.deps, uploads);
      releaseRoutes(api, options.deps);
      indexRunRoutes(api, options.deps);
      pageRoutes(api, options.deps);
      previewRoutes(api, options.deps);
      offersRoutes(api, options.deps);
      storageRoutes(api, options.deps);
      insightRoutes(api, options.deps);
      ruleRoutes(api, options.deps);
      synonymRoutes(api, options.deps);
      searchSettingsRoutes(api, options.deps);
    },
    { prefix: '/api/v1' },
  );
  return app;
}

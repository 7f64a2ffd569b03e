import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildManagementApp } from '../control/app.js';
import type { ControlDeps } from '../control/services/deps.js';
import {
  DEFAULT_SERVERS,
  mergeOpenApi,
  type OpenApiDocument,
  type OperationExample,
  withExamples,
} from '../http/openapi.js';
import type { HttpServer } from '../http/server.js';
import { systemClock } from '../lib/clock.js';
import { Registry } from '../lib/metrics.js';
import { PACKAGE_ROOT } from '../lib/package-root.js';
import { buildInternalApp, buildPublicApp } from '../query/app.js';
import type { LiveIndex } from '../query/live-index.js';
import type { KeptExports } from '../query/routes/imports.js';
import type { SearchLog } from '../query/search-log/search-log.js';
import { readConfig } from './config.js';

/**
 * The OpenAPI description of all three servers, generated from their route schemas. The apps are
 * built but never listen, and nothing reaches their dependencies: describing routes calls none.
 */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const untouched = <T>(name: string): T =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`${name} is not available while the API is being described.`);
        },
      },
    ) as T;
  const metrics = new Registry();
  const bodyTimeouts = readConfig({}).bodyTimeouts;
  const apps: HttpServer[] = [
    await buildPublicApp({
      logger,
      clock: systemClock,
      live: untouched<LiveIndex>('The live index'),
      searchLog: untouched<SearchLog>('The search log'),
      metrics,
      shedding: { eventLoopDelayMs: 0, eventLoopUtilization: 0, sampleMs: 1000 },
      bodyTimeouts,
    }),
    await buildInternalApp({
      logger,
      clock: systemClock,
      live: untouched<LiveIndex>('The live index'),
      exports: untouched<KeptExports>('Kept exports'),
      metrics,
      metricsKey: undefined,
      internalKey: undefined,
      aiGateway: { apiKey: undefined, baseUrl: undefined, model: '', timeoutMs: 1 },
      bodyTimeouts,
    }),
    await buildManagementApp({
      logger,
      deps: untouched<ControlDeps>('The control plane'),
      managementKey: undefined,
      uploadLimitBytes: 1,
      metrics,
      metricsKey: undefined,
      uploadConcurrency: 1,
      bodyTimeouts,
    }),
  ];
  const documents: OpenApiDocument[] = [];
  for (const app of apps) {
    await app.ready();
    documents.push((app as unknown as FastifyInstance).swagger() as unknown as OpenApiDocument);
    await app.close();
  }
  return withExamples(mergeOpenApi(documents, DEFAULT_SERVERS), readExamples());
}

/** The examples `npm run openapi:examples` took from the demo shop (openapi-examples.json). */
function readExamples(): Record<string, OperationExample> {
  const file = join(PACKAGE_ROOT, 'openapi-examples.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, OperationExample>) : {};
}

export function serializeOpenApi(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

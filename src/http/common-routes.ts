import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { HealthResponse } from '../contracts/search.js';
import { VERSION } from '../lib/version.js';
import { apiReferenceRoutes } from './api-reference.js';
import type { HttpServer } from './server.js';

/** `GET /health`: answers while the server runs, whatever is loaded. */
export function healthRoute(app: HttpServer, tag: string): void {
  app.get(
    '/health',
    {
      schema: {
        tags: [tag],
        operationId: 'getHealth',
        summary: 'Whether the server runs, and its version',
        response: { 200: Type.Ref(HealthResponse) },
      },
    },
    async () => ({ status: 'ok' as const, version: VERSION }),
  );
}

/**
 * `GET /openapi.json`: the one description of every API, served by each server, and `GET /docs`,
 * the API reference page rendered from it.
 */
export function openApiRoute(app: HttpServer, document: () => unknown): void {
  app.get('/openapi.json', { schema: { hide: true } }, async () => document());
  apiReferenceRoutes(app as unknown as FastifyInstance);
}

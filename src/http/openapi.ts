import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_ROOT } from '../lib/package-root.js';
import { VERSION } from '../lib/version.js';

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

/** Collects the route schemas of one server into an OpenAPI 3.1 description. */
export async function describeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'aisle', version: VERSION },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
}

export const API_TAGS = [
  { name: 'query', description: 'Public Query API: search, health. No key, any origin.' },
  { name: 'management', description: 'Management API: catalog, releases, index runs. Bearer key.' },
  { name: 'internal', description: 'Internal API, called by the control plane only.' },
];

/**
 * One description for the three servers: paths and component schemas are merged; a path both
 * servers serve (such as /health) is described once.
 */
export function mergeOpenApi(
  documents: OpenApiDocument[],
  servers: Array<{ url: string; description: string }>,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Record<string, unknown> = {};
  for (const document of documents) {
    for (const [path, operations] of Object.entries(document.paths ?? {})) {
      paths[path] = { ...operations, ...paths[path] };
    }
    Object.assign(schemas, document.components?.schemas ?? {});
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'aisle',
      version: VERSION,
      description:
        'Search and merchandising for online shops. The public Query API needs no key; the management API takes `Authorization: Bearer <SEARCH_MANAGEMENT_KEY>`, which this description does not declare as a security scheme, so a generated client adds the header itself. Internal operations are tagged `internal`.',
    },
    servers,
    tags: API_TAGS,
    paths: sortKeys(paths),
    components: { schemas: sortKeys(schemas) },
  };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** The committed description, shipped beside package.json; a test keeps it equal to the routes. */
export function readCommittedOpenApi(): OpenApiDocument {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, 'openapi.json'), 'utf8')) as OpenApiDocument;
}

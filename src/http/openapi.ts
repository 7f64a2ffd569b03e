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

/** Which server of the description each role's address replaces, by its description. */
const SERVER_ROLES = {
  public: 'Query API (public port)',
  management: 'Management API (management port)',
  internal: 'Internal API (internal port)',
} as const;

export const DEFAULT_SERVERS = [
  { url: 'http://127.0.0.1:8080', description: SERVER_ROLES.public },
  { url: 'http://127.0.0.1:8090', description: SERVER_ROLES.management },
  { url: 'http://127.0.0.1:8081', description: SERVER_ROLES.internal },
];

/**
 * The description as a running process serves it: the servers it runs named at the addresses they
 * listen on (the committed file names the default ports); servers of roles that run elsewhere keep
 * their default entry.
 */
export function servedOpenApi(
  document: OpenApiDocument,
  urls: Partial<Record<keyof typeof SERVER_ROLES, string>>,
): OpenApiDocument {
  const servers = (document.servers ?? []).map((server) => {
    const role = (Object.keys(SERVER_ROLES) as Array<keyof typeof SERVER_ROLES>).find(
      (name) => SERVER_ROLES[name] === server.description,
    );
    const url = role && urls[role];
    return url ? { ...server, url } : server;
  });
  return { ...document, servers };
}

/** The committed description, shipped beside package.json; a test keeps it equal to the routes. */
export function readCommittedOpenApi(): OpenApiDocument {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, 'openapi.json'), 'utf8')) as OpenApiDocument;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { PROBLEM_CODES, type ProblemCode } from '../contracts/problem-codes.js';
import { PACKAGE_ROOT } from '../lib/package-root.js';
import { VERSION } from '../lib/version.js';
import { PROBLEM_STATUS } from './problem-status.js';

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
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
        'Search and merchandising for online shops. The public Query API needs no key; the management API (paths under `/api/v1`) takes `Authorization: Bearer <SEARCH_MANAGEMENT_KEY>` (security scheme `managementKey`), the internal API (paths under `/internal/`) `Authorization: Bearer <AISLE_INTERNAL_KEY>` (`internalKey`); a missing or wrong key answers 401 with `WWW-Authenticate: Bearer`. Internal operations are tagged `internal`. Every error is a problem whose `code` names its cause (see the `Problem` schema).',
    },
    servers,
    tags: API_TAGS,
    paths: sortKeys(withSecurity(paths)),
    components: { schemas: sortKeys(withProblemCodes(schemas)), securitySchemes: SECURITY_SCHEMES },
  };
}

/** The two keys, each asked by the servers of one API (src/http/auth.ts). */
const SECURITY_SCHEMES = {
  managementKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The management key the control plane was started with (`SEARCH_MANAGEMENT_KEY`), for every path under `/api/v1`.',
  },
  internalKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The internal key shared by the roles (`AISLE_INTERNAL_KEY`), for every path under `/internal/`: only the control plane calls them.',
  },
};

/** Which key each path asks for, as the servers guard them: by the prefix of the path. */
function securityOf(path: string): keyof typeof SECURITY_SCHEMES | undefined {
  if (path.startsWith('/api/v1/')) return 'managementKey';
  if (path.startsWith('/internal/')) return 'internalKey';
  return undefined;
}

/**
 * Every operation of a guarded path names its key and answers 401 without it (the guard answers
 * before any route, so routes need not list it themselves).
 */
function withSecurity(paths: OpenApiDocument['paths']): OpenApiDocument['paths'] {
  const secured: OpenApiDocument['paths'] = {};
  for (const [path, operations] of Object.entries(paths)) {
    const scheme = securityOf(path);
    if (!scheme) {
      secured[path] = operations;
      continue;
    }
    secured[path] = Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => {
        const described = operation as { responses?: Record<string, unknown> };
        const responses = { ...described.responses };
        responses['401'] ??= UNAUTHORIZED;
        return [method, { ...described, security: [{ [scheme]: [] }], responses: sortKeys(responses) }];
      }),
    );
  }
  return secured;
}

const UNAUTHORIZED = {
  description: 'The key is missing or wrong (`WWW-Authenticate: Bearer`).',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

/**
 * The Problem schema's `code` lists every cause with the status it is answered with and what it
 * means, from the one table (src/http/problem-status.ts) and the contract's meanings.
 */
function withProblemCodes(schemas: Record<string, unknown>): Record<string, unknown> {
  const problem = schemas.Problem as { properties: Record<string, Record<string, unknown>> } | undefined;
  if (!problem) return schemas;
  const rows = (Object.keys(PROBLEM_CODES) as ProblemCode[]).map(
    (code) => `| \`${code}\` | ${PROBLEM_STATUS[code]} | ${PROBLEM_CODES[code]} |`,
  );
  const description = [
    'The cause, a stable word to branch on; `detail` says it in words that may change. The codes, the status each is answered with, and what each means:',
    '',
    '| code | status | meaning |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
  return {
    ...schemas,
    Problem: {
      ...problem,
      properties: { ...problem.properties, code: { ...problem.properties.code, description } },
    },
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

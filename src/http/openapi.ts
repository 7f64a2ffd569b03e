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
    info: { title: 'aisle', version: VERSION, description: API_DESCRIPTION },
    servers,
    tags: API_TAGS,
    paths: sortKeys(withSecurity(paths)),
    components: { schemas: sortKeys(withProblemCodes(schemas)), securitySchemes: SECURITY_SCHEMES },
  };
}

/**
 * Every operation of a guarded path names its key and answers 401 without it (the guard answers
 * before any route, so routes need not list it themselves).
 */
function withSecurity(paths: OpenApiDocument['paths']): OpenApiDocument['paths'] {
  const secured: OpenApiDocument['paths'] = {};
  for (const [path, operations] of Object.entries(paths)) {
    const scheme = KEYS_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1];
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

const API_DESCRIPTION = [
  'Search and merchandising for online shops. aisle runs three servers, each on its own port:',
  '',
  '- the **Query API** (`query`, public port): search, autocomplete, product pages, URL resolution, robots lines and click and view events for storefronts. No key, no cookie, any origin.',
  '- the **management API** (`management`, management port, under `/api/v1`): the catalog, releases, imports, merchandising, previews, index runs and insights, for a shop’s scripts and its operators. Every call takes the management key as `Authorization: Bearer <key>`: the key is `SEARCH_MANAGEMENT_KEY`, or, where that is not set, the one `aisle start` makes on its first start, prints once and keeps in the data directory’s `management-key` file. A call without it, or with another, answers 401.',
  '- the **internal API** (`internal`, internal port): what the control plane asks a query node, with the internal key `AISLE_INTERNAL_KEY`.',
  '',
  'Every server serves this description at `/openapi.json` and this page at `/docs`. Errors are `application/problem+json` whose `code` names the cause (see the `Problem` schema), with `violations` pointing at the fields. The examples are requests to the demo shop (`aisle start --demo`) and its answers, their lists cut to the first three items.',
].join('\n');

/** The two keys: what Scalar's page and generated clients read to send them. */
const SECURITY_SCHEMES = {
  managementKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The management key: `SEARCH_MANAGEMENT_KEY`, or the key `aisle start` made on its first start (printed once, kept in the data directory’s `management-key` file).',
  },
  internalKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'The internal key `AISLE_INTERNAL_KEY` the roles of one deployment share.',
  },
};

/** Which key the operations under a path prefix take. */
const KEYS_BY_PREFIX: Array<[string, keyof typeof SECURITY_SCHEMES]> = [
  ['/api/v1/', 'managementKey'],
  ['/internal/', 'internalKey'],
];

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** A request to an operation and the answer it got, as openapi-examples.json holds them. */
export interface OperationExample {
  request: {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    /** The body's media type, where it is not JSON. */
    content_type?: string;
  };
  status: number;
  answer: unknown;
}

interface Parameter {
  in: string;
  name: string;
  [key: string]: unknown;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Record<string, unknown>> };
  responses?: Record<string, { content?: Record<string, Record<string, unknown>> }>;
  [key: string]: unknown;
}

/**
 * The description with each operation's example where OpenAPI shows one: its parameters' values,
 * its body, and the answer of the status it got.
 */
export function withExamples(
  document: OpenApiDocument,
  examples: Record<string, OperationExample>,
): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, operation]) => {
          const example = examples[(operation as Operation).operationId ?? ''];
          return [method, example ? exemplified(operation as Operation, example) : operation];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}

function exemplified(operation: Operation, example: OperationExample): Operation {
  const { request } = example;
  const valueFor = (parameter: Parameter) =>
    (parameter.in === 'path' ? request.path : parameter.in === 'query' ? request.query : undefined)?.[
      parameter.name
    ];
  const parameters = operation.parameters?.map((parameter) => {
    const value = valueFor(parameter);
    if (value === undefined) return parameter;
    // A URL's values are text: a number goes into a parameter of type string as its digits.
    const asText = (parameter.schema as { type?: string } | undefined)?.type === 'string';
    return { ...parameter, example: asText ? String(value) : value };
  });
  const status = String(example.status);
  const answered = operation.responses?.[status];
  return {
    ...operation,
    ...(parameters ? { parameters } : {}),
    ...(operation.requestBody && request.body !== undefined
      ? {
          requestBody: {
            ...operation.requestBody,
            content: withExample(operation.requestBody.content, request.body, request.content_type),
          },
        }
      : {}),
    ...(answered?.content
      ? {
          responses: {
            ...operation.responses,
            [status]: { ...answered, content: withExample(answered.content, example.answer) },
          },
        }
      : {}),
  };
}

/** The description without the examples `withExamples` put in (the client's types need none). */
export function withoutExamples(document: OpenApiDocument): OpenApiDocument {
  const bare = (content: Record<string, Record<string, unknown>> | undefined) =>
    content &&
    Object.fromEntries(Object.entries(content).map(([type, { example: _, ...media }]) => [type, media]));
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, value]) => {
          const operation = value as Operation;
          return [
            method,
            {
              ...operation,
              ...(operation.parameters
                ? { parameters: operation.parameters.map(({ example: _, ...parameter }) => parameter) }
                : {}),
              ...(operation.requestBody
                ? { requestBody: { ...operation.requestBody, content: bare(operation.requestBody.content) } }
                : {}),
              ...(operation.responses
                ? {
                    responses: Object.fromEntries(
                      Object.entries(operation.responses).map(([status, response]) => [
                        status,
                        response.content ? { ...response, content: bare(response.content) } : response,
                      ]),
                    ),
                  }
                : {}),
            },
          ];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}

/** Media types with the example on the one it was sent as (JSON unless named), else the first. */
function withExample(
  content: Record<string, Record<string, unknown>> | undefined,
  example: unknown,
  type = 'application/json',
): Record<string, Record<string, unknown>> {
  const types = Object.keys(content ?? {});
  const chosen = types.includes(type) ? type : types[0];
  if (!content || !chosen) return content ?? {};
  return { ...content, [chosen]: { ...content[chosen], example } };
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

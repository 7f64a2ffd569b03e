import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInGateway, startStandInGateway } from '../support/ai-gateway.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { call } from '../support/http.js';
import { startTestStack, TEST_INTERNAL_KEY, TEST_KEY, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * Every endpoint of the OpenAPI description, on all three ports, given generated bodies and
 * parameters: never a 5xx, every refusal a problem, never a `null` in an answer. Endpoints come
 * from openapi.json, so an endpoint added later is fuzzed without touching this file. The seed is
 * fixed; AISLE_FUZZ_RUNS sets how many cases in all (a few thousand by default).
 */

interface Operation {
  method: string;
  path: string;
  port: 'public' | 'internal' | 'management';
  parameters: Array<{ in: string; name: string }>;
  body?: Schema;
}

type Schema = Record<string, unknown>;

const document = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        parameters?: Operation['parameters'];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
};

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([, operation]) => operation.tags !== undefined)
    .map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      port: path.startsWith('/internal/')
        ? 'internal'
        : operation.tags?.includes('management')
          ? 'management'
          : 'public',
      parameters: operation.parameters ?? [],
      ...(operation.requestBody?.content['application/json']
        ? { body: operation.requestBody.content['application/json'].schema }
        : {}),
    })),
);

const TOTAL_RUNS = Number(process.env.AISLE_FUZZ_RUNS ?? 2_000);
const RUNS = Math.max(10, Math.ceil(TOTAL_RUNS / operations.length));
const SEED = 22;

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return resolve(document.components.schemas[ref.replace('#/components/schemas/', '')] ?? {});
}

/** Values shaped like the schema often enough to get past the first check, and anything else too. */
function shapedValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 3 });
  if (depth > 4) return anything;
  const resolved = resolve(schema);
  const options: fc.Arbitrary<unknown>[] = [anything];
  const properties = resolved.properties as Record<string, Schema> | undefined;
  if (properties) {
    const entries = Object.entries(properties).map(
      ([key, property]) => [key, shapedValue(property, depth + 1)] as const,
    );
    options.push(fc.record(Object.fromEntries(entries), { requiredKeys: [] }));
  }
  for (const choice of [...((resolved.anyOf as Schema[]) ?? []), ...((resolved.oneOf as Schema[]) ?? [])]) {
    options.push(shapedValue(choice, depth + 1));
  }
  if (resolved.items)
    options.push(fc.array(shapedValue(resolved.items as Schema, depth + 1), { maxLength: 3 }));
  if (Array.isArray(resolved.enum)) options.push(fc.constantFrom(...(resolved.enum as unknown[])));
  if (resolved.type === 'string') options.push(fc.string());
  if (resolved.type === 'integer' || resolved.type === 'number')
    options.push(fc.integer({ min: -5, max: 500 }));
  return fc.oneof(...options);
}

/** Bodies as sent: JSON of the schema's shape or any value, text that is no JSON, deep nesting. */
function bodyOf(operation: Operation): fc.Arbitrary<string | undefined> {
  if (operation.body) {
    return fc.oneof(
      { weight: 6, arbitrary: shapedValue(operation.body).map((value) => JSON.stringify(value) ?? 'null') },
      { weight: 1, arbitrary: fc.string() },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 60, max: 5_000 })
          .map((depth) => `${'{"a":['.repeat(depth)}${']}'.repeat(depth)}`),
      },
    );
  }
  if (operation.method === 'PUT' || operation.method === 'POST') {
    // Exports: text of any kind, the start of real formats, and bytes.
    return fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .array(fc.string({ maxLength: 20 }), { maxLength: 6 })
        .map((cells) => `id,title\n${cells.join(',')}\n`),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? ''),
      fc.string({ maxLength: 200 }).map((text) => `<rss><channel><item>${text}</item></channel></rss>`),
    );
  }
  return fc.constant(undefined);
}

function pathOf(operation: Operation): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  return fc
    .tuple(...names.map(() => fc.oneof(fc.string({ minLength: 1 }), fc.nat().map(String), fc.constant('1'))))
    .map((values) =>
      names.reduce(
        (path, name, i) => path.replace(`{${name}}`, encodeURIComponent(values[i]!)),
        operation.path,
      ),
    );
}

function queryOf(operation: Operation): fc.Arbitrary<string> {
  const names = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name);
  const value = fc.oneof(fc.string(), fc.nat().map(String), fc.constantFrom('true', '0', '-1', ''));
  return fc
    .dictionary(fc.oneof(fc.constantFrom(...(names.length > 0 ? names : ['x'])), fc.string()), value, {
      maxKeys: 4,
    })
    .map((query) => new URLSearchParams(query).toString());
}

function hasNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value as object).some(hasNull);
}

let stack: TestStack;
let gateway: StandInGateway;

beforeAll(async () => {
  // Column suggestions ask an AI gateway: a stand-in whose model places no column, so a valid
  // request answers 200 rather than 503 for a missing key.
  gateway = await startStandInGateway();
  gateway.behave({ kind: 'answer', answer: () => ({ columns: [] }) });
  stack = await startTestStack({
    env: { AI_GATEWAY_API_KEY: 'fuzz-gateway-key', AI_GATEWAY_BASE_URL: gateway.url },
  });
  await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
  const release = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
  await stack.manage('POST', `/releases/${release.id}/publish`);
  await waitFor('the catalog to be searchable', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
});
afterAll(async () => {
  await stack.close();
  await gateway.close();
});

describe('every endpoint, fuzzed', () => {
  it('derives the endpoints of all three ports from openapi.json', () => {
    expect(new Set(operations.map((operation) => operation.port))).toEqual(
      new Set(['public', 'internal', 'management']),
    );
  });

  for (const operation of operations) {
    it(`${operation.method} ${operation.path} answers no 5xx and no null, and refuses with problems`, async () => {
      const base = {
        public: stack.urls.public,
        internal: stack.urls.internal,
        management: stack.urls.management,
      };
      const key = { public: undefined, internal: TEST_INTERNAL_KEY, management: TEST_KEY }[operation.port];
      await fc.assert(
        fc.asyncProperty(
          pathOf(operation),
          queryOf(operation),
          bodyOf(operation),
          async (path, query, body) => {
            const json = operation.body !== undefined;
            const response = await call(`${base[operation.port]}${path}${query ? `?${query}` : ''}`, {
              method: operation.method,
              headers: {
                ...(key ? { authorization: `Bearer ${key}` } : {}),
                ...(body !== undefined ? { 'content-type': json ? 'application/json' : 'text/csv' } : {}),
              },
              ...(body !== undefined ? { body } : {}),
            });
            const text = await response.text();
            const seen = `${operation.method} ${path}?${query} -> ${response.status} ${text.slice(0, 300)}`;
            expect(response.status, seen).toBeLessThan(500);
            if (response.status >= 400)
              expect(response.headers.get('content-type'), seen).toContain('application/problem+json');
            if (text !== '' && response.headers.get('content-type')?.includes('json')) {
              expect(hasNull(JSON.parse(text)), seen).toBe(false);
            }
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }
});

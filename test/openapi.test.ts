import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, serializeOpenApi } from '../src/cli/openapi-document.js';
import { PROBLEM_CODES } from '../src/contracts/problem-codes.js';
import { type OpenApiDocument, readCommittedOpenApi } from '../src/http/openapi.js';
import { PROBLEM_STATUS } from '../src/http/problem-status.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';
import type { Answer } from './support/http.js';

describe('openapi.json', () => {
  it('is the description the route schemas generate (run `npm run openapi` when this fails)', async () => {
    const committed = await readFile(join(PACKAGE_ROOT, 'openapi.json'), 'utf8');
    expect(committed).toBe(serializeOpenApi(await buildOpenApiDocument()));
  });

  it('describes the three APIs and tags internal operations', async () => {
    const document = await buildOpenApiDocument();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/search',
        '/health',
        '/api/v1/catalog',
        '/api/v1/releases',
        '/internal/releases/validate',
      ]),
    );
    const validate = document.paths['/internal/releases/validate'] as { post: { tags: string[] } };
    expect(validate.post.tags).toEqual(['internal']);
  });

  it('shows every operation a request to the demo shop and its answer, as the schemas describe them (`npm run openapi:examples` takes them again)', () => {
    const document = readCommittedOpenApi();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // The components once, and each example's schema pointing into them.
    ajv.addSchema({ $id: 'openapi.json', components: document.components });
    const check = (schema: unknown, example: unknown, what: string) => {
      const rebased = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
      );
      const valid = ajv.validate(rebased, example);
      expect(ajv.errors ?? [], what).toEqual([]);
      expect(valid, what).toBe(true);
    };
    const operations = operationsOf(document);
    expect(operations).toHaveLength(Object.keys(readExamples()).length);
    for (const { id, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.required) expect(parameter.example, `${id} ${parameter.name}`).toBeDefined();
        if (parameter.example !== undefined)
          check(parameter.schema, parameter.example, `${id} ${parameter.name}`);
      }
      const body = operation.requestBody?.content ?? {};
      if (Object.keys(body).length > 0) {
        const examples = Object.entries(body).filter(([, media]) => media.example !== undefined);
        expect(examples, `${id} request body`).toHaveLength(1);
        const [type, media] = examples[0]!;
        if (type === 'application/json') check(media.schema, media.example, `${id} request body`);
      }
      const answers = Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
        Object.values(response.content ?? {})
          .filter((media) => media.example !== undefined)
          .map((media) => ({ status, media })),
      );
      expect(
        answers.map(({ status }) => status),
        `${id} answer`,
      ).toEqual([expect.stringMatching(/^2\d\d$/)]);
      check(answers[0]!.media.schema, answers[0]!.media.example, `${id} answer`);
    }
  });

  it('declares the management and the internal key, and 401 for every operation that asks one', async () => {
    const document = await buildOpenApiDocument();
    expect(document.components?.securitySchemes).toEqual({
      managementKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      internalKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method,
        ...(operation as { security?: unknown; responses: Record<string, unknown> }),
      })),
    );
    const keyOf = (path: string) =>
      path.startsWith('/api/v1/')
        ? 'managementKey'
        : path.startsWith('/internal/')
          ? 'internalKey'
          : undefined;
    expect(operations.filter((one) => keyOf(one.path) === 'internalKey').length).toBeGreaterThan(10);
    for (const operation of operations) {
      const key = keyOf(operation.path);
      const name = `${operation.method} ${operation.path}`;
      if (key === undefined) {
        expect(operation.security, name).toBeUndefined();
        continue;
      }
      expect(operation.security, name).toEqual([{ [key]: [] }]);
      expect(Object.keys(operation.responses), name).toContain('401');
    }
  });

  it('documents every problem code with the status it is answered with', () => {
    const committed = readCommittedOpenApi();
    const problem = (committed.components?.schemas as Record<string, Answer> | undefined)?.Problem;
    const code = problem.properties.code;
    expect(problem.required).toContain('code');
    expect([...code.enum].sort()).toEqual(Object.keys(PROBLEM_CODES).sort());
    for (const [name, status] of Object.entries(PROBLEM_STATUS)) {
      expect(code.description, name).toContain(`| \`${name}\` | ${status} |`);
    }
  });

  it('names every problem code and its status in the architecture notes', async () => {
    const notes = await readFile(join(PACKAGE_ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
    for (const [name, status] of Object.entries(PROBLEM_STATUS)) {
      expect(notes, name).toMatch(new RegExp(`\\| \`${name}\` \\| ${status} \\|`));
    }
  });
});

interface Media {
  schema?: unknown;
  example?: unknown;
}

interface Operation {
  operationId: string;
  security?: unknown;
  parameters?: Array<{ name: string; required?: boolean; schema?: unknown; example?: unknown }>;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.values(methods).map((value) => {
      const operation = value as Operation;
      return { id: operation.operationId, path, security: operation.security, operation };
    }),
  );
}

function readExamples(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, 'openapi-examples.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, serializeOpenApi } from '../src/cli/openapi-document.js';
import { type OpenApiDocument, readCommittedOpenApi } from '../src/http/openapi.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';

describe('openapi.json', () => {
  it('is the description the route schemas generate (run `npm run openapi` when this fails)', async () => {
    const committed = await readFile(join(PACKAGE_ROOT, 'openapi.json'), 'utf8');
    expect(committed).toBe(serializeOpenApi(await buildOpenApiDocument()));
  });

  it('describes the three APIs, tags internal operations, and names the key each API takes', async () => {
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
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(['managementKey', 'internalKey']);
    for (const { path, security } of operationsOf(document)) {
      if (path.startsWith('/api/v1/')) expect(security, path).toEqual([{ managementKey: [] }]);
      else if (path.startsWith('/internal/')) expect(security, path).toEqual([{ internalKey: [] }]);
      else expect(security, path).toBeUndefined();
    }
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

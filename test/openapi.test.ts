import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, serializeOpenApi } from '../src/cli/openapi-document.js';
import { PROBLEM_CODES } from '../src/contracts/problem-codes.js';
import { readCommittedOpenApi } from '../src/http/openapi.js';
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

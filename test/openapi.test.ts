import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, serializeOpenApi } from '../src/cli/openapi-document.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';

describe('openapi.json', () => {
  it('is the description the route schemas generate (run `npm run openapi` when this fails)', async () => {
    const committed = await readFile(join(PACKAGE_ROOT, 'openapi.json'), 'utf8');
    expect(committed).toBe(serializeOpenApi(await buildOpenApiDocument()));
  });

  it('describes the three APIs, tags internal operations, and declares no security scheme', async () => {
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
    expect(JSON.stringify(document)).not.toContain('securitySchemes');
  });
});

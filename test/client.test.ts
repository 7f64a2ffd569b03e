import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTypesSource } from '../scripts/client-types.js';
import { buildOpenApiDocument } from '../src/cli/openapi-document.js';
import { AisleProblemError, createManagementClient, createQueryClient, unwrap } from '../src/client/index.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';
import { startDemoStack } from './support/demo.js';
import { TEST_KEY, type TestStack } from './support/stack.js';

describe('the typed client', () => {
  it('is generated from the description the route schemas make (run `npm run openapi` when this fails)', async () => {
    const committed = await readFile(join(PACKAGE_ROOT, 'src/client/openapi-types.ts'), 'utf8');
    expect(committed).toBe(await clientTypesSource(await buildOpenApiDocument()));
  });

  describe('against the demo shop', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startDemoStack();
    });
    afterAll(() => stack?.close());

    it('searches the public API and answers its typed page', async () => {
      const query = createQueryClient({ url: `${stack.urls.public!}/` });
      const page = await unwrap(query.POST('/v1/search', { body: { query: 'kettle' } }));
      const products = page.sections.find((section) => section.type === 'product');
      expect(products?.total).toBeGreaterThan(0);
      expect(products?.hits[0]?.entity).toMatch(/^product:/);
    });

    it('sends the management key with every call', async () => {
      const manage = createManagementClient({ url: stack.urls.management!, key: TEST_KEY });
      const { data, response } = await manage.GET('/api/v1/releases');
      expect(response.status).toBe(200);
      expect(data?.data.length).toBeGreaterThan(0);
    });

    it('surfaces an answer that is not a success as the problem aisle sent', async () => {
      const manage = createManagementClient({ url: stack.urls.management!, key: 'not-the-key-at-all' });
      const failure = await unwrap(manage.GET('/api/v1/releases')).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AisleProblemError);
      const problem = (failure as AisleProblemError).problem;
      expect(problem).toMatchObject({ status: 401, title: 'Unauthorized' });
      expect(problem.detail).toBeTruthy();
      expect((failure as AisleProblemError).message).toBe(problem.detail);

      const query = createQueryClient({ url: stack.urls.public! });
      const { error, response } = await query.POST('/v1/search', {
        body: { query: 'kettle', page: 0 },
      });
      expect(response.status).toBe(400);
      expect(error?.violations?.[0]?.pointer).toBe('/page');
    });

    it('refuses to make a management client without a key', () => {
      expect(() => createManagementClient({ url: stack.urls.management!, key: '' })).toThrow(/key/);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { call, type TestResponse } from '../support/http.js';
import { startTestStack, TEST_INTERNAL_KEY, TEST_KEY, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

let stack: TestStack;
let snapshot: string;

beforeAll(async () => {
  stack = await startTestStack({ env: { AISLE_UPLOAD_LIMIT_MB: '1' } });
  snapshot = (await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).json()).snapshot.id;
  const release = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
  await stack.manage('POST', `/releases/${release.id}/publish`);
  await waitFor('the catalog to be searchable', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
});
afterAll(async () => stack.close());

async function expectProblem(response: TestResponse, status: number): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return response.json();
}

const UNCLOSED_QUOTE = 'id,title\n1,"Kettle\n2,Toaster\n';

describe('the internal API', () => {
  const internalCalls: Array<[string, unknown]> = [
    ['/internal/releases/validate', { files: minimalRelease }],
    ['/internal/publication', { files: minimalRelease, snapshot: 'sn_x' }],
    ['/internal/imports/inspect', { snapshot: 'sn_x', files: {} }],
    ['/internal/imports/compare', { snapshot: 'sn_x', files: {} }],
  ];

  it('answers 401 without the internal key or with a wrong one, kept exports included', async () => {
    for (const [path, body] of internalCalls) {
      const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-the-internal-key' }];
      for (const headers of attempts) {
        const response = await call(`${stack.urls.internal}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        const problem = await expectProblem(response, 401);
        expect(JSON.stringify(problem)).not.toContain(TEST_INTERNAL_KEY);
      }
    }
  });

  it('answers 401 before telling which paths exist', async () => {
    await expectProblem(await call(`${stack.urls.internal}/internal/nothing`), 401);
    await expectProblem(await call(`${stack.urls.internal}/internal/releases/validate`), 401);
  });

  it('listens on loopback when every role runs in one process', () => {
    expect(stack.urls.internal).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('refuses an export whose quote never closes with a 422', async () => {
    const upload = await (
      await stack.manage('POST', '/imports', 'id,title\n1,Kettle\n', { 'content-type': 'text/csv' })
    ).json();
    expect(upload.import.id).toBeGreaterThan(0);
    const unclosed = await stack.manage('POST', '/imports?name=broken.csv', UNCLOSED_QUOTE, {
      'content-type': 'text/csv',
    });
    await expectProblem(unclosed, 422);
  });

  it('compares with live files that lack what it reads with a 422, not a 500', async () => {
    const response = await stack.internal('/internal/imports/compare', {
      snapshot,
      files: {},
      live: { snapshot, files: { 'feed.json': { columns: 5 }, 'attributes.json': {} } },
    });
    const problem = await expectProblem(response, 422);
    expect(problem.detail).toContain('live release files');
    expect(problem.violations).toContainEqual(expect.objectContaining({ file: 'feed.json' }));
  });
});

describe('bad input answered 400 or 422, never 500', () => {
  it('refuses filters whose combinators hold no selector', async () => {
    for (const filters of [{ all: null }, { not: null }, { any: null }, { any: [null] }]) {
      const problem = await expectProblem(await stack.search({ filters }), 400);
      expect(JSON.stringify(problem.violations)).toContain('/filters/');
    }
  });

  it('refuses bodies nested 3,000 and 100,000 deep on every port', async () => {
    const deepFilters = `{"filters":${'{"all":['.repeat(3000)}{"brand":"acme"}${']}'.repeat(3000)}}`;
    const search = await call(`${stack.urls.public}/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deepFilters,
    });
    expect((await expectProblem(search, 400)).detail).toContain('64 levels');
    const deepRelease = `{"files":{"ranking.json":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}}`;
    const release = await stack.manage('POST', '/releases', deepRelease, {
      'content-type': 'application/json',
    });
    await expectProblem(release, 400);
  });

  it('refuses a CSV whose quote never closes on PUT /catalog', async () => {
    await expectProblem(
      await stack.manage('PUT', '/catalog', UNCLOSED_QUOTE, { 'content-type': 'text/csv' }),
      422,
    );
  });

  it('refuses a catalog that makes no entity and an import that holds no row', async () => {
    // An import whose rows make no entity is kept as a draft to correct; one without a row is no export.
    const noEntity = 'a,b\n,\n';
    await expectProblem(await stack.manage('PUT', '/catalog', noEntity, { 'content-type': 'text/csv' }), 422);
    const noRow = 'a,b\n';
    await expectProblem(await stack.manage('POST', '/imports', noRow, { 'content-type': 'text/csv' }), 422);
  });

  it("answers Fastify's own refusals as problems", async () => {
    await expectProblem(await call(`${stack.urls.public}/v1/%E0%A4%A`), 400);
    await expectProblem(await call(`${stack.urls.public}/v1/search?query=${'a'.repeat(20_000)}`), 431);
    const longId = await stack.manage('GET', `/imports/${'1'.repeat(500)}`);
    await expectProblem(longId, 414);
  });
});

describe('the management port without the key', () => {
  it('answers 401 to unknown paths and methods, so routes cannot be discovered', async () => {
    await expectProblem(await call(`${stack.urls.management}/nothing`), 401);
    await expectProblem(await call(`${stack.urls.management}/api/v1/catalog`, { method: 'DELETE' }), 401);
  });
});

describe('uploads', () => {
  it('refuses a chunked body past the limit as soon as it passes it, without reading the rest', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 64 MB at most, far past the 1 MB limit: a server reading to the end would take it all.
        if (sent >= 64 * 1024 * 1024) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
      },
    });
    const response = await call(`${stack.urls.management}/api/v1/catalog`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'text/csv' },
      body,
      duplex: 'half',
    } as RequestInit);
    await expectProblem(response, 413);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('answers 503 with Retry-After while as many uploads are read as the server takes at once', async () => {
    // Two imports whose bodies are still coming hold the gate (AISLE_UPLOAD_CONCURRENCY, 2); their
    // bodies end after the header, holding no row, so nothing of them is kept once they end.
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const held = () =>
      call(`${stack.urls.management}/api/v1/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'text/csv' },
        body: new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('a,b\n'));
            await finished;
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
    const holding = [held(), held()];
    const refused = await waitFor('a third upload to be refused', async () => {
      const response = await stack.manage('POST', '/imports', 'a,b\n', { 'content-type': 'text/csv' });
      return response.status === 503 ? response : undefined;
    });
    const problem = await expectProblem(refused, 503);
    expect(problem.detail).toContain('AISLE_UPLOAD_CONCURRENCY');
    expect(refused.headers.get('retry-after')).toBe('5');
    finish();
    for (const response of await Promise.all(holding)) await expectProblem(response, 422);
  });

  it('refuses a body whose announced length passes the limit before reading it', async () => {
    const response = await stack.manage('PUT', '/catalog', 'x'.repeat(2 * 1024 * 1024), {
      'content-type': 'text/csv',
    });
    expect((await expectProblem(response, 413)).detail).toContain('AISLE_UPLOAD_LIMIT_MB');
  });
});

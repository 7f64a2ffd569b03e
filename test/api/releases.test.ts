import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallShop, toJsonLines } from '../support/catalog.js';
import { call } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ roles: { indexer: false } });
});
afterAll(async () => stack.close());

describe('POST /api/v1/releases', () => {
  it('stores a release named by content: 201 the first time, 200 after, whatever the key order', async () => {
    const files = {
      'ranking.json': { sorts: [], strengths: { boost: { slight: 1.1 } } },
      'rules.json': { rules: [] },
    };
    const first = await stack.manage('POST', '/releases', { files });
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created.id).toMatch(/^rl_[0-9a-f]{32}$/);
    expect(Object.keys(created.files)).toEqual(['ranking.json', 'rules.json']);

    const reordered = {
      'rules.json': { rules: [] },
      'ranking.json': { strengths: { boost: { slight: 1.1 } }, sorts: [] },
    };
    const again = await stack.manage('POST', '/releases', { files: reordered });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(created.id);
  });

  it('answers 422 with a violation naming the file when a file is not a JSON object', async () => {
    const response = await stack.manage('POST', '/releases', { files: { 'rules.json': [1, 2] } });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.violations).toEqual([
      { file: 'rules.json', pointer: '', message: expect.stringContaining('JSON object') },
    ]);
  });

  it('answers 400 when the body is not files by name', async () => {
    for (const body of [{}, { files: 'x' }, { files: {}, extra: 1 }]) {
      const response = await stack.manage('POST', '/releases', body);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('stores nothing when the release is refused', async () => {
    const before = (await (await stack.manage('GET', '/releases')).json()).meta.total;
    await stack.manage('POST', '/releases', { files: { 'rules.json': 'text' } });
    const after = (await (await stack.manage('GET', '/releases')).json()).meta.total;
    expect(after).toBe(before);
  });
});

describe('GET /api/v1/releases', () => {
  it('lists releases newest first, paged with links and meta', async () => {
    for (let i = 0; i < 4; i++)
      await stack.manage('POST', '/releases', { files: { 'ranking.json': { n: i } } });
    const response = await stack.manage('GET', '/releases?per_page=2');
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(page.meta.total).toBeGreaterThanOrEqual(4);
    expect(page.links.first).toMatch(/^http:\/\/.+\/api\/v1\/releases\?page=1&per_page=2$/);
    expect(page.links.next).toContain('page=2');
    expect(page.links.prev).toBeUndefined();
    const newest = await (await stack.manage('GET', `/releases/${page.data[0].id}`)).json();
    expect(newest.files['ranking.json']).toEqual({ n: 3 });
    const last = await (
      await call(page.links.last, { headers: { authorization: 'Bearer test-management-key' } })
    ).json();
    expect(last.links.next).toBeUndefined();
    expect(last.links.prev).toBeDefined();
  });

  it('refuses a page size outside 1 to 100', async () => {
    expect((await stack.manage('GET', '/releases?per_page=101')).status).toBe(400);
    expect((await stack.manage('GET', '/releases?page=0')).status).toBe(400);
  });
});

describe('GET /api/v1/releases/{release}', () => {
  it('answers 404 for an unknown release', async () => {
    const response = await stack.manage('GET', '/releases/rl_unknown');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('POST /api/v1/releases/{release}/publish', () => {
  it('answers 404 for an unknown release', async () => {
    expect((await stack.manage('POST', '/releases/rl_unknown/publish')).status).toBe(404);
  });

  it('publishes without a catalog and says the catalog is missing, then queues a run once one is kept', async () => {
    const fresh = await startTestStack({ roles: { indexer: false } });
    try {
      const release = await (
        await fresh.manage('POST', '/releases', { files: { 'rules.json': { rules: [] } } })
      ).json();
      const published = await fresh.manage('POST', `/releases/${release.id}/publish`);
      expect(published.status).toBe(202);
      const answer = await published.json();
      expect(answer.run).toBeUndefined();
      expect(answer.next).toContain('PUT /api/v1/catalog');
      expect((await (await fresh.manage('GET', `/releases/${release.id}`)).json()).published).toBe(true);

      await fresh.manage('PUT', '/catalog', toJsonLines(smallShop));
      const again = await (await fresh.manage('POST', `/releases/${release.id}/publish`)).json();
      expect(again.run).toMatchObject({
        status: 'queued',
        trigger: { kind: 'release' },
        release: release.id,
      });
      expect(again.next).toContain(`Index run ${again.run.id}`);
    } finally {
      await fresh.close();
    }
  });
});

describe('when the query side does not answer', () => {
  it('answers 502 to a release write', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const controlOnly = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: `http://127.0.0.1:${closedPort}` },
    });
    try {
      const response = await controlOnly.manage('POST', '/releases', {
        files: { 'rules.json': { rules: [] } },
      });
      expect(response.status).toBe(502);
      expect((await response.json()).detail).toContain('query side did not answer');
    } finally {
      await controlOnly.close();
    }
  });
});

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
    const strengths = {
      boost: { slight: 1.1, medium: 1.5, strong: 2 },
      bury: { slight: 0.9, medium: 0.6, strong: 0.3 },
    };
    const files = { 'ranking.json': { sorts: [], strengths }, 'rules.json': { rules: [] } };
    const first = await stack.manage('POST', '/releases', { files });
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created.id).toMatch(/^rl_[0-9a-f]{32}$/);
    expect(Object.keys(created.files)).toEqual(['ranking.json', 'rules.json']);

    const reordered = {
      'rules.json': { rules: [] },
      'ranking.json': {
        strengths: {
          bury: { strong: 0.3, medium: 0.6, slight: 0.9 },
          boost: { strong: 2, slight: 1.1, medium: 1.5 },
        },
        sorts: [],
      },
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

  it('answers 422 naming the file, the pointer and what to do for a schema mistake and a mistake across files', async () => {
    const rules = {
      rules: [{ id: 'too-long', description: 'x'.repeat(201), then: { rewrite: { remove: ['cheap'] } } }],
    };
    const attributes = { attributes: [{ code: 'price', label: 'Price', type: 'number' }] };
    const response = await stack.manage('POST', '/releases', {
      files: { 'rules.json': rules, 'attributes.json': attributes },
    });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.violations).toEqual([
      { file: 'rules.json', pointer: '/rules/0/description', message: 'Must have at most 200 characters.' },
    ]);

    const across = await stack.manage('POST', '/releases', { files: { 'attributes.json': attributes } });
    expect(across.status).toBe(422);
    expect((await across.json()).violations).toEqual([
      {
        file: 'attributes.json',
        pointer: '/attributes/0/code',
        message: expect.stringContaining('"price" is a reserved word'),
      },
    ]);
  });

  it('reads a file sent as text as JSON, and refuses text that is not JSON pointing at the file', async () => {
    const files = { 'rules.json': { rules: [] }, 'ranking.json': { sorts: [] } };
    const asObjects = await (await stack.manage('POST', '/releases', { files })).json();
    const asText = await stack.manage('POST', '/releases', {
      files: { 'rules.json': '{\n  "rules": []\n}\n', 'ranking.json': { sorts: [] } },
    });
    expect(asText.status).toBe(200);
    expect(await asText.json()).toMatchObject({ id: asObjects.id, files: { 'rules.json': { rules: [] } } });

    const broken = await stack.manage('POST', '/releases', { files: { 'rules.json': '{ "rules": [ }' } });
    expect(broken.status).toBe(422);
    expect((await broken.json()).violations).toEqual([
      {
        file: 'rules.json',
        pointer: '',
        message: expect.stringContaining('The file is text that is not JSON'),
      },
    ]);
  });

  it('refuses a file aisle does not read, naming the files a release holds', async () => {
    const response = await stack.manage('POST', '/releases', { files: { 'rulez.json': { rules: [] } } });
    expect(response.status).toBe(422);
    const [violation] = (await response.json()).violations;
    expect(violation).toMatchObject({ file: 'rulez.json', pointer: '' });
    expect(violation.message).toContain('rules.json');
  });

  it('keeps $schema as written', async () => {
    const files = { 'rules.json': { $schema: 'http://localhost:8090/schemas/rules.json', rules: [] } };
    const response = await stack.manage('POST', '/releases', { files });
    expect(response.status).toBeLessThan(300);
    expect((await response.json()).files['rules.json'].$schema).toBe(
      'http://localhost:8090/schemas/rules.json',
    );
  });

  it('answers 400 when the body is not files by name, 422 when its files are of another type', async () => {
    for (const [body, status] of [
      [{}, 400],
      [{ files: {}, extra: 1 }, 400],
      [[], 400],
      [{ files: 'x' }, 422],
    ] as const) {
      const response = await stack.manage('POST', '/releases', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
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
    const ruleFile = (i: number) => ({
      rules: [
        {
          id: `drop-word-${i}`,
          description: `Removes word${i}`,
          then: { rewrite: { remove: [`word${i}`] } },
        },
      ],
    });
    for (let i = 0; i < 4; i++)
      await stack.manage('POST', '/releases', { files: { 'rules.json': ruleFile(i) } });
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
    expect(newest.files['rules.json']).toEqual(ruleFile(3));
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

describe('GET /schemas/{file}', () => {
  it("serves each release file's JSON Schema without a key, for editors", async () => {
    const response = await call(`${stack.urls.management}/schemas/rules.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/schema+json');
    const schema = await response.json();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`${stack.urls.management}/schemas/rules.json`);
    expect(schema.properties.rules).toBeDefined();
    expect(JSON.stringify(schema)).toContain('#/$defs/Selector');
    expect(schema.$defs.Selector).toBeDefined();
  });

  it('answers 404 for a file that is not a release file', async () => {
    const response = await call(`${stack.urls.management}/schemas/prices.json`);
    expect(response.status).toBe(404);
    expect((await response.json()).detail).toContain('rules.json');
  });
});

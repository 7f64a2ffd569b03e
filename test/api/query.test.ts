import { get, type IncomingHttpHeaders } from 'node:http';
import { zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUuidV7 } from '../../src/lib/ids.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { call } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

async function makeSearchable(): Promise<{ release: string; snapshot: string }> {
  const upload = await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).json();
  const release = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
  await stack.manage('POST', `/releases/${release.id}/publish`);
  await waitFor('the first search to answer', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
  return { release: release.id, snapshot: upload.snapshot.id };
}

describe('before anything is searchable', () => {
  it('answers health on every server', async () => {
    for (const base of [stack.urls.public, stack.urls.internal, stack.urls.management]) {
      const response = await call(`${base}/health`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.status).toBe('ok');
      expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    }
  });

  it('answers searches 503 with a problem saying what is missing', async () => {
    for (const response of [
      await stack.search({ query: 'kettle' }),
      await call(`${stack.urls.public}/v1/search?query=kettle`),
    ]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem).toMatchObject({ type: 'about:blank', title: 'Service Unavailable', status: 503 });
      expect(problem.detail).toContain('PUT /api/v1/catalog');
      expect(problem.detail).toContain('publish');
      // Nothing changes until someone publishes: no time to come back is named.
      expect(response.headers.get('retry-after')).toBeNull();
    }
  });
});

describe('while the first index run is on its way', () => {
  // No indexer: the published release's run stays queued.
  let waiting: TestStack;
  beforeAll(async () => {
    waiting = await startTestStack({ roles: { indexer: false } });
  });
  afterAll(() => waiting?.close());

  it('answers searches 503 saying the first index run is coming, and when to ask again', async () => {
    await waiting.manage('PUT', '/catalog', toJsonLines(smallShop));
    const release = await (await waiting.manage('POST', '/releases', { files: minimalRelease })).json();
    const { run } = await (await waiting.manage('POST', `/releases/${release.id}/publish`)).json();
    const refused = await waitFor('the query node to see the queued run', async () => {
      const response = await waiting.search({ query: 'kettle' });
      expect(response.status).toBe(503);
      const body = await response.json();
      return body.detail.includes('first index run') ? { body, headers: response.headers } : undefined;
    });
    expect(refused.body.detail).toBe(
      `Nothing is searchable yet: the first index run (${run.id}) is queued. Searches are answered as soon as it goes live; ask again in a moment.`,
    );
    expect(refused.headers.get('retry-after')).toBe('5');
    // The same on the other public endpoints, and through the management API's questions.
    const product = await call(`${waiting.urls.public}/v1/product?id=p1`);
    expect(product.status).toBe(503);
    expect(product.headers.get('retry-after')).toBe('5');
    const rules = await waiting.manage('GET', '/rules');
    expect(rules.status).toBe(503);
    expect(rules.headers.get('retry-after')).toBe('5');
  });
});

describe('searching', () => {
  let ids: { release: string; snapshot: string };
  beforeAll(async () => {
    ids = await makeSearchable();
  });

  it('answers a search with its ids, the query and the sections', async () => {
    const response = await stack.search({ query: 'Wireless  HEADPHONES' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const answer = await response.json();
    expect(isUuidV7(answer.query_id)).toBe(true);
    expect(answer.release).toBe(ids.release);
    expect(answer.snapshot).toBe(ids.snapshot);
    expect(answer.query).toEqual({ typed: 'Wireless  HEADPHONES', searched: 'wireless headphones' });
    expect(answer.listed).toBe('product');
    const products = answer.sections.find((section: { type: string }) => section.type === 'product');
    expect(products.total).toBe(1);
    expect(products.reachable).toBe(1);
    expect(products.hits[0].entity).toBe('product:p1');
    expect(products.hits[0].fields).toMatchObject({
      title: 'Acme Wireless Headphones',
      price: 99.5,
      currency: 'EUR',
    });
    expect(JSON.stringify(answer)).not.toContain('null');
  });

  it('requires every word of the query that some product holds, else answers the best partial matches', async () => {
    const productsOf = (answer: { sections: Array<{ type: string; total: number }> }) =>
      answer.sections.find((section) => section.type === 'product')!;
    expect(productsOf(await (await stack.search({ query: 'wireless headphones' })).json()).total).toBe(1);
    // No product is a wireless kettle: a word is left out (of two as common, the first), and the trace says so.
    const answer = await (await stack.search({ query: 'wireless kettle', debug: true })).json();
    expect(productsOf(answer).total).toBe(1);
    const match = answer.trace.find(
      (entry: { step: string; type?: string }) => entry.step === 'match' && entry.type === 'product',
    );
    expect(match.left_out).toEqual(['wireless']);
  });

  it('pages the listed section', async () => {
    const first = await (await stack.search({ query: 'acme', per_page: 1 })).json();
    const second = await (await stack.search({ query: 'acme', per_page: 1, page: 2 })).json();
    const productsOf = (answer: { sections: Array<{ type: string; hits: Array<{ entity: string }> }> }) =>
      answer.sections.find((section) => section.type === 'product')!;
    expect(productsOf(first).hits).toHaveLength(1);
    expect(productsOf(second).hits).toHaveLength(1);
    expect(productsOf(first).hits[0]!.entity).not.toBe(productsOf(second).hits[0]!.entity);
  });

  it('answers the same search from URL parameters', async () => {
    const response = await call(`${stack.urls.public}/v1/search?query=kettle&per_page=5&count_only=1`);
    expect(response.status).toBe(200);
    const answer = await response.json();
    const products = answer.sections.find((section: { type: string }) => section.type === 'product');
    expect(products.total).toBe(1);
    expect(products.hits).toEqual([]);
  });

  it('answers a query of no words (only an emoji or signs) as the search page with no words does', async () => {
    const without = ({ query_id: _id, query: _query, ...rest }: Record<string, unknown>) => rest;
    const empty = await (await stack.search({ query: '' })).json();
    expect(empty.sections.find((section: { type: string }) => section.type === 'product').total).toBe(3);
    for (const query of ['🎧', '%', '%%', '-', '  ', '🎧 %']) {
      const answer = await (await stack.search({ query })).json();
      expect(answer.query).toEqual({ typed: query, searched: '' });
      expect(without(answer)).toEqual(without(empty));
    }
    for (const raw of ['%', '%25', '%F0%9F%8E%A7', '%25%25']) {
      const response = await call(`${stack.urls.public}/v1/search?query=${raw}`);
      expect(response.status, raw).toBe(200);
      expect(without(await response.json())).toEqual(without(empty));
    }
  });

  it('gives every answer its own query id', async () => {
    const a = await (await stack.search({ query: 'acme' })).json();
    const b = await (await stack.search({ query: 'acme' })).json();
    expect(a.query_id).not.toBe(b.query_id);
  });

  it('adds a trace with debug', async () => {
    const answer = await (await stack.search({ query: 'acme', debug: true })).json();
    expect(Array.isArray(answer.trace)).toBe(true);
    expect(answer.trace.map((entry: { step: string }) => entry.step)).toEqual(
      expect.arrayContaining(['normalize', 'plan', 'match']),
    );
  });
});

describe('requests that cannot be answered as sent', () => {
  const cases: Array<[string, unknown, string]> = [
    ['per_page below 1', { per_page: 0 }, '/per_page'],
    ['per_page above 100', { per_page: 101 }, '/per_page'],
    ['page below 1', { page: 0 }, '/page'],
    ['a time in a public request', { time: '2026-01-01T00:00:00Z' }, '/time'],
    ['an unknown field', { colour: 'red' }, '/colour'],
    ['a wrong type', { query: 42 }, '/query'],
    ['an unknown surface', { on: 'homepage' }, '/on'],
  ];
  for (const [name, body, pointer] of cases) {
    it(`refuses ${name} with a violation at ${pointer}`, async () => {
      const response = await stack.search(body);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
      expect(problem.violations.map((violation: { pointer: string }) => violation.pointer)).toContain(
        pointer,
      );
    });
  }

  it('refuses bad URL parameters with violations by name', async () => {
    const response = await call(`${stack.urls.public}/v1/search?per_page=abc&page=0&filters=x`);
    expect(response.status).toBe(400);
    const pointers = (await response.json()).violations.map(
      (violation: { pointer: string }) => violation.pointer,
    );
    expect(pointers).toEqual(expect.arrayContaining(['/per_page', '/page', '/filters']));
  });

  it('refuses a body that is not JSON', async () => {
    const response = await call(`${stack.urls.public}/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('HTTP behaviour', () => {
  it('allows any origin for GET and POST with Content-Type, without credentials', async () => {
    const preflight = await call(`${stack.urls.public}/v1/search`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const simple = await call(`${stack.urls.public}/health`, { headers: { origin: 'https://shop.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves the API description naming the addresses this stack listens on', async () => {
    for (const base of [stack.urls.public, stack.urls.internal, stack.urls.management]) {
      const served = await (await call(`${base}/openapi.json`)).json();
      expect(served.servers).toEqual([
        { url: stack.urls.public, description: 'Query API (public port)' },
        { url: stack.urls.management, description: 'Management API (management port)' },
        { url: stack.urls.internal, description: 'Internal API (internal port)' },
      ]);
    }
  });

  it('compresses answers with zstd or gzip when the client takes them', async () => {
    const openApi = `${stack.urls.public}/openapi.json`;
    // Read as sent: fetch decodes zstd itself on Node.js 24, and would hide which coding came.
    const zstd = await rawGet(openApi, { 'accept-encoding': 'zstd, gzip' });
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(JSON.parse(zstdDecompressSync(zstd.body).toString()).openapi).toBe('3.1.0');

    const refused = await call(openApi, { headers: { 'accept-encoding': 'zstd;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBe('gzip');

    const gzip = await call(openApi, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes gzip itself; the body arrives readable.
    expect((await gzip.json()).openapi).toBe('3.1.0');

    const plain = await call(openApi, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('answers unknown paths 404 and wrong methods 405, as problems', async () => {
    const missing = await call(`${stack.urls.public}/v1/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect(await missing.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });

    const wrongMethod = await call(`${stack.urls.public}/v1/search`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toContain('POST');
    expect(wrongMethod.headers.get('content-type')).toContain('application/problem+json');
    expect(await wrongMethod.json()).toMatchObject({
      type: 'about:blank',
      title: 'Method Not Allowed',
      status: 405,
    });
  });
});

/** A GET whose answer body arrives as the server sent it, with no decoding. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (answer) => {
      const pieces: Buffer[] = [];
      answer.on('data', (piece: Buffer) => pieces.push(piece));
      answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(pieces) }));
      answer.on('error', reject);
    }).on('error', reject);
  });
}

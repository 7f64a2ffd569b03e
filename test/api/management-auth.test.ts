import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const endpoints: Array<[string, string]> = [
  ['PUT', '/catalog'],
  ['GET', '/releases'],
  ['POST', '/releases'],
  ['GET', '/releases/rl_x'],
  ['POST', '/releases/rl_x/publish'],
  ['GET', '/index-runs'],
  ['POST', '/index-runs'],
  ['GET', '/index-runs/1'],
  ['GET', '/live'],
  ['GET', '/rules'],
  ['GET', '/imports/1/rules'],
  ['POST', '/imports/1/rules'],
  ['PATCH', '/imports/1/rules/a-rule'],
  ['DELETE', '/imports/1/rules/a-rule'],
  ['PUT', '/imports/1/rules/a-rule/position'],
  ['GET', '/synonyms'],
  ['GET', '/imports/1/synonyms'],
  ['POST', '/imports/1/synonyms'],
  ['PATCH', '/imports/1/synonyms/en/groups/0'],
  ['DELETE', '/imports/1/synonyms/en/groups/0'],
  ['POST', '/imports/1/synonyms/check'],
  ['GET', '/search-settings'],
  ['GET', '/imports/1/search-settings'],
  ['PATCH', '/imports/1/search-settings/product'],
];

describe('with a management key set', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => stack.close());

  for (const [method, path] of endpoints) {
    it(`${method} ${path} answers 401 with WWW-Authenticate without the key or with a wrong one`, async () => {
      const url = `${stack.urls.management}/api/v1${path}`;
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer wrong-key' },
        { authorization: 'Basic dXNlcjpwYXNz' },
      ];
      for (const headers of attempts) {
        const response = await call(url, { method, headers });
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(response.headers.get('content-type')).toContain('application/problem+json');
        const problem = await response.json();
        expect(problem).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
        expect(JSON.stringify(problem)).not.toContain('test-management-key');
      }
    });
  }

  it('sends no CORS headers', async () => {
    const preflight = await call(`${stack.urls.management}/api/v1/releases`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const listed = await stack.manage('GET', '/releases', undefined, { origin: 'https://shop.example' });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('without a management key', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ managementKey: null, roles: { query: false, indexer: false } });
  });
  afterAll(async () => stack.close());

  it('refuses every management call, whatever key is sent', async () => {
    for (const [method, path] of endpoints) {
      const response = await call(`${stack.urls.management}/api/v1${path}`, {
        method,
        headers: { authorization: 'Bearer anything' },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect((await response.json()).detail).toContain('SEARCH_MANAGEMENT_KEY');
    }
  });
});

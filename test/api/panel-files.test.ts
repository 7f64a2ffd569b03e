import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PANEL_CSP, PANEL_DIR, panelRoutes } from '../../src/control/panel.js';
import { call } from '../support/http.js';
import { startTestStack, TEST_KEY, type TestStack } from '../support/stack.js';

/**
 * The operator panel's files on the management port: `/` and its assets under the panel's
 * Content-Security-Policy, cached as their names allow, while every other path stays the API's.
 */
describe.skipIf(!existsSync(join(PANEL_DIR, 'index.html')))('the operator panel served at /', () => {
  let stack: TestStack;
  let root: string;
  beforeAll(async () => {
    stack = await startTestStack({ roles: { query: false, indexer: false } });
    root = stack.urls.management!;
  });
  afterAll(() => stack?.stop());

  it('answers / with the panel under its Content-Security-Policy, read again on every visit', async () => {
    const response = await call(`${root}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toBe(PANEL_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    // Nothing inline: the policy allows scripts and styles from this origin only.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle="/);
    const script = /<script[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);

    const asset = await call(`${root}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-security-policy')).toBe(PANEL_CSP);
    // Read to its end: an answer left unread holds its connection, and the stop waits for it.
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('leaves every other path to the API: 401 without the key, 404 with it', async () => {
    const without = await call(`${root}/api/v1/no-such-thing`);
    expect(without.status).toBe(401);
    await without.arrayBuffer();
    const missing = await call(`${root}/assets/no-such-file.js`, {
      headers: { authorization: `Bearer ${TEST_KEY}` },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('the operator panel before it is built', () => {
  let empty: string;
  beforeAll(async () => {
    empty = await mkdtemp(join(tmpdir(), 'aisle-no-panel-'));
  });
  afterAll(() => rm(empty, { recursive: true, force: true }));

  it('answers / with how to build it', async () => {
    const app = Fastify();
    await panelRoutes(app, empty);
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('npm run build');
    await app.close();
  });
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUuidV7 } from '../../src/lib/ids.js';
import { smallShop, toJsonLines } from '../support/catalog.js';
import { parseBanner, runCli } from '../support/cli.js';
import { call } from '../support/http.js';
import { waitFor } from '../support/wait.js';

const ports = { AISLE_PUBLIC_PORT: '0', AISLE_INTERNAL_PORT: '0', AISLE_MANAGEMENT_PORT: '0' };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'aisle-e2e-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('aisle start', () => {
  it('goes from a catalog upload to a search answer', async () => {
    const ownDir = join(dataDir, 'plain');
    const cli = runCli(['start'], {
      ...ports,
      AISLE_DATA_DIR: ownDir,
      SEARCH_MANAGEMENT_KEY: 'e2e-management-key',
    });
    try {
      const output = await cli.waitForOutput(/aisle is ready\./);
      const urls = parseBanner(output);
      // A key the environment gives is never printed.
      expect(urls.key).toBeUndefined();
      expect(output).not.toContain('e2e-management-key');
      const manage = (method: string, path: string, body?: string, type = 'application/json') =>
        call(`${urls.management}${path}`, {
          method,
          headers: { authorization: 'Bearer e2e-management-key', ...(body ? { 'content-type': type } : {}) },
          ...(body ? { body } : {}),
        });

      // Nothing is loaded without --demo: no search line to try, but what is missing.
      expect(cli.output()).not.toContain('curl');
      expect(cli.output()).toContain('Nothing is searchable yet: no index run has succeeded.');
      expect((await call(`${urls.public}/v1/search?query=kettle`)).status).toBe(503);
      // The API reference is on every start; the example storefront only with the demo shop.
      expect(urls.reference).toBe(`${urls.public}/docs`);
      expect((await call(urls.reference!)).status).toBe(200);
      expect(urls.storefront).toBeUndefined();
      expect((await call(`${urls.public}/demo/`)).status).toBe(404);

      const upload = await manage('PUT', '/catalog', toJsonLines(smallShop), 'application/x-ndjson');
      expect(upload.status).toBe(202);
      const { snapshot } = await upload.json();
      const stored = await manage(
        'POST',
        '/releases',
        JSON.stringify({ files: { 'rules.json': { rules: [] } } }),
      );
      expect(stored.status).toBe(201);
      const release = await stored.json();
      const published = await manage('POST', `/releases/${release.id}/publish`);
      expect(published.status).toBe(202);
      const { run } = await published.json();

      await waitFor('the run to go live', async () => {
        const current = await (await manage('GET', `/index-runs/${run.id}`)).json();
        expect(current.status).not.toBe('failed');
        return current.live ? current : undefined;
      });
      const answer = await waitFor('the search to answer', async () => {
        const response = await call(`${urls.public}/v1/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'kettle' }),
        });
        return response.status === 200 ? response.json() : undefined;
      });
      expect(isUuidV7(answer.query_id)).toBe(true);
      expect(answer.release).toBe(release.id);
      expect(answer.snapshot).toBe(snapshot.id);
      expect(answer.sections[0].hits[0].entity).toBe('product:p3');
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('loads the demo shop once, with a key it generated and keeps', async () => {
    const demoDir = join(dataDir, 'demo');
    const env = { ...ports, AISLE_DATA_DIR: demoDir, SEARCH_MANAGEMENT_KEY: '' };
    const first = runCli(['start', '--demo'], env);
    let key: string | undefined;
    try {
      const output = await first.waitForOutput(/aisle is ready\./);
      expect(output).toContain('Loading the demo shop');
      const urls = parseBanner(output);
      key = urls.key;
      expect(key).toBeDefined();
      expect((await readFile(join(demoDir, 'management-key'), 'utf8')).trim()).toBe(key);
      // The search line comes once the demo is live, and answers at once.
      const line = /curl '(.*\/v1\/search\?query=[^']*)'/.exec(output);
      expect(line?.[1]).toContain(urls.public);
      const succeeded = output.search(/Index run \d+: succeeded/);
      expect(succeeded).toBeGreaterThan(-1);
      expect(output.indexOf('curl')).toBeGreaterThan(succeeded);
      const answer = await (await call(line![1]!)).json();
      expect(answer.sections.find((s: { type: string }) => s.type === 'product').total).toBeGreaterThan(0);
      const releases = await (
        await call(`${urls.management}/releases`, { headers: { authorization: `Bearer ${key}` } })
      ).json();
      expect(releases.meta.total).toBe(1);

      // The example storefront and the API reference the banner names, as built by `npm run build`.
      expect(urls.storefront).toBe(`${urls.public}/demo/`);
      const shop = await call(urls.storefront!);
      expect(shop.status).toBe(200);
      const html = await shop.text();
      const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
      expect(script).toMatch(/^\/demo\/assets\/.+\.js$/);
      const bundle = await call(`${urls.public}${script}`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-type')).toContain('javascript');
      // Read to its end: a body left unread holds the connection, and so the stop, open.
      expect(await bundle.text()).toContain('/v1/search');
      const reference = await call(urls.reference!);
      expect(reference.status).toBe(200);
      expect(await reference.text()).toContain('/openapi.json');
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const second = runCli(['start', '--demo'], env);
    try {
      const output = await second.waitForOutput(/aisle is ready\./);
      expect(output).toContain('not loaded again');
      expect(output).not.toContain('Loading the demo shop');
      const urls = parseBanner(output);
      // Printed once, when it was generated; the file keeps it.
      expect(urls.key).toBeUndefined();
      expect(output).not.toContain(key);
      expect(output).toContain(join(demoDir, 'management-key'));
      const answer = await waitFor('the kept index to answer', async () => {
        const response = await call(`${urls.public}/v1/search?query=headphones`);
        return response.status === 200 ? response.json() : undefined;
      });
      expect(answer.sections[0].total).toBeGreaterThan(0);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('refuses a bad port setting with a sentence naming the variable', async () => {
    const cli = runCli(['start'], { AISLE_PUBLIC_PORT: 'eighty', AISLE_DATA_DIR: join(dataDir, 'bad') });
    expect(await cli.exited).toBe(1);
    expect(cli.errors()).toContain('AISLE_PUBLIC_PORT must be a whole number');
  });

  it('refuses a management key too short to be a secret', async () => {
    const cli = runCli(['start'], { SEARCH_MANAGEMENT_KEY: 'k', AISLE_DATA_DIR: join(dataDir, 'short') });
    expect(await cli.exited).toBe(1);
    expect(cli.errors()).toContain('SEARCH_MANAGEMENT_KEY must be at least 16 characters long');
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCommittedOpenApi } from '../../src/http/openapi.js';
import { HAS_CHROMIUM, keepToOrigin, launchBrowser } from '../support/browser.js';
import { call } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * The API reference page at /docs: served by every server, rendered from /openapi.json in the
 * browser with everything it loads served by aisle itself, every operation listed.
 */

const description = readCommittedOpenApi();
/** Every operation as Scalar's sidebar names it: `METHOD /path` under its tag. */
const operations = Object.entries(description.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    route: `${method.toUpperCase()}${path}`,
    tag: (operation as { tags: string[] }).tags[0]!,
    summary: (operation as { summary: string }).summary,
  })),
);

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

describe('GET /docs', () => {
  it('answers the page and its script on every server, the internal one without its key', async () => {
    for (const base of [stack.urls.public, stack.urls.management, stack.urls.internal]) {
      const page = await call(`${base}/docs`);
      expect(page.status, base).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('aisle API reference');
      expect(html).toContain('/openapi.json');
      const script = await call(`${base}/docs/js/scalar.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');
      // Read to its end: an answer left unread holds its connection, and the stop waits for it.
      expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const missing = await call(`${base}/docs/no-such-file.js`);
      // The management and internal servers answer a path they do not know 401 until the key is sent.
      expect(missing.status).toBe(base === stack.urls.public ? 404 : 401);
      expect(missing.headers.get('content-type')).toContain('application/problem+json');
      await missing.arrayBuffer();
    }
  });

  describe.skipIf(!HAS_CHROMIUM)('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => browser?.close());

    it('lists every operation, explains the management key and shows the examples, loading nothing from elsewhere', {
      timeout: 240_000,
    }, async () => {
      const page = await browser.newPage();
      const elsewhere = await keepToOrigin(page, stack.urls.public!);
      await page.goto(`${stack.urls.public}/docs`);
      const listed = page.locator('aside li[data-sidebar-id*="/tag/"]');
      // Scalar reads the 1 MB description and draws the page in the browser: on a busy machine, slowly.
      await listed.nth(operations.length).waitFor({ timeout: 90_000 });
      const ids = await listed.evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-sidebar-id')),
      );
      expect(ids.filter((id) => /\/tag\/[^/]+\/[A-Z]+\//.test(id!)).sort()).toEqual(
        operations.map(({ tag, route }) => `api-1/tag/${tag}/${route}`).sort(),
      );
      const sidebar = await page.locator('aside').innerText();
      for (const { summary } of operations) expect(sidebar).toContain(summary);

      const introduction = await page.locator('main').innerText();
      expect(introduction).toContain('Authorization: Bearer <key>');
      expect(introduction).toContain('SEARCH_MANAGEMENT_KEY');

      // The search's example answer, as the demo shop gave it.
      const search = description.paths['/v1/search']!.post as {
        responses: { 200: { content: { 'application/json': { example: { query_id: string } } } } };
      };
      const queryId = search.responses[200].content['application/json'].example.query_id;
      await page.goto(`${stack.urls.public}/docs#tag/query/POST/v1/search`);
      await page.getByText(queryId).first().waitFor({ timeout: 60_000 });
      expect(elsewhere).toEqual([]);
      await page.close();
    });
  });
});

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/lib/package-root.js';
import { HAS_CHROMIUM, launchBrowser } from '../support/browser.js';
import { startDemoStack } from '../support/demo.js';
import { type Answer, CHROME } from '../support/http.js';
import type { TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * docs/STOREFRONT.md's ten lines, as a shop copies them: the guide's HTML block bundled by Vite (with
 * `aisle/instantsearch` the sources, as the example storefront has it), served from a shop's own
 * origin and searching aisle on another, in headless Chromium against the demo shop.
 */

const SHOP = 'https://shop.example';
/** Where the guide says aisle's public port is reached. */
const SEARCH = 'https://search.example.com';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

let folder: string;
let stack: TestStack;
let browser: Browser;
let page: Page;
/** What the page sent to aisle: `METHOD path`, its body, and aisle's answer. */
const sent: Array<{ route: string; body?: Answer; status: number; answer?: Answer }> = [];

/** The guide's first HTML block. */
async function guideBlock(): Promise<string> {
  const guide = await readFile(join(PACKAGE_ROOT, 'docs', 'STOREFRONT.md'), 'utf8');
  const block = /```html\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!block) throw new Error('docs/STOREFRONT.md has no html block');
  return block;
}

beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  // Inside the package, so that the page's imports resolve from its node_modules.
  const cache = join(PACKAGE_ROOT, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  folder = await mkdtemp(join(cache, 'aisle-guide-'));
  await writeFile(join(folder, 'index.html'), `<!doctype html>\n${await guideBlock()}`);
  await build({
    root: folder,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { 'aisle/instantsearch': join(PACKAGE_ROOT, 'src/instantsearch/index.ts') } },
    build: { outDir: join(folder, 'dist') },
  });
  stack = await startDemoStack();
  browser = await launchBrowser();
  const context = await browser.newContext({ userAgent: CHROME });
  page = await context.newPage();
  // The shop's origin: the bundle Vite made. Nothing else may be loaded from anywhere.
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === SHOP) {
      const path = url.pathname === '/' ? '/index.html' : url.pathname;
      const body = await readFile(join(folder, 'dist', path)).catch(() => undefined);
      return body
        ? route.fulfill({ body, contentType: TYPES[extname(path)] ?? 'application/octet-stream' })
        : route.fulfill({ status: 404 });
    }
    if (url.origin === SEARCH) {
      // aisle's public port under the guide's address; the browser's CORS checks stay in force.
      const answer = await route.fetch({ url: `${stack.urls.public}${url.pathname}${url.search}` });
      sent.push({
        route: `${route.request().method()} ${url.pathname}`,
        body: route.request().postDataJSON() ?? undefined,
        status: answer.status(),
        answer: await answer.json().catch(() => undefined),
      });
      return route.fulfill({ response: answer });
    }
    return route.abort();
  });
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe.skipIf(!HAS_CHROMIUM)('docs/STOREFRONT.md’s ten lines', () => {
  it('search as the shopper types, show aisle’s hits and report a click to /v1/events', async () => {
    await page.goto(`${SHOP}/`);
    await page.locator('.ais-Hits-item').first().waitFor();
    await page.locator('.ais-SearchBox-input').fill('kettle');

    const search = await waitFor('the search for kettle', async () =>
      sent.findLast((request) => request.route === 'POST /v1/search' && request.body?.query === 'kettle'),
    );
    expect(search.status).toBe(200);
    const answer = await (await stack.search({ ...search.body, traffic: 'test' })).json();
    const listed = answer.sections.find((section: Answer) => section.type === answer.listed);
    const titles = listed.hits.map((hit: Answer) => hit.fields.title);
    expect(titles.length).toBeGreaterThan(0);
    await waitFor('the page to show aisle’s hits', async () =>
      JSON.stringify(await page.locator('.ais-Hits-item a').allInnerTexts()) === JSON.stringify(titles)
        ? true
        : undefined,
    );
    expect(await page.locator('.ais-Hits-item a').first().getAttribute('href')).toBe(
      listed.hits[0].fields.url,
    );

    // The link leads to the shop's product page; the click is reported on the way.
    await page.locator('.ais-Hits-item a').first().click();
    const click = await waitFor('the click to reach aisle', async () =>
      sent.find((request) => request.route === 'POST /v1/events'),
    );
    expect(click.status).toBe(202);
    expect(click.answer).toEqual({ accepted: 1, late: 0 });
    expect(click.body?.events).toEqual([
      {
        type: 'click',
        query_id: search.answer?.query_id,
        entity: listed.hits[0].entity,
        position: 1,
      },
    ]);
  });
});

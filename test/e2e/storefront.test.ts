import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, keepToOrigin, launchBrowser } from '../support/browser.js';
import { startDemoStack } from '../support/demo.js';
import { type Answer, CHROME } from '../support/http.js';
import type { TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * The example storefront at /demo, in headless Chromium against the demo shop: a shopper types into
 * the search box, chooses a brand, pages, types a query aisle redirects to a category page, opens a
 * product from it, and the click is counted in the insights. What the page shows is compared with
 * what aisle answers for the same request. The browser says it is Chrome (headless Chromium says
 * it is headless, and reports leave such traffic out as a bot's).
 */

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The bodies of the searches the page sent, in order. */
const searches: Answer[] = [];

beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  stack = await startDemoStack({ storefront: true });
  browser = await launchBrowser();
  context = await browser.newContext({ userAgent: CHROME });
  page = await context.newPage();
  // The demo's photos are made-up addresses: they are refused like any other host.
  await keepToOrigin(page, stack.urls.public!);
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/search') {
      searches.push(request.postDataJSON());
    }
  });
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** What aisle answers for the request the page sent last with these fields. */
async function aisleAnswer(matching: (body: Answer) => boolean): Promise<Answer> {
  const body = searches.findLast(matching);
  expect(body, 'the page sent such a search').toBeDefined();
  const response = await stack.search({ ...body, traffic: 'test' });
  expect(response.status).toBe(200);
  return response.json();
}

const listed = (answer: Answer) => answer.sections.find((section: Answer) => section.type === answer.listed);
const titles = (answer: Answer) => listed(answer).hits.map((hit: Answer) => hit.fields.title);
const shownTitles = () => page.locator('.ais-Hits-item .title').allInnerTexts();
/** Waits until the page shows these hits' titles. */
const showsTitles = (expected: string[]) =>
  waitFor('the page to show the hits', async () =>
    JSON.stringify(await shownTitles()) === JSON.stringify(expected) ? true : undefined,
  );

describe.skipIf(!HAS_CHROMIUM)('the example storefront at /demo', () => {
  it('searches, refines, pages, follows a redirect, opens a product and counts the click', async () => {
    await page.goto(`${stack.urls.public}/demo/`);
    await page.locator('.ais-Hits-item').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/search');

    // Autocomplete: the suggestions aisle answers while typing.
    await page.locator('#autocomplete input').fill('wireless');
    await page.locator('.suggestions .suggestion').first().waitFor();
    const typed = await aisleAnswer((body) => body.on === 'autocomplete' && body.query === 'wireless');
    expect(typed.suggestions.length).toBeGreaterThan(0);
    expect(await page.locator('.suggestions .suggestion').allInnerTexts()).toEqual(
      typed.suggestions.map((suggestion: Answer) =>
        suggestion.scope ? `${suggestion.text} in ${suggestion.scope.title}` : suggestion.text,
      ),
    );

    // The search page, reached through resolve: its hits, count and sale banner.
    await page.locator('#autocomplete input').press('Enter');
    await page.waitForURL(/\/demo\/search\?q=wireless$/);
    await page.locator('.ais-Hits-item').first().waitFor();
    const results = await aisleAnswer((body) => body.on === 'search' && body.query === 'wireless');
    await showsTitles(titles(results));
    expect(await page.locator('h1').innerText()).toBe('Results for “wireless”');
    expect(await page.locator('.ais-Stats').innerText()).toContain(`${listed(results).total} results`);
    expect(await page.locator('.banner').innerText()).toContain(results.placements[0].title);
    // One aisle search for the page, though InstantSearch asks twice (dynamicWidgets).
    expect(searches.filter((body) => body.on === 'search' && body.query === 'wireless')).toHaveLength(1);

    // A brand: the hits and count of the search with its filter.
    const brand = page.locator('.ais-RefinementList-item').first();
    const brandValue = await brand.locator('input').getAttribute('value');
    await brand.locator('label').click();
    await waitFor('the brand search', async () =>
      searches.at(-1)?.filters?.brand?.[0] === brandValue ? true : undefined,
    );
    const refined = await aisleAnswer((body) => body.filters?.brand?.[0] === brandValue && body.page === 1);
    await showsTitles(titles(refined));
    expect(await page.locator('.ais-Stats').innerText()).toContain(`${listed(refined).total} results`);

    // The second page of it.
    await page.locator('.ais-Pagination-link', { hasText: /^2$/ }).click();
    await waitFor('the second page', async () => (searches.at(-1)?.page === 2 ? true : undefined));
    const second = await aisleAnswer((body) => body.filters?.brand?.[0] === brandValue && body.page === 2);
    await showsTitles(titles(second));

    // A query that names a category: aisle redirects, and the shop follows to the category page.
    const redirected = await stack.search({ query: 'headphones', traffic: 'test' });
    const target = (await redirected.json()).redirect.url;
    await page.locator('#autocomplete input').fill('headphones');
    await page.locator('#autocomplete input').press('Enter');
    await page.waitForURL(`${stack.urls.public}/demo${target}`);
    await page.locator('.ais-Hits-item').first().waitFor();
    expect(await page.locator('h1').innerText()).toBe('Headphones');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`/demo${target}`);
    const category = await aisleAnswer((body) => body.on === 'category_page');
    await showsTitles(titles(category));

    // A hit opens its product page, and its click goes to /v1/events.
    const hit = listed(category).hits[1];
    await page.locator('.ais-Hits-item a').nth(1).click();
    await page.waitForURL(`${stack.urls.public}/demo${hit.fields.url}`);
    await page.locator('.product h1').waitFor();
    expect(await page.locator('.product h1').innerText()).toBe(hit.fields.title);

    const insights = await waitFor('the click to be counted', async () => {
      await stack.searchLog!.flush();
      await stack.scheduler!.runOnce();
      const report = await (await stack.manage('GET', '/insights')).json();
      return report.totals.clicks > 0 ? report : undefined;
    });
    expect(insights.totals.clicks).toBe(1);
    expect(insights.categories).toContainEqual(
      expect.objectContaining({ category: 'headphones', browses: 1 }),
    );
  });

  it('answers a shop URL aisle does not know as not found, an unknown asset 404 and another method 405', async () => {
    await page.goto(`${stack.urls.public}/demo/no/such/page`);
    await page.locator('.message').waitFor();
    expect(await page.locator('.message').innerText()).toContain('Nothing here.');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');

    const missing = await fetch(`${stack.urls.public}/demo/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    const wrongMethod = await fetch(`${stack.urls.public}/demo`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
  });
});

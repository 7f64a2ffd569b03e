import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEMO_SHOP, generateCatalog } from '../../src/catalog/demo/index.js';
import { PANEL_DIR } from '../../src/control/panel.js';
import { PACKAGE_ROOT } from '../../src/lib/package-root.js';
import { launchBrowser } from '../support/browser.js';
import { parseBanner, type RunningCli, runCli } from '../support/cli.js';
import { germanExport } from '../support/german-export.js';
import { browserSearch, CHROME, call } from '../support/http.js';
import { waitFor } from '../support/wait.js';

/**
 * A merchandiser's day in the operator panel, in headless Chromium against `aisle start --demo`
 * on free ports: sign in, see what is live, send a German export, read and correct its inspection,
 * publish it and watch it go live, pin a product in a draft, reorder, preview the page with the
 * draft, check a synonym while typing, publish, and read the insights of the searches sent. Every
 * screen is checked with axe-core, at 1280×800 and 390 wide, with the keyboard, and under the
 * Content-Security-Policy.
 */
const CHROMIUM = process.env.AISLE_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.log(
    `Skipping the operator panel's browser tests: no Chromium at ${CHROMIUM} (.ci/chromium.sh installs it).`,
  );

const KEY = 'panel-test-management-key';
/** The changes against live name the colour attribute among those the import drops. */
const COLOUR_GONE = /Attributesnew: [^;]*; gone: [^F]*\bcolor\b/;
/** Screenshots go into docs/ when asked for (they are committed), elsewhere to a temporary folder. */
const SHOTS = process.env.AISLE_PANEL_SCREENSHOTS === 'docs' ? join(PACKAGE_ROOT, 'docs') : undefined;

let dataDir: string;
let cli: RunningCli;
let browser: Browser;
let panel: string;
let publicUrl: string;
const cspViolations: string[] = [];

describe.skipIf(!hasChromium)('the operator panel', () => {
  beforeAll(async () => {
    if (!existsSync(join(PANEL_DIR, 'index.html')))
      throw new Error('The panel is not built: run npm run build.');
    dataDir = await mkdtemp(join(tmpdir(), 'aisle-panel-'));
    cli = runCli(['start', '--demo'], {
      AISLE_PUBLIC_PORT: '0',
      AISLE_INTERNAL_PORT: '0',
      AISLE_MANAGEMENT_PORT: '0',
      AISLE_DATA_DIR: dataDir,
      SEARCH_MANAGEMENT_KEY: KEY,
    });
    const output = await cli.waitForOutput(/aisle is ready\./);
    const urls = parseBanner(output);
    panel = /Operator panel:\s+(http:\/\/\S+)/.exec(output)?.[1] ?? '';
    expect(panel).toBe(`${urls.management?.replace(/\/api\/v1$/, '')}/`);
    publicUrl = urls.public!;
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    expect(await cli?.stop()).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  });

  const manage = async (path: string, init: RequestInit = {}) => {
    const response = await call(`${panel}api/v1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...init.headers },
    });
    return response.json();
  };

  async function open(width = 1280, height = 800): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    // The machine is shared and often busy: a step may wait longer than Playwright's 30 s for its condition.
    page.setDefaultTimeout(90_000);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    onTestFailed(async () => {
      const path = join(tmpdir(), `aisle-panel-failed-${Date.now()}.png`);
      if (await page.screenshot({ path, fullPage: true }).catch(() => undefined))
        console.log(`The panel as the failed test left it: ${path}`);
    });
    return page;
  }

  async function signIn(page: Page): Promise<void> {
    await page.goto(panel);
    await page.getByLabel('Management key').fill(KEY);
    await page.getByLabel('Management key').press('Enter');
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
  }

  /** axe-core in the page: no serious or critical violation. */
  async function expectAccessible(page: Page, where: string): Promise<void> {
    await page.evaluate(axe.source);
    // In the page's own terms (a string, since this file is typed for Node.js).
    const violations: string[] = await page.evaluate(`
      axe.run(document, { resultTypes: ['violations'] }).then((result) =>
        result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => violation.id + ': ' + violation.nodes.map((node) => node.target.join(' ')).join(', ')))
    `);
    expect(violations, where).toEqual([]);
  }

  /** Every control on the screen can be reached with Tab, or sits in a composite that arrow keys move within. */
  async function expectKeyboardReachable(page: Page, where: string): Promise<void> {
    const unreachable: string[] = await page.evaluate(`
      [...document.querySelectorAll('a[href], button, input, select, textarea, [role="button"]')]
        .filter((element) => element.offsetParent !== null && !element.closest('[aria-hidden="true"]') && !element.disabled)
        .filter((element) => element.tabIndex < 0 && !element.closest('[role="listbox"], [role="tablist"], [role="grid"], [role="radiogroup"]'))
        .map((element) => element.outerHTML.slice(0, 120))
    `);
    expect(unreachable, where).toEqual([]);
  }

  /** Nothing but the tables' own frames scrolls sideways on a phone. */
  async function expectFitsWidth(page: Page, where: string): Promise<void> {
    const width: number = await page.evaluate('document.documentElement.scrollWidth');
    expect(width, where).toBeLessThanOrEqual(page.viewportSize()!.width);
  }

  it('opens light: the first screen loads under 300 kB of gzipped script and takes the renderer under a second of CPU', async () => {
    // A first visit (nothing cached) in a browser already running: a warm-up page in another
    // context starts Chromium's renderer, as a merchandiser's browser is started already.
    const warmUp = await browser.newContext();
    await (await warmUp.newPage()).goto(panel);
    await warmUp.close();
    const page = await open();
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Performance.enable');
    await page.goto(panel);
    await page.waitForFunction(() => performance.getEntriesByName('aisle-panel-interactive').length > 0);
    const { interactive, resources } = await page.evaluate(() => {
      const mark = performance.getEntriesByName('aisle-panel-interactive')[0]?.startTime ?? Number.NaN;
      return {
        interactive: mark,
        resources: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < mark)
          .map((entry) => entry.name),
      };
    });
    // The renderer's own CPU time, from its start to now: what the first screen costs the machine.
    const { metrics } = await devtools.send('Performance.getMetrics');
    const cpuMs = (name: string) =>
      (metrics.find((metric) => metric.name === name)?.value ?? Number.NaN) * 1000;
    const threadMs = cpuMs('ThreadTime');
    const scripts = resources.filter((name) => name.endsWith('.js'));
    let gzipped = 0;
    for (const script of scripts)
      gzipped += gzipSync(
        await readFile(join(PANEL_DIR, 'assets', basename(new URL(script).pathname))),
      ).length;
    console.log(
      `Panel first screen: ${resources.length} requests (${scripts.length} scripts, ${(gzipped / 1000).toFixed(1)} kB gzipped) before interactive at ${interactive.toFixed(0)} ms; CPU: ${threadMs.toFixed(0)} ms on the renderer's main thread, ${cpuMs('ProcessTime').toFixed(0)} ms in the renderer`,
    );
    // The budget is asserted on what does not depend on how busy the machine is: the script's size,
    // that nothing but the panel's own files is fetched before the sign-in answers keys (no call to
    // the API, no screen's chunk), and the renderer main thread's CPU time to get there. The wall
    // time to interactive swings with other work on a shared machine: bench/panel.ts measures it
    // over many first visits (docs/BENCHMARKS.md); here it is only printed.
    expect(gzipped).toBeLessThan(300_000);
    expect(resources.every((name) => new URL(name).pathname.startsWith('/assets/'))).toBe(true);
    expect(scripts.length).toBeLessThanOrEqual(4);
    expect(interactive).toBeGreaterThan(0);
    expect(threadMs).toBeLessThan(1000);
    // The key is typed, never put in the address; a wrong one shows the 401's own detail.
    await page.getByLabel('Management key').fill('not-the-key-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const refusal = await manageWith('not-the-key-at-all');
    await expect(page.getByRole('alert').textContent()).resolves.toContain(refusal.detail);
    expect(page.url()).not.toContain('not-the-key');
    await expectAccessible(page, 'sign-in');
    await page.close();
  });

  async function manageWith(key: string) {
    return (await call(`${panel}api/v1/index-runs`, { headers: { authorization: `Bearer ${key}` } })).json();
  }

  it("walks a merchandiser's day", async () => {
    const page = await open();
    // Shoppers search and click from the start, so the log is counted by the time insights are read.
    await sendShopperTraffic();

    // Sign in with the keyboard alone and see what is live.
    await page.goto(panel);
    // The key field takes the focus once the panel's script has drawn it; keys typed before land nowhere.
    await page.waitForFunction("document.activeElement?.getAttribute('type') === 'password'");
    await page.keyboard.type(KEY);
    await page.keyboard.press('Enter');
    const live = await manage('/live');
    await expect(page.getByTestId('live').textContent()).resolves.toContain(live.release.slice(0, 11));
    await expectAccessible(page, 'overview');
    await expectKeyboardReachable(page, 'overview');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(1);

    // Send the German export by dropping it, and read how it was understood.
    await goTo(page, 'Imports');
    const csv = germanExport(generateCatalog({ ...DEMO_SHOP, today: new Date() }));
    await dropFile(page, 'artikel.csv', csv);
    await page.getByRole('progressbar', { name: 'Sending artikel.csv' }).waitFor();
    await page.getByRole('heading', { name: /Import \d+: artikel\.csv/ }).waitFor({ timeout: 60_000 });
    const importId = Number(/#\/imports\/(\d+)/.exec(page.url())?.[1]);
    const farbe = page.getByRole('combobox', { name: 'Destination of Farbe' });
    await farbe.waitFor({ timeout: 90_000 });
    await expect(page.locator('main').textContent()).resolves.toContain('with cells split at ";"');
    await expect(page.locator('main').textContent()).resolves.toContain('numbers use "," as decimal mark');
    await expect(farbe.inputValue()).resolves.toBe('ignore');
    // The changes read the export against live (the live catalog once for every draft).
    await page.getByTestId('changes').waitFor({ timeout: 90_000 });
    await expect(page.getByTestId('changes').textContent()).resolves.toMatch(COLOUR_GONE);
    await expectAccessible(page, 'inspection');
    await expectKeyboardReachable(page, 'inspection');

    // Move the colour column to the colour attribute; a destination that does not exist is refused at the field.
    await farbe.fill('attributes.Farbe!');
    await page.getByRole('button', { name: /Save 1 destination/ }).click();
    await waitFor('the refusal at the field', async () =>
      (await farbe.getAttribute('aria-invalid')) === 'true' ? true : undefined,
    );
    await farbe.fill('attributes.color');
    await page.getByRole('button', { name: /Save 1 destination/ }).click();
    await waitFor(
      'Farbe to go to the colour attribute',
      async () =>
        (await page
          .getByRole('combobox', { name: 'Destination of Farbe' })
          .inputValue()
          .catch(() => '')) === 'attributes.color'
          ? true
          : undefined,
      90_000,
    );
    // With the column mapped, publishing keeps the colour attribute: the changes are read again.
    await waitFor(
      'the changes without the colour attribute gone',
      async () => {
        const changes = await page
          .getByTestId('changes')
          .textContent({ timeout: 1000 })
          .catch(() => '');
        return changes && /Attributesnew: /.test(changes) && !COLOUR_GONE.test(changes) ? true : undefined;
      },
      90_000,
    );
    // Publish and watch the run go live.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('region', { name: /Index run \d+/ })
      .first()
      .waitFor();
    await waitFor(
      'the import to go live',
      async () => ((await page.locator('h1 .badge').textContent()) === 'live' ? true : undefined),
      120_000,
    );
    expect((await manage(`/imports/${importId}`)).status).toBe('live');

    // A draft for the rules: the same export sent again.
    const kettles = await kettlesPage();
    const pinned = kettles.hits[4]!;
    await goTo(page, 'Imports');
    await dropFile(page, 'artikel.csv', csv);
    await page.getByRole('button', { name: 'Work on this draft' }).click();
    const draftId = Number(/#\/imports\/(\d+)/.exec(page.url())?.[1]);

    // Add a pin rule on the kettles page.
    await goTo(page, 'Rules');
    await page.getByRole('button', { name: 'New rule' }).click();
    await page.getByLabel('Id', { exact: true }).fill('pin-kettle');
    await page
      .getByLabel('Description', { exact: true })
      .fill('Our kettle of the week first on the kettles page.');
    // Checked with the keyboard, as a merchandiser tabbing through the form does.
    await page.getByRole('checkbox', { name: 'Category page', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('checkbox', { name: 'Category page', exact: true }).isChecked(),
    ).resolves.toBe(true);
    await page.getByLabel('Category page (id)', { exact: true }).fill('kettles');
    await page.getByRole('button', { name: 'Add a pin' }).click();
    await page.getByLabel('Pin 1: product', { exact: true }).fill(pinned);
    await page.getByLabel('Pin 1: position', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Add the rule to the draft' }).click();
    const handle = page.getByRole('button', { name: /^Move pin-kettle/ });
    await handle.waitFor();
    await expectAccessible(page, 'rules');
    await expectKeyboardReachable(page, 'rules');

    // Reorder: with the mouse, drag it (the last rule) above the one before it; then with the
    // keyboard, pick it up, move it to the top one place at a time, and put it down.
    const last = (await draftRules(draftId)).length;
    expect((await draftRules(draftId))[last - 1]).toBe('pin-kettle');
    await dragTo(page, handle, page.locator('[data-rule]').nth(last - 2));
    await waitFor('pin-kettle to move up one place', async () =>
      (await draftRules(draftId))[last - 2] === 'pin-kettle' ? true : undefined,
    );
    await moveByKeyboard(page, 'pin-kettle', last - 1, 1);
    await waitFor('pin-kettle to be the first rule', async () =>
      (await draftRules(draftId))[0] === 'pin-kettle' ? true : undefined,
    );

    // Preview the kettles page with the draft: the pinned product comes first.
    await goTo(page, 'Preview');
    await page.getByLabel('Category page', { exact: true }).selectOption({ value: kettles.path });
    await page.getByRole('list', { name: 'Hits' }).waitFor();
    await expect(page.locator('.hits li').first().getAttribute('data-entity')).resolves.toBe(pinned);
    await expect(page.locator('main').textContent()).resolves.toContain('with the draft');
    await shot(page, 'panel-preview.png');
    await expectAccessible(page, 'preview');
    await expectKeyboardReachable(page, 'preview');
    // Why is the first above the second, and where is a product: one click from a hit.
    await page.getByRole('button', { name: `Compare ${pinned}` }).click();
    const second = await page.locator('.hits li').nth(1).getAttribute('data-entity');
    await page.getByRole('button', { name: `Compare ${second}` }).click();
    await page
      .getByRole('region', { name: 'Why one is above the other' })
      .getByText(/pin/i)
      .first()
      .waitFor();
    await page.getByRole('button', { name: `Find ${second}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: second ?? '' })
      .waitFor();

    // Check synonyms while typing: a word in another group already clashes; a new group shows
    // what each word finds now and can be written. Enter adds it.
    await goTo(page, 'Synonyms');
    const words = page.getByLabel('Words (comma between)').first();
    const check = page.getByTestId('synonym-check').first();
    await words.pressSequentially('tv, telly', { delay: 20 });
    await check.getByText(/“tv” is in group en\/groups\/\d+ already/).waitFor();
    await words.press('ControlOrMeta+a');
    await words.press('Backspace');
    await words.pressSequentially('kettle, teapot', { delay: 20 });
    await check.getByText(/“kettle” [1-9][\d,]* · “teapot” \d+/).waitFor();
    await check.getByText('It can be written.').waitFor();
    await expectAccessible(page, 'synonyms');
    await expectKeyboardReachable(page, 'synonyms');
    await words.press('Enter');
    await page.getByText('“kettle” and “teapot” find each other.').waitFor();
    expect(await draftSynonyms(draftId)).toContainEqual(
      expect.objectContaining({ words: ['kettle', 'teapot'] }),
    );

    // Publish the draft: the rule and the synonym go live.
    await page.goto(`${panel}#/imports/${draftId}`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await waitFor(
      'the draft to go live',
      async () => ((await page.locator('h1 .badge').textContent()) === 'live' ? true : undefined),
      120_000,
    );
    await queryReadsLive();
    expect((await manage('/rules')).rules[0].id).toBe('pin-kettle');
    const liveSynonyms = await manage('/synonyms');
    expect(
      liveSynonyms.dictionaries.find((dictionary: { locale: string }) => dictionary.locale === 'en').entries,
    ).toContainEqual(expect.objectContaining({ words: ['kettle', 'teapot'] }));

    // Insights count what shoppers searched and clicked, once the log is counted (every minute).
    const today = new Date().toISOString().slice(0, 10);
    await waitFor(
      'the searches to be counted',
      async () =>
        (await manage(`/insights?from=${today}&to=${today}`)).totals.searches >= 4 ? true : undefined,
      150_000,
    );
    await goTo(page, 'Insights');
    await page.getByRole('button', { name: 'Read again' }).press('Enter');
    const totals = page.getByTestId('insights-totals');
    await totals.getByText('4', { exact: true }).first().waitFor();
    await expect(totals.textContent()).resolves.toMatch(
      /Searches4Without results0Clicks2Click-through50(\.0)?\s?%/,
    );
    await page.getByRole('table', { name: 'Top queries' }).getByText('headphones').waitFor();
    await expectAccessible(page, 'insights');
    await expectKeyboardReachable(page, 'insights');

    // The overview after the day: what is live now and the index runs that took it there.
    await goTo(page, 'Overview');
    await page
      .getByTestId('live')
      .getByText((await manage('/live')).release.slice(0, 11))
      .waitFor();
    await page.getByRole('table', { name: 'Latest index runs' }).waitFor();
    await shot(page, 'panel-overview.png');
    await page.close();
  }, 600_000);

  it('works on a phone, 390 wide', async () => {
    const page = await open(390, 844);
    await signIn(page);
    for (const screen of [
      '/',
      '/imports',
      '/rules',
      '/synonyms',
      '/settings',
      '/preview',
      '/insights',
      '/releases',
      '/catalog-source',
    ]) {
      await page.goto(`${panel}#${screen}`);
      await page.locator('main h1').waitFor();
      await page
        .locator('.loading')
        .first()
        .waitFor({ state: 'detached', timeout: 60_000 })
        .catch(() => undefined);
      await expectFitsWidth(page, screen);
      await expectAccessible(page, `${screen} at 390`);
      await expectKeyboardReachable(page, `${screen} at 390`);
    }
    await page.close();
  });

  it('says what is missing and what went wrong, at the field the refusal points at', async () => {
    const page = await open();
    await signIn(page);
    // An import that does not exist: the 404's own detail, in an alert.
    const missing = await manage('/imports/987654');
    await page.goto(`${panel}#/imports/987654`);
    await page.getByRole('alert').filter({ hasText: missing.detail }).waitFor();
    await expectAccessible(page, 'an import that does not exist');

    // No feed yet: the screen says where the catalog comes from instead.
    await goTo(page, 'Catalog source');
    await page.getByText('No feed is set: the catalog comes from uploads.').waitFor();
    // A schedule the API refuses: its violation is shown at the field, and nothing is kept.
    const body = {
      url: 'https://shop.example.com/export/products.csv',
      interval_minutes: 1,
      on_change: 'draft',
    };
    const refusal = await manage('/catalog-source', { method: 'PUT', body: JSON.stringify(body) });
    const atInterval = refusal.violations.find((violation: { pointer: string }) =>
      violation.pointer.includes('interval'),
    );
    await page.getByLabel('Feed address').fill(body.url);
    await page.getByLabel('Every (minutes, 5 to 1440)').fill('1');
    await chooseRadio(page, 'waits as a draft');
    await page.getByRole('button', { name: 'Save the feed' }).click();
    await page.locator('.field-error').filter({ hasText: atInterval.message }).waitFor();
    await expect(page.getByLabel('Every (minutes, 5 to 1440)').getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    expect(
      (await call(`${panel}api/v1/catalog-source`, { headers: { authorization: `Bearer ${KEY}` } })).status,
    ).toBe(404);
    await expectAccessible(page, 'a refused catalog source');

    // Corrected, with a password: the password is kept and never shown back.
    await page.getByLabel('Every (minutes, 5 to 1440)').fill('60');
    await chooseRadio(page, 'user and password');
    await page.getByLabel('User', { exact: true }).fill('feed-reader');
    await page.getByLabel('Password', { exact: true }).fill('a-password-never-shown');
    await page.getByRole('button', { name: 'Save the feed' }).click();
    await page.getByText('as feed-reader (password kept encrypted)').waitFor();
    await expect(page.locator('body').textContent()).resolves.not.toContain('a-password-never-shown');
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    await page.getByRole('button', { name: 'Stop fetching (remove the source)' }).click();
    await page.getByText('No feed is set: the catalog comes from uploads.').waitFor();
    await page.close();
  }, 180_000);

  it('rolls back from the releases screen, saying how it would go live', async () => {
    const page = await open();
    await signIn(page);
    const live = (await manage('/live')).release as string;
    const { data } = await manage('/releases');
    const earlier = data.find((release: { id: string }) => release.id !== live).id as string;
    const publication = await manage(`/releases/${earlier}/publication`);
    await goTo(page, 'Releases');
    await page.getByRole('button', { name: `Open release ${earlier}` }).click();
    await page
      .locator('p')
      .filter({ hasText: `Publishing it would go live by a ${publication.way}: ${publication.cause}` })
      .waitFor();
    await expectAccessible(page, 'releases');
    await expectKeyboardReachable(page, 'releases');
    await page.getByRole('button', { name: 'Publish (roll back to it)' }).press('Enter');
    const run = page.getByRole('region', { name: /Index run \d+/ }).first();
    await run.waitFor();
    await waitFor(
      'the earlier release to go live',
      async () => ((await manage('/live')).release === earlier ? true : undefined),
      120_000,
    );
    await run.locator('.badge', { hasText: 'live' }).waitFor();
    await page.close();
  }, 180_000);

  it('breaks no rule of its Content-Security-Policy', () => {
    expect(cspViolations).toEqual([]);
  });

  async function shot(page: Page, name: string): Promise<void> {
    const path = join(SHOTS ?? dataDir, name);
    await page.screenshot({ path, fullPage: false });
    if (!SHOTS) await copyFile(path, join(dataDir, `copy-${name}`));
  }

  async function sendShopperTraffic(): Promise<void> {
    const stack = { urls: { public: publicUrl } } as never;
    for (const query of ['headphones', 'headphones', 'kettle', 'kettle']) {
      const pageView = crypto.randomUUID();
      const answer = await browserSearch(stack, { query, page_view: pageView });
      if (query === 'kettle') continue;
      const hit = answer.sections[0].hits[0];
      const response = await call(`${publicUrl}/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
        body: JSON.stringify({
          page_view: pageView,
          events: [{ type: 'click', query_id: answer.query_id, entity: hit.entity, position: 1 }],
        }),
      });
      expect(response.status).toBe(202);
    }
  }

  /**
   * Waits until the query side reads the release live now: an import is live once the control
   * plane's pointer moved, and the query node loads its indexes a moment later.
   */
  async function queryReadsLive(): Promise<void> {
    const { release } = await manage('/live');
    await waitFor(
      `the query side to read release ${release}`,
      async () => {
        const answer = await manage('/preview/search', {
          method: 'POST',
          body: JSON.stringify({ query: 'kettle', per_page: 1 }),
        });
        return answer.release === release ? true : undefined;
      },
      90_000,
    );
  }

  async function kettlesPage(): Promise<{ path: string; hits: string[] }> {
    await queryReadsLive();
    const { categories } = await manage('/categories');
    const node = categories.find((category: { category: string }) => category.category === 'kettles');
    const path = node.paths.en as string;
    const answer = await manage('/preview/page', { method: 'POST', body: JSON.stringify({ url: path }) });
    return {
      path,
      hits: answer.listing.results.sections[0].hits.map((hit: { entity: string }) => hit.entity),
    };
  }

  async function draftSynonyms(draft: number): Promise<Array<{ words?: string[] }>> {
    const answer = await manage(`/imports/${draft}/synonyms`);
    return answer.synonyms.dictionaries.find((dictionary: { locale: string }) => dictionary.locale === 'en')
      .entries;
  }

  async function draftRules(draft: number): Promise<string[]> {
    const answer = await manage(`/imports/${draft}/rules`);
    return answer.rules.map((rule: { id: string }) => rule.id);
  }
});

/** Opens a screen from the navigation (the pages link to some screens too). */
async function goTo(page: Page, screen: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: screen, exact: true })
    .click();
  await page.locator('main h1').filter({ hasText: screen }).first().waitFor();
}

/** Chooses a radio button by its label, as a person clicks it (React Aria hides the input itself). */
async function chooseRadio(page: Page, name: string): Promise<void> {
  await page.locator('label').filter({ hasText: name }).click();
  await expect(page.getByRole('radio', { name }).isChecked()).resolves.toBe(true);
}

/** Drops a file on the import screen's drop zone as a browser does: drag enter, over, drop. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ fileName, content }) => {
      const global = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string, options: { type: string }) => unknown;
      };
      const data = new global.DataTransfer();
      data.items.add(new global.File([content], fileName, { type: 'text/csv' }));
      return data;
    },
    { fileName: name, content: text },
  );
  const zone = page.locator('.drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/**
 * Moves a rule with dnd-kit's keyboard support, as a keyboard user does: Space picks the handle up,
 * each arrow key moves it one place (waiting for the live region to say where it is), Space puts it
 * down.
 */
async function moveByKeyboard(page: Page, rule: string, from: number, to: number): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Move ${rule},`) }).focus();
  await page.keyboard.press('Space');
  await page.locator(`[data-rule="${rule}"][data-dragging="true"]`).waitFor();
  const step = to < from ? -1 : 1;
  for (let place = from + step; place !== to + step; place += step) {
    await page.keyboard.press(step < 0 ? 'ArrowUp' : 'ArrowDown');
    await page
      .getByRole('status')
      .filter({ hasText: `Rule ${rule} is over place ${place}.` })
      .waitFor({ state: 'attached' });
  }
  await page.keyboard.press('Space');
}

/** Drags with the mouse as a person does: press on the handle, move in steps, release over the target. */
async function dragTo(page: Page, handle: ReturnType<Page['locator']>, target: ReturnType<Page['locator']>) {
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 20 });
  await page.mouse.up();
}

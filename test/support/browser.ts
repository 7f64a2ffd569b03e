import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

/** The Chromium the browser tests drive. */
export const CHROMIUM = process.env.AISLE_CHROMIUM ?? '/usr/bin/chromium';
/** Whether it is installed; the browser tests are skipped otherwise. */
export const HAS_CHROMIUM = existsSync(CHROMIUM);
/** Why the browser tests are skipped, in one line. */
export const CHROMIUM_SKIPPED = `browser tests skipped: no Chromium at ${CHROMIUM} (bash .ci/chromium.sh installs Debian's; AISLE_CHROMIUM names another)`;

/**
 * Debian's Chromium, headless, as the browser tests drive it. Background networking is off: the
 * test machines reach no outside host, and Chromium would otherwise keep trying.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Refuses every request of a page to another host than `origin`'s and returns the addresses it
 * tried: what a page shows must come from the server under test.
 */
export async function keepToOrigin(page: Page, origin: string): Promise<string[]> {
  const elsewhere: string[] = [];
  const host = new URL(origin).host;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).host === host) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  return elsewhere;
}

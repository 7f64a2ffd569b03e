import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, headless, as the browser tests drive it. Background networking is off: the
 * test machines reach no outside host, and Chromium would otherwise keep trying.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.AISLE_CHROMIUM ?? '/usr/bin/chromium',
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

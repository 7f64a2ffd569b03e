import { WHOLE_EXPORTS, WHOLE_EXPORTS_SKIPPED } from '../../src/catalog/testing/exports.js';
import { CHROMIUM_SKIPPED, HAS_CHROMIUM } from './browser.js';

/** Vitest's global setup: one line each, once per run, for tests that cannot run on this machine. */
export default function sayWhyTestsAreSkipped(): void {
  if (!WHOLE_EXPORTS) console.log(WHOLE_EXPORTS_SKIPPED);
  if (!HAS_CHROMIUM) console.log(CHROMIUM_SKIPPED);
}

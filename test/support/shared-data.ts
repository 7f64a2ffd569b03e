import { WHOLE_EXPORTS, WHOLE_EXPORTS_SKIPPED } from '../../src/catalog/testing/exports.js';

/** Vitest's global setup: one line, once per run, when the whole-catalog tests cannot run. */
export default function sayWhyWholeExportsAreSkipped(): void {
  if (!WHOLE_EXPORTS) console.log(WHOLE_EXPORTS_SKIPPED);
}

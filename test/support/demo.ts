import { loadDemoShop } from '../../src/cli/demo.js';
import type { Clock } from '../../src/lib/clock.js';
import type { Answer } from './http.js';
import { searchesRead } from './imports.js';
import { startTestStack, type TestStack } from './stack.js';
import { waitFor } from './wait.js';

/**
 * A whole stack with the demo shop loaded and its first index run read by searches. The demo's
 * sale is dated from the stack's day: `clock` fixes it where a test reads dates.
 */
export async function startDemoStack(
  options: { clock?: Clock; storefront?: boolean } = {},
): Promise<TestStack> {
  const stack = await startTestStack(options);
  const { runId } = await loadDemoShop(stack.deps, `${stack.urls.management}/schemas`);
  await searchesRead(stack, runId!);
  return stack;
}

/** Waits until an index run has ended (succeeded, failed or superseded), and answers it. */
export function finishedRun(stack: TestStack, id: number, timeoutMs?: number): Promise<Answer> {
  return waitFor(
    `index run ${id} to finish`,
    async () => {
      const run = await (await stack.manage('GET', `/index-runs/${id}`)).json();
      return ['succeeded', 'failed', 'superseded'].includes(run.status) ? run : undefined;
    },
    timeoutMs,
  );
}

import { loadDemoShop } from '../../src/cli/demo.js';
import type { Answer } from './http.js';
import { searchesRead } from './imports.js';
import { startTestStack, type TestStack } from './stack.js';
import { waitFor } from './wait.js';

/** A whole stack with the demo shop loaded and its first index run read by searches. */
export async function startDemoStack(): Promise<TestStack> {
  const stack = await startTestStack();
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

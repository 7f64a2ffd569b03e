import { setTimeout as sleep } from 'node:timers/promises';
import { VERSION } from '../lib/version.js';
import { type KeyOrigin, MANAGEMENT_KEY_FILE } from './management-key.js';
import type { Roles, RunningStack } from './stack.js';

/** What a person starting aisle needs to read: where each API is, the key, a search to try. */
export function printBanner(
  stack: RunningStack,
  roles: Roles,
  managementKey: string | undefined,
  keyOrigin: KeyOrigin | undefined,
  dataDir: string,
): void {
  const { urls } = stack;
  const lines = [`aisle ${VERSION}`];
  if (urls.public) lines.push(`  Query API:       ${urls.public}`);
  if (urls.internal) lines.push(`  Internal API:    ${urls.internal}`);
  if (urls.management) lines.push(`  Management API:  ${urls.management}/api/v1`);
  if (urls.management) lines.push(`  Operator panel:  ${urls.management}/`);
  if (roles.indexer) lines.push('  Indexer:         running');
  if (urls.management) lines.push(managementKeyLine(managementKey, keyOrigin, dataDir));
  const docs = urls.public ?? urls.management ?? urls.internal;
  if (docs) lines.push(`  API reference:   ${docs}/docs`, `  API description: ${docs}/openapi.json`);
  if (urls.storefront) lines.push(`  Demo storefront: ${urls.storefront}`);
  console.log(lines.join('\n'));
}

/**
 * A search to try, printed only once an index is live, so the line answers when it is run; while
 * nothing is live, what the query node would answer instead.
 */
export function printSearchLine(stack: RunningStack): void {
  if (!stack.urls.public || !stack.live) return;
  if (stack.live.current()) {
    console.log(`Search:\n  curl '${stack.urls.public}/v1/search?query=wireless+headphones&per_page=3'`);
  } else {
    console.log(stack.live.nothingLiveSentence());
  }
}

/** Shows a run's progress on one line until it ends; the demo waits so its first search answers. */
export async function waitForRun(stack: RunningStack, runId: number): Promise<void> {
  let shown = '';
  for (;;) {
    const run = await stack.deps.database.indexRuns.get(runId);
    if (!run) return;
    const progress = run.progress as { step?: string; entities?: number; total?: number } | undefined;
    const line = `Index run ${runId}: ${run.status}${progress?.step && run.status === 'running' ? `, ${progress.step} ${progress.entities ?? 0}/${progress.total ?? '?'}` : ''}`;
    if (line !== shown) {
      console.log(line);
      shown = line;
    }
    if (run.status === 'failed') {
      console.log(`  ${run.error ?? 'The run failed.'}`);
      return;
    }
    if (run.status === 'succeeded' || run.status === 'superseded') {
      await stack.live?.refresh();
      return;
    }
    await sleep(200);
  }
}

/**
 * The banner's line about the management key. The key itself is printed once, when it was just
 * generated: later starts say where it is kept, so it does not end up in every log of the output.
 */
export function managementKeyLine(
  key: string | undefined,
  origin: KeyOrigin | undefined,
  dataDir: string,
): string {
  if (!key) {
    return '  Management key:  none set: every management call is refused until SEARCH_MANAGEMENT_KEY is set';
  }
  const file = `${dataDir}/${MANAGEMENT_KEY_FILE}`;
  if (origin === 'generated')
    return `  Management key:  ${key} (generated and saved in ${file}; shown this once)`;
  if (origin === 'saved') return `  Management key:  saved in ${file}`;
  return '  Management key:  from SEARCH_MANAGEMENT_KEY';
}

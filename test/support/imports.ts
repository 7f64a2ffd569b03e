import type { Answer } from './http.js';
import type { TestStack } from './stack.js';
import { waitFor } from './wait.js';

/** Sends an export as a new import and answers the import. */
export async function sendExport(
  stack: TestStack,
  body: string | Buffer,
  name = 'export.jsonl',
  contentType = 'application/x-ndjson',
): Promise<Answer> {
  const response = await stack.manage('POST', `/imports?name=${encodeURIComponent(name)}`, body, {
    'content-type': contentType,
  });
  if (response.status !== 201)
    throw new Error(`POST /imports answered ${response.status}: ${await response.text()}`);
  return (await response.json()).import;
}

export async function getImport(stack: TestStack, id: number): Promise<Answer> {
  return (await stack.manage('GET', `/imports/${id}`)).json();
}

/** Publishes an import at its current version and answers the 202 body. */
export async function publish(
  stack: TestStack,
  id: number,
  extra: Record<string, unknown> = {},
): Promise<Answer> {
  const { version } = await getImport(stack, id);
  const response = await stack.manage('POST', `/imports/${id}/publish`, { version, ...extra });
  if (response.status !== 202)
    throw new Error(`publish answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Waits until the import leaves `publishing`, and answers it. */
export async function settled(stack: TestStack, id: number, timeoutMs?: number): Promise<Answer> {
  return waitFor(
    `import ${id} to settle`,
    async () => {
      const current = await getImport(stack, id);
      return current.status === 'publishing' ? undefined : current;
    },
    timeoutMs,
  );
}

/** Waits until searches read the run that is live now. */
export async function searchesRead(stack: TestStack, runId: number): Promise<void> {
  await waitFor(`searches to read run ${runId}`, async () =>
    stack.live?.current()?.runId === runId ? true : undefined,
  );
}

export async function storeAndPublishRelease(
  stack: TestStack,
  files: Record<string, unknown>,
): Promise<string> {
  const release = await (await stack.manage('POST', '/releases', { files })).json();
  await stack.manage('POST', `/releases/${release.id}/publish`);
  return release.id;
}

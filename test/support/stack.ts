import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { type Config, readConfig } from '../../src/cli/config.js';
import { type Roles, type RunningStack, startStack, type Workers } from '../../src/cli/stack.js';
import type { Clock } from '../../src/lib/clock.js';
import { WorkerPool, workerEntry } from '../../src/lib/worker-pool.js';
import { call, type TestResponse } from './http.js';

export const TEST_KEY = 'test-management-key';
export const TEST_INTERNAL_KEY = 'test-internal-key-shared-by-roles';

export interface TestStack extends RunningStack {
  dataDir: string;
  /** Calls the management API with the key. */
  manage(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
  search(body: unknown): Promise<TestResponse>;
  /** Calls the internal API with the internal key, as the control plane does: a POST, or a GET without a body. */
  internal(path: string, body?: unknown): Promise<TestResponse>;
  close(): Promise<void>;
}

let shared: WorkerPool | undefined;

/**
 * One pool of worker threads for every stack of a test file: a worker started from sources loads
 * its modules through tsx, which takes seconds, so stacks share the threads instead of each
 * starting its own. Idle workers do not keep the test process alive.
 */
function sharedWorkers(): Workers {
  shared ??= new WorkerPool({
    entry: workerEntry(new URL('../../src/cli/stack.ts', import.meta.url).href, './worker'),
    size: 2,
    name: 'aisle-test',
  });
  return { builds: shared, reads: shared };
}

/** A whole stack in this process, on free ports and a temporary data dir, with fast polling. */
export async function startTestStack(
  options: {
    roles?: Partial<Roles>;
    managementKey?: string | null;
    clock?: Clock;
    env?: Record<string, string>;
    /** Serves the built example storefront at /demo. */
    storefront?: boolean;
  } = {},
): Promise<TestStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'aisle-test-'));
  const config: Config = {
    ...readConfig({
      AISLE_PUBLIC_PORT: '0',
      AISLE_INTERNAL_PORT: '0',
      AISLE_MANAGEMENT_PORT: '0',
      AISLE_DATA_DIR: dataDir,
      AISLE_LIVE_POLL_MS: '50',
      AISLE_INDEXER_POLL_MS: '50',
      AISLE_INTERNAL_KEY: TEST_INTERNAL_KEY,
      // Test files run side by side on few cores, with heavy work of their own in the same process:
      // a stack sheds load only in the test that asks for it.
      AISLE_SHED_EVENT_LOOP_DELAY_MS: '0',
      ...options.env,
    }),
  };
  const roles: Roles = { query: true, control: true, indexer: true, ...options.roles };
  const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const key = options.managementKey === null ? undefined : (options.managementKey ?? TEST_KEY);
  const stack = await startStack(config, roles, logger, key, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.storefront ? { storefront: true } : {}),
    workers: sharedWorkers(),
  });
  return {
    ...stack,
    dataDir,
    manage(method, path, body, headers = {}) {
      const isBytes = typeof body === 'string' || Buffer.isBuffer(body);
      return call(`${stack.urls.management}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${TEST_KEY}`,
          ...(body === undefined
            ? {}
            : { 'content-type': isBytes ? 'application/x-ndjson' : 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: isBytes ? (body as string) : JSON.stringify(body) }),
      });
    },
    internal(path, body) {
      const authorization = `Bearer ${TEST_INTERNAL_KEY}`;
      return call(
        `${stack.urls.internal}${path}`,
        body === undefined
          ? { headers: { authorization } }
          : {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization },
              body: JSON.stringify(body),
            },
      );
    },
    search(body) {
      return call(`${stack.urls.public}/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
    async close() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

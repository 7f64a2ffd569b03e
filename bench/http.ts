import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generateCatalog } from '../src/catalog/demo/generate.js';
import { parseBanner, type RunningCli, runCli } from '../test/support/cli.js';
import { waitFor } from '../test/support/wait.js';

export interface HttpBenchResult {
  products: number;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
}

/** A built `aisle start` serving a generated catalog, in a data dir of its own. */
export interface BenchShop {
  urls: ReturnType<typeof parseBanner>;
  /** The management API's Bearer key. */
  key: string;
  dataDir: string;
  cli: RunningCli;
  /** Stops the process with SIGTERM (a graceful stop) and removes its data dir. */
  stop(): Promise<void>;
}

/**
 * Starts the built `aisle start` (or the build at `cli`) as its own process and loads a generated
 * catalog of `products` with a release without rules, waiting until it answers searches.
 */
export async function startBenchShop(
  products: number,
  options: { cli?: string; env?: Record<string, string> } = {},
): Promise<BenchShop> {
  const dataDir = await mkdtemp(join(tmpdir(), 'aisle-bench-'));
  const key = 'bench-management-key';
  const cli = runCli(
    ['start'],
    {
      AISLE_PUBLIC_PORT: '0',
      AISLE_INTERNAL_PORT: '0',
      AISLE_MANAGEMENT_PORT: '0',
      AISLE_DATA_DIR: dataDir,
      SEARCH_MANAGEMENT_KEY: key,
      ...options.env,
    },
    options.cli,
  );
  const stop = async () => {
    await cli.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const urls = parseBanner(await cli.waitForOutput(/aisle is ready\./));
    if (products > 0) {
      const auth = { authorization: `Bearer ${key}` };
      const lines: string[] = [];
      for (const entity of generateCatalog({ products, seed: 7 })) lines.push(JSON.stringify(entity));
      await fetch(`${urls.management}/catalog`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/x-ndjson' },
        body: `${lines.join('\n')}\n`,
      });
      const release = (await (
        await fetch(`${urls.management}/releases`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ files: { 'rules.json': { rules: [] } } }),
        })
      ).json()) as { id: string };
      await fetch(`${urls.management}/releases/${release.id}/publish`, { method: 'POST', headers: auth });
      // A refused or reset connection while the machine is busy compiling is asked again.
      await waitFor(
        'the index to go live',
        async () => {
          const response = await fetch(`${urls.public}/v1/search?query=x`).catch(() => undefined);
          return response?.status === 200 ? true : undefined;
        },
        900_000,
      );
    }
    return { urls, key, dataDir, cli, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Requests per second over HTTP: the built `aisle start` runs as its own process (as in
 * production), and autocannon sends searches from this one, so the two do not share an event loop.
 */
export async function benchHttp(products: number, queries: string[], seconds = 10): Promise<HttpBenchResult> {
  const shop = await startBenchShop(products);
  try {
    const connections = 16;
    let next = 0;
    const result = await autocannon({
      url: `${shop.urls.public}/v1/search`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const query = queries[next++ % queries.length];
            return {
              ...request,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query, traffic: 'bench' }),
            };
          },
        },
      ],
    });
    return {
      products,
      connections,
      seconds,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
    };
  } finally {
    await shop.stop();
  }
}

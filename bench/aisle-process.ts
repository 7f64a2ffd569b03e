/**
 * What benchmarks that measure `aisle start` over HTTP share: the built command as a process of its
 * own on free ports with a data directory of its own, a management call with its key, and the
 * latency summary of the searches answered while something happened.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBanner, runCli } from '../test/support/cli.js';

export interface BenchAisle {
  urls: ReturnType<typeof parseBanner>;
  /** A management API call with the key; `type` names the body's content type. */
  manage(method: string, path: string, body?: string, type?: string): Promise<Response>;
  /** Stops the process and removes its data directory. */
  close(): Promise<void>;
}

/** Starts the build at `cli` (a checkout's dist/src/cli/main.js) with nothing live. */
export async function startBenchAisle(name: string, key: string, cli: string): Promise<BenchAisle> {
  const dataDir = await mkdtemp(join(tmpdir(), `aisle-bench-${name}-`));
  const running = runCli(
    ['start'],
    {
      AISLE_PUBLIC_PORT: '0',
      AISLE_INTERNAL_PORT: '0',
      AISLE_MANAGEMENT_PORT: '0',
      AISLE_DATA_DIR: dataDir,
      SEARCH_MANAGEMENT_KEY: key,
    },
    cli,
  );
  const close = async () => {
    await running.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const urls = parseBanner(await running.waitForOutput(/aisle is ready\./));
    const manage = (method: string, path: string, body?: string, type = 'application/json') =>
      fetch(`${urls.management}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': type } : {}) },
        ...(body ? { body } : {}),
      });
    return { urls, manage, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** How many searches, and their latency in milliseconds at the median, the 99th percentile and worst. */
export interface LatencyWindow {
  searches: number;
  p50: number;
  p99: number;
  max: number;
}

export function latencyWindow(latencies: number[]): LatencyWindow {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  const ms = (value: number) => Math.round(value * 10) / 10;
  return { searches: sorted.length, p50: ms(at(0.5)), p99: ms(at(0.99)), max: ms(sorted.at(-1) ?? 0) };
}

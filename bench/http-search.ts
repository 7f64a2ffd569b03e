/**
 * Searches per second over HTTP as a storefront sends them, against the demo shop served by the
 * built `aisle start --demo` in a process of its own (ephemeral ports, a fresh data dir), driven
 * by autocannon from this process with 16 connections and no compression asked:
 *
 * - `20 queries`: an everyday mix of 20 searches of the demo shop (the release's test queries, then
 *   colour and brand searches of its categories), answer cache off (`AISLE_ANSWER_CACHE_KB=0`);
 * - `zipf 2,000`: 2,000 distinct queries drawn from product titles and keywords, asked with a
 *   Zipf distribution (s = 1) as shop traffic repeats searches, answer cache on (its default);
 * - `GET /health` on the same server, the ceiling of the HTTP stack alone.
 *
 * With `--base <dir>` (another checkout, built) each round runs that build first and this one
 * after it (A B A B), so both meet the same machine load.
 *
 *   npx tsx bench/http-search.ts [--base /tmp/aisle-main] [--rounds 2] [--seconds 10] [--profile]
 *
 * `--swap` measures instead the first 200 searches after a swap against the steady state (see
 * firstAfterSwap). `--profile` writes V8 CPU profiles of the server (`node --cpu-prof`) to bench-profiles/.
 * Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_SHOP, generateCatalog } from '../src/catalog/demo/index.js';
import { Random } from '../src/catalog/demo/random.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';
import { CLI, parseBanner, runCli } from '../test/support/cli.js';
import { waitFor } from '../test/support/wait.js';
import { demoQuerySets } from './demo-queries.js';
import { drawQueries } from './engine.js';

export const CONNECTIONS = 16;

/** The everyday mix: the release's test searches, then colour and brand searches, 20 in all. */
export function everydayQueries(): string[] {
  const sets = demoQuerySets();
  const tests = sets['release tests']!.filter((one) => one.locale === undefined).map((one) => one.query);
  const spread = (queries: string[], count: number) =>
    Array.from({ length: count }, (_, i) => queries[Math.floor((i * queries.length) / count)]!);
  const rest = 20 - tests.length;
  const colours = sets['colour × category']!.map((one) => one.query);
  const brands = sets['brand × category']!.map((one) => one.query);
  return [...tests, ...spread(colours, Math.ceil(rest / 2)), ...spread(brands, Math.floor(rest / 2))].slice(
    0,
    20,
  );
}

/**
 * `length` queries drawn from `distinct` with a Zipf distribution of exponent 1: the query of
 * rank r is asked in proportion to 1 / r.
 */
export function zipfSequence(distinct: readonly string[], length: number, seed: number): string[] {
  const weights = distinct.map((_, rank) => 1 / (rank + 1));
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) {
    sum += weight;
    cumulative.push(sum);
  }
  const random = new Random(seed);
  return Array.from({ length }, () => {
    const at = random.next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < at) low = middle + 1;
      else high = middle;
    }
    return distinct[low]!;
  });
}

export interface LoadResult {
  requestsPerSecond: number;
  /** CPU time the server process spent per request (all its threads), ms: steadier than rates under load. */
  cpuMsPerRequest: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run of POST /v1/search with the queries in turn, or GET `path` when given. */
export async function drive(
  base: string,
  options: { queries?: readonly string[]; path?: string; seconds: number; pid: number },
): Promise<LoadResult> {
  let next = 0;
  const cpuBefore = await cpuMsOf(options.pid);
  const queries = options.queries ?? [];
  const result = await autocannon({
    url: `${base}${options.path ?? '/v1/search'}`,
    connections: CONNECTIONS,
    duration: options.seconds,
    requests: [
      options.path
        ? { method: 'GET' }
        : {
            method: 'POST',
            setupRequest: (request) => ({
              ...request,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query: queries[next++ % queries.length], traffic: 'bench' }),
            }),
          },
    ],
  });
  const cpuMs = (await cpuMsOf(options.pid)) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    cpuMsPerRequest: Math.round((cpuMs / Math.max(1, result.requests.total)) * 100) / 100,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** User and system CPU time of a process so far, ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
async function cpuMsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The built `aisle start --demo` of a checkout, started on ephemeral ports, once its index is live. */
export async function startDemo(cli: string, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'aisle-bench-demo-'));
  const running = runCli(
    ['start', '--demo'],
    {
      AISLE_PUBLIC_PORT: '0',
      AISLE_INTERNAL_PORT: '0',
      AISLE_MANAGEMENT_PORT: '0',
      AISLE_DATA_DIR: dataDir,
      SEARCH_MANAGEMENT_KEY: 'bench-management-key',
      // Throughput is measured, not load shedding: on a machine other work oversubscribes, the
      // event loop's delay passes the shedding threshold and 503s would be counted as answers.
      AISLE_SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    cli,
  );
  const stop = async () => {
    await running.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const urls = parseBanner(await running.waitForOutput(/aisle is ready\./, 300_000));
    const base = urls.public!;
    await waitFor(
      'the demo index to go live',
      async () => {
        const response = await fetch(`${base}/v1/search?query=x`).catch(() => undefined);
        return response?.status === 200 ? true : undefined;
      },
      300_000,
    );
    return { base, management: urls.management!, pid: running.child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Latency percentiles of a list of milliseconds. */
function percentiles(ms: number[]): { p50: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

export interface SwapResult {
  steady: { p50: number; p99: number };
  first: { p50: number; p99: number };
}

/**
 * The first 200 searches after a swap against the steady state before it, answer cache off: 16
 * loops send the everyday mix one search after another for 2,000 answers (the steady state); then
 * a new catalog (one title changed) is uploaded and built while one search every 200 ms watches
 * for its snapshot (16 loops would starve the build, whose thread runs below the searches'
 * priority), and from the first answer naming it the 16 loops take the first 200 answers.
 */
export async function firstAfterSwap(cli: string, queries: readonly string[]): Promise<SwapResult> {
  const shop = await startDemo(cli, { AISLE_ANSWER_CACHE_KB: '0' });
  let next = 0;
  const timed = async (): Promise<{ ms: number; snapshot?: string }> => {
    const query = queries[next++ % queries.length];
    const started = performance.now();
    const response = await fetch(`${shop.base}/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ query, traffic: 'bench' }),
    });
    const answer = (await response.json()) as { snapshot?: string };
    return { ms: performance.now() - started, snapshot: answer.snapshot };
  };
  const loops = async (count: number): Promise<number[]> => {
    const times: number[] = [];
    const loop = async () => {
      while (times.length < count) times.push((await timed()).ms);
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, loop));
    return times.slice(0, count);
  };
  try {
    const steady = await loops(2_000);
    const before = (await timed()).snapshot;
    const entities = [...generateCatalog({ ...DEMO_SHOP, today: new Date() })];
    const product = entities.find((entity) => entity.type === 'product')!;
    product.title = `${String(product.title)} (new)`;
    const uploaded = await fetch(`${shop.management}/catalog`, {
      method: 'PUT',
      headers: { authorization: 'Bearer bench-management-key', 'content-type': 'application/x-ndjson' },
      body: `${entities.map((entity) => JSON.stringify(entity)).join('\n')}\n`,
    });
    if (!uploaded.ok)
      throw new Error(`The new catalog was refused: ${uploaded.status} ${await uploaded.text()}`);
    const first = await waitFor(
      'the new catalog to go live',
      async () => {
        await setTimeout(200);
        const probe = await timed();
        return probe.snapshot !== before ? probe.ms : undefined;
      },
      1_800_000,
    );
    const after = [first, ...(await loops(199))];
    return { steady: percentiles(steady), first: percentiles(after) };
  } finally {
    await shop.stop();
  }
}

interface Row {
  build: string;
  round: number;
  mix: string;
  result: LoadResult;
  health: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      rounds: { type: 'string', default: '2' },
      seconds: { type: 'string', default: '10' },
      profile: { type: 'boolean', default: false },
      swap: { type: 'boolean', default: false },
    },
  });
  if (values.swap) return swapMain(values.base, Number(values.rounds));
  const seconds = Number(values.seconds);
  const builds: Array<{ name: string; cli: string }> = [];
  if (values.base)
    builds.push({ name: 'before', cli: join(resolve(values.base), 'dist', 'src', 'cli', 'main.js') });
  builds.push({ name: values.base ? 'after' : 'this', cli: CLI });
  const everyday = everydayQueries();
  const distinct = [...new Set(drawQueries([...generateCatalog({ ...DEMO_SHOP })], 4_000, 11))].slice(
    0,
    2_000,
  );
  const zipf = zipfSequence(distinct, 200_000, 23);
  const profileDir = join(PACKAGE_ROOT, 'bench-profiles');
  const rows: Row[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const build of builds) {
      for (const mix of ['20 queries', 'zipf 2,000'] as const) {
        const env: Record<string, string> = mix === '20 queries' ? { AISLE_ANSWER_CACHE_KB: '0' } : {};
        if (values.profile) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
        const shop = await startDemo(build.cli, env);
        try {
          // A short warm-up, so the measured run meets compiled code.
          const queries = mix === '20 queries' ? everyday : zipf;
          await drive(shop.base, { queries, seconds: 2, pid: shop.pid });
          const result = await drive(shop.base, { queries, seconds, pid: shop.pid });
          const health = await drive(shop.base, {
            path: '/health',
            seconds: Math.min(seconds, 5),
            pid: shop.pid,
          });
          rows.push({ build: build.name, round, mix, result, health: health.requestsPerSecond });
          console.error(
            `${build.name} round ${round} ${mix}: ${result.requestsPerSecond}/s p50 ${result.p50} ms p99 ${result.p99} ms, ${result.cpuMsPerRequest} ms CPU each (health ${health.requestsPerSecond}/s)`,
          );
        } finally {
          await shop.stop();
        }
      }
    }
  }
  console.log(
    `Demo shop (${DEMO_SHOP.products.toLocaleString('en')} products), ${CONNECTIONS} connections, ${seconds} s per run\n`,
  );
  console.log(
    '| code | round | mix | answer cache | searches/s | p50 | p99 | non-2xx | server CPU per search | GET /health/s | searches / health |',
  );
  console.log('|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const cache = row.mix === '20 queries' || row.build === 'before' ? 'off' : 'on';
    console.log(
      `| ${row.build} | ${row.round} | ${row.mix} | ${cache} | ${row.result.requestsPerSecond.toLocaleString('en')} | ${row.result.p50} ms | ${row.result.p99} ms | ${row.result.non2xx + row.result.errors} | ${row.result.cpuMsPerRequest} ms | ${row.health.toLocaleString('en')} | ${((row.result.requestsPerSecond / row.health) * 100).toFixed(1)} % |`,
    );
  }
}

/** `--swap`: the first 200 searches after a swap against the steady state, per build and round. */
async function swapMain(base: string | undefined, rounds: number): Promise<void> {
  const builds: Array<{ name: string; cli: string }> = [];
  if (base) builds.push({ name: 'before', cli: join(resolve(base), 'dist', 'src', 'cli', 'main.js') });
  builds.push({ name: base ? 'after' : 'this', cli: CLI });
  console.log('| code | round | steady p50 | steady p99 | first 200 after the swap p50 | p99 | p99 ratio |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (let round = 1; round <= rounds; round++) {
    for (const build of builds) {
      const { steady, first } = await firstAfterSwap(build.cli, everydayQueries());
      console.log(
        `| ${build.name} | ${round} | ${steady.p50} ms | ${steady.p99} ms | ${first.p50} ms | ${first.p99} ms | ${(first.p99 / steady.p99).toFixed(2)} |`,
      );
    }
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

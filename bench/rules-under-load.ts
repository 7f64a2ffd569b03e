/**
 * What a large release does to the searches of `aisle start`: the built command runs as its own
 * process with a small catalog live; a release of many rules (the kinds bench/../test/support/
 * many-rules.ts writes) is stored and published, then GET /api/v1/rules lists it. Meanwhile one
 * search after another probes the public port. Prints, for storing the release and for listing
 * its rules, how long the call took and the latency of the searches answered meanwhile (p50, p99,
 * max): a search held up by the call shows as its max.
 *
 *   npx tsx bench/rules-under-load.ts [rules]          default 20000
 *   AISLE_BENCH_CLI=/before/dist/src/cli/main.js AISLE_BENCH_CLI_B=dist/src/cli/main.js \
 *     npx tsx bench/rules-under-load.ts 2000
 *
 * AISLE_BENCH_CLI runs another build of aisle (the code before a change, from its own checkout);
 * with AISLE_BENCH_CLI_B too, the two builds are measured in turn, A B A B. Needs `npm run build`.
 */
import { fileURLToPath } from 'node:url';
import { smallShop, toJsonLines } from '../test/support/catalog.js';
import { CLI } from '../test/support/cli.js';
import { manyRules } from '../test/support/many-rules.js';
import { waitFor } from '../test/support/wait.js';
import { type LatencyWindow, latencyWindow, startBenchAisle } from './aisle-process.js';

export interface RulesUnderLoadResult {
  cli: string;
  rules: number;
  releaseBytes: number;
  storeMs: number;
  duringStore: LatencyWindow;
  listMs: number;
  listBytes: number;
  duringList: LatencyWindow;
}

const KEY = 'bench-rules-under-load-key';
const STRENGTHS = {
  boost: { slight: 1.2, medium: 1.5, strong: 2.5 },
  bury: { slight: 0.8, medium: 0.6, strong: 0.3 },
};

/** Searches one after another until `work` settles: their latencies, and how long the work took. */
async function probed<T>(
  publicUrl: string,
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; latencies: number[] }> {
  const latencies: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      const answer = await fetch(`${publicUrl}/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'kettle', traffic: 'bench' }),
      });
      await answer.arrayBuffer();
      if (!done) latencies.push(performance.now() - start);
    }
  })();
  const start = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - start, latencies };
  } finally {
    done = true;
    await probe;
  }
}

export async function benchRulesUnderLoad(
  count: number,
  cli = process.env.AISLE_BENCH_CLI ?? CLI,
): Promise<RulesUnderLoadResult> {
  const aisle = await startBenchAisle('rules', KEY, cli);
  const { urls, manage } = aisle;
  try {
    const searchable = async () =>
      (
        await fetch(`${urls.public}/v1/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'kettle' }),
        })
      ).status === 200;
    await manage('PUT', '/catalog', toJsonLines(smallShop), 'application/x-ndjson');
    const first = (await (
      await manage('POST', '/releases', JSON.stringify({ files: { 'ranking.json': { sorts: [] } } }))
    ).json()) as { id: string };
    await manage('POST', `/releases/${first.id}/publish`);
    await waitFor(
      'the first index to go live',
      async () => ((await searchable()) ? true : undefined),
      600_000,
    );

    const rules = manyRules(count, ['product:p1', 'product:p2', 'product:p3'], ['audio']);
    const body = JSON.stringify({
      files: { 'ranking.json': { sorts: [], strengths: STRENGTHS }, 'rules.json': { rules } },
    });
    const stored = await probed(urls.public!, async () => {
      const response = await manage('POST', '/releases', body);
      if (response.status !== 201)
        throw new Error(`Storing answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { id: string }).id;
    });
    await manage('POST', `/releases/${stored.value}/publish`);
    await waitFor(
      'the release to be read by searches',
      async () => {
        const live = (await (await manage('GET', '/live')).json()) as { release?: string };
        return live.release === stored.value && (await searchable()) ? true : undefined;
      },
      600_000,
    );
    const listed = await probed(urls.public!, async () => {
      const response = await manage('GET', '/rules');
      if (response.status !== 200) throw new Error(`Listing answered ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    });
    return {
      cli,
      rules: count,
      releaseBytes: Buffer.byteLength(body),
      storeMs: Math.round(stored.ms),
      duringStore: latencyWindow(stored.latencies),
      listMs: Math.round(listed.ms),
      listBytes: listed.value,
      duringList: latencyWindow(listed.latencies),
    };
  } finally {
    await aisle.close();
  }
}

export function rulesUnderLoadTable(results: RulesUnderLoadResult[]): string {
  const shown = (w: LatencyWindow) => `${w.searches} / ${w.p50} / ${w.p99} / ${w.max} ms`;
  const rows = results.map((r) =>
    [
      r.cli,
      r.rules.toLocaleString('en'),
      `${(r.releaseBytes / 1e6).toFixed(1)} MB`,
      `${(r.storeMs / 1000).toFixed(1)} s`,
      shown(r.duringStore),
      `${(r.listMs / 1000).toFixed(1)} s`,
      shown(r.duringList),
    ].join(' | '),
  );
  return [
    '| build | rules | release | store | searches during store (n / p50 / p99 / max) | list | searches during list (n / p50 / p99 / max) |',
    '|---|---:|---:|---:|---|---:|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 20_000);
  const builds = [
    process.env.AISLE_BENCH_CLI ?? CLI,
    ...(process.env.AISLE_BENCH_CLI_B ? [process.env.AISLE_BENCH_CLI_B] : []),
  ];
  const order = builds.length === 2 ? [builds[0]!, builds[1]!, builds[0]!, builds[1]!] : builds;
  const results: RulesUnderLoadResult[] = [];
  for (const cli of order) results.push(await benchRulesUnderLoad(count, cli));
  console.log(rulesUnderLoadTable(results));
}

/**
 * Search latency while a new catalog is published: the built `aisle start` runs as its own process
 * with a catalog live; autocannon sends searches for 60 seconds; 15 seconds in, another catalog is
 * uploaded, its index run builds and the node swaps to it. Prints the latency of the searches
 * answered before the upload and of those answered from the upload until the node serves the new
 * catalog, the errors (none are allowed), how long the upload took and when the new index was live.
 *
 *   npx tsx bench/load-swap.ts [products]          default 50000
 *   AISLE_BENCH_CLI=/before/dist/src/cli/main.js AISLE_BENCH_CLI_B=dist/src/cli/main.js \
 *     npx tsx bench/load-swap.ts 20000
 *
 * AISLE_BENCH_CLI runs another build of aisle (the code before a change, from its own checkout);
 * with AISLE_BENCH_CLI_B too, the two builds are measured in turn, A B A B, so that a comparison
 * runs on the same machine in the same minutes. Needs `npm run build` first.
 */
import autocannon from 'autocannon';
import { generateCatalog } from '../src/catalog/demo/generate.js';
import { CLI } from '../test/support/cli.js';
import { waitFor } from '../test/support/wait.js';
import { type LatencyWindow, latencyWindow, startBenchAisle } from './aisle-process.js';
import { drawQueries } from './engine.js';

export interface LoadSwapResult {
  cli: string;
  products: number;
  connections: number;
  seconds: number;
  before: LatencyWindow;
  during: LatencyWindow;
  errors: number;
  non2xx: number;
  /** From the upload's start to its answer. */
  uploadMs: number;
  /** From the upload's start to the run recorded as succeeded. */
  runMs: number;
  /** From the run recorded as succeeded to the node answering with the new catalog. */
  liveAfterRunMs: number;
}

const KEY = 'bench-load-swap-key';
const CONNECTIONS = 16;
const SECONDS = 60;
const UPLOAD_AT_MS = 15_000;

function catalogLines(products: number, seed: number): string {
  const lines: string[] = [];
  for (const entity of generateCatalog({ products, seed })) lines.push(JSON.stringify(entity));
  return `${lines.join('\n')}\n`;
}

export async function benchLoadSwap(
  products: number,
  cli = process.env.AISLE_BENCH_CLI ?? CLI,
): Promise<LoadSwapResult> {
  const aisle = await startBenchAisle('swap', KEY, cli);
  const { urls, manage } = aisle;
  try {
    const first = catalogLines(products, 7);
    const second = catalogLines(products, 8);
    await manage('PUT', '/catalog', first, 'application/x-ndjson');
    const release = (await (
      await manage('POST', '/releases', JSON.stringify({ files: { 'rules.json': { rules: [] } } }))
    ).json()) as { id: string };
    await manage('POST', `/releases/${release.id}/publish`);
    await waitFor(
      'the first index to go live',
      async () => ((await fetch(`${urls.public}/v1/search?query=x`)).status === 200 ? true : undefined),
      600_000,
    );
    const queries = drawQueries([...generateCatalog({ products, seed: 7 })], 2000, 11);

    const answered: { at: number; ms: number }[] = [];
    let next = 0;
    const started = performance.now();
    let finish: (result: autocannon.Result) => void = () => {};
    const finished = new Promise<autocannon.Result>((resolve) => {
      finish = resolve;
    });
    const load = autocannon(
      {
        url: `${urls.public}/v1/search`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({
              ...request,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query: queries[next++ % queries.length], traffic: 'bench' }),
            }),
          },
        ],
      },
      (error, result) => {
        if (error) throw error;
        finish(result);
      },
    );
    // The tracker's event carries the client first (autocannon's run.js), unlike a client's own.
    load.on('response', ((_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      answered.push({ at: performance.now() - started, ms: responseTime });
    }) as never);

    await new Promise((resolve) => setTimeout(resolve, UPLOAD_AT_MS));
    const uploadStart = performance.now() - started;
    const upload = await manage('PUT', '/catalog', second, 'application/x-ndjson');
    const uploadMs = performance.now() - started - uploadStart;
    const { run, snapshot } = (await upload.json()) as { run: { id: number }; snapshot: { id: string } };
    let runDone = 0;
    await waitFor(
      'the new run to succeed',
      async () => {
        const current = (await (await manage('GET', `/index-runs/${run.id}`)).json()) as { status: string };
        if (current.status === 'failed') throw new Error('The run failed.');
        return current.status === 'succeeded' ? true : undefined;
      },
      600_000,
    );
    runDone = performance.now() - started;
    await waitFor(
      'the node to serve the new catalog',
      async () => {
        const answer = (await (await fetch(`${urls.public}/v1/search?query=x`)).json()) as {
          snapshot?: string;
        };
        return answer.snapshot === snapshot.id ? true : undefined;
      },
      600_000,
    );
    const liveAt = performance.now() - started;
    const result = await finished;
    return {
      cli,
      products,
      connections: CONNECTIONS,
      seconds: SECONDS,
      before: latencyWindow(answered.filter((r) => r.at < uploadStart).map((r) => r.ms)),
      during: latencyWindow(answered.filter((r) => r.at >= uploadStart && r.at <= liveAt).map((r) => r.ms)),
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      uploadMs: Math.round(uploadMs),
      runMs: Math.round(runDone - uploadStart),
      liveAfterRunMs: Math.round(liveAt - runDone),
    };
  } finally {
    await aisle.close();
  }
}

export function loadSwapTable(results: LoadSwapResult[]): string {
  const rows = results.map((r) =>
    [
      r.cli,
      r.products.toLocaleString('en'),
      `${r.before.searches.toLocaleString('en')} / ${r.before.p50} / ${r.before.p99} / ${r.before.max} ms`,
      `${r.during.searches.toLocaleString('en')} / ${r.during.p50} / ${r.during.p99} / ${r.during.max} ms`,
      (r.during.p99 / Math.max(r.before.p99, 1)).toFixed(2),
      `${r.errors} / ${r.non2xx}`,
      `${(r.uploadMs / 1000).toFixed(1)} s`,
      `${(r.runMs / 1000).toFixed(1)} s`,
      `${(r.liveAfterRunMs / 1000).toFixed(2)} s`,
    ].join(' | '),
  );
  return [
    '| build | products | before the upload: searches / p50 / p99 / max | upload until live: searches / p50 / p99 / max | p99 during / before | errors / non-2xx | upload | upload to run succeeded | run succeeded to served |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const products = Number(process.argv[2] ?? 50_000);
  // AISLE_BENCH_CLI_B: a second build measured in turn with the first, A B A B.
  const other = process.env.AISLE_BENCH_CLI_B;
  const builds = other ? [process.env.AISLE_BENCH_CLI ?? CLI, other] : [process.env.AISLE_BENCH_CLI ?? CLI];
  const rounds = other ? 2 : 1;
  const results: LoadSwapResult[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const build of builds) results.push(await benchLoadSwap(products, build));
  }
  console.log(loadSwapTable(results));
}

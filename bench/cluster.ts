/**
 * Query nodes on object storage: for each catalog size, the built `aisle` runs as a deployment of
 * separate processes (one control plane, one indexer, query nodes) on PostgreSQL and an
 * S3-compatible server (s3rver, in a process of its own, on this machine's disk). A generated
 * catalog goes live; then:
 *   - start-up: fresh query nodes are started one after another, each timed from its spawn to
 *     its first answered search (it answers once it loaded the live index from object storage),
 *     and its memory read from /proc (VmRSS once it answers, VmHWM its peak);
 *   - propagation: with three query nodes up, a release that only adds a synonym (a switch) and a
 *     catalog with one product changed (a new artifact each node loads) are published, and each
 *     node is searched every few milliseconds from this process: the time from the run's success
 *     (its `finished_at`) to every node answering what it made live;
 *   - memory after the new artifact was swapped in: the peak holds the old index and the new one.
 *
 *   AISLE_TEST_POSTGRES_URL=$(bash .ci/postgres.sh) npx tsx bench/cluster.ts [sizes...]
 *
 * Default sizes 100000 and 1000000. Needs `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { generateCatalog } from '../src/catalog/demo/generate.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import { createScratchSchema } from '../src/store/testing.js';
import { parseBanner, type RunningCli, runCli } from '../test/support/cli.js';
import type { Answer } from '../test/support/http.js';
import { waitFor } from '../test/support/wait.js';

const KEY = 'bench-management-key';
const INTERNAL_KEY = 'bench-internal-key-of-the-roles';
const BUCKET = 'aisle-bench';
const MB = 1024 * 1024;
const STARTS = 3;
const NODES = 3;

export interface NodeStart {
  /** From spawning the process to its first search answered with the live snapshot. */
  startMs: number;
  rssMb: number;
  peakRssMb: number;
}

export interface ClusterBenchResult {
  products: number;
  artifactMb: number;
  buildSeconds: number;
  starts: NodeStart[];
  /** Per node, from the run's success to its first answer of what the run made live. */
  switchMs: number[];
  newCatalogMs: number[];
  /** After the new catalog was swapped in, per node. */
  afterSwap: { rssMb: number; peakRssMb: number }[];
  /** What a shopper's search with one click takes in PostgreSQL's raw search log, indexes included. */
  logBytesPerSearch: number;
}

const LOGGED = 5_000;
const WORDS = ['lamp', 'sofa', 'wireless headphones', 'kettle', 'oak table', 'running shoes', 'desk', 'rug'];

/**
 * Sends shoppers' searches, a click on the first hit of each, to the nodes in turn, and answers the
 * growth of the raw search log's disk (GET /storage) per search once all of them are written.
 */
async function searchLogBytes(nodes: string[], manage: (path: string) => Promise<Answer>): Promise<number> {
  const logged = async () => (await manage('/storage')).search_log ?? { count: 0, bytes: 0 };
  const before = await logged();
  for (let i = 0; i < LOGGED; i++) {
    const node = nodes[i % nodes.length]!;
    const headers = { 'content-type': 'application/json', 'user-agent': SHOPPER };
    const answer = (await (
      await fetch(`${node}/v1/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: WORDS[i % WORDS.length], page_view: `pv-${i}` }),
      })
    ).json()) as Answer;
    const hit = answer.sections[0]?.hits[0];
    if (!hit) continue;
    await fetch(`${node}/v1/events`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        page_view: `pv-${i}`,
        events: [{ type: 'click', query_id: answer.query_id, entity: hit.entity, position: 1 }],
      }),
    });
  }
  const after = await waitFor('the searches to be written', async () => {
    const now = await logged();
    return now.count >= before.count + LOGGED ? now : undefined;
  });
  return (after.bytes - before.bytes) / (after.count - before.count);
}

const SHOPPER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

export async function benchCluster(products: number, postgresUrl: string): Promise<ClusterBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'aisle-cluster-bench-'));
  const schema = await createScratchSchema(postgresUrl);
  const processes: RunningCli[] = [];
  const objects = await startS3rver(join(dir, 's3'));
  let dirs = 0;
  const env = {
    AWS_ENDPOINT_URL: objects.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    DATABASE_URL: schema.url,
    AISLE_BLOB_URL: `s3://${BUCKET}/shop`,
    AISLE_INTERNAL_KEY: INTERNAL_KEY,
    AISLE_PUBLIC_PORT: '0',
    AISLE_INTERNAL_PORT: '0',
    AISLE_MANAGEMENT_PORT: '0',
    AISLE_UPLOAD_LIMIT_MB: '4096',
    AISLE_EXPORT_MAX_MB: '4096',
    AISLE_SHED_EVENT_LOOP_DELAY_MS: '0',
  };
  const role = (command: string, extra: Record<string, string> = {}) => {
    const cli = runCli([command], { ...env, AISLE_DATA_DIR: join(dir, `${command}-${dirs++}`), ...extra });
    processes.push(cli);
    return cli;
  };
  const ready = async (cli: RunningCli) =>
    parseBanner(await cli.waitForOutput(/aisle is ready\./, 1_800_000));
  try {
    const first = role('query');
    const firstUrls = await ready(first);
    const serving = [first];
    const plane = role('control-plane', {
      SEARCH_MANAGEMENT_KEY: KEY,
      AISLE_INTERNAL_URL: firstUrls.internal!,
    });
    const management = (await ready(plane)).management!;
    // Builds of a million products hold several GB of objects.
    role('indexer', { NODE_OPTIONS: '--max-old-space-size=16384' });
    const manage = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${management}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${KEY}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Answer;
    };
    const succeeded = (id: number) =>
      waitFor(
        `run ${id} to succeed`,
        async () => {
          const run = await manage('GET', `/index-runs/${id}`);
          if (run.status === 'failed') throw new Error(`Run ${id} failed: ${run.error}`);
          return run.status === 'succeeded' && run.live ? run : undefined;
        },
        3_600_000,
      );

    // The catalog, uploaded from a file as a shop's export is, and published.
    const catalog = join(dir, 'catalog.jsonl');
    await writeCatalog(catalog, products, 'first');
    const uploaded = await upload(management, catalog);
    const release = await manage('POST', '/releases', { files: { 'rules.json': { rules: [] } } });
    const published = await manage('POST', `/releases/${release.id}/publish`);
    const built = await succeeded(published.run.id);
    const snapshot = uploaded.snapshot.id as string;
    console.error(`${products}: built in ${built.report.duration_ms} ms`);

    const starts: NodeStart[] = [];
    for (let start = 0; start < STARTS; start++) {
      const spawnedAt = performance.now();
      const cli = role('query');
      const urls = await ready(cli);
      await waitFor('the node to answer the live snapshot', async () =>
        (await search(urls.public!, 'lamp'))?.snapshot === snapshot ? true : undefined,
      );
      const startMs = performance.now() - spawnedAt;
      starts.push({ startMs, ...memoryOf(cli.child) });
      await cli.stop();
    }
    console.error(`${products}: starts ${JSON.stringify(starts)}`);

    const nodes = [firstUrls.public!];
    for (let n = 1; n < NODES; n++) {
      const cli = role('query');
      serving.push(cli);
      nodes.push((await ready(cli)).public!);
    }

    // A switch: the same catalog, a release that adds a synonym.
    const synonyms = await manage('POST', '/releases', {
      files: {
        'rules.json': { rules: [] },
        'synonyms.json': { dictionaries: { en: { one_way: [{ from: 'zzlamp', to: ['lamp'] }] } } },
      },
    });
    const switchMs = await propagation(
      nodes,
      'zzlamp',
      (answer) => answer.release === synonyms.id,
      async () => {
        const run = await manage('POST', `/releases/${synonyms.id}/publish`);
        return succeeded(run.run.id);
      },
    );
    console.error(`${products}: switch ${JSON.stringify(switchMs)}`);

    // A new artifact: the catalog again with one product's title changed.
    await writeCatalog(catalog, products, 'second');
    let newSnapshot = '';
    const newCatalogMs = await propagation(
      nodes,
      'lamp',
      (answer) => answer.snapshot === newSnapshot,
      async () => {
        const next = await upload(management, catalog);
        newSnapshot = next.snapshot.id;
        return succeeded(next.run.id);
      },
    );
    console.error(`${products}: new catalog ${JSON.stringify(newCatalogMs)}`);
    const afterSwap = serving.map((cli) => memoryOf(cli.child));
    const logBytesPerSearch = await searchLogBytes(nodes, (path) => manage('GET', path));
    console.error(`${products}: search log ${Math.round(logBytesPerSearch)} bytes a search`);
    return {
      products,
      artifactMb: built.report.artifact_bytes / MB,
      buildSeconds: built.report.duration_ms / 1000,
      starts,
      switchMs,
      newCatalogMs,
      afterSwap,
      logBytesPerSearch,
    };
  } finally {
    await Promise.all(processes.map((cli) => cli.stop()));
    objects.process.kill('SIGTERM');
    await schema.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Publishes (`go`, answering the run once it succeeded) while every node is searched in turn
 * every few milliseconds; answers, per node, the time from the run's `finished_at` to the first
 * search that showed `seen`.
 */
async function propagation(
  nodes: string[],
  query: string,
  seen: (answer: Answer) => boolean,
  go: () => Promise<Answer>,
): Promise<number[]> {
  const firstSeen: (number | undefined)[] = nodes.map(() => undefined);
  let done = false;
  const watchers = nodes.map(async (url, n) => {
    while (!done && firstSeen[n] === undefined) {
      const answer = await search(url, query);
      if (answer && seen(answer)) firstSeen[n] = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  const run = await go();
  await waitFor(
    'every node to answer',
    async () => (firstSeen.every((at) => at !== undefined) ? true : undefined),
    600_000,
  );
  done = true;
  await Promise.all(watchers);
  const success = Date.parse(run.finished_at);
  return firstSeen.map((at) => at! - success);
}

async function search(url: string, query: string): Promise<Answer | undefined> {
  const response = await fetch(`${url}/v1/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, per_page: 1, traffic: 'bench' }),
  }).catch(() => undefined);
  return response?.status === 200 ? ((await response.json()) as Answer) : undefined;
}

/** The generated catalog as JSON Lines, its first product's title naming `word` (a new catalog each). */
async function writeCatalog(path: string, products: number, word: string): Promise<void> {
  function* lines(): Iterable<string> {
    let first = true;
    for (const entity of generateCatalog({ products, seed: 7 })) {
      const written: CatalogEntity =
        first && entity.type === 'product' ? { ...entity, title: `${String(entity.title)} ${word}` } : entity;
      if (entity.type === 'product') first = false;
      yield `${JSON.stringify(written)}\n`;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(path));
}

/** PUT /catalog with the file streamed as the body. */
async function upload(management: string, path: string): Promise<Answer> {
  const response = await request(`${management}/catalog`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-ndjson' },
    body: createReadStream(path),
    // The answer comes once the whole export was read and checked: minutes at a million products.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const answer = (await response.body.json()) as Answer;
  if (response.statusCode !== 202) {
    throw new Error(`The upload answered ${response.statusCode}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

function memoryOf(child: ChildProcess): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

/** s3rver in a process of its own, so that serving artifacts does not share this one's event loop. */
async function startS3rver(directory: string): Promise<{ endpoint: string; process: ChildProcess }> {
  const bin = join(import.meta.dirname, '..', 'node_modules', 's3rver', 'bin', 's3rver.js');
  const child = spawn(
    process.execPath,
    [bin, '-d', directory, '-a', '127.0.0.1', '-p', '0', '--configure-bucket', BUCKET],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      // It logs every request after its first line: only that line is kept.
      if (said.includes('\n') && /listening on/.test(said)) return;
      said += chunk.toString();
      const match = /listening on [^:]+:(\d+)/.exec(said);
      if (match) resolve(match[1]!);
    });
    child.stderr!.resume();
    child.on('exit', (code) => reject(new Error(`s3rver exited (${code}): ${said}`)));
  });
  return { endpoint: `http://127.0.0.1:${port}`, process: child };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (value: number) => `${Math.round(value)} MB`;

export function clusterTable(results: ClusterBenchResult[]): string {
  const rows = [
    '| products | artifact | build | start-up (median of 3) | RSS after start | peak RSS at start | switch: success → every node | new catalog: success → every node | RSS after a swap | peak RSS over a swap | search log per search |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    rows.push(
      `| ${result.products.toLocaleString('en')} | ${mb(result.artifactMb)} | ${result.buildSeconds.toFixed(1)} s | ${ms(median(result.starts.map((start) => start.startMs)))} | ${mb(median(result.starts.map((start) => start.rssMb)))} | ${mb(median(result.starts.map((start) => start.peakRssMb)))} | ${ms(Math.max(...result.switchMs))} | ${ms(Math.max(...result.newCatalogMs))} | ${mb(Math.max(...result.afterSwap.map((node) => node.rssMb)))} | ${mb(Math.max(...result.afterSwap.map((node) => node.peakRssMb)))} | ${Math.round(result.logBytesPerSearch)} bytes |`,
    );
  }
  return rows.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
  if (!postgresUrl) throw new Error('Set AISLE_TEST_POSTGRES_URL: `bash .ci/postgres.sh` prints one.');
  const sizes = process.argv.slice(2).map(Number);
  const results: ClusterBenchResult[] = [];
  for (const size of sizes.length > 0 ? sizes : [100_000, 1_000_000]) {
    const result = await benchCluster(size, postgresUrl);
    console.error(JSON.stringify(result));
    results.push(result);
  }
  console.log(clusterTable(results));
}

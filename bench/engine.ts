/**
 * Engine benchmark: builds an index of the generated catalog per size, then loads it in a fresh
 * process (so memory is that of a query node, not of the build) and times in-process searches
 * of 1 to 3 words drawn from the catalog's own titles and keywords.
 *
 *   npx tsx bench/engine.ts [sizes...]      default: 10000 100000
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCatalog, Random } from '../src/catalog/demo/index.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import { compileIndex, executeSearch, indexStats, loadIndex } from '../src/engine/index.js';

export interface EngineBenchResult {
  products: number;
  entities: number;
  buildMs: number;
  artifactBytes: number;
  terms: number;
  loadMs: number;
  /** Memory of the query process after load and a full collection. */
  heapUsedBytes: number;
  rssBytes: number;
  queries: number;
  /** Mean products matched per query. */
  meanTotal: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}

interface BenchOptions {
  queries?: number;
  seed?: number;
}

type Measured = Pick<EngineBenchResult, 'loadMs' | 'heapUsedBytes' | 'rssBytes' | 'meanTotal' | 'latencyMs'>;

const WARM_UP = 1000;
const SELF = fileURLToPath(import.meta.url);

export async function benchEngine(sizes: number[], options: BenchOptions = {}): Promise<EngineBenchResult[]> {
  const seed = options.seed ?? 1;
  const results: EngineBenchResult[] = [];
  for (const products of sizes) {
    const entities = [...generateCatalog({ products, seed })];
    const started = performance.now();
    const bytes = await compileIndex(entities);
    const buildMs = performance.now() - started;
    const queries = drawQueries(entities, options.queries ?? 5000, seed);
    const terms = indexStats(loadIndex(bytes)).terms;

    const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-'));
    try {
      writeFileSync(join(dir, 'index.bin'), bytes);
      writeFileSync(join(dir, 'queries.json'), JSON.stringify(queries));
      const measured = await measureInChild(dir);
      results.push({
        products,
        entities: entities.length,
        buildMs,
        artifactBytes: bytes.length,
        terms,
        queries: queries.length,
        ...measured,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}

/**
 * Queries a shopper could type: 1 to 3 words of one product's title (in title order) or one of
 * its keywords, lowercased. Deterministic for a seed.
 */
export function drawQueries(entities: readonly CatalogEntity[], count: number, seed: number): string[] {
  const products = entities.filter((entity) => entity.type === 'product');
  const random = new Random(seed ^ 0xbe7c);
  const queries: string[] = [];
  while (queries.length < count) {
    const product = random.pick(products);
    const title = typeof product.title === 'string' ? product.title : '';
    const words = title.split(' ').filter((word) => word.length > 0);
    const keywords = Array.isArray(product.keywords) ? product.keywords : [];
    if (keywords.length > 0 && random.chance(0.2)) {
      queries.push(random.pick(keywords));
      continue;
    }
    const picked = new Set(random.sample([...words.keys()], random.int(1, 3)));
    queries.push(
      words
        .filter((_, i) => picked.has(i))
        .join(' ')
        .toLowerCase(),
    );
  }
  return queries;
}

function measureInChild(dir: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, ['--child', dir], { execArgv: [...process.execArgv, '--expose-gc'] });
    child.once('message', (message) => resolve(message as Measured));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`benchmark child exited with ${code}`));
    });
  });
}

/** The query node's side: load the artifact, settle memory, time every query. */
function runChild(dir: string): void {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const bytes = readFileSync(join(dir, 'index.bin'));
  const queries = JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8')) as string[];
  const started = performance.now();
  const index = loadIndex(bytes);
  const loadMs = performance.now() - started;
  gc();
  const memory = process.memoryUsage();

  for (let i = 0; i < WARM_UP; i++)
    executeSearch(index, { text: queries[i % queries.length]!, page: 1, perPage: 24 });
  const latencies = new Float64Array(queries.length);
  let totals = 0;
  queries.forEach((text, i) => {
    const before = performance.now();
    const result = executeSearch(index, { text, page: 1, perPage: 24 });
    latencies[i] = performance.now() - before;
    totals += result.sections[0]?.total ?? 0;
  });
  latencies.sort();
  const at = (quantile: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))]!;
  const measured: Measured = {
    loadMs,
    heapUsedBytes: memory.heapUsed,
    rssBytes: memory.rss,
    meanTotal: totals / queries.length,
    latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies[latencies.length - 1]! },
  };
  process.send?.(measured, () => process.exit(0));
}

export function markdownTable(results: readonly EngineBenchResult[]): string {
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  const rows = results.map((r) =>
    [
      r.products.toLocaleString('en'),
      `${(r.buildMs / 1000).toFixed(2)} s`,
      mb(r.artifactBytes),
      r.terms.toLocaleString('en'),
      `${r.loadMs.toFixed(0)} ms`,
      mb(r.heapUsedBytes),
      mb(r.rssBytes),
      `${r.queries} (${Math.round(r.meanTotal).toLocaleString('en')})`,
      ms(r.latencyMs.p50),
      ms(r.latencyMs.p95),
      ms(r.latencyMs.p99),
      ms(r.latencyMs.max),
    ].join(' | '),
  );
  return [
    '| products | build | artifact | terms | load | heap after load | RSS after load | queries (mean matches) | p50 | p95 | p99 | max |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

if (process.argv[2] === '--child') {
  runChild(process.argv[3]!);
} else if (process.argv[1] === SELF) {
  const sizes = process.argv.slice(2).map(Number);
  const results = await benchEngine(sizes.length > 0 ? sizes : [10_000, 100_000]);
  console.log(markdownTable(results));
}

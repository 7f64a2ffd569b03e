/**
 * Engine benchmark: builds an index of the generated catalog per size with the demo release's
 * settings (its types' search fields, typo settings and exempt attributes, searchable
 * attributes, English and German stems), then loads it in a fresh process (so memory is that of
 * a query node, not of the build) and times in-process searches of 1 to 3 words drawn from the
 * catalog's own titles and keywords: 80 % as drawn, 10 % with a typo in one word of five letters
 * or more, 10 % as typed so far (the last word cut short, searched as a prefix). After 1,000
 * warm-up searches, three passes time each query once; each latency figure is the median of the
 * three passes' figures (the machine may be shared with other work).
 *
 *   npx tsx bench/engine.ts [sizes...]      default: 10000 100000
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCatalog, Random } from '../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import type { RankingFile } from '../src/contracts/release-files/index.js';
import { engineSettingsOf } from '../src/control/indexer/engine-settings.js';
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
  /** Most memory the query process held, searches included. */
  peakRssBytes: number;
  /** Most memory the build took beyond the catalog it read (RSS growth of the building process). */
  buildPeakRssBytes: number;
  queries: number;
  /** Mean products matched per query. */
  meanTotal: number;
  latencyMs: Latency;
  /** The same, per kind of query. */
  byKind: Record<QueryKind, Latency & { queries: number }>;
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export type QueryKind = 'plain' | 'typo' | 'prefix';

export interface BenchQuery {
  text: string;
  kind: QueryKind;
}

interface BenchOptions {
  queries?: number;
  seed?: number;
}

type Measured = Pick<
  EngineBenchResult,
  'loadMs' | 'heapUsedBytes' | 'rssBytes' | 'peakRssBytes' | 'meanTotal' | 'latencyMs' | 'byKind'
>;

const WARM_UP = 1000;
/** Timed passes over the queries; each figure is the median of the passes' figures. */
const PASSES = 3;
const SELF = fileURLToPath(import.meta.url);

export async function benchEngine(sizes: number[], options: BenchOptions = {}): Promise<EngineBenchResult[]> {
  const seed = options.seed ?? 1;
  const results: EngineBenchResult[] = [];
  // Text relevance alone, as measured before the demo shop weighed a popularity signal: the
  // generated catalog here writes no signals.
  const { weights: _weights, ...ranking } = demoReleaseFiles['ranking.json'] as RankingFile;
  const settings = engineSettingsOf({ ...demoReleaseFiles, 'ranking.json': ranking });
  for (const products of sizes) {
    const entities = [...generateCatalog({ products, seed })];
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const bytes = await compileIndex(entities, {
      settings,
      onProgress: () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      },
    });
    const buildMs = performance.now() - started;
    clearInterval(sample);
    const buildPeakRssBytes = Math.max(peak, process.memoryUsage().rss) - before;
    const queries = mixQueries(drawQueries(entities, options.queries ?? 5000, seed), seed);
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
        buildPeakRssBytes,
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

/**
 * Shopper mistakes and as-you-type searches: 10 % of the queries get a typo (a letter swapped
 * with its neighbour, dropped, doubled or replaced) in one word of five letters or more, and
 * 10 % are cut short inside their last word (at least one letter kept) and searched as a prefix.
 */
export function mixQueries(texts: readonly string[], seed: number): BenchQuery[] {
  const random = new Random(seed ^ 0x7e57);
  return texts.map((text) => {
    const roll = random.int(0, 9);
    const words = text.split(' ');
    if (roll === 0) {
      const long = words.map((word, i) => [word, i] as const).filter(([word]) => /^\p{L}{5,}$/u.test(word));
      if (long.length > 0) {
        const [word, at] = random.pick(long);
        words[at] = typo(word, random);
        return { text: words.join(' '), kind: 'typo' };
      }
    }
    if (roll === 1) {
      const last = words[words.length - 1]!;
      if (last.length > 1) {
        words[words.length - 1] = last.slice(0, random.int(1, last.length - 1));
        return { text: words.join(' '), kind: 'prefix' };
      }
    }
    return { text, kind: 'plain' };
  });
}

function typo(word: string, random: Random): string {
  const at = random.int(1, word.length - 2);
  switch (random.int(0, 3)) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at);
    default:
      return `${word.slice(0, at)}${word[at] === 'e' ? 'a' : 'e'}${word.slice(at + 1)}`;
  }
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
  const queries = JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8')) as BenchQuery[];
  const started = performance.now();
  const index = loadIndex(bytes);
  const loadMs = performance.now() - started;
  gc();
  const memory = process.memoryUsage();

  // As the query node searches: English, unknown words left out, short lists filled.
  const search = ({ text, kind }: BenchQuery) =>
    executeSearch(index, {
      text,
      page: 1,
      perPage: 24,
      locale: 'en',
      prefix: kind === 'prefix',
      leaveOut: 'unknown',
      fill: true,
    });
  for (let i = 0; i < WARM_UP; i++) search(queries[i % queries.length]!);
  // Each pass times every query once; the machine may be shared, so a figure is the median of
  // the passes' figures rather than one pass's.
  const passes: Float64Array[] = [];
  let totals = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const latencies = new Float64Array(queries.length);
    queries.forEach((query, i) => {
      const before = performance.now();
      const result = search(query);
      latencies[i] = performance.now() - before;
      if (pass === 0) totals += result.sections[0]?.total ?? 0;
    });
    passes.push(latencies);
  }
  const byKind = {} as Measured['byKind'];
  for (const kind of ['plain', 'typo', 'prefix'] as const) {
    const own = passes.map((latencies) =>
      Float64Array.from(queries.flatMap((query, i) => (query.kind === kind ? [latencies[i]!] : []))),
    );
    byKind[kind] = { ...medianQuantiles(own), queries: own[0]!.length };
  }
  const measured: Measured = {
    loadMs,
    heapUsedBytes: memory.heapUsed,
    rssBytes: memory.rss,
    peakRssBytes: peakRss(),
    meanTotal: totals / queries.length,
    latencyMs: medianQuantiles(passes),
    byKind,
  };
  process.send?.(measured, () => process.exit(0));
}

/**
 * The most memory this process held: VmHWM of /proc/self/status (getrusage's maxRSS would count
 * the parent's size at fork, which Linux keeps across exec), else the RSS now.
 */
function peakRss(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.memoryUsage().rss;
}

/** Per quantile, the median over the passes. */
function medianQuantiles(passes: readonly Float64Array[]): Latency {
  const each = passes.map(quantiles);
  const median = (pick: (latency: Latency) => number) => {
    const values = each.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return {
    p50: median((l) => l.p50),
    p95: median((l) => l.p95),
    p99: median((l) => l.p99),
    max: median((l) => l.max),
  };
}

function quantiles(latencies: Float64Array): Latency {
  const sorted = latencies.slice().sort();
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

/** Latency per kind of query. */
export function kindTable(results: readonly EngineBenchResult[]): string {
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  const rows = results.flatMap((r) =>
    (['plain', 'typo', 'prefix'] as const).map((kind) => {
      const own = r.byKind[kind];
      return `| ${r.products.toLocaleString('en')} | ${kind} | ${own.queries} | ${ms(own.p50)} | ${ms(own.p95)} | ${ms(own.p99)} | ${ms(own.max)} |`;
    }),
  );
  return [
    '| products | queries | count | p50 | p95 | p99 | max |',
    '|---:|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

export function markdownTable(results: readonly EngineBenchResult[]): string {
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  const rows = results.map((r) =>
    [
      r.products.toLocaleString('en'),
      `${(r.buildMs / 1000).toFixed(2)} s`,
      mb(r.buildPeakRssBytes),
      mb(r.artifactBytes),
      r.terms.toLocaleString('en'),
      `${r.loadMs.toFixed(0)} ms`,
      mb(r.heapUsedBytes),
      mb(r.rssBytes),
      mb(r.peakRssBytes),
      `${r.queries} (${Math.round(r.meanTotal).toLocaleString('en')})`,
      ms(r.latencyMs.p50),
      ms(r.latencyMs.p95),
      ms(r.latencyMs.p99),
      ms(r.latencyMs.max),
    ].join(' | '),
  );
  return [
    '| products | build | build memory | artifact | terms | load | heap after load | RSS after load | peak RSS | queries (mean matches) | p50 | p95 | p99 | max |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

if (process.argv[2] === '--child') {
  runChild(process.argv[3]!);
} else if (process.argv[1] === SELF) {
  const sizes = process.argv.slice(2).map(Number);
  const results = await benchEngine(sizes.length > 0 ? sizes : [10_000, 100_000]);
  console.log(markdownTable(results));
  console.log();
  console.log(kindTable(results));
}

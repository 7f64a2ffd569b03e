/**
 * Structured benchmark: category pages and filtered searches with all facets, on the benchmark
 * shop (the generated catalog with 1 to 6 variants per product, ten facets per page). Per size, a
 * child process with a large heap builds the index and draws the queries; a fresh child loads the
 * artifact, as a query node does, and times in-process searches:
 *   (a) category pages with two filters and all ten facets counted in full (no hits beside: no words),
 *   (b) text (1 or 2 words of a product's title) with two filters and all ten facets.
 * The engine is imported from `dist` when built (what ships), else from the sources.
 *
 *   npx tsx bench/facets.ts [sizes...]      default: 100000 1000000
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CATEGORIES, generateCatalog, Random } from '../src/catalog/demo/index.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import { benchReleaseFiles } from './facets-release.js';

const SELF = fileURLToPath(import.meta.url);
const ROOT = dirname(dirname(SELF));
const SEED = 7;
/** The request's time: inside some sale windows of the generated catalog. */
const TIME = Date.parse('2025-06-15T12:00:00Z');
const QUERIES = 4000;
const WARM_UP = 1000;
const SAMPLE = 40_000;
const HEAP_MB = 16_384;

type Filters = Record<string, unknown>;

interface BenchQuery {
  text: string;
  category?: string;
  filters: Filters;
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface FacetBenchResult {
  products: number;
  rows: number;
  buildMs: number;
  artifactBytes: number;
  loadMs: number;
  heapUsedBytes: number;
  rssBytes: number;
  /** The machine's one-minute load average when the measurement ended: other work shares the cores. */
  load: number;
  category: { queries: number; meanTotal: number; latencyMs: Latency };
  search: { queries: number; meanTotal: number; latencyMs: Latency };
}

/** Runs the benchmark at each size, each size in child processes of its own. */
export async function benchFacets(sizes: number[]): Promise<FacetBenchResult[]> {
  const results: FacetBenchResult[] = [];
  for (const products of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-facets-'));
    try {
      const built = (await runChild(['--build', dir, String(products)])) as Pick<
        FacetBenchResult,
        'buildMs' | 'artifactBytes'
      >;
      const measured = (await runChild(['--measure', dir])) as Omit<
        FacetBenchResult,
        'products' | 'buildMs' | 'artifactBytes'
      >;
      results.push({ products, ...built, ...measured });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}

function runChild(args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, args, {
      execArgv: [...process.execArgv, '--expose-gc', `--max-old-space-size=${HEAP_MB}`],
    });
    let answer: unknown;
    child.once('message', (message) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && answer !== undefined) resolve(answer);
      else reject(new Error(`benchmark child ${args[0]} exited with ${code}`));
    });
  });
}

/** The engine and the page settings as shipped (dist) when built, else from the sources. */
async function modules() {
  const built = join(ROOT, 'dist', 'src', 'engine', 'index.js');
  const fromDist = existsSync(built);
  const base = fromDist ? join(ROOT, 'dist', 'src') : join(ROOT, 'src');
  const engine = (await import(
    pathToFileURL(join(base, 'engine', 'index.js')).href
  )) as typeof import('../src/engine/index.js');
  const pages = (await import(
    pathToFileURL(join(base, 'release', 'page-settings.js')).href
  )) as typeof import('../src/release/page-settings.js');
  const planner = (await import(
    pathToFileURL(join(base, 'planner', 'index.js')).href
  )) as typeof import('../src/planner/index.js');
  const settings = (await import(
    pathToFileURL(join(base, 'control', 'indexer', 'engine-settings.js')).href
  )) as typeof import('../src/control/indexer/engine-settings.js');
  return { engine, pages, settings, planner, fromDist };
}

/** Builds the index, keeping a sample of products to draw queries from. */
async function build(dir: string, products: number): Promise<void> {
  const { engine, settings } = await modules();
  const sample: CatalogEntity[] = [];
  const every = Math.max(1, Math.floor(products / SAMPLE));
  let seen = 0;
  function* catalog() {
    for (const entity of generateCatalog({ products, seed: SEED, variants: true })) {
      if (entity.type === 'product' && seen++ % every === 0) sample.push(entity);
      yield entity;
    }
  }
  const started = performance.now();
  const bytes = await engine.compileIndex(catalog(), {
    settings: settings.engineSettingsOf(benchReleaseFiles),
    time: TIME,
  });
  const buildMs = performance.now() - started;
  writeFileSync(join(dir, 'index.bin'), bytes);
  writeFileSync(join(dir, 'queries.json'), JSON.stringify(drawQueries(sample)));
  process.send?.({ buildMs, artifactBytes: bytes.length }, () => process.exit(0));
}

/** Category ids of a product: its own and everything above it. */
const PARENT = new Map(CATEGORIES.map((category) => [category.id, category.parent]));
function pathOf(product: CatalogEntity): string[] {
  const path: string[] = [];
  let at: string | undefined = String(product.categories?.[0] ?? '');
  while (at) {
    path.push(at);
    at = PARENT.get(at);
  }
  return path;
}

/** Two filters a shopper could choose on a page where `product` is listed, drawn from its own values. */
function twoFilters(product: CatalogEntity, random: Random): Filters {
  const variant = random.pick(product.variants ?? [product]);
  const choices: Filters[] = [
    { brand: [product.brand] },
    { color: [variant.attributes?.color] },
    { material: [product.attributes?.material] },
    {
      price: {
        gte: Math.floor((variant.price ?? 10) * 0.8),
        lte: Math.ceil((variant.price ?? 10) * 1.25),
      },
    },
    { availability: ['in_stock'] },
    { delivery_days: ['-3'] },
    { rating: { gte: 4 } },
  ];
  if (variant.attributes?.size !== undefined) choices.push({ size: [variant.attributes.size] });
  if (variant.sale_price !== undefined) choices.push({ on_sale: true });
  return Object.assign({}, ...random.sample(choices, 2));
}

function drawQueries(sample: CatalogEntity[]): { category: BenchQuery[]; search: BenchQuery[] } {
  const random = new Random(SEED ^ 0xfac7);
  const byCategory = new Map<string, CatalogEntity[]>();
  for (const product of sample) {
    for (const id of pathOf(product)) {
      const list = byCategory.get(id) ?? [];
      byCategory.set(id, list);
      list.push(product);
    }
  }
  const categories = CATEGORIES.map((category) => category.id).filter((id) => byCategory.has(id));
  const category: BenchQuery[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const id = random.pick(categories);
    const product = random.pick(byCategory.get(id)!);
    category.push({ text: '', category: id, filters: twoFilters(product, random) });
  }
  const search: BenchQuery[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const product = random.pick(sample);
    const words = String(product.title).toLowerCase().split(' ');
    const start = random.int(0, words.length - 1);
    const text = words.slice(start, start + random.int(1, 2)).join(' ');
    search.push({ text, filters: twoFilters(product, random) });
  }
  return { category, search };
}

/** The query node's side: load, settle memory, time every query. */
async function measure(dir: string): Promise<void> {
  const { engine, pages, planner } = await modules();
  const { SIDE_SECTION_HITS } = planner;
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const bytes = readFileSync(join(dir, 'index.bin'));
  const queries = JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8')) as {
    category: BenchQuery[];
    search: BenchQuery[];
  };
  const started = performance.now();
  const index = engine.loadIndex(bytes);
  const loadMs = performance.now() - started;
  gc();
  const memory = process.memoryUsage();
  const product = index.types.find((type) => type.type === 'product')!;

  // Page settings as the query node resolves them; every page here shows the same ten facets.
  const settings = new pages.PageSettings(benchReleaseFiles, (id) => index.shared.categories.get(id)?.parent);
  const facetsOf = (query: BenchQuery) => {
    const layout = settings.layout(query.category);
    const requested = new Set(layout.facets.map((facet) => facet.field));
    return settings.facets(layout, 'en', {
      chosen: new Set(Object.keys(query.filters)),
      requested,
      requestedOnly: false,
    });
  };
  const run = (list: BenchQuery[]) => {
    const prepared = list.map((query) => ({
      text: query.text,
      page: 1,
      perPage: 24,
      time: TIME,
      locale: 'en',
      // As the planner asks (planSections): the sections beside the listed one show hits only
      // when the query has words; a category page does not search them.
      sideHits: query.text === '' ? 0 : SIDE_SECTION_HITS,
      ...(query.category ? { category: query.category } : {}),
      filters: query.filters,
      facets: facetsOf(query),
    }));
    for (let i = 0; i < WARM_UP; i++) engine.executeSearch(index, prepared[i % prepared.length]!);
    const latencies = new Float64Array(prepared.length);
    let totals = 0;
    prepared.forEach((query, i) => {
      const before = performance.now();
      const result = engine.executeSearch(index, query);
      latencies[i] = performance.now() - before;
      totals += result.sections.find((section) => section.type === 'product')?.total ?? 0;
    });
    latencies.sort();
    const at = (quantile: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))]!;
    return {
      queries: prepared.length,
      meanTotal: totals / prepared.length,
      latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies[latencies.length - 1]! },
    };
  };
  const category = run(queries.category);
  const search = run(queries.search);
  const measured = {
    load: loadavg()[0]!,
    rows: product.listing.rows,
    loadMs,
    heapUsedBytes: memory.heapUsed,
    rssBytes: memory.rss,
    category,
    search,
  };
  // Run by hand (`--measure <dir>` after `--build <dir> <products>`), it prints what it measured.
  if (process.send) process.send(measured, () => process.exit(0));
  else console.log(JSON.stringify({ category: category.latencyMs, search: search.latencyMs }));
}

export function facetsMarkdown(results: readonly FacetBenchResult[]): string {
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  const lines = [
    '| products | variants (rows) | build | artifact | load | heap / RSS after load | workload | queries (mean total) | p50 | p95 | p99 | max | load average |',
    '|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    for (const [name, part] of [
      ['(a) category page, 2 filters, 10 facets', r.category],
      ['(b) text, 2 filters, 10 facets', r.search],
    ] as const) {
      lines.push(
        `| ${r.products.toLocaleString('en')} | ${r.rows.toLocaleString('en')} | ${(r.buildMs / 1000).toFixed(1)} s | ${mb(r.artifactBytes)} | ${r.loadMs.toFixed(0)} ms | ${mb(r.heapUsedBytes)} / ${mb(r.rssBytes)} | ${name} | ${part.queries} (${Math.round(part.meanTotal).toLocaleString('en')}) | ${ms(part.latencyMs.p50)} | ${ms(part.latencyMs.p95)} | ${ms(part.latencyMs.p99)} | ${ms(part.latencyMs.max)} | ${r.load.toFixed(1)} |`,
      );
    }
  }
  return lines.join('\n');
}

if (process.argv[2] === '--build') {
  await build(process.argv[3]!, Number(process.argv[4]));
} else if (process.argv[2] === '--measure') {
  await measure(process.argv[3]!);
} else if (process.argv[1] === SELF) {
  const sizes = process.argv.slice(2).map(Number);
  const { fromDist } = await modules();
  console.log(`engine from ${fromDist ? 'dist (npm run build)' : 'src'}`);
  console.log(facetsMarkdown(await benchFacets(sizes.length > 0 ? sizes : [100_000, 1_000_000])));
}

/**
 * Storefront pages benchmark: `GET /v1/resolve` without results and `GET /v1/product`, answered in
 * process as the query node answers them, over a shop of 100,000 products in 5,000 categories
 * (10 departments, 90 aisles, 4,900 shelves, each with a path in English and German). Resolve
 * reads a mix of category pages (plain, paged, with an indexable filter and with a second one),
 * brand pages, product URLs, old URLs of the legacy table, search pages and unknown URLs.
 *
 *   npx tsx bench/pages.ts
 */
import { fileURLToPath } from 'node:url';
import { BRANDS, DEMO_SHOP, generateCatalog, Random } from '../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import { compileReleaseIndex } from '../src/control/indexer/release-index.js';
import { type EngineIndex, loadIndex } from '../src/engine/index.js';
import { PRODUCT_RECORDS_ATTACHMENT, ProductRecords } from '../src/pages/index.js';
import { type LiveState, liveStateOf } from '../src/query/live-index.js';
import { answerProductPage, answerResolve } from '../src/query/pages.js';
import { type Percentiles, timeEach } from './planner.js';

export interface PagesBenchResult {
  products: number;
  categories: number;
  compileMs: number;
  recordsBytes: number;
  /** Decoding the product records' directory (ids and URLs), once per loaded artifact. */
  recordsLoadMs: number;
  resolve: Percentiles;
  product: Percentiles;
  requests: number;
}

const DEPARTMENTS = 10;
const AISLES = 90;
const SHELVES = 4_900;
const REQUESTS = 50_000;
const WARM_UP = 5_000;
const ARRIVAL = new Date('2025-06-15T10:00:00Z');

interface Shelf {
  id: string;
  path: { en: string; de: string };
}

/** 5,000 categories: departments, aisles under them, shelves under the aisles, with paths per locale. */
function categoryTree(): { entities: CatalogEntity[]; shelves: Shelf[] } {
  const entities: CatalogEntity[] = [];
  const paths = new Map<string, { en: string; de: string }>();
  const add = (id: string, parent: string | undefined, title: string) => {
    const above = parent === undefined ? { en: '/c', de: '/de/k' } : paths.get(parent)!;
    const path = { en: `${above.en}/${id}`, de: `${above.de}/${id}-de` };
    paths.set(id, path);
    entities.push({
      type: 'category',
      id,
      title: { en: title, de: `${title} (de)` },
      path,
      ...(parent !== undefined ? { parent } : {}),
    });
  };
  for (let d = 0; d < DEPARTMENTS; d++) add(`dept-${d}`, undefined, `Department ${d}`);
  for (let a = 0; a < AISLES; a++) add(`aisle-${a}`, `dept-${a % DEPARTMENTS}`, `Aisle ${a}`);
  const shelves: Shelf[] = [];
  for (let s = 0; s < SHELVES; s++) {
    add(`shelf-${s}`, `aisle-${s % AISLES}`, `Shelf ${s}`);
    shelves.push({ id: `shelf-${s}`, path: paths.get(`shelf-${s}`)! });
  }
  return { entities, shelves };
}

/** What a query node would serve for a loaded index and release files, as the benchmarks read it. */
export function benchLiveState(files: Record<string, unknown>, index: EngineIndex): LiveState {
  const place = { runId: 1, artifact: 'a', release: 'r', snapshot: 's', generation: 0, offersApplied: 0 };
  return liveStateOf({ ...place, releaseFiles: files }, index);
}

// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: a benchmark script that builds its catalog and measures in one sequence
export async function benchPages(products = 100_000): Promise<PagesBenchResult> {
  const { entities: categories, shelves } = categoryTree();
  const random = new Random(17);
  const catalog: CatalogEntity[] = [...categories];
  const productIds: string[] = [];
  const productUrls: string[] = [];
  for (const entity of generateCatalog({ products, seed: DEMO_SHOP.seed })) {
    if (entity.type === 'category') continue;
    if (entity.type === 'product') {
      entity.categories = [random.pick(shelves).id];
      productIds.push(entity.id);
      productUrls.push(entity.url as string);
    }
    catalog.push(entity);
  }
  const files = {
    ...demoReleaseFiles,
    'categories.json': {
      default: { facets: ['category', 'brand', { field: 'price', kind: 'range' }, 'color'] },
      nodes: [{ category: 'dept-1', filter_pages: [['brand'], ['color']] }],
    },
  };
  const compiled = performance.now();
  const artifact = await compileReleaseIndex(catalog, files);
  const compileMs = performance.now() - compiled;
  const index = loadIndex(artifact);
  const records = index.attachment(PRODUCT_RECORDS_ATTACHMENT)!;
  const loaded = performance.now();
  new ProductRecords(records);
  const recordsLoadMs = performance.now() - loaded;
  const live = benchLiveState(files, index);

  const brands = Object.values(BRANDS)
    .flat()
    .map((brand) => brand.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  const urls: Array<{ url: string; locale: string }> = [];
  for (let i = 0; i < 2_000; i++) {
    const shelf = random.pick(shelves);
    const roll = random.next();
    const brand = random.pick(brands);
    const url =
      roll < 0.3
        ? shelf.path.en
        : roll < 0.4
          ? `${shelf.path.en}?page=${random.int(2, 9)}&utm_source=news`
          : roll < 0.5
            ? `/c/dept-1/aisle-${1 + 10 * random.int(0, 8)}?brand=${brand}`
            : roll < 0.55
              ? `${shelf.path.en}?brand=${brand}&color=black`
              : roll < 0.65
                ? `/brands/${brand}`
                : roll < 0.85
                  ? random.pick(productUrls)
                  : roll < 0.9
                    ? random.pick(['/shop/tv.html', '/angebote/fernseher', '/artikel/100137', '/sale'])
                    : roll < 0.95
                      ? `/search?q=${random.pick(['kettle', 'oled tv', 'linen shirt'])}`
                      : `/nowhere/${i}`;
    urls.push({ url, locale: 'en' });
    if (roll < 0.3) urls.push({ url: shelf.path.de, locale: 'de' });
  }
  const time = (requests: number, answer: (at: number) => unknown): Percentiles =>
    timeEach(requests, WARM_UP, answer);
  const resolve = time(REQUESTS, (at) => {
    const { url, locale } = urls[at % urls.length]!;
    return answerResolve(live, { url, locale, results: false, debug: false }, ARRIVAL);
  });
  const product = time(REQUESTS, (at) =>
    answerProductPage(live, { id: productIds[(at * 7919) % productIds.length]! }, ARRIVAL),
  );
  return {
    products,
    categories: categories.length,
    compileMs: Math.round(compileMs),
    recordsBytes: records.byteLength,
    recordsLoadMs: Math.round(recordsLoadMs * 10) / 10,
    resolve,
    product,
    requests: REQUESTS,
  };
}

export function pagesTable(result: PagesBenchResult): string {
  const row = (what: string, p: Percentiles) =>
    `| ${what} | ${result.products.toLocaleString('en')} | ${result.categories.toLocaleString('en')} | ${result.requests.toLocaleString('en')} | ${p.p50} ms | ${p.p95} ms | ${p.p99} ms | ${p.max} ms |`;
  return [
    '| answer | products | categories | requests | p50 | p95 | p99 | max |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row('resolve, `results=false`', result.resolve),
    row('product', result.product),
    '',
    `Product records: ${(result.recordsBytes / 1024 / 1024).toFixed(1)} MB in the artifact, their directory decoded in ${result.recordsLoadMs} ms per load; compile ${(result.compileMs / 1000).toFixed(1)} s.`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(pagesTable(await benchPages()));
}

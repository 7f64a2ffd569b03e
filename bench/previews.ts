/**
 * Previews benchmark: what a merchandiser's preview costs beside the shopper's search it shows,
 * answered in process as the query node answers them, on the demo shop's release over the demo
 * catalog (3,000 products) and the same generator at 100,000 products. Per size, on the same
 * queries: the shopper's search, the search preview (always traced), the preview with draft files
 * (one rule added: the files are checked as a whole and a planner compiled per request), find of a
 * product drawn from the catalog (the search, then the checks and the ranking as deep as pages
 * reach) and compare of two neighbours of a preview's trace.
 *
 *   npx tsx bench/previews.ts
 */
import { fileURLToPath } from 'node:url';
import { generateCatalog, Random } from '../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import type { RulesFile } from '../src/contracts/release-files/index.js';
import { compileReleaseIndex } from '../src/control/indexer/release-index.js';
import { loadIndex } from '../src/engine/index.js';
import { previewCompare, previewFind, previewSearch } from '../src/query/previews.js';
import { answerSearch } from '../src/query/search.js';
import { drawQueries } from './engine.js';
import { benchLiveState } from './pages.js';
import { type Percentiles, timeEach } from './planner.js';

export interface PreviewsBenchResult {
  products: number;
  requests: number;
  search: Percentiles;
  preview: Percentiles;
  draft: Percentiles;
  find: Percentiles;
  compare: Percentiles;
  /** How often each outcome of find came up over the drawn products. */
  outcomes: Record<string, number>;
}

const REQUESTS = 2_000;
const WARM_UP = 200;
const ARRIVAL = new Date('2025-06-15T10:00:00Z');

export async function benchPreviews(products: number): Promise<PreviewsBenchResult> {
  const catalog = [...generateCatalog({ products, seed: 1, shop: true })];
  const files = demoReleaseFiles;
  const index = loadIndex(await compileReleaseIndex(catalog, files));
  const live = benchLiveState(files, index);
  const queries = drawQueries(catalog, REQUESTS, 23).map((query) => ({ query, redirect: false }));
  const ids = catalog.filter((entity) => entity.type === 'product').map((entity) => `product:${entity.id}`);
  const random = new Random(29);
  const entities = queries.map(() => random.pick(ids));
  const rules = (files['rules.json'] as RulesFile).rules;
  const draftFiles = {
    'rules.json': {
      rules: [
        ...rules,
        { id: 'hide-drawn', description: 'Hides one product.', then: { hide: [{ entities: [ids[0]!] }] } },
      ],
    },
  };
  const traces = queries.map((request) => previewSearch(live, request, ARRIVAL).trace);

  const time = (answer: (at: number) => unknown): Percentiles => timeEach(REQUESTS, WARM_UP, answer);
  const outcomes: Record<string, number> = {};
  return {
    products,
    requests: REQUESTS,
    search: time((at) => answerSearch(live, queries[at]!, ARRIVAL)),
    preview: time((at) => previewSearch(live, queries[at]!, ARRIVAL)),
    draft: time((at) => previewSearch(live, { ...queries[at]!, files: draftFiles }, ARRIVAL)),
    find: time((at) => {
      const found = previewFind(live, { ...queries[at]!, entity: entities[at]! }, ARRIVAL);
      outcomes[found.outcome] = (outcomes[found.outcome] ?? 0) + 1;
    }),
    compare: time((at) => {
      const trace = traces[at]!;
      const rank = trace.find((step) => step.step === 'rank');
      if (rank?.step !== 'rank' || rank.hits.length < 2) return;
      previewCompare({ trace, places: [1, 2] });
    }),
    outcomes,
  };
}

export function previewsTable(results: readonly PreviewsBenchResult[]): string {
  const lines = [
    '| answer | products | requests | p50 | p95 | p99 | max |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    const row = (what: string, p: Percentiles) =>
      `| ${what} | ${result.products.toLocaleString('en')} | ${result.requests.toLocaleString('en')} | ${p.p50} ms | ${p.p95} ms | ${p.p99} ms | ${p.max} ms |`;
    lines.push(
      row("shopper's search", result.search),
      row('search preview (traced)', result.preview),
      row('search preview, draft files', result.draft),
      row('find', result.find),
      row('compare', result.compare),
    );
  }
  lines.push('');
  for (const result of results) {
    const counted = Object.entries(result.outcomes)
      .sort((a, b) => b[1] - a[1])
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(', ');
    lines.push(
      `Find's outcomes at ${result.products.toLocaleString('en')} products (warm-up included): ${counted}.`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(previewsTable([await benchPreviews(3_000), await benchPreviews(100_000)]));
}

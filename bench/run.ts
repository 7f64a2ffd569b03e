/**
 * `npm run bench`: relevance on the judged Icecat queries (aisle beside SQLite FTS5), the engine
 * in process at 10k, 100k and 1M products, category pages and filtered searches with all facets at
 * 100k and 1M products (each size in child processes, the engine from `dist`), resolve and product
 * answers at 100k products in 5,000 categories, previews (search, drafts, find, compare) at 3,000
 * and 100k products, autocomplete answers at 100k products and 50k learnt queries (and their size
 * over HTTP), then requests per second over HTTP against the built `aisle start`, search latency
 * while a new catalog is published under load (bench/load-swap.ts), and reading the real exports
 * and a 200 MB CSV.
 * Prints markdown tables for docs/BENCHMARKS.md.
 * Needs `npm run build` first (the HTTP part runs the built command).
 */
import { generateCatalog } from '../src/catalog/demo/index.js';
import { WHOLE_EXPORTS, WHOLE_EXPORTS_SKIPPED } from '../src/catalog/testing/exports.js';
import {
  autocompleteSizeLine,
  autocompleteTable,
  benchAutocomplete,
  benchAutocompleteSize,
} from './autocomplete.js';
import { benchCatalog, catalogTable } from './catalog.js';
import { benchEngine, drawQueries, kindTable, markdownTable } from './engine.js';
import { benchFacets, facetsMarkdown } from './facets.js';
import { benchHttp } from './http.js';
import { benchLoadSwap, loadSwapTable } from './load-swap.js';
import { benchOffers, offersTable } from './offers.js';
import { benchPages, pagesTable } from './pages.js';
import { benchPlanner, benchRulesInSearch, plannerTable, rulesInSearchTable } from './planner.js';
import { benchPreviews, previewsTable } from './previews.js';
import { benchRelevance, regressionLines, summaryTable } from './relevance.js';

// Relevance and the reading of exports need the whole real data of ../shared/data.
if (!WHOLE_EXPORTS)
  console.log(`Relevance and reading exports: ${WHOLE_EXPORTS_SKIPPED.replace(' tests', ' benchmarks')}\n`);

if (WHOLE_EXPORTS) {
  console.log('## Relevance, judged Icecat queries (dev)\n');
  const relevance = await benchRelevance();
  console.log(summaryTable(relevance));
  console.log(`\n${regressionLines(relevance)}`);
}

console.log('\n## Engine, in process\n');
const engine = await benchEngine([10_000, 100_000, 1_000_000]);
console.log(markdownTable(engine));
console.log();
console.log(kindTable(engine));

console.log('\n## Planner, in process\n');
console.log(plannerTable(benchPlanner()));
console.log();
console.log(rulesInSearchTable(await benchRulesInSearch()));

console.log('\n## Storefront pages, in process\n');
console.log(pagesTable(await benchPages()));

console.log('\n## Previews, in process\n');
console.log(previewsTable([await benchPreviews(3_000), await benchPreviews(100_000)]));
console.log('\n## Autocomplete, in process and its size over HTTP\n');
console.log(autocompleteTable(await benchAutocomplete(100_000, 50_000)));
console.log(`\n${autocompleteSizeLine(await benchAutocompleteSize(100_000))}`);

console.log('\n## Filters and facets, in process\n');
console.log(facetsMarkdown(await benchFacets([100_000, 1_000_000])));

const sizes = [10_000, 100_000];
console.log('\n## HTTP, POST /v1/search\n');
console.log('| products | connections | duration | requests/s | latency p50 | latency p99 | non-2xx |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const products of sizes) {
  const queries = drawQueries([...generateCatalog({ products, seed: 7 })], 2000, 11);
  const result = await benchHttp(products, queries);
  console.log(
    `| ${products.toLocaleString('en')} | ${result.connections} | ${result.seconds} s | ${result.requestsPerSecond.toLocaleString('en')} | ${result.latencyP50Ms} ms | ${result.latencyP99Ms} ms | ${result.non2xx} |`,
  );
}

console.log('\n## PUT /offers, live without a rebuild\n');
console.log(offersTable([await benchOffers(100_000, 10_000)]));
console.log('\n## Search under load while a new catalog is published\n');
console.log(loadSwapTable([await benchLoadSwap(50_000)]));

if (WHOLE_EXPORTS) {
  console.log('\n## Reading exports\n');
  console.log(catalogTable(await benchCatalog()));
}

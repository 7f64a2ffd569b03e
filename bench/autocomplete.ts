/**
 * Autocomplete: the whole answer of the autocomplete surface (suggestions, scoped ones and the
 * sections with the demo release's rules) for 1 to 3 typed letters, at a generated catalog of
 * `products` with `learnt` suggestions learnt from the search log, in process: as the query node
 * answers (answers kept per live state) and computed afresh; then the size of such answers over
 * HTTP from the built `aisle start` (catalog suggestions) for per_page 6.
 *
 * `npx tsx --expose-gc bench/autocomplete.ts [products] [learnt]` (defaults 100000 and 50000) prints
 * markdown; `--expose-gc` makes the heap the answers ahead add a figure of what they keep.
 */
import { gzipSync } from 'node:zlib';
import { generateCatalog, Random } from '../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import type { SearchRequest } from '../src/contracts/search.js';
import { compileReleaseIndex } from '../src/control/indexer/release-index.js';
import { loadIndex } from '../src/engine/index.js';
import { answerRequest, LearntIndexes, type LearntSuggestion, vocabularyOf } from '../src/planner/index.js';
import { AHEAD_LETTERS, AHEAD_TEXTS } from '../src/query/autocomplete-answers.js';
import { liveStateOf } from '../src/query/live-index.js';
import { answerAutocompleteAhead, answerSearch } from '../src/query/search.js';
import { drawQueries } from './engine.js';
import { startBenchShop } from './http.js';

const ARRIVAL = new Date('2026-03-02T10:00:00Z');
const TYPED = 3_000;
const PASSES = 3;
const PER_PAGE = 6;

export interface AutocompleteBenchResult {
  products: number;
  learnt: number;
  buildMs: number;
  suggesterMs: number;
  /** As the query node answers (answers kept per live state): per typed length, the median over passes of each answer's time. */
  rows: Row[];
  /** Each answer computed afresh (the planner and engine, no answer kept), suggestion checks made. */
  fresh: Row[];
  /** The first answer of each typed text, once the answers ahead of time are made. */
  cold: { p50: number; p99: number };
  /** Answering ahead: texts answered, how long it took (in slices), and the heap it added. */
  ahead: { texts: number; ms: number; heapMb: number };
  meanSuggestions: number;
  /** Different texts among the typed ones, per length 1, 2 and 3. */
  distinct: number[];
}

interface Row {
  letters: number | 'all';
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export async function benchAutocomplete(
  products: number,
  learntCount: number,
): Promise<AutocompleteBenchResult> {
  const entities = [...generateCatalog({ products, seed: 7 })];
  const files = demoReleaseFiles as Record<string, unknown>;
  const built = performance.now();
  const index = loadIndex(await compileReleaseIndex(entities, files));
  const buildMs = performance.now() - built;
  const vocabulary = vocabularyOf(index);

  // Learnt queries: distinct queries drawn from the catalog's titles and keywords, weighed as a
  // search log's are (a few frequent, a long tail).
  const queries = [...new Set(drawQueries(entities, learntCount * 3, 23))].slice(0, learntCount);
  const learnt: LearntSuggestion[] = queries.map((text, rank) => ({
    channel: 'web',
    locale: 'en',
    text,
    weight: 1_000 / (rank + 1),
  }));
  const madeAt = performance.now();
  const catalogSide = liveStateOf(
    {
      runId: 1,
      artifact: 'bench',
      release: 'bench',
      snapshot: 'bench',
      releaseFiles: files,
      generation: 0,
      offersApplied: 0,
    },
    index,
    { vocabulary },
  );
  const suggester = catalogSide.suggester.withLearnt(
    LearntIndexes.of({ learntAt: ARRIVAL.toISOString(), suggestions: learnt }),
  );
  const suggesterMs = performance.now() - madeAt;
  const live = { ...catalogSide, suggester };
  const target = { index, files, planner: live.planner, suggester };

  // What shoppers type: the first 1, 2 or 3 letters of learnt queries, drawn as often as searched.
  const random = new Random(31);
  const typed: string[] = [];
  for (let i = 0; i < TYPED; i++) {
    const query = queries[Math.min(queries.length - 1, Math.floor(queries.length * random.next() ** 3))]!;
    for (const letters of [1, 2, 3]) if (query.length >= letters) typed.push(query.slice(0, letters));
  }
  const request = (query: string): SearchRequest => ({ query, on: 'autocomplete', per_page: PER_PAGE });

  // A storefront's first typeahead request names its shape; the first letters shoppers type in
  // that shape are then answered ahead of time, before anyone types them.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const aheadStart = performance.now();
  answerSearch(live, request('wireless earbuds'), ARRIVAL);
  await answerAutocompleteAhead(live, ARRIVAL.getTime());
  const aheadMs = performance.now() - aheadStart;
  const texts = finished(
    live.suggester.typedStarts({ channel: 'web', locale: 'en' }, AHEAD_LETTERS, AHEAD_TEXTS),
  );
  gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  const cold = new Float64Array(typed.length);
  let suggestions = 0;
  typed.forEach((query, i) => {
    const start = performance.now();
    const answer = answerSearch(live, request(query), ARRIVAL);
    cold[i] = performance.now() - start;
    suggestions += answer.suggestions?.length ?? 0;
  });
  const timed = (answer: (query: string) => unknown): Row[] => {
    const passes = Array.from({ length: PASSES }, () => {
      const took = new Float64Array(typed.length);
      typed.forEach((query, i) => {
        const start = performance.now();
        answer(query);
        took[i] = performance.now() - start;
      });
      return took;
    });
    const median = typed.map((_, i) => passes.map((pass) => pass[i]!).sort((a, b) => a - b)[PASSES >> 1]!);
    const row = (letters: number | 'all'): Row => {
      const took = Float64Array.from(
        median.filter((_, i) => letters === 'all' || typed[i]!.length === letters),
      );
      return { letters, count: took.length, ...quantiles(took) };
    };
    return [row(1), row(2), row(3), row('all')];
  };
  const rows = timed((query) => answerSearch(live, request(query), ARRIVAL));
  const fresh = timed((query) => answerRequest(target, request(query), ARRIVAL));
  const coldQuantiles = quantiles(cold);
  return {
    products,
    learnt: queries.length,
    buildMs: round(buildMs),
    suggesterMs: round(suggesterMs),
    rows,
    fresh,
    cold: { p50: coldQuantiles.p50, p99: coldQuantiles.p99 },
    ahead: { texts: texts.length, ms: round(aheadMs), heapMb: round(heapMb) },
    meanSuggestions: round(suggestions / typed.length),
    distinct: [1, 2, 3].map((letters) => new Set(typed.filter((text) => text.length === letters)).size),
  };
}

/** A generator's return value, its steps run at once. */
function finished<T>(steps: Generator<void, T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

export function autocompleteTable(result: AutocompleteBenchResult): string {
  const rows = (label: string, list: Row[]) =>
    list.map(
      (row) =>
        `| ${label} | ${row.letters} | ${row.count.toLocaleString('en')} | ${row.p50} ms | ${row.p95} ms | ${row.p99} ms | ${row.max} ms |`,
    );
  return [
    `${result.products.toLocaleString('en')} products, ${result.learnt.toLocaleString('en')} learnt queries; index built in ${result.buildMs} ms, learnt suggestions indexed in ${result.suggesterMs} ms; ${result.meanSuggestions} suggestions per answer on average; ${result.distinct.join(', ')} different texts of 1, 2 and 3 letters typed.`,
    '',
    '| answered | letters typed | answers | p50 | p95 | p99 | max |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows('as the query node answers', result.rows),
    ...rows('computed afresh', result.fresh),
    '',
    `Answered ahead of time: ${result.ahead.texts.toLocaleString('en')} texts of 1 to 3 letters in ${result.ahead.ms} ms (in slices between requests), ${result.ahead.heapMb} MB more heap. First answer of each typed text after that: p50 ${result.cold.p50} ms, p99 ${result.cold.p99} ms.`,
  ].join('\n');
}

export interface AutocompleteSizeResult {
  products: number;
  answers: number;
  maxBytes: number;
  meanBytes: number;
  maxGzipBytes: number;
}

/** Answer sizes over HTTP (the body as sent without compression, and gzipped) for 1 to 3 letters. */
export async function benchAutocompleteSize(products: number): Promise<AutocompleteSizeResult> {
  const shop = await startBenchShop(products);
  try {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const typed = [
      ...letters,
      ...['he', 'ke', 'so', 'tv', 'la', 'wi', 'sm', 'hea', 'ket', 'son', 'lap', 'wir'],
    ];
    let max = 0;
    let sum = 0;
    let maxGzip = 0;
    for (const query of typed) {
      const response = await fetch(`${shop.urls.public}/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
        body: JSON.stringify({ query, on: 'autocomplete', per_page: PER_PAGE, traffic: 'bench' }),
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`autocomplete answered ${response.status}: ${body}`);
      max = Math.max(max, body.length);
      sum += body.length;
      maxGzip = Math.max(maxGzip, gzipSync(body).length);
    }
    return {
      products,
      answers: typed.length,
      maxBytes: max,
      meanBytes: Math.round(sum / typed.length),
      maxGzipBytes: maxGzip,
    };
  } finally {
    await shop.stop();
  }
}

export function autocompleteSizeLine(result: AutocompleteSizeResult): string {
  return `Over HTTP at ${result.products.toLocaleString('en')} products, per_page ${PER_PAGE}, ${result.answers} typed texts of 1 to 3 letters: largest answer ${result.maxBytes.toLocaleString('en')} bytes uncompressed (mean ${result.meanBytes.toLocaleString('en')}), ${result.maxGzipBytes.toLocaleString('en')} bytes gzipped.`;
}

function quantiles(took: Float64Array): { p50: number; p95: number; p99: number; max: number } {
  const sorted = Float64Array.from(took).sort();
  const at = (share: number) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(sorted[sorted.length - 1]!) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const products = Number(process.argv[2] ?? 100_000);
  const learnt = Number(process.argv[3] ?? 50_000);
  console.log(autocompleteTable(await benchAutocomplete(products, learnt)));
  if (process.argv[4] !== 'no-http')
    console.log(`\n${autocompleteSizeLine(await benchAutocompleteSize(products))}`);
}

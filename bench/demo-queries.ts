/**
 * Zero results on the demo shop: the demo catalog (3,000 products) with its release, served in
 * process as the query node answers, over a query set a shopper of that shop types: every colour
 * of a department with every leaf category of it ("burgundy sofas"), every brand of a department
 * with every leaf category of it ("sonora kettles"), each also with the category's kind in the
 * singular ("burgundy sofa"), and the queries of the demo release's tests. A zero-result query is
 * one whose listed section matches nothing; the table also counts those where some word of the
 * query alone finds products (so a relaxed search could have).
 *
 *   npx tsx bench/demo-queries.ts      (also part of npx tsx bench/relevance.ts)
 */
import { fileURLToPath } from 'node:url';
import { BRANDS, CATEGORIES, generateCatalog } from '../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import { COLORS } from '../src/catalog/demo/words.js';
import { compileReleaseIndex } from '../src/control/indexer/release-index.js';
import { loadIndex } from '../src/engine/index.js';
import { answerRequest, compilePlanner, vocabularyOf } from '../src/planner/index.js';

export interface QuerySetResult {
  name: string;
  queries: number;
  zero: string[];
  /** Zero-result queries where some word alone finds products. */
  zeroWithProducts: string[];
  relaxed: number;
  /** Relaxed answers whose query named a category and whose first page lies wholly within it. */
  relaxedInCategory: number;
  /** Relaxed answers whose query named a category. */
  relaxedWithCategory: number;
}

/** The demo shop's query sets by name. */
export interface DemoQuery {
  query: string;
  locale?: string;
}

export function demoQuerySets(): Record<string, DemoQuery[]> {
  const leaves = CATEGORIES.filter((category) => category.products !== undefined);
  const colours: string[] = [];
  const brands: string[] = [];
  for (const leaf of leaves) {
    const names = [
      leaf.title.toLowerCase(),
      ...leaf.products!.kinds.slice(0, 1).map((kind) => kind.toLowerCase()),
    ];
    for (const colour of COLORS[leaf.department])
      for (const name of names) colours.push(`${colour.toLowerCase()} ${name}`);
    for (const brand of BRANDS[leaf.department])
      for (const name of names) brands.push(`${brand.name.toLowerCase()} ${name}`);
  }
  const tests = (
    demoReleaseFiles['tests.json'] as { tests: Array<{ request: { query?: string; locale?: string } }> }
  ).tests
    .filter((test) => test.request.query !== undefined && test.request.query !== '')
    .map(({ request }) => ({ query: request.query!, ...(request.locale ? { locale: request.locale } : {}) }));
  const plain = (queries: string[]) => [...new Set(queries)].map((query) => ({ query }));
  return {
    'colour × category': plain(colours),
    'brand × category': plain(brands),
    'release tests': tests,
  };
}

export async function benchDemoZeroResults(): Promise<QuerySetResult[]> {
  const files = demoReleaseFiles;
  const catalog = [...generateCatalog({ products: 3000, seed: 1 })];
  const index = loadIndex(await compileReleaseIndex(catalog, files));
  const parents = new Map(CATEGORIES.map((category) => [category.id, category.parent]));
  const leafOf = new Map(
    catalog.map((entity) => {
      const first = entity.categories?.[0];
      return [`${entity.type}:${entity.id}`, typeof first === 'string' ? first : first?.id];
    }),
  );
  const within = (entity: string, category: string) => {
    for (let node = leafOf.get(entity); node !== undefined; node = parents.get(node))
      if (node === category) return true;
    return false;
  };
  const target = { index, files, planner: compilePlanner(files, vocabularyOf(index)) };
  const arrival = new Date();
  const search = ({ query, locale }: DemoQuery) => {
    const answer = answerRequest(
      target,
      { query, redirect: false, per_page: 10, ...(locale ? { locale } : {}) },
      arrival,
    );
    const section = answer.sections.find((candidate) => candidate.type === answer.listed);
    const category = answer.resolution?.category;
    return {
      total: section?.total ?? 0,
      relaxed: answer.relaxed === true,
      category,
      inCategory:
        category !== undefined && (section?.hits ?? []).every((hit) => within(hit.entity, category)),
    };
  };
  return Object.entries(demoQuerySets()).map(([name, queries]) => {
    const zero: string[] = [];
    const zeroWithProducts: string[] = [];
    let relaxed = 0;
    let relaxedWithCategory = 0;
    let relaxedInCategory = 0;
    for (const one of queries) {
      const answer = search(one);
      if (answer.relaxed) relaxed++;
      if (answer.relaxed && answer.category !== undefined) {
        relaxedWithCategory++;
        if (answer.inCategory) relaxedInCategory++;
      }
      if (answer.total > 0) continue;
      zero.push(one.query);
      if (one.query.split(/\s+/).some((word) => search({ ...one, query: word }).total > 0))
        zeroWithProducts.push(one.query);
    }
    return {
      name,
      queries: queries.length,
      zero,
      zeroWithProducts,
      relaxed,
      relaxedWithCategory,
      relaxedInCategory,
    };
  });
}

export function demoZeroResultsTable(results: readonly QuerySetResult[]): string {
  const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;
  return [
    '| demo query set | queries | zero-result queries | of them, a word alone finds products | answered relaxed | relaxed with a named category: first page all in it |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (result) =>
        `| ${result.name} | ${result.queries} | ${result.zero.length} (${share(result.zero.length, result.queries)}) | ${result.zeroWithProducts.length} | ${result.relaxed} | ${result.relaxedInCategory} of ${result.relaxedWithCategory} |`,
    ),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await benchDemoZeroResults();
  console.log(demoZeroResultsTable(results));
  for (const result of results)
    if (result.zero.length > 0) console.log(`\n${result.name}, zero results: ${result.zero.join(', ')}`);
}

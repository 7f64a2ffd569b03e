/**
 * Planner benchmark: the time planning adds to a search (normalize, rules, resolution, plan) in a
 * release of 200 rules over the demo shop's catalog, without the engine. The rules are the demo
 * shop's ten and 190 more of the kinds shops write: redirects of help questions, ambiguous terms,
 * dropped words, pins and banners on category pages, brand boosts, campaign windows, filters,
 * context and locale rules. Requests are searches drawn from the catalog's titles, shop phrases
 * with brands, colors, prices and units, category pages, autocomplete and German searches.
 *
 *   npx tsx bench/planner.ts
 */
import { fileURLToPath } from 'node:url';
import { BRANDS, CATEGORIES, DEMO_SHOP, generateCatalog, Random } from '../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import type { ChannelsFile, Rule, RulesFile } from '../src/contracts/release-files/index.js';
import type { SearchRequest } from '../src/contracts/search.js';
import { compileReleaseIndex } from '../src/control/indexer/release-index.js';
import { loadIndex } from '../src/engine/index.js';
import {
  answerRequest,
  buildVocabulary,
  compilePlanner,
  type SearchTarget,
  vocabularyOf,
} from '../src/planner/index.js';
import { validateRelease } from '../src/release/validate.js';

export interface PlannerBenchResult {
  rules: number;
  requests: number;
  vocabularyMs: number;
  compileMs: number;
  /** The first search in a locale builds its phrase index. */
  firstPlanMs: number;
  latencyMs: Percentiles;
  /** With the trace (`debug`), as previews plan. */
  tracedLatencyMs: Percentiles;
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const RULES = 200;
const REQUESTS = 20_000;
const WARM_UP = 2_000;
const ARRIVAL = new Date('2025-06-15T10:00:00Z');

export function benchPlanner(): PlannerBenchResult {
  const entities = [...generateCatalog(DEMO_SHOP)];
  const files = benchRelease(entities);
  const started = performance.now();
  const vocabulary = buildVocabulary(entities, (files['attributes.json'] as { attributes: [] }).attributes);
  const vocabularyMs = performance.now() - started;
  const compiled = performance.now();
  const planner = compilePlanner(files, vocabulary);
  const compileMs = performance.now() - compiled;
  const requests = benchRequests(entities, REQUESTS, 7);

  const first = performance.now();
  planner.plan(requests[0]!, { arrival: ARRIVAL });
  planner.plan({ query: 'kopfhörer', locale: 'de' }, { arrival: ARRIVAL });
  const firstPlanMs = (performance.now() - first) / 2;

  const time = (trace: boolean): Percentiles => {
    for (let i = 0; i < WARM_UP; i++)
      planner.plan(requests[i % requests.length]!, { arrival: ARRIVAL, trace });
    const took = new Float64Array(requests.length);
    requests.forEach((request, i) => {
      const start = performance.now();
      planner.plan(request, { arrival: ARRIVAL, trace });
      took[i] = performance.now() - start;
    });
    return percentiles(took);
  };
  return {
    rules: (files['rules.json'] as RulesFile).rules.length,
    requests: requests.length,
    vocabularyMs: round(vocabularyMs),
    compileMs: round(compileMs),
    firstPlanMs: round(firstPlanMs),
    latencyMs: time(false),
    tracedLatencyMs: time(true),
  };
}

export function plannerTable(result: PlannerBenchResult): string {
  const ms = (value: number) => `${value} ms`;
  const row = (label: string, latency: Percentiles) =>
    `| ${label} | ${result.rules} | ${result.requests.toLocaleString('en')} | ${ms(latency.p50)} | ${ms(latency.p95)} | ${ms(latency.p99)} | ${ms(latency.max)} |`;
  return [
    '| planning | rules | requests | p50 | p95 | p99 | max |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('plan', result.latencyMs),
    row('plan with trace', result.tracedLatencyMs),
    '',
    `Vocabulary of the demo catalog built in ${ms(result.vocabularyMs)}, rules compiled in ${ms(result.compileMs)}; the first search in a locale builds its phrase index (${ms(result.firstPlanMs)}).`,
  ].join('\n');
}

/** Times `answer` for requests 0 to `count` - 1, after `warmUp` untimed ones, in milliseconds. */
export function timeEach(count: number, warmUp: number, answer: (at: number) => unknown): Percentiles {
  for (let i = 0; i < warmUp; i++) answer(i);
  const took = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    answer(i);
    took[i] = performance.now() - start;
  }
  return percentiles(took);
}

/** The percentiles of a run's timings (sorts them). */
export function percentiles(took: Float64Array): Percentiles {
  took.sort();
  const at = (share: number) => round(took[Math.min(took.length - 1, Math.floor(share * took.length))]!);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(took[took.length - 1]!) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The demo release with 190 more rules and the context key they read; checked as a publish would. */
function benchRelease(entities: readonly CatalogEntity[]): Record<string, Record<string, unknown>> {
  const channels: ChannelsFile = {
    ...(demoReleaseFiles['channels.json'] as ChannelsFile),
    context: [{ key: 'customer_group', values: ['retail', 'business', 'vip'] }, { key: 'device' }],
  };
  const demo = (demoReleaseFiles['rules.json'] as RulesFile).rules;
  const rules = [...demo, ...moreRules(entities, RULES - demo.length)];
  const files = { ...demoReleaseFiles, 'channels.json': channels, 'rules.json': { rules } };
  const check = validateRelease(files);
  if (!check.ok)
    throw new Error(`the benchmark release has violations: ${JSON.stringify(check.violations.slice(0, 3))}`);
  return files;
}

function moreRules(entities: readonly CatalogEntity[], count: number): Rule[] {
  const random = new Random(0x91a2);
  const leaves = CATEGORIES.filter((category) => category.products !== undefined);
  const products = entities.filter((entity) => entity.type === 'product');
  const productsOf = (category: string) =>
    products
      .filter((product) => product.categories?.includes(category))
      .map((product) => `product:${product.id}`);
  const brands = Object.values(BRANDS).flat();
  const kinds: Array<(n: number) => Rule> = [
    (n) => ({
      id: `help-${n}`,
      description: 'Help questions go to their help page.',
      when: { on: 'search', query: { is: [`help ${n}`, `question ${n}`, `faq ${n}`] } },
      then: { redirect: { url: `/help/topic-${n}` } },
    }),
    (n) => {
      const brand = random.pick(brands);
      return {
        id: `resolve-${n}`,
        description: 'A brand alias stays a word.',
        when: { locale: 'en' },
        then: { resolve: [{ term: `${brand.name.toLowerCase()} ${n}`, as: 'text' }] },
      };
    },
    (n) => ({
      id: `rewrite-${n}`,
      description: 'Filler words are dropped.',
      when: { query: { contains: [`promo${n}`, `deal${n}`] } },
      then: { rewrite: { remove: [`promo${n}`, `deal${n}`] } },
    }),
    (n) => {
      const leaf = random.pick(leaves);
      const pinned = random.sample(productsOf(leaf.id), 3);
      return {
        id: `pin-${n}`,
        description: 'Best sellers first on a category page.',
        when: { on: 'category_page', category: { is: leaf.id } },
        then: { pin: pinned.map((entity, at) => ({ entity, position: at + 1 })) },
      };
    },
    (n) => {
      const leaf = random.pick(leaves);
      return {
        id: `boost-${n}`,
        description: 'A partner brand up in its category.',
        when: {
          on: ['search', 'category_page'],
          any: [{ resolved: { category: leaf.id } }, { category: { within: leaf.id } }],
        },
        then: {
          boost: [{ where: { brand: random.pick(BRANDS[leaf.department]).name }, strength: 'medium' }],
        },
      } as Rule;
    },
    (n) => {
      const from = Date.UTC(2025, random.int(0, 11), random.int(1, 28));
      return {
        id: `campaign-${n}`,
        description: 'A campaign banner for its weeks.',
        schedule: {
          from: new Date(from).toISOString(),
          until: new Date(from + random.int(7, 60) * 86_400_000).toISOString(),
        },
        when: { on: ['search', 'category_page'], category: { within: random.pick(leaves).id } },
        then: {
          place: [
            { slot: 'top', kind: 'banner', title: { en: `Campaign ${n}`, de: `Aktion ${n}` }, link: '/sale' },
            { slot: 'grid', position: random.int(3, 12), kind: 'card', title: `Card ${n}` },
          ],
        },
      };
    },
    (n) => ({
      id: `filter-${n}`,
      description: 'A word that means a material.',
      when: { on: 'search', query: { contains: `material${n}` } },
      then: { filter: { type: 'product', where: { material: ['cotton', 'linen'] } } },
    }),
    (n) => ({
      id: `hide-${n}`,
      description: 'Products off the shelves.',
      then: { hide: [{ entities: random.sample(products, 2).map((product) => `product:${product.id}`) }] },
    }),
    (n) =>
      ({
        id: `business-${n}`,
        description: 'Business customers see fast delivery first.',
        when: { context: { customer_group: 'business' }, not: { on: 'autocomplete' } },
        then: { bury: [{ where: { availability: ['backorder', 'preorder'] }, strength: 'strong' }] },
      }) as Rule,
    (n) =>
      ({
        id: `german-${n}`,
        description: 'The German shop favours a brand.',
        when: { locale: 'de', query: { starts_with: random.pick(leaves).title.toLowerCase() } },
        then: { boost: [{ where: { brand: random.pick(brands).name }, strength: 'slight' }] },
      }) as Rule,
  ];
  return Array.from({ length: count }, (_unused, n) => kinds[n % kinds.length]!(n));
}

/** Searches of 1 to 3 title words, shop phrases, category pages, autocomplete, German searches. */
function benchRequests(entities: readonly CatalogEntity[], count: number, seed: number): SearchRequest[] {
  const random = new Random(seed);
  const products = entities.filter((entity) => entity.type === 'product');
  const leaves = CATEGORIES.filter((category) => category.products !== undefined);
  const phrases = [
    'cheap sonora headphones under 100',
    'black headphones',
    '55 inch tv',
    'tv under 500',
    '128gb smartphone',
    'navy blue jacket',
    'stainless steel kettle 1.7 l',
    'sage kettle',
    'leather sofa',
    'returns',
    'vegan bag',
    'between 100 and 200 eur speaker',
  ];
  const requests: SearchRequest[] = [];
  while (requests.length < count) {
    const roll = random.next();
    if (roll < 0.5) {
      const product = random.pick(products);
      const words = String(product.title).toLowerCase().split(' ');
      const start = random.int(0, words.length - 1);
      requests.push({ query: words.slice(start, start + random.int(1, 3)).join(' ') });
    } else if (roll < 0.7) {
      requests.push({ query: random.pick(phrases), redirect: false });
    } else if (roll < 0.85) {
      requests.push({
        on: 'category_page',
        category: random.pick(leaves).id,
        context: { customer_group: 'business' },
      });
    } else if (roll < 0.95) {
      const title = random.pick(leaves).title.toLowerCase();
      requests.push({ on: 'autocomplete', query: title.slice(0, random.int(2, title.length)) });
    } else {
      requests.push({
        query: random.pick(['kopfhörer', 'fernseher unter 500', 'schwarze jacke', 'wasserkocher']),
        locale: 'de',
      });
    }
  }
  return requests;
}

/**
 * What rules add to a whole search: the same requests answered (planned and executed on the demo
 * shop's index) with the 200-rule release and with the same release without rules. Pins, hides,
 * boosts and buries run in the engine, so this is the planner's cost as a shopper meets it.
 */
export async function benchRulesInSearch(): Promise<{ withRules: Percentiles; withoutRules: Percentiles }> {
  const entities = [...generateCatalog(DEMO_SHOP)];
  const files = benchRelease(entities);
  const bare = { ...files, 'rules.json': { rules: [] }, 'tests.json': { tests: [] } };
  const index = loadIndex(await compileReleaseIndex(entities, files));
  const vocabulary = vocabularyOf(index);
  const targets = {
    withRules: { index, files, planner: compilePlanner(files, vocabulary) },
    withoutRules: { index, files: bare, planner: compilePlanner(bare, vocabulary) },
  };
  const requests = benchRequests(entities, 5_000, 11).map((request) => ({ ...request, redirect: false }));
  const time = (target: SearchTarget): Percentiles => {
    for (let i = 0; i < 500; i++) answerRequest(target, requests[i % requests.length]!, ARRIVAL);
    const took = new Float64Array(requests.length);
    requests.forEach((request, i) => {
      const start = performance.now();
      answerRequest(target, request, ARRIVAL);
      took[i] = performance.now() - start;
    });
    return percentiles(took);
  };
  // Without rules before and after, so that a warming machine does not favour either side.
  const before = time(targets.withoutRules);
  const withRules = time(targets.withRules);
  const after = time(targets.withoutRules);
  return { withRules, withoutRules: before.p50 <= after.p50 ? before : after };
}

/** The whole-search table of benchRulesInSearch. */
export function rulesInSearchTable(search: Awaited<ReturnType<typeof benchRulesInSearch>>): string {
  const ms = (value: number) => `${value} ms`;
  const row = (label: string, latency: Percentiles) =>
    `| ${label} | ${ms(latency.p50)} | ${ms(latency.p95)} | ${ms(latency.p99)} | ${ms(latency.max)} |`;
  return [
    '| whole search on the demo shop | p50 | p95 | p99 | max |',
    '|---|---:|---:|---:|---:|',
    row('release without rules', search.withoutRules),
    row('the same with 200 rules', search.withRules),
    `| added by the rules (p50) | ${ms(round(search.withRules.p50 - search.withoutRules.p50))} | | | |`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(plannerTable(benchPlanner()));
  console.log();
  console.log(rulesInSearchTable(await benchRulesInSearch()));
}

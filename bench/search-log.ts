/**
 * The search log's cost and capacity, over HTTP against the built `aisle start` (`npm run build`
 * first):
 *
 * 1. Search latency with the search log (this build) and without one (a build of the code before
 *    the log, at `--before <dir>`, whose dist/ holds its build), both serving the same generated
 *    catalog: searches at a fixed rate, the two in alternating rounds (A B, then B A, ...) so a
 *    change in the machine's load falls on both; per round the ratio of their percentiles.
 * 2. Events the log takes per second: batches posted at a fixed rate for a while, then a graceful
 *    stop (SIGTERM); every accepted event must be in the database, and the log must have dropped none.
 *
 * Usage: tsx bench/search-log.ts [--before <dir>] [--products 100000] [--rounds 6] [--seconds 10]
 *        [--search-rate 400] [--event-rates 5000,10000] [--event-seconds 30]
 * Prints markdown tables for docs/BENCHMARKS.md.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { generateCatalog } from '../src/catalog/demo/index.js';
import { newQueryId } from '../src/lib/ids.js';
import { drawQueries } from './engine.js';
import { type BenchShop, startBenchShop } from './http.js';
import { median, pacedPosts, percentile } from './paced.js';

const { values: options } = parseArgs({
  options: {
    before: { type: 'string' },
    products: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '10' },
    'search-rate': { type: 'string', default: '400' },
    'event-rates': { type: 'string', default: '5000,10000' },
    'event-seconds': { type: 'string', default: '30' },
  },
});

const load = () => loadavg()[0]!.toFixed(1);

if (options.before !== undefined) {
  const products = Number(options.products);
  const rounds = Number(options.rounds);
  const seconds = Number(options.seconds);
  const rate = Number(options['search-rate']);
  const queries = drawQueries([...generateCatalog({ products, seed: 7 })], 2000, 11);
  console.log(
    `## Search latency with and without the search log (${products.toLocaleString('en')} products)\n`,
  );
  console.log(`Load average before: ${load()}\n`);
  const withLog = await startBenchShop(products);
  const without = await startBenchShop(products, {
    cli: join(options.before, 'dist', 'src', 'cli', 'main.js'),
  });
  try {
    const body = (index: number) => ({
      contentType: 'application/json',
      text: JSON.stringify({
        query: queries[index % queries.length],
        page_view: `pv-${index >> 2}`,
        traffic: 'bench',
      }),
    });
    const run = async (shop: BenchShop) => {
      const result = await pacedPosts(`${shop.urls.public}/v1/search`, body, rate, seconds);
      const sorted = [...result.latenciesMs].sort((a, b) => a - b);
      const failed = result.sent - (result.statuses.get(200) ?? 0);
      return {
        p50: percentile(sorted, 0.5),
        p90: percentile(sorted, 0.9),
        p99: percentile(sorted, 0.99),
        failed,
      };
    };
    // Warm both up once, unmeasured.
    await run(withLog);
    await run(without);
    console.log(
      '| round | order | with log p50 | without p50 | ratio | with log p90 | without p90 | ratio | with log p99 | without p99 | ratio | failed | load |',
    );
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const ratios = { p50: [] as number[], p90: [] as number[], p99: [] as number[] };
    for (let round = 1; round <= rounds; round++) {
      const logFirst = round % 2 === 1;
      const first = await run(logFirst ? withLog : without);
      const second = await run(logFirst ? without : withLog);
      const a = logFirst ? first : second;
      const b = logFirst ? second : first;
      const cell = (key: 'p50' | 'p90' | 'p99') => {
        ratios[key].push(a[key] / b[key]);
        return `${a[key].toFixed(2)} ms | ${b[key].toFixed(2)} ms | ${(a[key] / b[key]).toFixed(2)}`;
      };
      console.log(
        `| ${round} | ${logFirst ? 'with, without' : 'without, with'} | ${cell('p50')} | ${cell('p90')} | ${cell('p99')} | ${a.failed + b.failed} | ${load()} |`,
      );
    }
    console.log(
      `\nMedian ratio with/without over ${rounds} rounds: p50 ${median(ratios.p50).toFixed(2)}, p90 ${median(ratios.p90).toFixed(2)}, p99 ${median(ratios.p99).toFixed(2)} (${rate} searches/s, ${seconds} s a round).`,
    );
  } finally {
    await withLog.stop();
    await without.stop();
  }
}

console.log('\n## Events taken by the search log\n');
console.log(
  '| offered events/s | batch | seconds | accepted | taken events/s | non-202 | p50 | p99 | in the database after SIGTERM | dropped | load |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const eventSeconds = Number(options['event-seconds']);
for (const eventRate of options['event-rates']!.split(',').map(Number)) {
  const batch = 10;
  const shop = await startBenchShop(0, { env: { AISLE_LOG_LEVEL: 'info' } });
  const body = (index: number) => ({
    // Beacons and fetches alike: every other batch as text/plain.
    contentType: index % 2 === 0 ? 'application/json' : 'text/plain;charset=UTF-8',
    text: JSON.stringify({
      page_view: `pv-${index}`,
      events: Array.from({ length: batch }, (_, position) => ({
        type: position === 0 ? 'click' : 'view',
        query_id: newQueryId(new Date()),
        entity: `product:p${position}`,
        position: position + 1,
      })),
    }),
  });
  const result = await pacedPosts(`${shop.urls.public}/v1/events`, body, eventRate / batch, eventSeconds);
  const accepted = (result.statuses.get(202) ?? 0) * batch;
  await shop.cli.stop();
  const sqlite = new BetterSqlite3(join(shop.dataDir, 'aisle.sqlite'), { readonly: true });
  const stored = (sqlite.prepare('select count(*) as rows from search_events').get() as { rows: number })
    .rows;
  sqlite.close();
  const closed = shop.cli
    .errors()
    .split('\n')
    .filter((line) => line.includes('search log closed'))
    .map((line) => JSON.parse(line) as { dropped: number; written: number })[0];
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  console.log(
    `| ${eventRate.toLocaleString('en')} | ${batch} | ${result.seconds.toFixed(1)} | ${accepted.toLocaleString('en')} | ${Math.round(accepted / result.seconds).toLocaleString('en')} | ${result.sent - (result.statuses.get(202) ?? 0)} | ${percentile(sorted, 0.5).toFixed(2)} ms | ${percentile(sorted, 0.99).toFixed(2)} ms | ${stored.toLocaleString('en')} | ${closed?.dropped ?? 'not logged'} | ${load()} |`,
  );
  await shop.stop();
}

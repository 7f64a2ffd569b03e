/**
 * Relevance on real judgments: the Chorus project's graded judgments (0 irrelevant to 3 perfect)
 * of Icecat products for shopper queries. Both engines search title, brand, description, keywords
 * and the text attributes, out of the box: aisle with its default field weights, English stems and
 * the query node's word policy (every word required; a short list filled with documents lacking
 * the least informative word, after those that have it; no synonyms or rules), and SQLite FTS5
 * (porter stems) with column-weighted BM25 (the same weights) and every word required, alone and
 * topped up to ten hits with documents holding any of the words. nDCG@10 per query: gain
 * 2^rating − 1, discount log2(rank + 1), unjudged hits gain 0, ideal order from the query's
 * judgments; queries without any relevant judgment have no nDCG and are left out of the mean.
 *
 * Two-fold check: the queries fall in two fixed halves by a hash of their text (halfOf), so a
 * change to ranking is chosen on one half and reported on the other; the mean of each half is in
 * the summary. Each aisle run is checked against the FTS5 runs query by query: a query more than
 * BELOW_BASELINE under either is named. Writes the per-query table to .tmp/relevance.md. Then the
 * zero-result share of the demo shop's query sets (bench/demo-queries.ts).
 *
 *   npx tsx bench/relevance.ts [judgments.csv] [--in-process]     default: judgments-dev.csv
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { readCatalog, readExport, readerFiles } from '../src/catalog/index.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import { compileReleaseIndex } from '../src/control/indexer/release-index.js';
import {
  compileIndex,
  type EngineSettings,
  executeSearch,
  type LeaveOut,
  loadIndex,
} from '../src/engine/index.js';
import { answerRequest, compilePlanner, vocabularyOf } from '../src/planner/index.js';
import { benchDemoZeroResults, demoZeroResultsTable } from './demo-queries.js';
import { type IcecatCatalog, readIcecat, readIcecatRecords, SHARED_DATA } from './icecat.js';
import {
  httpRun,
  publishCatalogWithEmptyRelease,
  publishImportWithDerivedFiles,
  startAisle,
} from './relevance-http.js';

const DEPTH = 10;
/** An aisle run may fall this far below a baseline on a query before the query is named. */
const BELOW_BASELINE = 0.2;
const FIELD_WEIGHTS = { title: 5, brand: 3, description: 2, keywords: 2, attributes: 1 };

export type Judgments = Map<string, Map<string, number>>;

/** The two fixed halves of a query set. */
export type Half = 'A' | 'B';
export const HALVES: readonly Half[] = ['A', 'B'];

/**
 * The half a query falls in: the low bit of the first byte of its text's SHA-256. Fixed by the
 * text alone, so a query stays in its half whatever else the set holds, and no one picks it.
 */
export function halfOf(query: string): Half {
  return (createHash('sha256').update(query).digest()[0]! & 1) === 0 ? 'A' : 'B';
}

export function readJudgments(file: string): Judgments {
  const judgments: Judgments = new Map();
  const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
  for (const line of lines) {
    const comma = line.lastIndexOf(',');
    const before = line.lastIndexOf(',', comma - 1);
    const query = line.slice(0, before);
    const doc = line.slice(before + 1, comma);
    const rating = Number(line.slice(comma + 1));
    let ratings = judgments.get(query);
    if (!ratings) {
      ratings = new Map();
      judgments.set(query, ratings);
    }
    ratings.set(doc, rating);
  }
  return judgments;
}

/** nDCG@DEPTH of a ranking, or undefined when the query has no relevant judgment. */
export function ndcg(ranked: readonly string[], ratings: ReadonlyMap<string, number>): number | undefined {
  const gain = (rating: number) => 2 ** rating - 1;
  const discount = (rank: number) => Math.log2(rank + 2);
  const ideal = [...ratings.values()].sort((a, b) => b - a).slice(0, DEPTH);
  const idcg = ideal.reduce((sum, rating, rank) => sum + gain(rating) / discount(rank), 0);
  if (idcg === 0) return undefined;
  const dcg = ranked
    .slice(0, DEPTH)
    .reduce((sum, doc, rank) => sum + gain(ratings.get(doc) ?? 0) / discount(rank), 0);
  return dcg / idcg;
}

export interface EngineRun {
  name: string;
  /** A baseline: aisle must not fall far below it where it answers well. */
  baseline?: boolean;
  /** Top DEPTH ids and the total matched, per query. */
  search(query: string): { ids: string[]; total: number };
}

/** aisle in process with hand-set settings, as the query node searches: unknown words left out, a short list filled. */
export async function aisleRun(
  catalog: IcecatCatalog,
  leaveOut: LeaveOut = 'unknown',
  fill = true,
): Promise<EngineRun> {
  const settings: EngineSettings = { locale: 'en', languages: ['en'], searchAttributes: catalog.attributes };
  const index = loadIndex(await compileIndex(catalog.entities, { settings }));
  return {
    name: fill ? 'aisle in process, hand-set settings' : 'aisle in process, short lists not filled',
    search(query) {
      const section = executeSearch(index, {
        text: query,
        page: 1,
        perPage: DEPTH,
        locale: 'en',
        leaveOut,
        fill,
      }).sections[0]!;
      return { ids: section.hits.map((hit) => hit.entity.slice('product:'.length)), total: section.total };
    },
  };
}

/**
 * SQLite FTS5 in memory, one column per field, bm25() with the same field weights, every word
 * required; with `topUp`, fewer than DEPTH hits are followed by hits holding any of the words.
 */
export function fts5Run(
  entities: readonly CatalogEntity[],
  kinds: IcecatCatalog['attributes'],
  topUp = false,
): EngineRun {
  const db = new Database(':memory:');
  db.exec(
    "CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, brand, description, keywords, attributes, tokenize = 'porter unicode61 remove_diacritics 2')",
  );
  const insert = db.prepare(
    'INSERT INTO docs (id, title, brand, description, keywords, attributes) VALUES (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const entity of entities) {
      const attributes = Object.entries(entity.attributes ?? {})
        .filter(([code]) => kinds[code] === 'text' || kinds[code] === 'identifier')
        .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
        .join(' ; ');
      const keywords = Array.isArray(entity.keywords) ? entity.keywords.join(' ; ') : '';
      insert.run(
        entity.id,
        String(entity.title ?? ''),
        entity.brand ?? '',
        String(entity.description ?? ''),
        keywords,
        attributes,
      );
    }
  })();
  const w = FIELD_WEIGHTS;
  const select = db.prepare(
    `SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 0, ${w.title}, ${w.brand}, ${w.description}, ${w.keywords}, ${w.attributes}) LIMIT ${DEPTH}`,
  );
  const count = db.prepare('SELECT count(*) AS n FROM docs WHERE docs MATCH ?');
  const selectMore = db.prepare(
    `SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 0, ${w.title}, ${w.brand}, ${w.description}, ${w.keywords}, ${w.attributes}) LIMIT ${2 * DEPTH}`,
  );
  const run = (match: string) => (select.all(match) as Array<{ id: string }>).map((row) => row.id);
  return {
    name: topUp ? 'FTS5, topped up with any word' : 'FTS5',
    baseline: true,
    search(query) {
      const words = query.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
      if (words.length === 0) return { ids: [], total: 0 };
      const quoted = words.map((word) => `"${word}"`);
      const ids = run(quoted.join(' '));
      let total = (count.get(quoted.join(' ')) as { n: number }).n;
      if (topUp && ids.length < DEPTH && words.length > 1) {
        const any = quoted.join(' OR ');
        for (const { id } of selectMore.all(any) as Array<{ id: string }>)
          if (ids.length < DEPTH && !ids.includes(id)) ids.push(id);
        total = (count.get(any) as { n: number }).n;
      }
      return { ids, total };
    },
  };
}

export interface QueryResult {
  query: string;
  half: Half;
  scores: Array<number | undefined>;
  totals: number[];
}

/** A query an aisle run answers more than BELOW_BASELINE worse than a baseline (the better one). */
export interface BelowBaseline {
  query: string;
  half: Half;
  score: number;
  baseline: string;
  baselineScore: number;
}

export interface RelevanceSummary {
  engines: string[];
  queries: number;
  /** Queries with an nDCG (at least one relevant judgment), in all and per half. */
  judged: number;
  judgedPerHalf: Record<Half, number>;
  meanNdcg: number[];
  /** Per engine, the mean nDCG of each half. */
  halfNdcg: Array<Record<Half, number>>;
  zeroResultShare: number[];
  /** Per engine (none for a baseline): the queries more than BELOW_BASELINE under a baseline. */
  belowBaseline: BelowBaseline[][];
  /** Per engine: whether it is a baseline. */
  baselines: boolean[];
  rows: QueryResult[];
}

export function evaluate(runs: readonly EngineRun[], judgments: Judgments): RelevanceSummary {
  const rows: QueryResult[] = [];
  for (const [query, ratings] of judgments) {
    const answers = runs.map((run) => run.search(query));
    rows.push({
      query,
      half: halfOf(query),
      scores: answers.map((answer) => ndcg(answer.ids, ratings)),
      totals: answers.map((answer) => answer.total),
    });
  }
  const judged = rows.filter((row) => row.scores[0] !== undefined);
  const mean = (of: readonly QueryResult[], e: number) =>
    of.reduce((sum, row) => sum + row.scores[e]!, 0) / Math.max(of.length, 1);
  const inHalf = (half: Half) => judged.filter((row) => row.half === half);
  const zeroResultShare = runs.map((_, e) => rows.filter((row) => row.totals[e] === 0).length / rows.length);
  const belowBaseline = runs.map((engine, e) =>
    engine.baseline
      ? []
      : judged.flatMap((row) => {
          const worst = runs
            .map((run, b) => ({ run, b }))
            .filter(({ run, b }) => run.baseline && row.scores[b]! - row.scores[e]! > BELOW_BASELINE)
            .sort((x, y) => row.scores[y.b]! - row.scores[x.b]!)[0];
          return worst === undefined
            ? []
            : [
                {
                  query: row.query,
                  half: row.half,
                  score: row.scores[e]!,
                  baseline: worst.run.name,
                  baselineScore: row.scores[worst.b]!,
                },
              ];
        }),
  );
  return {
    engines: runs.map((run) => run.name),
    queries: rows.length,
    judged: judged.length,
    judgedPerHalf: { A: inHalf('A').length, B: inHalf('B').length },
    meanNdcg: runs.map((_, e) => mean(judged, e)),
    halfNdcg: runs.map((_, e) => ({ A: mean(inHalf('A'), e), B: mean(inHalf('B'), e) })),
    zeroResultShare,
    belowBaseline,
    baselines: runs.map((run) => run.baseline === true),
    rows,
  };
}

export function summaryTable(summary: RelevanceSummary): string {
  const { A, B } = summary.judgedPerHalf;
  const lines = [
    `| engine | nDCG@10 (${summary.judged} queries) | half A (${A}) | half B (${B}) | zero-result queries (of ${summary.queries}) | queries more than ${BELOW_BASELINE} below an FTS5 run |`,
    '|---|---:|---:|---:|---:|---|',
    ...summary.engines.map(
      (engine, e) =>
        `| ${engine} | ${summary.meanNdcg[e]!.toFixed(3)} | ${summary.halfNdcg[e]!.A.toFixed(3)} | ${summary.halfNdcg[e]!.B.toFixed(3)} | ${(summary.zeroResultShare[e]! * 100).toFixed(1)} % | ${belowCell(summary, e)} |`,
    ),
  ];
  return lines.join('\n');
}

function belowCell(summary: RelevanceSummary, e: number): string {
  if (summary.baselines[e]) return '–';
  const below = summary.belowBaseline[e]!;
  return below.length === 0 ? 'none' : below.map((row) => row.query).join(', ');
}

export function queryTable(summary: RelevanceSummary): string {
  const header = `| query | half | ${summary.engines.map((e) => `${e} nDCG@10 | ${e} matches`).join(' | ')} |`;
  const rule = `|---|---|${summary.engines.map(() => '---:|---:').join('|')}|`;
  const rows = [...summary.rows]
    .sort((a, b) => (a.scores[0] ?? 2) - (b.scores[0] ?? 2))
    .map(
      (row) =>
        `| ${row.query} | ${row.half} | ${row.scores.map((score, e) => `${score === undefined ? '–' : score.toFixed(3)} | ${row.totals[e]}`).join(' | ')} |`,
    );
  return [header, rule, ...rows].join('\n');
}

/**
 * aisle in process as a query node serves a release: the export read as the indexer reads it, the
 * release's engine settings and vocabulary compiled, each query planned and answered as over HTTP
 * (the same code without the network). Quick to run while working on defaults; the figures to
 * quote are the HTTP runs'.
 */
export async function servedRun(
  name: string,
  bytes: Uint8Array,
  files: Record<string, unknown>,
): Promise<EngineRun> {
  const read = await readCatalog(bytes, readerFiles(files));
  const index = loadIndex(await compileReleaseIndex(read.entities, files));
  const target = { index, files, planner: compilePlanner(files, vocabularyOf(index)) };
  const arrival = new Date();
  return {
    name,
    search(query) {
      const answer = answerRequest(target, { query, redirect: false, per_page: DEPTH }, arrival);
      const section = answer.sections.find((candidate) => candidate.type === answer.listed);
      return {
        ids: (section?.hits ?? []).map((hit) => hit.entity.slice(hit.entity.indexOf(':') + 1)),
        total: section?.total ?? 0,
      };
    },
  };
}

/**
 * The release files an import's inspection of a sample derives from an export, over an empty
 * rule list: what the HTTP run writes into the import's draft (see relevance-http.ts).
 */
export async function derivedRelease(bytes: Uint8Array, fileName: string): Promise<Record<string, unknown>> {
  const read = await readExport(bytes, { fileName, sample: true });
  return {
    'rules.json': { rules: [] },
    ...Object.fromEntries(read.derivedFiles.map((file) => [file.name, file.content])),
  };
}

/** The served runs in process (see servedRun): `npx tsx bench/relevance.ts --in-process`. */
export async function benchRelevanceInProcess(
  file = join(SHARED_DATA, 'relevance-chorus', 'judgments-dev.csv'),
) {
  const catalog = readIcecat();
  const judgments = readJudgments(file);
  const encoder = new TextEncoder();
  const jsonLines = encoder.encode(
    `${catalog.entities.map((entity) => JSON.stringify(entity)).join('\n')}\n`,
  );
  const exported = encoder.encode(JSON.stringify(readIcecatRecords()));
  const runs = [
    await servedRun('aisle served in process, catalog and empty release', jsonLines, {
      'rules.json': { rules: [] },
    }),
    await servedRun(
      'aisle served in process, export with derived settings',
      exported,
      await derivedRelease(exported, 'icecat.json'),
    ),
    await aisleRun(catalog),
    fts5Run(catalog.entities, catalog.attributes),
    fts5Run(catalog.entities, catalog.attributes, true),
  ];
  return evaluate(runs, judgments);
}

/**
 * Every run on one judged set: aisle over HTTP as a shop gets it (the catalog with an empty
 * release, then the export through an import), aisle in process with hand-set settings, and the
 * two FTS5 baselines. Needs `npm run build` (the HTTP runs start the built command).
 */
export async function benchRelevance(file = join(SHARED_DATA, 'relevance-chorus', 'judgments-dev.csv')) {
  const catalog = readIcecat();
  const judgments = readJudgments(file);
  const queries = [...judgments.keys()];
  const runs: EngineRun[] = [];
  const aisle = await startAisle();
  try {
    const jsonLines = catalog.entities.map((entity) => JSON.stringify(entity)).join('\n');
    await publishCatalogWithEmptyRelease(aisle, `${jsonLines}\n`);
    runs.push(await httpRun(aisle, 'aisle over HTTP, catalog and empty release', queries));
    try {
      await publishImportWithDerivedFiles(aisle, 'icecat.json', JSON.stringify(readIcecatRecords()));
      runs.push(await httpRun(aisle, 'aisle over HTTP, export imported with derived settings', queries));
    } catch (error) {
      console.error(`The import path could not be measured: ${(error as Error).message}`);
    }
  } finally {
    await aisle.stop();
  }
  runs.push(
    await aisleRun(catalog),
    fts5Run(catalog.entities, catalog.attributes),
    fts5Run(catalog.entities, catalog.attributes, true),
  );
  return evaluate(runs, judgments);
}

/** Per aisle run, the queries more than BELOW_BASELINE under an FTS5 run, with both figures. */
export function regressionLines(summary: RelevanceSummary): string {
  return summary.engines
    .flatMap((engine, e) => {
      if (summary.baselines[e]) return [];
      const below = summary.belowBaseline[e]!;
      if (below.length === 0) return [`${engine}: no query more than ${BELOW_BASELINE} below FTS5`];
      const named = below.map(
        (row) =>
          `${row.query} (half ${row.half}: ${row.score.toFixed(3)}, ${row.baseline} ${row.baselineScore.toFixed(3)})`,
      );
      return [`${engine}: more than ${BELOW_BASELINE} below FTS5: ${named.join('; ')}`];
    })
    .join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const inProcess = process.argv.includes('--in-process');
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  const summary = await (inProcess ? benchRelevanceInProcess(file) : benchRelevance(file));
  console.log(summaryTable(summary));
  console.log(`\n${regressionLines(summary)}`);
  const demo = await benchDemoZeroResults();
  console.log(`\nThe demo shop's query sets:\n\n${demoZeroResultsTable(demo)}`);
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(join('.tmp', 'relevance.md'), `${summaryTable(summary)}\n\n${queryTable(summary)}\n`);
  console.log('\nPer query: .tmp/relevance.md');
}

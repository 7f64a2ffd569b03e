/**
 * The two SQLite drivers aisle could run on, measured on what a shop feels of them: better-sqlite3
 * (the package) and `node:sqlite` (built into Node.js 22.13 and later), each on a file in WAL mode
 * as aisle opens it, in turns (A B A B) so a change in the machine's load falls on both.
 *
 * 1. Search-log writes per second: rows of a realistic search, 500 to a transaction, through the
 *    log's own prepared statements (src/store/search-log-sqlite.ts), as the log's write thread runs them.
 * 2. An index run's database time: the repository calls one run makes (queue, claim, progress
 *    reports, lease renewals, success and the live pointer), through Kysely and aisle's repositories.
 *
 * Usage: tsx bench/sqlite-drivers.ts [--rounds 6] [--rows 100000] [--runs 200]
 * The install time of each is measured apart (see docs/ARCHITECTURE.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type SqliteDatabase } from 'kysely';
import { createIndexRunsRepository } from '../src/store/index-runs-repository.js';
import { createLiveRepository } from '../src/store/live-repository.js';
import { migrateToLatest } from '../src/store/migrations.js';
import { createReleasesRepository } from '../src/store/releases-repository.js';
import type { Schema } from '../src/store/schema.js';
import { LOG_STATEMENTS } from '../src/store/search-log-sqlite.js';
import { createSnapshotsRepository } from '../src/store/snapshots-repository.js';
import { ImmediateSqliteDialect } from '../src/store/sqlite-dialect.js';
import { median } from './paced.js';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '200' },
  },
});
const ROUNDS = Number(options.rounds);
const ROWS = Number(options.rows);
const RUNS = Number(options.runs);
const BATCH = 500;

/** What both drivers are asked for: Kysely's database, and a batch writer for the log's rows. */
interface Driver {
  name: string;
  open(file: string): { kysely: SqliteDatabase; writeBatch(rows: Record<string, unknown>[]): void };
}

const betterSqlite: Driver = {
  name: 'better-sqlite3',
  open(file) {
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    return {
      kysely: db,
      writeBatch(rows) {
        const insert = db.prepare(LOG_STATEMENTS.search);
        db.transaction(() => {
          for (const row of rows) insert.run(row);
        }).immediate();
      },
    };
  },
};

const nodeSqlite: Driver = {
  name: 'node:sqlite',
  open(file) {
    const db = new DatabaseSync(file);
    // better-sqlite3 is built to sync a WAL file at checkpoints only (synchronous NORMAL);
    // node:sqlite keeps SQLite's default, a sync at every commit. Both are measured as aisle opens them.
    db.exec(
      'pragma journal_mode = WAL; pragma busy_timeout = 5000; pragma foreign_keys = ON; pragma synchronous = NORMAL',
    );
    return {
      // Kysely's SQLite driver asks a statement whether it reads rows (`reader`), and passes
      // parameters as one array; node:sqlite answers the first through its columns and takes
      // parameters spread.
      kysely: {
        close: () => db.close(),
        prepare(text: string) {
          const statement = db.prepare(text);
          return {
            reader: statement.columns().length > 0,
            all: (parameters: readonly unknown[]) => statement.all(...(parameters as never[])),
            run: (parameters: readonly unknown[]) => statement.run(...(parameters as never[])),
            iterate: (parameters: readonly unknown[]) =>
              statement.iterate(...(parameters as never[])) as IterableIterator<unknown>,
          };
        },
      } as unknown as SqliteDatabase,
      writeBatch(rows) {
        const insert = db.prepare(LOG_STATEMENTS.search);
        db.exec('begin immediate');
        try {
          for (const row of rows) insert.run(row as never);
          db.exec('commit');
        } catch (error) {
          db.exec('rollback');
          throw error;
        }
      },
    };
  },
};

function searchRow(index: number): Record<string, unknown> {
  return {
    query_id: `0193a4f2-7c4e-7000-8000-${index.toString(16).padStart(12, '0')}`,
    day: '2026-11-28',
    arrived_at: '2026-11-28T10:00:00.000Z',
    typed: 'kettle',
    searched: 'kettle',
    surface: 'search',
    channel: 'web',
    locale: 'en',
    category: null,
    filters: '[]',
    sort: 'relevance',
    page: 1,
    per_page: 24,
    count_only: 0,
    total: 42,
    hits: '["product:1","product:2","product:3","product:4","product:5","product:6"]',
    placements: '[]',
    page_view: `pv-${index >> 2}`,
    traffic: 'shopper',
    release_id: 'r-0001',
  };
}

/** Rows the log takes per second on a fresh migrated file. */
async function logWrites(driver: Driver): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-drivers-'));
  try {
    const { kysely, writeBatch } = driver.open(join(dir, 'aisle.sqlite'));
    const db = new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database: kysely }) });
    await migrateToLatest(db, 'sqlite');
    const started = performance.now();
    for (let first = 0; first < ROWS; first += BATCH) {
      writeBatch(Array.from({ length: Math.min(BATCH, ROWS - first) }, (_, i) => searchRow(first + i)));
    }
    const seconds = (performance.now() - started) / 1000;
    await db.destroy();
    return ROWS / seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds of database work per index run, over RUNS runs in a row. */
async function indexRunTime(driver: Driver): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-drivers-'));
  try {
    const { kysely } = driver.open(join(dir, 'aisle.sqlite'));
    const db = new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database: kysely }) });
    await migrateToLatest(db, 'sqlite');
    const snapshots = createSnapshotsRepository(db);
    const releases = createReleasesRepository(db);
    const runs = createIndexRunsRepository(db, 'sqlite');
    const live = createLiveRepository(db);
    const at = new Date('2026-11-28T10:00:00Z');
    await releases.create({ id: 'r-0001', files: { 'ranking.json': { sorts: [] } }, createdAt: at });
    const started = performance.now();
    for (let run = 0; run < RUNS; run++) {
      const snapshot = `s-${run}`;
      await snapshots.put({
        id: snapshot,
        blob: snapshot,
        format: 'jsonl',
        bytes: 1,
        entities: 1,
        receivedAt: at,
      });
      await snapshots.setCurrentCatalog(snapshot, at);
      const queued = await runs.enqueue({
        trigger: { kind: 'catalog' },
        snapshotId: snapshot,
        releaseId: 'r-0001',
        at,
      });
      const claimed = await runs.claim({ owner: 'bench', at, leaseMs: 30_000 });
      if (claimed?.id !== queued.id) throw new Error('The queued run was not claimed.');
      for (const step of ['reading', 'compiling', 'testing', 'storing']) {
        await runs.progress(queued.id, 'bench', { step, done: 1, total: 1 });
        await runs.renew(queued.id, 'bench', at, 30_000);
      }
      const outcome = await runs.succeed(queued.id, 'bench', { at, artifact: `a-${run}`, report: {} });
      if (outcome !== 'live') throw new Error(`The run ended ${outcome}.`);
      await live.get();
    }
    const perRun = (performance.now() - started) / RUNS;
    await db.destroy();
    return perRun;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const drivers = [betterSqlite, nodeSqlite];
const figures = new Map(
  drivers.map((driver) => [driver.name, { writes: [] as number[], run: [] as number[] }]),
);
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which goes first, so neither always runs on a warmer machine.
  const order = round % 2 === 0 ? drivers : [...drivers].reverse();
  for (const driver of order) {
    const kept = figures.get(driver.name)!;
    kept.writes.push(await logWrites(driver));
    kept.run.push(await indexRunTime(driver));
  }
}

console.log(`Node.js ${process.version}, ${ROUNDS} rounds, medians (min to max)\n`);
console.log('| driver | search-log rows written per second | database time per index run |');
console.log('| --- | ---: | ---: |');
for (const [name, { writes, run }] of figures) {
  const rate = (values: number[]) => Math.round(values.sort((a, b) => a - b).at(0)!).toLocaleString('en');
  const ms = (values: number[]) => values.sort((a, b) => a - b);
  console.log(
    `| ${name} | ${Math.round(median(writes)).toLocaleString('en')} (${rate(writes)} to ${Math.round(Math.max(...writes)).toLocaleString('en')}) | ${median(run).toFixed(2)} ms (${ms(run)[0]!.toFixed(2)} to ${ms(run).at(-1)!.toFixed(2)}) |`,
  );
}

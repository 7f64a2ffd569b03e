import { type Kysely, sql } from 'kysely';
import { type CatalogSourceRepository, createCatalogSourceRepository } from './catalog-source-repository.js';
import { type ConnectOptions, connect, type DialectName } from './connect.js';
import { createImportsRepository, type ImportsRepository } from './imports-repository.js';
import { createIndexRunsRepository, type IndexRunsRepository } from './index-runs-repository.js';
import { createInsightsRepository, type InsightsRepository } from './insights-repository.js';
import { createLiveRepository, type LiveRepository } from './live-repository.js';
import { migrateToLatest } from './migrations.js';
import { createOffersRepository, type OffersRepository } from './offers-repository.js';
import { type ChangeFeed, postgresChanges } from './postgres-changes.js';
import { createReleasesRepository, type ReleasesRepository } from './releases-repository.js';
import type { Schema } from './schema.js';
import { createSearchLogRepository, type SearchLogRepository } from './search-log-repository.js';
import { createSettingsRepository, type SettingsRepository } from './settings-repository.js';
import { createSnapshotsRepository, type SnapshotsRepository } from './snapshots-repository.js';

/**
 * The metadata database and its repositories.
 *
 * Open one per SQLite file per process: better-sqlite3 runs each statement synchronously, so a second
 * handle in the same thread that waits for the file lock (busy_timeout) also stops the first handle
 * from finishing the transaction that holds it. Processes, and PostgreSQL, have no such limit.
 */
export interface Database {
  readonly dialect: DialectName;
  /** Migrations this open applied (none when the database was up to date). */
  readonly appliedMigrations: readonly string[];
  readonly snapshots: SnapshotsRepository;
  readonly releases: ReleasesRepository;
  readonly indexRuns: IndexRunsRepository;
  readonly live: LiveRepository;
  readonly settings: SettingsRepository;
  readonly imports: ImportsRepository;
  readonly catalogSource: CatalogSourceRepository;
  readonly offers: OffersRepository;
  readonly searchLog: SearchLogRepository;
  readonly insights: InsightsRepository;
  /**
   * PostgreSQL: notices of what query nodes follow (the live pointer, offers, learnt suggestions),
   * as each change commits. Absent on SQLite, whose readers poll.
   */
  readonly changes?: ChangeFeed;
  /**
   * Runs `work` unless another process runs work of the same name now, on this database (a
   * PostgreSQL advisory lock of the schema, held by a connection of its own while the work runs,
   * and let go by the server if the process dies); answers undefined when it did not run. A SQLite
   * file serves one control plane, whose scheduler never overlaps its own passes: work runs.
   */
  alone<T extends object>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  /** The SQLite file's size in bytes; undefined on PostgreSQL, whose server keeps its own. */
  sizeBytes(): Promise<number | undefined>;
  close(): Promise<void>;
}

export type OpenDatabaseOptions = ConnectOptions;

/** Connects (SQLite file by default, or the URL's database) and migrates before answering. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const { db, dialect, sqlite } = connect(options);
  let appliedMigrations: string[];
  try {
    appliedMigrations = await migrateToLatest(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const searchLog = createSearchLogRepository(db, sqlite);
  return {
    dialect,
    appliedMigrations,
    snapshots: createSnapshotsRepository(db),
    releases: createReleasesRepository(db),
    indexRuns: createIndexRunsRepository(db, dialect),
    live: createLiveRepository(db),
    settings: createSettingsRepository(db),
    imports: createImportsRepository(db, dialect),
    catalogSource: createCatalogSourceRepository(db),
    offers: createOffersRepository(db, dialect),
    searchLog,
    insights: createInsightsRepository(db),
    ...(dialect === 'postgres' && options.url !== undefined ? { changes: postgresChanges(options.url) } : {}),
    alone: (name, work) => (dialect === 'postgres' ? advisoryLocked(db, name, work) : work()),
    async sizeBytes() {
      if (dialect !== 'sqlite') return undefined;
      const [count] = (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows;
      const [size] = (await sql<{ page_size: number }>`pragma page_size`.execute(db)).rows;
      return (count?.page_count ?? 0) * (size?.page_size ?? 0);
    },
    close: async () => {
      await searchLog.close();
      await db.destroy();
    },
  };
}

/**
 * Work under a session-level advisory lock taken without waiting. The lock's number is made of
 * the schema and the name, so aisles sharing one database never hold each other's.
 */
async function advisoryLocked<T>(
  db: Kysely<Schema>,
  name: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  return db.connection().execute(async (connection) => {
    const lock = sql`hashtext(current_schema() || ':' || ${name})`;
    const { rows } = await sql<{ held: boolean }>`select pg_try_advisory_lock(${lock}) as held`.execute(
      connection,
    );
    if (!rows[0]?.held) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}

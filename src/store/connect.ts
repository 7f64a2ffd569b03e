import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Schema } from './schema.js';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Connection {
  db: Kysely<Schema>;
  dialect: DialectName;
  /** SQLite: the handle under Kysely, and the file it opened (absent for a database in memory). */
  sqlite?: { handle: BetterSqlite3.Database; file?: string };
}

export interface ConnectOptions {
  /** `sqlite:<path>`, `sqlite::memory:`, `postgres://…` or `postgresql://…`; absent: the data dir's file. */
  url?: string;
  dataDir: string;
}

/** Picks the dialect from the URL and opens Kysely over it; nothing is migrated here. */
export function connect(options: ConnectOptions): Connection {
  const { url } = options;
  if (url === undefined) return openSqlite(join(options.dataDir, 'aisle.sqlite'));
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url);
  throw new Error('The database URL must start with sqlite:, postgres:// or postgresql://.');
}

const MEMORY = ':memory:';

function openSqlite(path: string): Connection {
  const file = path === MEMORY ? MEMORY : resolve(path);
  if (file !== MEMORY) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // WAL lets query nodes read while the indexer writes; busy_timeout makes a second writer wait for
  // the lock instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return {
    db: new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
    sqlite: { handle: sqlite, ...(file !== MEMORY ? { file } : {}) },
  };
}

function openPostgres(url: string): Connection {
  // Loaded only for PostgreSQL: a SQLite stack's start does not pay for the driver.
  const driver = createRequire(import.meta.url)('pg') as typeof pg;
  const pool = new driver.Pool({ connectionString: url });
  // An idle client that loses its server would otherwise crash the process with an unhandled 'error'
  // event. The pool drops that client and the next query connects anew; a failing query reports itself.
  pool.on('error', () => {});
  // A client in use whose server goes away emits 'error' too, with nobody listening while it is
  // checked out: that, too, would end the process. The query it ran fails and says why.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
}

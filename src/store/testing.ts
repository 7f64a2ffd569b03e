import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { type Database, openDatabase } from './database.js';

/**
 * A fresh, migrated database for tests of any module, gone once closed: SQLite in memory, or, given a
 * PostgreSQL URL, a new schema in that database that close drops again.
 */
export async function openScratchDatabase(postgresUrl?: string): Promise<Database> {
  if (postgresUrl === undefined) return openDatabase({ url: 'sqlite::memory:', dataDir: tmpdir() });
  const schema = await createScratchSchema(postgresUrl);
  const database = await openDatabase({ url: schema.url, dataDir: tmpdir() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await schema.drop();
    },
  };
}

export interface ScratchSchema {
  /** The URL with this schema first on the search path: every connection opened with it lands there. */
  url: string;
  drop(): Promise<void>;
}

/** A new empty schema, so tests share one PostgreSQL database without seeing each other's rows. */
export async function createScratchSchema(postgresUrl: string): Promise<ScratchSchema> {
  const name = `aisle_scratch_${randomBytes(6).toString('hex')}`;
  await withClient(postgresUrl, (client) => client.query(`create schema ${name}`));
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: url.toString(),
    drop: () => withClient(postgresUrl, (client) => client.query(`drop schema ${name} cascade`)),
  };
}

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

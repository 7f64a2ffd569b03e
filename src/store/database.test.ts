import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { createScratchSchema } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;

describe('openDatabase on SQLite', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'aisle-db-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates and migrates <dataDir>/aisle.sqlite when no URL is given, in WAL mode', async () => {
    const db = await openDatabase({ dataDir });
    expect(db.dialect).toBe('sqlite');
    expect(db.appliedMigrations).toEqual([
      '0001-initial',
      '0002-imports',
      '0003-search-log',
      '0004-catalog-life',
      '0005-draft-versions',
      '0006-change-notices',
    ]);
    await db.settings.set('k', 'v');
    await db.close();

    const file = new BetterSqlite3(join(dataDir, 'aisle.sqlite'), { readonly: true });
    expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = file
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .pluck()
      .all();
    file.close();
    expect(tables).toEqual(
      expect.arrayContaining([
        'catalog',
        'imports',
        'index_runs',
        'live',
        'publication',
        'releases',
        'settings',
        'snapshots',
      ]),
    );
  });

  it('migrates nothing twice: a reopened file applies no migration and keeps its rows', async () => {
    const first = await openDatabase({ dataDir });
    await first.settings.set('theme', 'dark');
    await first.close();

    const again = await openDatabase({ dataDir });
    expect(again.appliedMigrations).toEqual([]);
    expect(await again.settings.get('theme')).toBe('dark');
    await again.close();
  });

  it('opens the file a sqlite: URL names, creating its folder', async () => {
    const file = join(dataDir, 'nested', 'meta.sqlite');
    const db = await openDatabase({ url: `sqlite:${file}`, dataDir });
    expect(db.appliedMigrations).toEqual([
      '0001-initial',
      '0002-imports',
      '0003-search-log',
      '0004-catalog-life',
      '0005-draft-versions',
      '0006-change-notices',
    ]);
    await db.close();
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(dataDir, 'aisle.sqlite'))).toBe(false);
  });

  it('opens a private database in memory for sqlite::memory:', async () => {
    const db = await openDatabase({ url: 'sqlite::memory:', dataDir });
    expect(db.appliedMigrations).toEqual([
      '0001-initial',
      '0002-imports',
      '0003-search-log',
      '0004-catalog-life',
      '0005-draft-versions',
      '0006-change-notices',
    ]);
    expect(await db.snapshots.count()).toBe(0);
    await db.close();
    expect(existsSync(join(dataDir, 'aisle.sqlite'))).toBe(false);
  });

  it('enforces foreign keys: a run needs a kept snapshot and release', async () => {
    const db = await openDatabase({ url: 'sqlite::memory:', dataDir });
    await expect(
      db.indexRuns.enqueue({
        trigger: { kind: 'rebuild' },
        snapshotId: 'nope',
        releaseId: 'nope',
        at: new Date(),
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
    await db.close();
  });

  it('refuses a URL of another kind', async () => {
    await expect(openDatabase({ url: 'mysql://localhost/aisle', dataDir })).rejects.toThrow(
      'The database URL must start with sqlite:, postgres:// or postgresql://.',
    );
  });
});

describe.skipIf(!postgresUrl)('openDatabase on PostgreSQL', () => {
  it('migrates a fresh schema, and a reopen applies no migration twice', async () => {
    const schema = await createScratchSchema(postgresUrl as string);
    try {
      const first = await openDatabase({ url: schema.url, dataDir: tmpdir() });
      expect(first.dialect).toBe('postgres');
      expect(first.appliedMigrations).toEqual([
        '0001-initial',
        '0002-imports',
        '0003-search-log',
        '0004-catalog-life',
        '0005-draft-versions',
        '0006-change-notices',
      ]);
      await first.settings.set('theme', 'dark');
      await first.close();

      const again = await openDatabase({ url: schema.url, dataDir: tmpdir() });
      expect(again.appliedMigrations).toEqual([]);
      expect(await again.settings.get('theme')).toBe('dark');
      await again.close();
    } finally {
      await schema.drop();
    }
  });

  it('migrates its own schema while another schema of the database holds migrated tables', async () => {
    const other = await createScratchSchema(postgresUrl as string);
    const ours = await createScratchSchema(postgresUrl as string);
    try {
      await (await openDatabase({ url: other.url, dataDir: tmpdir() })).close();
      const database = await openDatabase({ url: ours.url, dataDir: tmpdir() });
      expect(database.appliedMigrations).toContain('0001-initial');
      await database.settings.set('theme', 'dark');
      expect(await database.settings.get('theme')).toBe('dark');
      await database.close();
    } finally {
      await ours.drop();
      await other.drop();
    }
  });
});

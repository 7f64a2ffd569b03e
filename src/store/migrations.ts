import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { DialectName } from './connect.js';
import { initial } from './migrations/0001-initial.js';
import { imports } from './migrations/0002-imports.js';
import { searchLog } from './migrations/0003-search-log.js';
import { catalogLife } from './migrations/0004-catalog-life.js';
import { draftVersions } from './migrations/0005-draft-versions.js';
import { changeNotices } from './migrations/0006-change-notices.js';
import type { Schema } from './schema.js';

/**
 * Every migration, listed in code rather than found by scanning a folder, so they run the same from
 * the sources and from dist/. Names sort in the order they apply; never rename or edit one that shipped.
 */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-imports': imports(dialect),
    '0003-search-log': searchLog(dialect),
    '0004-catalog-life': catalogLife(dialect),
    '0005-draft-versions': draftVersions(),
    '0006-change-notices': changeNotices(dialect),
  };
}

/** Applies the migrations not yet applied; answers their names. */
export async function migrateToLatest(db: Kysely<Schema>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // Migrations written apart may land in any order; a database migrated by one must take
    // another's earlier-numbered migration rather than refuse to start.
    allowUnorderedMigrations: true,
    // Kysely looks for its own tables in every schema it can see: on a PostgreSQL database shared
    // with other schemas that hold them (another application, another aisle), it would take theirs
    // for ours and fail. Naming the schema our connections write to keeps the lookup there.
    ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** The schema unqualified tables are created in: the first of the connection's search path. */
async function currentSchema(db: Kysely<Schema>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (schema === undefined) throw new Error('PostgreSQL names no current schema: set a search_path.');
  return schema;
}

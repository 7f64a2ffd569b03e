import { type Kysely, type Migration, Migrator } from 'kysely';
import type { DialectName } from './connect.js';
import { initial } from './migrations/0001-initial.js';
import { imports } from './migrations/0002-imports.js';
import { catalogLife } from './migrations/0004-catalog-life.js';
import { draftVersions } from './migrations/0005-draft-versions.js';
import type { Schema } from './schema.js';

/**
 * Every migration, listed in code rather than found by scanning a folder, so they run the same from
 * the sources and from dist/. Names sort in the order they apply; never rename or edit one that shipped.
 */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-imports': imports(dialect),
    '0004-catalog-life': catalogLife(dialect),
    '0005-draft-versions': draftVersions(),
  };
}

/** Applies the migrations not yet applied; answers their names. */
export async function migrateToLatest(db: Kysely<Schema>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // Features land on parallel branches, each with its own migration; a database migrated by one
    // must take another's earlier-numbered migration rather than refuse to start.
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

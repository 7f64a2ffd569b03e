import type { Kysely, Migration } from 'kysely';

/**
 * Draft versions that never come back: the one-row publication counts its writes, so a draft's
 * version (its import, the import's revision and this count) changes with every publish, a
 * publish of an earlier release included, and no write on a version read before is taken.
 */
export function draftVersions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('publication')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

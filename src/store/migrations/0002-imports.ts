import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';
import { counterColumn } from './columns.js';

/**
 * Imports: an export kept as a draft with the release files it changes. Its state is derived from
 * these columns and its index run; `revision` counts every write, so a write can name the one it read.
 */
export function imports(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('imports')
        .addColumn('id', 'integer', counterColumn(dialect))
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'text')
        .addColumn('snapshot_id', 'text', (c) => c.notNull().references('snapshots.id'))
        .addColumn('files', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('discarded_at', 'text')
        .addColumn('published_at', 'text')
        .addColumn('base_release_id', 'text', (c) => c.references('releases.id'))
        .addColumn('release_id', 'text', (c) => c.references('releases.id'))
        .addColumn('run_id', 'integer', (c) => c.references('index_runs.id'))
        .addColumn('replaced_at', 'text')
        .addColumn('export_removed_at', 'text')
        .execute();
      // The clean-up and a new upload of the same bytes look imports up by their export.
      await db.schema.createIndex('imports_snapshot_id').on('imports').column('snapshot_id').execute();
    },
  };
}

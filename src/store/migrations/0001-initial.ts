import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';
import { indexRunStatuses } from '../records.js';
import { counterColumn } from './columns.js';

/** Snapshots, releases, index runs and the one-row pointers (catalog, publication, live), settings. */
export function initial(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('snapshots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('blob', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addColumn('entities', 'integer', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('catalog')
        .addColumn('slot', 'integer', (c) => c.primaryKey().check(sql`slot = 1`))
        .addColumn('snapshot_id', 'text', (c) => c.notNull().references('snapshots.id'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('releases')
        .addColumn('seq', 'integer', counterColumn(dialect))
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('files', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('publication')
        .addColumn('slot', 'integer', (c) => c.primaryKey().check(sql`slot = 1`))
        .addColumn('release_id', 'text', (c) => c.notNull().references('releases.id'))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('index_runs')
        .addColumn('id', 'integer', counterColumn(dialect))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in (${sql.join(indexRunStatuses.map((s) => sql.lit(s)))})`),
        )
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('snapshot_id', 'text', (c) => c.notNull().references('snapshots.id'))
        .addColumn('release_id', 'text', (c) => c.notNull().references('releases.id'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('progress', 'text')
        .addColumn('failed_step', 'text')
        .addColumn('error', 'text')
        .addColumn('report', 'text')
        .addColumn('artifact', 'text')
        .addColumn('queued_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .execute();
      // Indexers poll for the oldest claimable run by status.
      await db.schema
        .createIndex('index_runs_status_id')
        .on('index_runs')
        .columns(['status', 'id'])
        .execute();

      await db.schema
        .createTable('live')
        .addColumn('slot', 'integer', (c) => c.primaryKey().check(sql`slot = 1`))
        .addColumn('run_id', 'integer', (c) => c.notNull().references('index_runs.id'))
        .addColumn('snapshot_id', 'text', (c) => c.notNull().references('snapshots.id'))
        .addColumn('release_id', 'text', (c) => c.notNull().references('releases.id'))
        .addColumn('artifact', 'text', (c) => c.notNull())
        .addColumn('since', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

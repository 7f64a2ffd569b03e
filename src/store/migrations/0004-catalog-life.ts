import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';
import { counterColumn } from './columns.js';

/**
 * The catalog's life: which run superseded another; catalog generations, so offers sent with
 * PUT /offers end when the next catalog arrives; the offers overlay and its writes; when a run's
 * time-dependent decisions (smart categories over offers) change; the catalog source and its
 * fetches.
 */
export function catalogLife(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('index_runs').addColumn('superseded_by', 'integer').execute();
      await db.schema
        .alterTable('index_runs')
        .addColumn('catalog_generation', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('index_runs').addColumn('offers_seq', 'integer').execute();
      await db.schema.alterTable('index_runs').addColumn('rebuild_at', 'text').execute();
      await db.schema
        .alterTable('catalog')
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('offer_writes')
        .addColumn('id', 'integer', counterColumn(dialect))
        .addColumn('generation', 'integer', (c) => c.notNull())
        .addColumn('offers', 'integer', (c) => c.notNull())
        .addColumn('written_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('offer_overlay')
        .addColumn('generation', 'integer', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('offer_overlay_pk', ['generation', 'key'])
        .execute();
      // Query nodes read the rows written since the last they applied.
      await db.schema.createIndex('offer_overlay_seq').on('offer_overlay').column('seq').execute();

      await db.schema
        .createTable('catalog_source')
        .addColumn('slot', 'integer', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('auth_kind', 'text')
        .addColumn('auth_name', 'text')
        .addColumn('auth_secret', 'text')
        .addColumn('interval_minutes', 'integer', (c) => c.notNull())
        .addColumn('on_change', 'text', (c) => c.notNull())
        .addColumn('next_fetch_at', 'text', (c) => c.notNull())
        .addColumn('fetch_requested_at', 'text')
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('held_import', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('catalog_fetches')
        .addColumn('id', 'integer', counterColumn(dialect))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('bytes', 'bigint')
        .addColumn('snapshot_id', 'text')
        .addColumn('import_id', 'integer')
        .addColumn('run_id', 'integer')
        .execute();
    },
  };
}

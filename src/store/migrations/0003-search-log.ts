import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';
import { counterColumn } from './columns.js';

/**
 * The search log and its roll-ups. `searches` and `search_events` are raw and append-only, kept for
 * the retention period; `log_dirty_days` names the days a write touched since the roll-up last
 * counted them; the `insight_*` tables hold what the roll-up counted per day, kept for good.
 */
export function searchLog(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('searches')
        .addColumn('query_id', 'text', (c) => c.primaryKey())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('arrived_at', 'text', (c) => c.notNull())
        .addColumn('typed', 'text', (c) => c.notNull())
        .addColumn('searched', 'text', (c) => c.notNull())
        .addColumn('surface', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('category', 'text')
        .addColumn('filters', 'text', (c) => c.notNull())
        .addColumn('sort', 'text')
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('per_page', 'integer', (c) => c.notNull())
        .addColumn('count_only', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('hits', 'text', (c) => c.notNull())
        .addColumn('placements', 'text', (c) => c.notNull())
        .addColumn('page_view', 'text')
        .addColumn('traffic', 'text', (c) => c.notNull())
        .addColumn('release_id', 'text', (c) => c.notNull())
        .execute();
      // The roll-up reads a day's searches in query id order; the retention removes whole days.
      await db.schema.createIndex('searches_day').on('searches').columns(['day', 'query_id']).execute();

      await db.schema
        .createTable('search_events')
        .addColumn('seq', 'integer', counterColumn(dialect))
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('search_day', 'text', (c) => c.notNull())
        .addColumn('query_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('entity', 'text')
        .addColumn('placement', 'text')
        .addColumn('position', 'integer')
        .addColumn('campaign', 'text')
        .addColumn('surface', 'text', (c) => c.notNull())
        .addColumn('page_view', 'text')
        .addColumn('traffic', 'text', (c) => c.notNull())
        .execute();
      // Events are counted with the day of the search they name, read in order of arrival.
      await db.schema
        .createIndex('search_events_day')
        .on('search_events')
        .columns(['search_day', 'seq'])
        .execute();

      await db.schema
        .createTable('log_dirty_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .execute();

      const place = (table: string) =>
        db.schema
          .createTable(table)
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('channel', 'text', (c) => c.notNull())
          .addColumn('locale', 'text', (c) => c.notNull());

      await place('insight_days')
        .addColumn('searches', 'integer', (c) => c.notNull())
        .addColumn('unique_searches', 'integer', (c) => c.notNull())
        .addColumn('without_results', 'integer', (c) => c.notNull())
        .addColumn('clicked_searches', 'integer', (c) => c.notNull())
        .addColumn('clicks', 'integer', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('browses', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_days_key', ['day', 'channel', 'locale'])
        .execute();

      await place('insight_queries')
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('page_views', 'integer', (c) => c.notNull())
        .addColumn('searches', 'integer', (c) => c.notNull())
        .addColumn('unique_searches', 'integer', (c) => c.notNull())
        .addColumn('without_results', 'integer', (c) => c.notNull())
        .addColumn('clicked_searches', 'integer', (c) => c.notNull())
        .addColumn('clicks', 'integer', (c) => c.notNull())
        .addColumn('positioned_clicks', 'integer', (c) => c.notNull())
        .addColumn('click_positions', 'integer', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_queries_key', ['day', 'channel', 'locale', 'query'])
        .execute();

      await place('insight_filters')
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('uses', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_filters_key', ['day', 'channel', 'locale', 'field', 'value'])
        .execute();

      await place('insight_categories')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('browses', 'integer', (c) => c.notNull())
        .addColumn('unique_browses', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_categories_key', ['day', 'channel', 'locale', 'category'])
        .execute();

      await place('insight_campaigns')
        .addColumn('campaign', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('clicks', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_campaigns_key', ['day', 'channel', 'locale', 'campaign'])
        .execute();
    },
  };
}

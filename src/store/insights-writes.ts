import type { Kysely } from 'kysely';
import type { DayRollup } from './insight-records.js';
import type { Schema } from './schema.js';

/** The tables the roll-up writes, a day at a time; each has day, channel and locale. */
export type RolledUpTable =
  | 'insight_days'
  | 'insight_queries'
  | 'insight_filters'
  | 'insight_categories'
  | 'insight_campaigns';

const ROWS_PER_INSERT = 400;

/** Replaces everything counted for the day with the new count, in one transaction. */
export async function replaceInsightsDay(db: Kysely<Schema>, rollup: DayRollup): Promise<void> {
  const { day } = rollup;
  await db.transaction().execute(async (trx) => {
    const tables: RolledUpTable[] = [
      'insight_days',
      'insight_queries',
      'insight_filters',
      'insight_categories',
      'insight_campaigns',
    ];
    for (const table of tables) await trx.deleteFrom(table).where('day', '=', day).execute();
    const insert = async <T extends RolledUpTable>(table: T, rows: Record<string, unknown>[]) => {
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        await trx
          .insertInto(table)
          .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
          .execute();
      }
    };
    await insert(
      'insight_days',
      rollup.totals.map((row) => ({
        day,
        channel: row.channel,
        locale: row.locale,
        searches: row.searches,
        unique_searches: row.uniqueSearches,
        without_results: row.withoutResults,
        clicked_searches: row.clickedSearches,
        clicks: row.clicks,
        views: row.views,
        browses: row.browses,
      })),
    );
    await insert(
      'insight_queries',
      rollup.queries.map((row) => ({
        day,
        channel: row.channel,
        locale: row.locale,
        query: row.query,
        text: row.text,
        page_views: row.pageViews,
        searches: row.searches,
        unique_searches: row.uniqueSearches,
        without_results: row.withoutResults,
        clicked_searches: row.clickedSearches,
        clicks: row.clicks,
        positioned_clicks: row.positionedClicks,
        click_positions: row.clickPositions,
        views: row.views,
      })),
    );
    await insert(
      'insight_filters',
      rollup.filters.map((row) => ({ day, ...row })),
    );
    await insert(
      'insight_categories',
      rollup.categories.map((row) => ({
        day,
        channel: row.channel,
        locale: row.locale,
        category: row.category,
        browses: row.browses,
        unique_browses: row.uniqueBrowses,
      })),
    );
    await insert(
      'insight_campaigns',
      rollup.campaigns.map((row) => ({ day, ...row })),
    );
  });
}

import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type {
  CampaignFigures,
  CategoryBrowses,
  DayFigures,
  DayRollup,
  FilterUses,
  QueryFigures,
  ReportScope,
} from './insight-records.js';
import { toNumber } from './rows.js';
import type { Schema } from './schema.js';

/** Which queries a list holds, and in which order. */
export type QueryList = 'top' | 'without_results' | 'without_clicks';

/** The roll-ups: written a day at a time by the roll-up, summed over days by the reports. */
export interface InsightsRepository {
  /** Replaces everything counted for the day with the new count, in one transaction. */
  replaceDay(rollup: DayRollup): Promise<void>;
  /** Figures per day that has any, summed over the scope's channels and locales, in day order. */
  days(scope: ReportScope): Promise<(DayFigures & { day: string })[]>;
  queries(scope: ReportScope, list: QueryList, limit: number): Promise<QueryFigures[]>;
  filters(scope: ReportScope, limit: number): Promise<FilterUses[]>;
  categories(scope: ReportScope, limit: number): Promise<CategoryBrowses[]>;
  /** Per campaign and day, campaigns by name, days in order. */
  campaigns(scope: ReportScope): Promise<(CampaignFigures & { day: string })[]>;
  /** The queries one day kept, per channel and locale, with what suggestions weigh them by. */
  queriesOfDay(day: string): Promise<QueryOfDay[]>;
}

/** A query a day kept (two page views typed it), as the suggestions learn from it. */
export interface QueryOfDay {
  channel: string;
  locale: string;
  query: string;
  text: string;
  pageViews: number;
  searches: number;
  withoutResults: number;
}

type RolledUpTable =
  | 'insight_days'
  | 'insight_queries'
  | 'insight_filters'
  | 'insight_categories'
  | 'insight_campaigns';

const ROWS_PER_INSERT = 400;

export function createInsightsRepository(db: Kysely<Schema>): InsightsRepository {
  /** Rows of a roll-up table within the scope's days, channel and locale. */
  const within = <T extends RolledUpTable>(table: T, scope: ReportScope) => {
    // Every roll-up table has day, channel and locale; Kysely cannot see that through the union.
    let query = db.selectFrom(table as 'insight_days') as unknown as SelectQueryBuilder<
      Schema,
      'insight_days',
      object
    >;
    query = query.where('day', '>=', scope.from).where('day', '<=', scope.to);
    if (scope.channel !== undefined) query = query.where('channel', '=', scope.channel);
    if (scope.locale !== undefined) query = query.where('locale', '=', scope.locale);
    return query as unknown as SelectQueryBuilder<Schema, T, object>;
  };

  return {
    async replaceDay(rollup) {
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
    },

    async days(scope) {
      const rows = await within('insight_days', scope)
        .select((eb) => [
          'day',
          eb.fn.sum<number | string>('searches').as('searches'),
          eb.fn.sum<number | string>('unique_searches').as('unique_searches'),
          eb.fn.sum<number | string>('without_results').as('without_results'),
          eb.fn.sum<number | string>('clicked_searches').as('clicked_searches'),
          eb.fn.sum<number | string>('clicks').as('clicks'),
          eb.fn.sum<number | string>('views').as('views'),
          eb.fn.sum<number | string>('browses').as('browses'),
        ])
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({
        day: row.day,
        searches: toNumber(row.searches),
        uniqueSearches: toNumber(row.unique_searches),
        withoutResults: toNumber(row.without_results),
        clickedSearches: toNumber(row.clicked_searches),
        clicks: toNumber(row.clicks),
        views: toNumber(row.views),
        browses: toNumber(row.browses),
      }));
    },

    async queriesOfDay(day) {
      const rows = await db
        .selectFrom('insight_queries')
        .select(['channel', 'locale', 'query', 'text', 'page_views', 'searches', 'without_results'])
        .where('day', '=', day)
        .execute();
      return rows.map((row) => ({
        channel: row.channel,
        locale: row.locale,
        query: row.query,
        text: row.text,
        pageViews: toNumber(row.page_views),
        searches: toNumber(row.searches),
        withoutResults: toNumber(row.without_results),
      }));
    },

    async queries(scope, list, limit) {
      let query = within('insight_queries', scope)
        .select((eb) => [
          'query',
          eb.fn.max('text').as('text'),
          eb.fn.sum<number | string>('page_views').as('page_views'),
          eb.fn.sum<number | string>('searches').as('searches'),
          eb.fn.sum<number | string>('unique_searches').as('unique_searches'),
          eb.fn.sum<number | string>('without_results').as('without_results'),
          eb.fn.sum<number | string>('clicked_searches').as('clicked_searches'),
          eb.fn.sum<number | string>('clicks').as('clicks'),
          eb.fn.sum<number | string>('positioned_clicks').as('positioned_clicks'),
          eb.fn.sum<number | string>('click_positions').as('click_positions'),
          eb.fn.sum<number | string>('views').as('views'),
        ])
        .groupBy('query');
      if (list === 'top') {
        query = query.orderBy(sql`sum(searches)`, 'desc');
      } else if (list === 'without_results') {
        query = query
          .having(sql`sum(without_results)`, '>', 0)
          .orderBy(sql`sum(without_results)`, 'desc')
          .orderBy(sql`sum(searches)`, 'desc');
      } else {
        query = query
          .having(sql`sum(clicks)`, '=', 0)
          .having(sql`sum(searches) - sum(without_results)`, '>', 0)
          .orderBy(sql`sum(searches) - sum(without_results)`, 'desc');
      }
      const rows = await query.orderBy('query').limit(limit).execute();
      return rows.map((row) => ({
        query: row.query,
        text: String(row.text),
        pageViews: toNumber(row.page_views),
        searches: toNumber(row.searches),
        uniqueSearches: toNumber(row.unique_searches),
        withoutResults: toNumber(row.without_results),
        clickedSearches: toNumber(row.clicked_searches),
        clicks: toNumber(row.clicks),
        positionedClicks: toNumber(row.positioned_clicks),
        clickPositions: toNumber(row.click_positions),
        views: toNumber(row.views),
      }));
    },

    async filters(scope, limit) {
      const rows = await within('insight_filters', scope)
        .select((eb) => ['field', 'value', eb.fn.sum<number | string>('uses').as('uses')])
        .groupBy(['field', 'value'])
        .orderBy(sql`sum(uses)`, 'desc')
        .orderBy('field')
        .orderBy('value')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ field: row.field, value: row.value, uses: toNumber(row.uses) }));
    },

    async categories(scope, limit) {
      const rows = await within('insight_categories', scope)
        .select((eb) => [
          'category',
          eb.fn.sum<number | string>('browses').as('browses'),
          eb.fn.sum<number | string>('unique_browses').as('unique_browses'),
        ])
        .groupBy('category')
        .orderBy(sql`sum(unique_browses)`, 'desc')
        .orderBy(sql`sum(browses)`, 'desc')
        .orderBy('category')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        category: row.category,
        browses: toNumber(row.browses),
        uniqueBrowses: toNumber(row.unique_browses),
      }));
    },

    async campaigns(scope) {
      const rows = await within('insight_campaigns', scope)
        .select((eb) => [
          'campaign',
          'day',
          eb.fn.sum<number | string>('views').as('views'),
          eb.fn.sum<number | string>('clicks').as('clicks'),
        ])
        .groupBy(['campaign', 'day'])
        .orderBy('campaign')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({
        campaign: row.campaign,
        day: row.day,
        views: toNumber(row.views),
        clicks: toNumber(row.clicks),
      }));
    },
  };
}

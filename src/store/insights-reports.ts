import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type {
  CampaignFigures,
  CategoryBrowses,
  DayFigures,
  FilterUses,
  QueryFigures,
  ReportScope,
} from './insight-records.js';
import type { RolledUpTable } from './insights-writes.js';
import { toNumber } from './rows.js';
import type { Schema } from './schema.js';

/** Which queries a list holds, and in which order. */
export type QueryList = 'top' | 'without_results' | 'without_clicks';

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

/** Rows of a roll-up table within the scope's days, channel and locale. */
function within<T extends RolledUpTable>(db: Kysely<Schema>, table: T, scope: ReportScope) {
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
}

/** Figures per day that has any, summed over the scope's channels and locales, in day order. */
export async function dayFigures(
  db: Kysely<Schema>,
  scope: ReportScope,
): Promise<(DayFigures & { day: string })[]> {
  const rows = await within(db, 'insight_days', scope)
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
}

/** The queries of a list, summed over the scope, in the list's order. */
export async function queryFigures(
  db: Kysely<Schema>,
  scope: ReportScope,
  list: QueryList,
  limit: number,
): Promise<QueryFigures[]> {
  let query = within(db, 'insight_queries', scope)
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
}

/** The filters used most over the scope. */
export async function filterUses(
  db: Kysely<Schema>,
  scope: ReportScope,
  limit: number,
): Promise<FilterUses[]> {
  const rows = await within(db, 'insight_filters', scope)
    .select((eb) => ['field', 'value', eb.fn.sum<number | string>('uses').as('uses')])
    .groupBy(['field', 'value'])
    .orderBy(sql`sum(uses)`, 'desc')
    .orderBy('field')
    .orderBy('value')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ field: row.field, value: row.value, uses: toNumber(row.uses) }));
}

/** The categories browsed most over the scope. */
export async function categoryBrowses(
  db: Kysely<Schema>,
  scope: ReportScope,
  limit: number,
): Promise<CategoryBrowses[]> {
  const rows = await within(db, 'insight_categories', scope)
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
}

/** Per campaign and day, campaigns by name, days in order. */
export async function campaignFigures(
  db: Kysely<Schema>,
  scope: ReportScope,
): Promise<(CampaignFigures & { day: string })[]> {
  const rows = await within(db, 'insight_campaigns', scope)
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
}

/** The queries one day kept, per channel and locale, with what suggestions weigh them by. */
export async function queriesOfDay(db: Kysely<Schema>, day: string): Promise<QueryOfDay[]> {
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
}

import type { Kysely } from 'kysely';
import type {
  CampaignFigures,
  CategoryBrowses,
  DayFigures,
  DayRollup,
  FilterUses,
  QueryFigures,
  ReportScope,
} from './insight-records.js';
import {
  campaignFigures,
  categoryBrowses,
  dayFigures,
  filterUses,
  type QueryList,
  type QueryOfDay,
  queriesOfDay,
  queryFigures,
} from './insights-reports.js';
import { replaceInsightsDay } from './insights-writes.js';
import type { Schema } from './schema.js';

export type { QueryList, QueryOfDay } from './insights-reports.js';

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

/** The writes of the roll-up (insights-writes.ts) and the reports' sums (insights-reports.ts). */
export function createInsightsRepository(db: Kysely<Schema>): InsightsRepository {
  return {
    replaceDay: (rollup) => replaceInsightsDay(db, rollup),
    days: (scope) => dayFigures(db, scope),
    queries: (scope, list, limit) => queryFigures(db, scope, list, limit),
    filters: (scope, limit) => filterUses(db, scope, limit),
    categories: (scope, limit) => categoryBrowses(db, scope, limit),
    campaigns: (scope) => campaignFigures(db, scope),
    queriesOfDay: (day) => queriesOfDay(db, day),
  };
}

import {
  type CampaignInsights,
  INSIGHTS_DAYS_AT_MOST,
  INSIGHTS_LIMIT_DEFAULT,
  type Insights,
  type InsightsQuery,
} from '../../contracts/insights.js';
import type { Violation } from '../../contracts/problem.js';
import { addDays, dayCount, dayOf, daysFrom, parseDay } from '../../lib/days.js';
import { AppError } from '../../lib/errors.js';
import type { DayFigures, QueryFigures, ReportScope } from '../../store/index.js';
import type { ControlDeps } from './deps.js';
import { rolledUpAt } from './rollup.js';

/** The traffic reports count; the others are left out of every report. */
const COUNTED_TRAFFIC = 'shopper';
const LEFT_OUT_TRAFFIC = ['test', 'bench', 'bot'];

/** GET /insights: what shoppers searched, found and clicked over a range of days. */
export async function searchInsights(deps: ControlDeps, query: InsightsQuery): Promise<Insights> {
  const scope = reportScope(deps, query);
  const limit = query.limit ?? INSIGHTS_LIMIT_DEFAULT;
  const { insights } = deps.database;
  const byDay = new Map((await insights.days(scope)).map((row) => [row.day, row]));
  const days = daysFrom(scope.from, scope.to).map((day) => ({ day, ...(byDay.get(day) ?? NO_FIGURES) }));
  const totals = days.reduce(
    (sum, day) => {
      for (const key of FIGURE_KEYS) sum[key] += day[key];
      return sum;
    },
    { ...NO_FIGURES },
  );
  const [top, withoutResults, withoutClicks, filters, categories, rolledUp] = await Promise.all([
    insights.queries(scope, 'top', limit),
    insights.queries(scope, 'without_results', limit),
    insights.queries(scope, 'without_clicks', limit),
    insights.filters(scope, limit),
    insights.categories(scope, limit),
    rolledUpAt(deps),
  ]);
  return {
    ...scopeAnswer(scope, rolledUp),
    totals: {
      searches: totals.searches,
      unique_searches: totals.uniqueSearches,
      without_results: totals.withoutResults,
      clicked_searches: totals.clickedSearches,
      ...share('click_through', totals.clickedSearches, totals.searches),
      clicks: totals.clicks,
      views: totals.views,
      browses: totals.browses,
    },
    days: days.map((day) => ({
      day: day.day,
      searches: day.searches,
      unique_searches: day.uniqueSearches,
      without_results: day.withoutResults,
      clicked_searches: day.clickedSearches,
      clicks: day.clicks,
      views: day.views,
      browses: day.browses,
    })),
    top_queries: top.map(queryInsight),
    no_results: withoutResults.map(queryInsight),
    no_clicks: withoutClicks.map(queryInsight),
    filters,
    categories: categories.map((row) => ({
      category: row.category,
      browses: row.browses,
      unique_browses: row.uniqueBrowses,
    })),
  };
}

/** GET /insights/campaigns: views, clicks and click-through per sponsored campaign and day. */
export async function campaignInsights(deps: ControlDeps, query: InsightsQuery): Promise<CampaignInsights> {
  const scope = reportScope(deps, query);
  const [rows, rolledUp] = await Promise.all([deps.database.insights.campaigns(scope), rolledUpAt(deps)]);
  const campaigns = new Map<string, CampaignInsights['campaigns'][number]>();
  for (const row of rows) {
    let campaign = campaigns.get(row.campaign);
    if (!campaign) {
      campaign = { campaign: row.campaign, views: 0, clicks: 0, days: [] };
      campaigns.set(row.campaign, campaign);
    }
    campaign.views += row.views;
    campaign.clicks += row.clicks;
    campaign.days.push({
      day: row.day,
      views: row.views,
      clicks: row.clicks,
      ...share('click_through', row.clicks, row.views),
    });
  }
  return {
    ...scopeAnswer(scope, rolledUp),
    campaigns: [...campaigns.values()].map(({ days, ...campaign }) => ({
      ...campaign,
      ...share('click_through', campaign.clicks, campaign.views),
      days,
    })),
  };
}

const NO_FIGURES: DayFigures = {
  searches: 0,
  uniqueSearches: 0,
  withoutResults: 0,
  clickedSearches: 0,
  clicks: 0,
  views: 0,
  browses: 0,
};
const FIGURE_KEYS = Object.keys(NO_FIGURES) as (keyof DayFigures)[];

/**
 * The days, place and traffic a report counts. A day that is no calendar day, lies ahead, or a
 * range backwards or longer than a year, and any traffic but shoppers', cannot be counted: 422.
 */
function reportScope(deps: ControlDeps, query: InsightsQuery): ReportScope {
  const today = dayOf(deps.clock.now());
  const violations: Violation[] = [];
  const day = (name: 'from' | 'to', fallback: string): string => {
    const text = query[name];
    if (text === undefined) return fallback;
    const parsed = parseDay(text);
    if (parsed === undefined) {
      violations.push({ pointer: `/${name}`, message: `"${text}" is no calendar day: write it YYYY-MM-DD.` });
      return fallback;
    }
    if (parsed > today) {
      violations.push({
        pointer: `/${name}`,
        message: `${parsed} has not come yet (today is ${today}, in UTC): the report counts days up to today.`,
      });
    }
    return parsed;
  };
  const to = day('to', today);
  const from = day('from', addDays(to, -6));
  if (violations.length === 0 && from > to) {
    violations.push({
      pointer: '/from',
      message: `The range begins (${from}) after it ends (${to}): swap them.`,
    });
  } else if (violations.length === 0 && dayCount(from, to) > INSIGHTS_DAYS_AT_MOST) {
    violations.push({
      pointer: '/from',
      message: `A report spans ${INSIGHTS_DAYS_AT_MOST} days at most; this range spans ${dayCount(from, to)}.`,
    });
  }
  const traffic = query.traffic ?? COUNTED_TRAFFIC;
  if (traffic !== COUNTED_TRAFFIC) {
    violations.push({
      pointer: '/traffic',
      message: LEFT_OUT_TRAFFIC.includes(traffic)
        ? `${traffic} traffic is left out of every report: the roll-up counts shopper traffic only.`
        : `"${traffic}" is no traffic: reports count \`shopper\` traffic.`,
    });
  }
  if (violations.length > 0) {
    throw new AppError('invalid_value', 'The report cannot count these days or this traffic.', violations);
  }
  return {
    from,
    to,
    ...(query.channel !== undefined ? { channel: query.channel } : {}),
    ...(query.locale !== undefined ? { locale: query.locale } : {}),
  };
}

function scopeAnswer(scope: ReportScope, rolledUp: string | undefined) {
  return {
    from: scope.from,
    to: scope.to,
    ...(scope.channel !== undefined ? { channel: scope.channel } : {}),
    ...(scope.locale !== undefined ? { locale: scope.locale } : {}),
    traffic: COUNTED_TRAFFIC,
    ...(rolledUp !== undefined ? { rolled_up_at: rolledUp } : {}),
  } as const;
}

function queryInsight(figures: QueryFigures): Insights['top_queries'][number] {
  return {
    query: figures.text,
    searches: figures.searches,
    unique_searches: figures.uniqueSearches,
    page_views: figures.pageViews,
    without_results: figures.withoutResults,
    clicks: figures.clicks,
    views: figures.views,
    ...share('click_through', figures.clickedSearches, figures.searches),
    ...(figures.positionedClicks > 0
      ? { average_click_position: round(figures.clickPositions / figures.positionedClicks, 2) }
      : {}),
  };
}

/** A ratio under `name`, rounded to four decimals; nothing when there is nothing to divide by. */
function share<K extends string>(name: K, part: number, whole: number): { [key in K]?: number } {
  return whole > 0 ? ({ [name]: round(part / whole, 4) } as { [key in K]: number }) : {};
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

import { type Static, Type } from '@sinclair/typebox';

/** The days a report may span at most. */
export const INSIGHTS_DAYS_AT_MOST = 366;
/** Entries of each list at most, and by default. */
export const INSIGHTS_LIMIT_AT_MOST = 100;
export const INSIGHTS_LIMIT_DEFAULT = 20;

const Day = Type.String({ description: 'A UTC day, `YYYY-MM-DD`.', examples: ['2026-03-01'] });

export const InsightsQuery = Type.Object(
  {
    from: Type.Optional(
      Type.String({
        description: 'First day of the report (UTC, `YYYY-MM-DD`). Default: six days before `to`.',
      }),
    ),
    to: Type.Optional(
      Type.String({
        description: 'Last day of the report (UTC, `YYYY-MM-DD`), today at the latest. Default: today.',
      }),
    ),
    channel: Type.Optional(
      Type.String({ minLength: 1, description: 'Only this channel. Default: every channel.' }),
    ),
    locale: Type.Optional(
      Type.String({ minLength: 1, description: 'Only this locale. Default: every locale.' }),
    ),
    traffic: Type.Optional(
      Type.String({
        description:
          'Whose searches: `shopper` (default), the only traffic reports count; test, bench and bot traffic are left out of every report.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: INSIGHTS_LIMIT_AT_MOST,
        default: INSIGHTS_LIMIT_DEFAULT,
        description: 'Entries of each list at most.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type InsightsQuery = Static<typeof InsightsQuery>;

/** What every report says of itself: the days, the place and the traffic it counted. */
const ReportScope = {
  from: Day,
  to: Day,
  channel: Type.Optional(Type.String()),
  locale: Type.Optional(Type.String()),
  traffic: Type.Literal('shopper'),
  rolled_up_at: Type.Optional(
    Type.String({
      format: 'date-time',
      description:
        'When the roll-up last counted the log; searches and events since show after the next one. Absent before the first.',
    }),
  ),
};

const ClickThrough = Type.Number({
  minimum: 0,
  maximum: 1,
  description: 'Searches with at least one click, per search (four decimals); absent without searches.',
});

export const InsightsDay = Type.Object(
  {
    day: Day,
    searches: Type.Integer({
      minimum: 0,
      description:
        'Searches with words (search page or category page), first pages only, count-only left out.',
    }),
    unique_searches: Type.Integer({
      minimum: 0,
      description: 'Searches counted once per page view and query.',
    }),
    without_results: Type.Integer({ minimum: 0, description: 'Searches that found nothing.' }),
    clicked_searches: Type.Integer({ minimum: 0, description: 'Searches with at least one click.' }),
    clicks: Type.Integer({
      minimum: 0,
      description: 'Clicks on hits and banners, once per answer and target.',
    }),
    views: Type.Integer({
      minimum: 0,
      description: 'Views of hits and banners, once per answer and target.',
    }),
    browses: Type.Integer({
      minimum: 0,
      description: 'First pages of category listings browsed without words.',
    }),
  },
  { $id: 'InsightsDay', additionalProperties: false },
);

export const QueryInsight = Type.Object(
  {
    query: Type.String({ description: 'The query as shoppers wrote it most often (lower case).' }),
    searches: Type.Integer({ minimum: 0 }),
    unique_searches: Type.Integer({ minimum: 0 }),
    page_views: Type.Integer({
      minimum: 0,
      description: 'Page views that typed it, summed over the days (a query counts on a day once two did).',
    }),
    without_results: Type.Integer({ minimum: 0 }),
    clicks: Type.Integer({ minimum: 0 }),
    views: Type.Integer({ minimum: 0 }),
    click_through: Type.Optional(ClickThrough),
    average_click_position: Type.Optional(
      Type.Number({
        minimum: 1,
        description: 'Mean position of the clicked hits (two decimals); absent without clicks on hits.',
      }),
    ),
  },
  { $id: 'QueryInsight', additionalProperties: false },
);

export const Insights = Type.Object(
  {
    ...ReportScope,
    totals: Type.Object(
      {
        searches: Type.Integer({ minimum: 0 }),
        unique_searches: Type.Integer({ minimum: 0 }),
        without_results: Type.Integer({ minimum: 0 }),
        clicked_searches: Type.Integer({ minimum: 0 }),
        click_through: Type.Optional(ClickThrough),
        clicks: Type.Integer({ minimum: 0 }),
        views: Type.Integer({ minimum: 0 }),
        browses: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false, description: 'The figures of `days` summed.' },
    ),
    days: Type.Array(Type.Ref(InsightsDay), {
      description: 'Every day of the range in order, days without searches as zeros.',
    }),
    top_queries: Type.Array(Type.Ref(QueryInsight), { description: 'Queries searched most.' }),
    no_results: Type.Array(Type.Ref(QueryInsight), {
      description: 'Queries whose searches found nothing, most often first.',
    }),
    no_clicks: Type.Array(Type.Ref(QueryInsight), {
      description: 'Queries that found results but were never clicked, searched most first.',
    }),
    filters: Type.Array(
      Type.Object(
        {
          field: Type.String(),
          value: Type.String({
            description:
              'The value chosen as text: a value or group code, a range or bucket as its bounds (`10-50`), a category id.',
          }),
          uses: Type.Integer({ minimum: 0, description: 'Page views that chose it.' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Filters and facet values chosen most.' },
    ),
    categories: Type.Array(
      Type.Object(
        {
          category: Type.String({ description: 'Category id.' }),
          browses: Type.Integer({ minimum: 0 }),
          unique_browses: Type.Integer({ minimum: 0, description: 'Browses counted once per page view.' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Categories browsed most.' },
    ),
  },
  {
    $id: 'Insights',
    additionalProperties: false,
    description:
      'What shoppers searched, found and clicked, from the roll-ups of the search log. A query counts on a day once two page views typed it; test, bench and bot traffic are never counted.',
  },
);
export type Insights = Static<typeof Insights>;

const CampaignDay = Type.Object(
  {
    day: Day,
    views: Type.Integer({ minimum: 0 }),
    clicks: Type.Integer({ minimum: 0 }),
    click_through: Type.Optional(
      Type.Number({ minimum: 0, description: 'Clicks per view (four decimals); absent without views.' }),
    ),
  },
  { additionalProperties: false },
);

export const CampaignInsights = Type.Object(
  {
    ...ReportScope,
    campaigns: Type.Array(
      Type.Object(
        {
          campaign: Type.String(),
          views: Type.Integer({ minimum: 0 }),
          clicks: Type.Integer({ minimum: 0 }),
          click_through: Type.Optional(
            Type.Number({
              minimum: 0,
              description: 'Clicks per view (four decimals); absent without views.',
            }),
          ),
          days: Type.Array(CampaignDay, { description: 'The days it was seen or clicked, in order.' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Sponsored campaigns by name.' },
    ),
  },
  {
    $id: 'CampaignInsights',
    additionalProperties: false,
    description: 'Views, clicks and click-through of sponsored hits per campaign and day.',
  },
);
export type CampaignInsights = Static<typeof CampaignInsights>;

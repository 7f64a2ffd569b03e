/**
 * What the roll-up counts per day, channel and locale, and what insights read back summed over a
 * range of days. Only shopper traffic is ever counted.
 */

/** Where figures were counted: a channel and a locale. */
export interface Place {
  channel: string;
  locale: string;
}

export interface DayFigures {
  /** Searches with words, on the first page, not count-only. */
  searches: number;
  /** Searches counted once per page view and query. */
  uniqueSearches: number;
  withoutResults: number;
  /** Searches with at least one click. */
  clickedSearches: number;
  clicks: number;
  views: number;
  /** First pages of category listings browsed without words. */
  browses: number;
}

export interface QueryFigures {
  /** The query as the engine reads it: what makes two searches one query. */
  query: string;
  /** The query as shoppers wrote it most often. */
  text: string;
  /** How many page views typed it (the roll-up keeps a query once two did on a day). */
  pageViews: number;
  searches: number;
  uniqueSearches: number;
  withoutResults: number;
  clickedSearches: number;
  clicks: number;
  /** Clicks on hits (banners have no position) and the sum of their positions. */
  positionedClicks: number;
  clickPositions: number;
  views: number;
}

export interface FilterUses {
  field: string;
  value: string;
  /** Page views (or searches without one) that chose it. */
  uses: number;
}

export interface CategoryBrowses {
  category: string;
  browses: number;
  uniqueBrowses: number;
}

export interface CampaignFigures {
  campaign: string;
  views: number;
  clicks: number;
}

/** Everything the roll-up counted for one day, per place. */
export interface DayRollup {
  day: string;
  totals: (Place & DayFigures)[];
  queries: (Place & QueryFigures)[];
  filters: (Place & FilterUses)[];
  categories: (Place & CategoryBrowses)[];
  campaigns: (Place & CampaignFigures)[];
}

/** Which roll-ups a report reads: days from `from` to `to` (both included), in a channel and locale or all. */
export interface ReportScope {
  from: string;
  to: string;
  channel?: string;
  locale?: string;
}

/**
 * What the search log keeps: searches answered to storefronts and the clicks and views reported on
 * them. Query nodes hand these to the log; the roll-up reads them back per day.
 */

/** A choice of the shopper's filters: a field and one value, written as text (a range as its bounds). */
export interface ChosenFilter {
  field: string;
  value: string;
}

/** A hit of the answered page, where it stood (counted from 1, across pages in the listed section). */
export interface LoggedHit {
  entity: string;
  position: number;
  campaign?: string;
}

/** A banner of the answered page, by the rule that placed it. */
export interface LoggedPlacement {
  rule: string;
  slot: string;
  position?: number;
}

export interface LoggedSearch {
  queryId: string;
  /** RFC 3339: when the request arrived. */
  arrivedAt: string;
  typed: string;
  searched: string;
  surface: string;
  channel: string;
  locale: string;
  category?: string;
  filters: ChosenFilter[];
  sort?: string;
  page: number;
  perPage: number;
  countOnly: boolean;
  /** The listed section's total. */
  total: number;
  hits: LoggedHit[];
  placements: LoggedPlacement[];
  pageView?: string;
  /** `shopper`, `test`, `bench` or `bot`: as the request said, or `bot` by its user agent. */
  traffic: string;
  release: string;
}

export interface LoggedEvent {
  /** RFC 3339: when the batch arrived. */
  receivedAt: string;
  queryId: string;
  type: 'click' | 'view';
  entity?: string;
  placement?: string;
  position?: number;
  campaign?: string;
  surface: string;
  pageView?: string;
  traffic: string;
}

/** One write of the log: searches and events together, in one transaction. */
export interface LogBatch {
  searches: LoggedSearch[];
  events: LoggedEvent[];
}

/** An event joined to the search it names, as the roll-up counts it. */
export interface JoinedEvent {
  seq: number;
  queryId: string;
  type: 'click' | 'view';
  entity?: string;
  placement?: string;
  position?: number;
  campaign?: string;
  search: {
    typed: string;
    surface: string;
    channel: string;
    locale: string;
    page: number;
    countOnly: boolean;
  };
}

/** How much of the raw log is kept. */
export interface SearchLogSize {
  searches: number;
  events: number;
  /** The disk the raw log takes, its indexes included. */
  bytes: number;
  /** The earliest day with a kept search or event; absent when the log is empty. */
  oldestDay?: string;
}

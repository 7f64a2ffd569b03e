import { normalizeQuery } from '../../planner/index.js';
import type {
  CountedSearch,
  DayFigures,
  DayRollup,
  JoinedEvent,
  Place,
  QueryFigures,
} from '../../store/index.js';

/** A query counts in the reports of a day once this many page views typed it. */
export const PAGE_VIEWS_TO_COUNT = 2;

/**
 * Counts one day of the search log, search by search and then event by event (each event joined
 * to its search). Only shopper traffic reaches it. What it counts:
 * - a search: words typed on the search page or a category page, the first page, not count-only;
 * - a browse: a category's first page without words;
 * - filters chosen on the first page of a search or browse;
 * - clicks and views, once per query id and hit or banner, with the search they name.
 * "Unique" counts once per page view; a search without a page view counts on its own.
 */
export class DayCounter {
  readonly #places = new Map<string, PlaceCount>();
  /** Clicks and views already counted, by type, query id and target. */
  readonly #seen = new Set<string>();

  constructor(readonly day: string) {}

  addSearch(search: CountedSearch): void {
    if (search.surface === 'autocomplete' || search.page !== 1 || search.countOnly) return;
    const place = this.#place(search);
    const query = normalizeQuery(search.typed).text;
    for (const filter of search.filters) {
      place.filters.get(`${filter.field}\u0000${filter.value}`, () => new Uses()).add(search.pageView);
    }
    if (query === '') {
      if (search.category !== undefined) {
        place.categories.get(search.category, () => new Uses()).add(search.pageView);
        place.totals.browses += 1;
      }
      return;
    }
    const group = place.queries.get(query, () => new QueryCount(query));
    place.totals.searches += 1;
    place.uniqueSearches.add(search.pageView === undefined ? undefined : `${search.pageView}\u0000${query}`);
    if (search.total === 0) place.totals.withoutResults += 1;
    group.addSearch(search);
  }

  addEvent(event: JoinedEvent): void {
    const target = event.entity ?? `\u0000${event.placement}`;
    const key = `${event.type}\u0000${event.queryId}\u0000${target}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    const place = this.#place(event.search);
    const { search } = event;
    const query =
      search.surface === 'autocomplete' || search.countOnly ? '' : normalizeQuery(search.typed).text;
    const group = query === '' ? undefined : place.queries.get(query, () => new QueryCount(query));
    const firstPage = search.page === 1;
    if (event.campaign !== undefined) {
      const campaign = place.campaigns.get(event.campaign, () => ({ views: 0, clicks: 0 }));
      if (event.type === 'click') campaign.clicks += 1;
      else campaign.views += 1;
    }
    if (event.type === 'view') {
      place.totals.views += 1;
      if (group) group.views += 1;
      return;
    }
    place.totals.clicks += 1;
    if (group && firstPage && !place.clickedSearches.has(event.queryId)) {
      place.clickedSearches.add(event.queryId);
      place.totals.clickedSearches += 1;
    }
    group?.addClick(event, firstPage);
  }

  /** What the day counted; queries fewer than two page views typed are left out. */
  rollup(): DayRollup {
    const rollup: DayRollup = {
      day: this.day,
      totals: [],
      queries: [],
      filters: [],
      categories: [],
      campaigns: [],
    };
    for (const place of this.#places.values()) {
      const at: Place = { channel: place.channel, locale: place.locale };
      rollup.totals.push({ ...at, ...place.totals, uniqueSearches: place.uniqueSearches.count() });
      for (const group of place.queries.values()) {
        if (group.pageViews.size >= PAGE_VIEWS_TO_COUNT) rollup.queries.push({ ...at, ...group.figures() });
      }
      for (const [key, uses] of place.filters.entries()) {
        const [field, value] = key.split('\u0000') as [string, string];
        rollup.filters.push({ ...at, field, value, uses: uses.count() });
      }
      for (const [category, uses] of place.categories.entries()) {
        rollup.categories.push({ ...at, category, browses: uses.all, uniqueBrowses: uses.count() });
      }
      for (const [campaign, figures] of place.campaigns.entries()) {
        rollup.campaigns.push({ ...at, campaign, ...figures });
      }
    }
    return rollup;
  }

  #place(where: { channel: string; locale: string }): PlaceCount {
    const key = `${where.channel}\u0000${where.locale}`;
    let place = this.#places.get(key);
    if (!place) {
      place = new PlaceCount(where.channel, where.locale);
      this.#places.set(key, place);
    }
    return place;
  }
}

/** A map that makes an entry on first use. */
class Tally<T> extends Map<string, T> {
  override get(key: string, make?: () => T): T {
    let value = super.get(key);
    if (value === undefined && make) {
      value = make();
      this.set(key, value);
    }
    return value as T;
  }
}

/** Counts once per page view; what has no page view counts each time. */
class Uses {
  readonly #pageViews = new Set<string>();
  #anonymous = 0;
  all = 0;

  add(pageView: string | undefined): void {
    this.all += 1;
    if (pageView === undefined) this.#anonymous += 1;
    else this.#pageViews.add(pageView);
  }

  count(): number {
    return this.#pageViews.size + this.#anonymous;
  }
}

class PlaceCount {
  readonly totals: Omit<DayFigures, 'uniqueSearches'> = {
    searches: 0,
    withoutResults: 0,
    clickedSearches: 0,
    clicks: 0,
    views: 0,
    browses: 0,
  };
  readonly uniqueSearches = new Uses();
  readonly clickedSearches = new Set<string>();
  readonly queries = new Tally<QueryCount>();
  readonly filters = new Tally<Uses>();
  readonly categories = new Tally<Uses>();
  readonly campaigns = new Tally<{ views: number; clicks: number }>();

  constructor(
    readonly channel: string,
    readonly locale: string,
  ) {}
}

class QueryCount {
  readonly pageViews = new Set<string>();
  readonly #unique = new Uses();
  readonly #texts = new Map<string, number>();
  readonly #clicked = new Set<string>();
  searches = 0;
  withoutResults = 0;
  clicks = 0;
  positionedClicks = 0;
  clickPositions = 0;
  views = 0;

  constructor(readonly query: string) {}

  addSearch(search: CountedSearch): void {
    this.searches += 1;
    if (search.total === 0) this.withoutResults += 1;
    if (search.pageView !== undefined) this.pageViews.add(search.pageView);
    this.#unique.add(search.pageView);
    const text = search.typed.trim().replace(/\s+/g, ' ').toLowerCase();
    this.#texts.set(text, (this.#texts.get(text) ?? 0) + 1);
  }

  addClick(event: JoinedEvent, firstPage: boolean): void {
    this.clicks += 1;
    if (event.position !== undefined) {
      this.positionedClicks += 1;
      this.clickPositions += event.position;
    }
    if (firstPage) this.#clicked.add(event.queryId);
  }

  figures(): QueryFigures {
    return {
      query: this.query,
      text: this.#mostWritten(),
      pageViews: this.pageViews.size,
      searches: this.searches,
      uniqueSearches: this.#unique.count(),
      withoutResults: this.withoutResults,
      clickedSearches: this.#clicked.size,
      clicks: this.clicks,
      positionedClicks: this.positionedClicks,
      clickPositions: this.clickPositions,
      views: this.views,
    };
  }

  /** The way shoppers wrote the query most often; on a tie, the first in text order. */
  #mostWritten(): string {
    let best = this.query;
    let bestCount = 0;
    for (const [text, count] of this.#texts) {
      if (count > bestCount || (count === bestCount && text < best)) {
        best = text;
        bestCount = count;
      }
    }
    return best;
  }
}

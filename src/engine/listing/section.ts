import type { AppliedFilter, Facet } from '../../contracts/search.js';
import type { EngineIndex, TypeIndex } from '../engine-index.js';
import { appliedFilters } from '../facets/applied.js';
import type { FacetSpec } from '../facets/spec.js';
import type { SortSpec } from '../sort/keys.js';
import { executeListing, type ListingHit, type TextMatches } from './listing.js';

/**
 * What a search asks of the listed section besides its text and page: the members EngineQuery
 * takes beyond the text ones.
 */
export interface ListingOptions {
  /** The request's time in ms (stamped on arrival); default now. */
  time?: number;
  /** Channel id; default the release's first channel. */
  channel?: string;
  /** Locale of result fields and labels; default the catalog's source locale. */
  locale?: string;
  /** The type whose section pages and carries facets; default `product`, else the first type. */
  listed?: string;
  /** Lists this category and everything below it. */
  category?: string;
  /** The shopper's choices (a selector): values of one field are alternatives, fields narrow each other. */
  filters?: Record<string, unknown>;
  /** Constraints that narrow without being the shopper's choices. */
  where?: ReadonlyArray<Record<string, unknown>>;
  /** Facets to count, in display order. */
  facets?: readonly FacetSpec[];
  /** Labels of filter fields for the applied filters, by field. */
  fieldLabels?: Readonly<Record<string, string>>;
  sort?: SortSpec;
  /** Hits of each section beside the listed one, which do not page (shown on page 1 only); default perPage. */
  sideHits?: number;
}

/** The query a section beside the listed one answers: its first hits on page 1, its total always. */
export function sideQuery<
  T extends { page: number; perPage: number; countOnly?: boolean; sideHits?: number },
>(query: T): T {
  if (query.sideHits === undefined) return query;
  const shown = query.page === 1 ? query.sideHits : 0;
  return {
    ...query,
    page: 1,
    perPage: Math.max(1, shown),
    countOnly: query.countOnly === true || shown === 0,
  };
}

/** What the listed section adds to an answer. */
export interface ListingExtras {
  listed: string;
  currency: string;
  applied: AppliedFilter[];
}

export interface ListedSection {
  section: {
    type: string;
    total: number;
    reachable: number;
    hits: ListingHit[];
    facets: Facet[];
  };
  /** Per hit, its document (the text postings' numbering), for explanations. */
  docs: number[];
  extras: ListingExtras;
}

/** Collects a text search's matches in document order, with their scores, for the listing to take over. */
export class MatchCollector {
  count = 0;

  constructor(
    readonly docs: Uint32Array,
    readonly scores: Float64Array,
  ) {}

  offer(doc: number, score: number): void {
    this.docs[this.count] = doc;
    this.scores[this.count++] = score;
  }
}

/** The type a search lists: the one asked for, else `product`, else the first with documents. */
export function listedType(index: EngineIndex, options: ListingOptions): TypeIndex | undefined {
  const types = index.types.filter((type) => type.documents > 0);
  const wanted = options.listed ?? 'product';
  return types.find((type) => type.type === wanted) ?? (options.listed ? undefined : types[0]);
}

/**
 * Lists `type`: `match` (absent when the query has no words) hands the text matches to a collector.
 */
export function listSection(
  index: EngineIndex,
  type: TypeIndex,
  query: ListingOptions & { page: number; perPage: number; countOnly?: boolean },
  match: ((collector: MatchCollector) => void) | undefined,
): ListedSection {
  let text: TextMatches | undefined;
  if (match) {
    const scratch = type.listing.scratch;
    const collector = new MatchCollector(scratch.textDocs, scratch.textScores);
    match(collector);
    text = { docs: collector.docs, scores: collector.scores, count: collector.count };
  }
  const result = executeListing(
    index,
    type,
    // Every member present (undefined where absent): one shape for every request keeps the listing's code monomorphic.
    {
      page: query.page,
      perPage: query.perPage,
      countOnly: query.countOnly === true,
      time: query.time ?? Date.now(),
      channel: query.channel,
      locale: query.locale,
      category: query.category,
      filters: query.filters,
      where: query.where,
      facets: query.facets,
      sort: query.sort,
    },
    text,
  );
  const applied = appliedFilters(query.filters, result.clauses, {
    shared: type.listing.shared,
    locale: query.locale,
    facets: query.facets ?? [],
    labels: query.fieldLabels ?? {},
  });
  return {
    section: {
      type: type.type,
      total: result.total,
      reachable: result.reachable,
      hits: result.hits,
      facets: result.facets,
    },
    docs: result.docs,
    extras: { listed: type.type, currency: result.currency, applied },
  };
}

import type { AppliedFilter, Facet } from '../../contracts/search.js';
import type { EngineIndex, TypeIndex } from '../engine-index.js';
import { appliedFilters } from '../facets/applied.js';
import type { FacetSpec } from '../facets/spec.js';
import { documentOfId } from '../index/id-lookup.js';
import type { SortSpec } from '../sort/keys.js';
import { executeListing, type ListingHit } from './listing.js';
import type { Merchandising } from './merchandise.js';
import type { TextSearch } from './relevance.js';

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
  /**
   * Choices the query's words made (what resolution named), one selector: each field's facet is
   * counted without it and shows its values chosen, as for the shopper's own; they make no applied
   * filter here (the caller writes their chips). A field the shopper chose too takes both lists of
   * values as alternatives; otherwise the query's choice narrows as a constraint.
   */
  detected?: Record<string, unknown>;
  /** Constraints that narrow without being the shopper's choices. */
  where?: ReadonlyArray<Record<string, unknown>>;
  /** Facets to count, in display order. */
  facets?: readonly FacetSpec[];
  /** Labels of filter fields for the applied filters, by field. */
  fieldLabels?: Readonly<Record<string, string>>;
  sort?: SortSpec;
  /** Hits of each section beside the listed one, which do not page (shown on page 1 only); default perPage. */
  sideHits?: number;
  /** What the release's rules hide, pin, boost and bury in this section, entities by id. */
  merchandising?: SectionMerchandising;
}

/** Merchandising as a plan writes it: entities by their ids in the section's type. */
export interface SectionMerchandising {
  hidden?: readonly string[];
  hides?: ReadonlyArray<Record<string, unknown>>;
  pins?: ReadonlyArray<{ id: string; position: number; onlyIfMatching: boolean; campaign?: string }>;
  weights?: ReadonlyArray<{ ids?: readonly string[]; where?: Record<string, unknown>; factor: number }>;
}

/** Whether a section must go through the listing: it filters, lists a category, or rules act on it. */
export function needsListing(options: ListingOptions): boolean {
  const merchandising = options.merchandising;
  return (
    options.category !== undefined ||
    (options.filters !== undefined && Object.keys(options.filters).length > 0) ||
    (options.detected !== undefined && Object.keys(options.detected).length > 0) ||
    (options.where !== undefined && options.where.length > 0) ||
    options.sort !== undefined ||
    (merchandising !== undefined &&
      ((merchandising.hidden?.length ?? 0) > 0 ||
        (merchandising.hides?.length ?? 0) > 0 ||
        (merchandising.pins?.length ?? 0) > 0 ||
        (merchandising.weights?.length ?? 0) > 0))
  );
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
  currency?: string;
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

/** The type a search lists: the one asked for, else `product`, else the first with documents. */
export function listedType(index: EngineIndex, options: ListingOptions): TypeIndex | undefined {
  const types = index.types.filter((type) => type.documents > 0);
  const wanted = options.listed ?? 'product';
  return types.find((type) => type.type === wanted) ?? (options.listed ? undefined : types[0]);
}

/** Lists `type`: `match` (absent when the query has no words) runs the text search (see TextSearch). */
export function listSection(
  index: EngineIndex,
  type: TypeIndex,
  query: ListingOptions & { page: number; perPage: number; countOnly?: boolean },
  match: TextSearch | undefined,
): ListedSection {
  const result = executeListing(
    index,
    type,
    {
      page: query.page,
      perPage: query.perPage,
      countOnly: query.countOnly === true,
      time: query.time ?? Date.now(),
      // Absent ones stay undefined: the listing reads them as not asked for.
      channel: query.channel,
      locale: query.locale,
      category: query.category,
      filters: query.filters,
      detected: query.detected,
      where: query.where,
      facets: query.facets,
      sort: query.sort,
      merchandising: query.merchandising === undefined ? undefined : documentsOf(type, query.merchandising),
    },
    match,
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

/** The documents of the entities merchandising names; an id the type does not hold names nothing. */
function documentsOf(type: TypeIndex, merchandising: SectionMerchandising): Merchandising {
  const docs = (ids: readonly string[] | undefined): number[] => {
    const found: number[] = [];
    for (const id of ids ?? []) {
      const doc = documentOfId(type.ids, id);
      if (doc !== undefined) found.push(doc);
    }
    return found;
  };
  return {
    hidden: docs(merchandising.hidden),
    hides: merchandising.hides ?? [],
    pins: (merchandising.pins ?? []).flatMap((pin) => {
      const doc = documentOfId(type.ids, pin.id);
      if (doc === undefined) return [];
      return [
        {
          doc,
          position: pin.position,
          onlyIfMatching: pin.onlyIfMatching,
          ...(pin.campaign !== undefined ? { campaign: pin.campaign } : {}),
        },
      ];
    }),
    weights: (merchandising.weights ?? []).map((weight) => ({
      docs: docs(weight.ids),
      ...(weight.where !== undefined ? { where: weight.where } : {}),
      factor: weight.factor,
    })),
  };
}

/**
 * The part of Algolia's search API that InstantSearch.js and algoliasearch-helper speak to a search
 * client: the requests they send and the answers they read. Written out here, rather than imported
 * from InstantSearch's types, so that `aisle/instantsearch` depends on nothing but `aisle/client`.
 */
import type { components } from '../client/index.js';

type AisleSearchRequest = components['schemas']['SearchRequest'];

/**
 * Facet filters as Algolia writes them: `attribute:value`; the outer array's items narrow each
 * other, an array inside it holds alternatives (Algolia's types allow deeper nesting, read as flat).
 */
export type FacetFilters = string | readonly FacetFilters[];

/** A numeric filter as Algolia writes it: `attribute>=10`, `attribute:10 TO 20`; arrays as above. */
export type NumericFilters = FacetFilters;

/**
 * Parts of an aisle search Algolia has no word for, passed as the search parameter `aisle`
 * (InstantSearch's `configure` widget takes it): the surface, a category page, filters a page
 * starts with, context, and so on. Filters from facets are laid over `filters` field by field.
 */
export type AisleParameters = Pick<
  AisleSearchRequest,
  'on' | 'category' | 'channel' | 'locale' | 'filters' | 'dismissed' | 'redirect' | 'context' | 'traffic'
>;

/** The search parameters of one request, as algoliasearch-helper sends them. */
export interface SearchParameters {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string | readonly string[];
  facetFilters?: FacetFilters;
  numericFilters?: NumericFilters;
  analyticsTags?: readonly string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  /** Search for facet values: the facet, what was typed, and how many values to answer. */
  facetName?: string;
  facetQuery?: string;
  maxFacetHits?: number;
  aisle?: AisleParameters;
  [parameter: string]: unknown;
}

export interface SearchRequest {
  indexName: string;
  params?: SearchParameters;
  /** algoliasearch v5's way of asking for facet values through `search`. */
  type?: 'default' | 'facet';
  facet?: string;
}

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export type HighlightValue = HighlightResult | HighlightResults | HighlightValue[];
export type HighlightResults = { [field: string]: HighlightValue };

export interface AisleHit {
  objectID: string;
  /** The hit as aisle names it, `type:id`: what events name. */
  entity: string;
  variant?: string;
  sponsored?: { campaign: string };
  _highlightResult: HighlightResults;
  [field: string]: unknown;
}

export interface FacetStats {
  min: number;
  max: number;
}

/** One answer in Algolia's shape, with aisle's whole answer under `aisle` for custom widgets. */
export interface SearchResult {
  hits: AisleHit[];
  nbHits: number;
  nbPages: number;
  page: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, FacetStats>;
  exhaustiveFacetsCount: boolean;
  exhaustiveNbHits: boolean;
  exhaustive: { facetsCount: boolean; nbHits: boolean };
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
  queryID: string;
  /**
   * The page's facets and their values in aisle's order (for `dynamicWidgets` and lists that keep
   * the release's order), and where the query redirects.
   */
  renderingContent: {
    facetOrdering: {
      facets: { order: string[] };
      values: Record<string, { order: string[]; sortRemainingBy: 'count' }>;
    };
    redirect?: { url: string };
  };
  /** The placements (banners) of the answer, for InstantSearch's `queryRuleCustomData`. */
  userData: components['schemas']['PlacementAnswer'][];
  aisle: components['schemas']['SearchResponse'];
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface FacetValuesResult {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: boolean;
  processingTimeMS: number;
}

/**
 * aisle as the search behind InstantSearch.js (and React or Vue InstantSearch): a `searchClient`
 * over aisle's Query API, built on `aisle/client`.
 *
 *     import instantsearch from 'instantsearch.js';
 *     import { aisleSearchClient } from 'aisle/instantsearch';
 *
 *     const search = instantsearch({
 *       indexName: 'web',             // the channel; 'web/price_asc' sorts by price_asc
 *       searchClient: aisleSearchClient({ url: 'https://search.example.com' }),
 *       insights: true,               // clicks go to aisle's /v1/events
 *     });
 *
 * Algolia's search parameters map onto one aisle search per page: query, page (from 0),
 * hitsPerPage, facets, facetFilters, numericFilters, analyticsTags (`traffic:test`, context
 * `key:value`). Parts of an aisle search Algolia has no word for go in the parameter `aisle`
 * (`configure({ aisle: { on: 'category_page', category: 'headphones' } })`). Answers carry hits
 * with `objectID` and `_highlightResult`, facet counts keyed by aisle's values (`facetLabels` gives
 * widgets their labels), `facets_stats` of ranges, the query id, the placements as `userData`, and
 * aisle's whole answer under `aisle` (redirect, placements, sponsored hits, suggestions, applied
 * filters, sorts).
 */
export type {
  AisleHit,
  AisleParameters,
  FacetHit,
  FacetValuesResult,
  HighlightResult,
  SearchParameters,
  SearchRequest,
  SearchResult,
} from './algolia.js';
export type { InsightsClient } from './insights.js';
export { facetLabels, refinementLabels } from './labels.js';
export { type AisleSearchClient, type AisleSearchClientOptions, aisleSearchClient } from './search-client.js';
export type {} from './search-parameters.js';

/**
 * One InstantSearch request as the aisle search that answers it. The index name is the channel,
 * and a sort is a replica: `web` searches the channel `web` in the page's default order,
 * `web/price_asc` in the order `price_asc`.
 */
import type { components } from '../client/index.js';
import type { SearchParameters, SearchRequest } from './algolia.js';
import { type FacetValueTypes, fieldOf, layFilters, selectorOf } from './filters.js';

export type AisleSearchRequest = components['schemas']['SearchRequest'];

/** aisle's default page size, which a request that names none gets (Algolia's is the index's). */
export const DEFAULT_HITS_PER_PAGE = 24;
/** aisle's largest page. */
const MAX_HITS_PER_PAGE = 100;
const TRAFFIC = new Set(['shopper', 'test', 'bench', 'bot']);

export interface RequestDefaults {
  locale?: string;
  pageView?: string;
}

export interface IndexName {
  channel: string;
  sort?: string;
}

export function parseIndexName(indexName: string): IndexName {
  const slash = indexName.indexOf('/');
  if (slash < 0) return { channel: indexName };
  return { channel: indexName.slice(0, slash), sort: indexName.slice(slash + 1) };
}

/** The facets a request asks for, as aisle's fields (a hierarchical level is its facet's field). */
export function askedFacets(params: SearchParameters): string[] {
  const facets = typeof params.facets === 'string' ? [params.facets] : (params.facets ?? []);
  return [...new Set(facets.filter((facet) => facet !== '*').map(fieldOf))];
}

/**
 * A request with no hits to show (`hitsPerPage: 0`): InstantSearch asks such for the counts of a
 * disjunctive facet without its own choices, which aisle's answer to the page already holds.
 */
export function isFacetCount(request: SearchRequest): boolean {
  return request.params?.hitsPerPage === 0;
}

export function aisleRequest(
  request: SearchRequest,
  defaults: RequestDefaults,
  values: FacetValueTypes,
): AisleSearchRequest {
  const params = request.params ?? {};
  const { channel, sort } = parseIndexName(request.indexName);
  const { filters: pageFilters, ...own } = params.aisle ?? {};
  const filters = layFilters(pageFilters, selectorOf(params.facetFilters, params.numericFilters, values));
  const perPage = Math.min(params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE, MAX_HITS_PER_PAGE);
  const facets = askedFacets(params);
  const body: AisleSearchRequest = {
    query: String(params.query ?? ''),
    ...(channel ? { channel } : {}),
    ...(defaults.locale ? { locale: defaults.locale } : {}),
    ...(sort ? { sort } : {}),
    ...analyticsTags(params.analyticsTags),
    ...(defaults.pageView ? { page_view: defaults.pageView } : {}),
    ...own,
    ...(filters ? { filters } : {}),
    ...(facets.length > 0 ? { facets } : {}),
  };
  if (perPage <= 0) return { ...body, count_only: true };
  return { ...body, page: (params.page ?? 0) + 1, per_page: perPage };
}

/**
 * Analytics tags as aisle reads them: `traffic:test` (or `bench`, `bot`, `shopper`) marks the
 * traffic, so that reports leave it out; `key:value` is a context value the release declares;
 * other tags have no meaning in aisle and are left out.
 */
function analyticsTags(tags: readonly string[] | undefined): Pick<AisleSearchRequest, 'traffic' | 'context'> {
  const result: Pick<AisleSearchRequest, 'traffic' | 'context'> = {};
  for (const tag of tags ?? []) {
    const colon = tag.indexOf(':');
    if (colon <= 0) continue;
    const key = tag.slice(0, colon);
    const value = tag.slice(colon + 1);
    if (key === 'traffic' && TRAFFIC.has(value)) result.traffic = value as AisleSearchRequest['traffic'];
    else if (key !== 'traffic') result.context = { ...result.context, [key]: value };
  }
  return result;
}

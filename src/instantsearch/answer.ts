/** aisle's search answer in the shape InstantSearch reads: Algolia's, with aisle's own under `aisle`. */
import type { components } from '../client/index.js';
import type { AisleHit, SearchRequest, SearchResult } from './algolia.js';
import { algoliaFacets } from './facets.js';
import { DEFAULT_TAGS, highlightFields, queryWords } from './highlight.js';

type SearchResponse = components['schemas']['SearchResponse'];
type Hit = components['schemas']['Hit'];

export interface AnswerContext {
  request: SearchRequest;
  /** The page and page size asked for: aisle's answer does not repeat them. */
  page: number;
  hitsPerPage: number;
  /** The query id events name: the first page's, for a later page of the same search. */
  queryID: string;
  processingTimeMS: number;
}

/** The id InstantSearch keys a hit by: its entity, and the variant when a tile shows one. */
function objectIdOf(hit: Pick<Hit, 'entity' | 'variant'>): string {
  return hit.variant === undefined ? hit.entity : `${hit.entity}/${hit.variant}`;
}

/** The section that pages and carries the facets. */
export function listedSection(answer: SearchResponse) {
  return answer.sections.find((section) => section.type === answer.listed);
}

export function searchResult(answer: SearchResponse, context: AnswerContext): SearchResult {
  const params = context.request.params ?? {};
  const listed = listedSection(answer);
  const words = queryWords(params.query);
  const tags = {
    pre: params.highlightPreTag ?? DEFAULT_TAGS.pre,
    post: params.highlightPostTag ?? DEFAULT_TAGS.post,
  };
  const hits: AisleHit[] =
    context.hitsPerPage === 0
      ? []
      : (listed?.hits ?? []).map((hit) => ({
          ...hit.fields,
          objectID: objectIdOf(hit),
          entity: hit.entity,
          ...(hit.variant !== undefined ? { variant: hit.variant } : {}),
          ...(hit.sponsored ? { sponsored: hit.sponsored } : {}),
          _highlightResult: highlightFields(hit.fields, words, tags),
        }));
  const facets = algoliaFacets(listed?.facets ?? []);
  const exact = !listed?.upper_bound && !(listed?.facets ?? []).some((facet) => facet.upper_bound);
  const reachable = listed?.reachable ?? 0;
  return {
    hits,
    nbHits: listed?.total ?? 0,
    nbPages: context.hitsPerPage > 0 ? Math.ceil(reachable / context.hitsPerPage) : 0,
    page: context.page,
    hitsPerPage: context.hitsPerPage,
    facets: facets.facets,
    facets_stats: facets.stats,
    exhaustiveFacetsCount: exact,
    exhaustiveNbHits: !listed?.upper_bound,
    exhaustive: { facetsCount: exact, nbHits: !listed?.upper_bound },
    processingTimeMS: context.processingTimeMS,
    query: params.query ?? '',
    params: '',
    index: context.request.indexName,
    queryID: context.queryID,
    renderingContent: {
      facetOrdering: {
        // A hierarchical facet is drawn by hierarchicalMenu, which is named by its first level.
        facets: {
          order: (listed?.facets ?? []).map((facet) =>
            facet.kind === 'hierarchical' ? `${facet.field}.lvl0` : facet.field,
          ),
        },
        values: Object.fromEntries(
          Object.entries(facets.valueOrder).map(([field, order]) => [
            field,
            { order, sortRemainingBy: 'count' },
          ]),
        ),
      },
      ...(answer.redirect ? { redirect: { url: answer.redirect.url } } : {}),
    },
    userData: answer.placements ?? [],
    aisle: answer,
  };
}

/**
 * The InstantSearch search client. InstantSearch sends, for each index, the search of the page and
 * one more request per refined disjunctive facet asking that facet's counts without its own
 * choices. aisle counts every facet under every filter but its own, so those extra requests are
 * answered from the page's own answer: one aisle search per page, whatever the refinements.
 */
import { type components, createQueryClient, unwrap } from '../client/index.js';
import type { FacetHit, FacetValuesResult, SearchRequest, SearchResult } from './algolia.js';
import { listedSection, searchResult } from './answer.js';
import { FacetValueMemory } from './facets.js';
import { fieldOf } from './filters.js';
import { DEFAULT_TAGS, highlightText, queryWords } from './highlight.js';
import { aisleInsights, type HitReference, type InsightsClient } from './insights.js';
import { type AisleSearchRequest, aisleRequest, askedFacets, isFacetCount } from './request.js';

type SearchResponse = components['schemas']['SearchResponse'];

export interface AisleSearchClientOptions {
  /** The public port's base URL, such as `https://search.example.com`. */
  url: string;
  /** The locale searched; the channel's first locale when absent. */
  locale?: string;
  /**
   * Names the page the shopper loaded, so that reports count a query once per page view. A new one
   * is made with each client, which a page makes once per load.
   */
  pageView?: string;
  /**
   * Installs the client's insights client as `window.aa` when the page has none, so that
   * InstantSearch's `insights: true` sends clicks to aisle. Default true.
   */
  insights?: boolean;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/** algoliasearch v5's way of asking for one facet's values, its search parameters URL-encoded. */
export interface FacetValuesQuery {
  indexName: string;
  facetName: string;
  searchForFacetValuesRequest?: { params?: string; facetQuery?: string; maxFacetHits?: number };
}

export interface AisleSearchClient {
  search(requests: readonly SearchRequest[]): Promise<{ results: Array<SearchResult | FacetValuesResult> }>;
  /** The values of one facet the shopper looks for (refinementList's `searchable`). */
  searchForFacetValues(requests: readonly SearchRequest[]): Promise<FacetValuesResult[]>;
  searchForFacetValues(query: FacetValuesQuery): Promise<FacetValuesResult>;
  /** The insights client that sends clicks to aisle; give it to `insights: { insightsClient }`. */
  insightsClient: InsightsClient;
  /** Forgets the answers kept and which first page a later page continues (InstantSearch's `refresh()`). */
  clearCache(): Promise<void>;
}

/** How many hits, and first pages, are remembered for the events that name them. */
const REMEMBERED = 2_000;
/** How many answers are kept for the same search asked again. */
const ANSWERS_KEPT = 50;

interface Search {
  body: AisleSearchRequest;
  /** Requests this search answers, by their place in the batch. */
  answers: number[];
}

export function aisleSearchClient(options: AisleSearchClientOptions): AisleSearchClient {
  const client = createQueryClient({
    url: options.url,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const pageView = options.pageView ?? globalThis.crypto?.randomUUID?.();
  const values = new FacetValueMemory();
  const firstPages = new Remembered<string>();
  const answers = new Remembered<Promise<{ response: SearchResponse; processingTimeMS: number }>>(
    ANSWERS_KEPT,
  );
  const hits = new Remembered<HitReference & { queryID: string; position: number }>();
  const defaults = {
    ...(options.locale ? { locale: options.locale } : {}),
    ...(pageView ? { pageView } : {}),
  };

  const insightsClient = aisleInsights({
    client,
    url: options.url,
    pageView,
    hitOf: (objectID) => hits.get(objectID),
  });
  if (options.insights !== false) installInsights(insightsClient);

  /**
   * The answer to an aisle search, sent once however often InstantSearch asks the same: it does on
   * its own (a page with dynamicWidgets searches again once the widgets are mounted, with the same
   * parameters), as Algolia's client answers such repeats from its cache.
   */
  function answer(body: AisleSearchRequest) {
    const key = canonical(body);
    const known = answers.get(key);
    if (known) return known;
    const started = Date.now();
    const answered = unwrap(client.POST('/v1/search', { body })).then((response) => {
      values.remember(listedSection(response)?.facets ?? []);
      return { response, processingTimeMS: Date.now() - started };
    });
    answers.set(key, answered);
    // A failure is not kept: the same search asked again is sent again.
    answered.catch(() => answers.delete(key));
    return answered;
  }

  async function search(requests: readonly SearchRequest[]) {
    const facetValueRequests = requests.map((request) => request.type === 'facet');
    const searches = plan(
      requests.filter((_, index) => !facetValueRequests[index]),
      (request) => aisleRequest(request, defaults, values),
    );
    const pageRequests = requests.flatMap((_request, index) => (facetValueRequests[index] ? [] : [index]));
    const results: Array<SearchResult | FacetValuesResult> = new Array(requests.length);
    await Promise.all([
      ...searches.map(async (search) => {
        const { response, processingTimeMS } = await answer(search.body);
        const key = firstPageKey(search.body);
        const page = search.body.page ?? 1;
        if (page === 1 && !search.body.count_only) firstPages.set(key, response.query_id);
        const queryID = (page > 1 ? firstPages.get(key) : undefined) ?? response.query_id;
        for (const planned of search.answers) {
          const index = pageRequests[planned]!;
          const request = requests[index]!;
          const facetCount = isFacetCount(request);
          const hitsPerPage = facetCount ? 0 : (search.body.per_page ?? 0);
          const result = searchResult(response, {
            request,
            page: facetCount ? 0 : page - 1,
            hitsPerPage,
            queryID,
            processingTimeMS,
          });
          result.hits.forEach((hit, at) => {
            const position = (page - 1) * hitsPerPage + at + 1;
            hits.set(hit.objectID, {
              entity: hit.entity,
              ...(hit.sponsored ? { campaign: hit.sponsored.campaign } : {}),
              queryID,
              position,
            });
          });
          results[index] = result;
        }
      }),
      ...requests.map(async (request, index) => {
        if (facetValueRequests[index]) results[index] = (await facetValues([request]))[0]!;
      }),
    ]);
    return { results };
  }

  async function facetValues(requests: readonly SearchRequest[]): Promise<FacetValuesResult[]> {
    return Promise.all(
      requests.map(async (request) => {
        const params = request.params ?? {};
        const facetName = params.facetName ?? request.facet;
        if (!facetName) throw new TypeError('searchForFacetValues needs the facet: params.facetName.');
        const field = fieldOf(facetName);
        // Counting only: the named facet comes back whole, and no search is logged.
        const body = { ...aisleRequest(request, defaults, values), facets: [field], count_only: true };
        delete body.page;
        delete body.per_page;
        const { response, processingTimeMS } = await answer(body);
        const facet = listedSection(response)?.facets?.find((candidate) => candidate.field === field);
        const words = queryWords(params.facetQuery);
        const tags = {
          pre: params.highlightPreTag ?? DEFAULT_TAGS.pre,
          post: params.highlightPostTag ?? DEFAULT_TAGS.post,
        };
        const facetHits: FacetHit[] = [];
        for (const value of facet?.values ?? []) {
          const highlighted = highlightText(value.label, words, tags);
          if (words.length > 0 && highlighted.matchLevel !== 'full') continue;
          facetHits.push({ value: String(value.value), highlighted: highlighted.value, count: value.count });
        }
        return {
          facetHits: facetHits.slice(0, params.maxFacetHits ?? 10),
          exhaustiveFacetsCount: !facet?.upper_bound,
          processingTimeMS,
        };
      }),
    );
  }

  function searchForFacetValues(requests: readonly SearchRequest[]): Promise<FacetValuesResult[]>;
  function searchForFacetValues(query: FacetValuesQuery): Promise<FacetValuesResult>;
  function searchForFacetValues(asked: readonly SearchRequest[] | FacetValuesQuery) {
    if (isRequestList(asked)) return facetValues(asked);
    const { params, ...request } = asked.searchForFacetValuesRequest ?? {};
    const searchParams: Record<string, unknown> = {};
    new URLSearchParams(params).forEach((value, name) => {
      searchParams[name] = parsedParameter(value);
    });
    const search = {
      indexName: asked.indexName,
      params: { ...searchParams, ...request, facetName: asked.facetName },
    };
    return facetValues([search]).then(([result]) => result!);
  }

  return {
    search,
    searchForFacetValues,
    insightsClient,
    async clearCache() {
      answers.clear();
      firstPages.clear();
    },
  };
}

function isRequestList(
  asked: readonly SearchRequest[] | FacetValuesQuery,
): asked is readonly SearchRequest[] {
  return Array.isArray(asked);
}

/** A URL-encoded Algolia parameter: JSON where it is (arrays, numbers), else the text. */
function parsedParameter(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The aisle searches a batch needs. A request counting facets without hits is answered by a page
 * search of the batch whose other filters are its own (aisle counts those facets as it would),
 * which then names the facets so that they are counted in full; others are searched alone.
 */
function plan<T extends SearchRequest>(
  requests: readonly T[],
  bodyOf: (request: T) => AisleSearchRequest,
): Search[] {
  const searches: Search[] = [];
  const pages: Array<{ search: Search; request: T }> = [];
  const counts: Array<{ index: number; request: T; body: AisleSearchRequest }> = [];
  requests.forEach((request, index) => {
    const body = bodyOf(request);
    if (isFacetCount(request)) {
      counts.push({ index, request, body });
      return;
    }
    const same = searches.find((search) => canonical(search.body) === canonical(body));
    if (same) same.answers.push(index);
    else {
      const search = { body, answers: [index] };
      searches.push(search);
      pages.push({ search, request });
    }
  });
  for (const count of counts) {
    const fields = askedFacets(count.request.params ?? {});
    const host = pages.find(
      ({ search, request }) =>
        request.indexName === count.request.indexName && sameSearch(search.body, count.body, fields),
    );
    if (host) {
      const facets = new Set([...(host.search.body.facets ?? []), ...fields]);
      host.search.body = { ...host.search.body, facets: [...facets] };
      host.search.answers.push(count.index);
    } else {
      searches.push({ body: count.body, answers: [count.index] });
    }
  }
  return searches;
}

/** Whether a page search answers a facet count: the same search but for the facets' own filters. */
function sameSearch(page: AisleSearchRequest, count: AisleSearchRequest, fields: string[]): boolean {
  const comparable = (body: AisleSearchRequest) => {
    const { page: _page, per_page, facets, count_only, filters, ...rest } = body;
    const others = Object.fromEntries(
      Object.entries(filters ?? {}).filter(([field]) => !fields.includes(field)),
    );
    return canonical({ ...rest, filters: others });
  };
  return comparable(page) === comparable(count);
}

/** What pages of one search share: the request without its page. */
function firstPageKey(body: AisleSearchRequest): string {
  const { page, per_page, facets, ...rest } = body;
  return canonical(rest);
}

/** JSON with keys sorted at every depth: equal requests, equal text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    member && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a.localeCompare(b)))
      : member,
  );
}

/** A map that forgets its oldest entries beyond a number. */
class Remembered<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly size = REMEMBERED) {}

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * InstantSearch's `insights: true` takes the insights client at `window.aa` (or the name
 * `window.AlgoliaAnalyticsObject` gives), and loads Algolia's from a CDN when there is none.
 */
function installInsights(insights: InsightsClient): void {
  const page = globalThis as unknown as Record<string, unknown> & { window?: unknown };
  if (page.window !== globalThis) return;
  const name = typeof page.AlgoliaAnalyticsObject === 'string' ? page.AlgoliaAnalyticsObject : 'aa';
  if (page[name] !== undefined) return;
  page.AlgoliaAnalyticsObject = name;
  page[name] = insights;
}

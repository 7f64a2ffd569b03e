import type { PageAnswer, ProductAnswer, ResolveQuery } from '../contracts/pages.js';
import type { SearchRequest } from '../contracts/search.js';
import { answerProduct, decidePage, type ProductLookup, productPage } from '../pages/index.js';
import type { LiveState } from './live-index.js';
import { answerSearch, searchState } from './search.js';

/** `GET /v1/product`: the product page of a product named by id or URL. */
export function answerProductPage(live: LiveState, lookup: ProductLookup, arrival: Date): ProductAnswer {
  return answerProduct(live.storefront, lookup, arrival);
}

export interface ResolveOptions extends Omit<ResolveQuery, 'results' | 'debug'> {
  results: boolean;
  debug: boolean;
}

/** What a preview fixes of a page it opens: the moment it is seen at, and the shopper's context. */
export interface PagePreview {
  time?: Date;
  context?: Record<string, string>;
}

/**
 * `GET /v1/resolve`: what a URL is, and with `results` the listing's search answered (through the
 * same search every storefront search takes) or the product's page, in one call. A preview fixes
 * the time and context the page is seen with.
 */
export function answerResolve(
  state: LiveState,
  options: ResolveOptions,
  arrival: Date,
  preview?: PagePreview,
): PageAnswer {
  const { storefront } = state;
  const place = storefront.place(options.channel, options.locale, preview?.context);
  const decision = decidePage(storefront, options.url, place);
  const answer: PageAnswer = {
    release: state.release,
    snapshot: state.snapshot,
    url: decision.url,
    channel: place.channel.id,
    locale: place.locale,
    kind: decision.kind,
    status: decision.status,
    robots: decision.robots,
    ...(decision.canonical !== undefined ? { canonical: decision.canonical } : {}),
    ...(decision.entity !== undefined ? { entity: decision.entity } : {}),
    ...(decision.title !== undefined ? { title: decision.title } : {}),
    ...(decision.redirect !== undefined ? { redirect: decision.redirect } : {}),
  };
  if (decision.listing !== undefined) {
    const request: SearchRequest = {
      ...decision.listing.request,
      ...(options.per_page !== undefined ? { per_page: options.per_page } : {}),
      ...(options.debug ? { debug: true } : {}),
      ...(options.page_view !== undefined ? { page_view: options.page_view } : {}),
      ...(options.traffic !== undefined ? { traffic: options.traffic } : {}),
      ...(preview?.context !== undefined ? { context: preview.context } : {}),
      ...(preview?.time !== undefined ? { time: preview.time.toISOString() } : {}),
    };
    answer.listing = {
      request,
      ...(decision.listing.filterPage !== undefined ? { filter_page: decision.listing.filterPage } : {}),
      ...(options.results
        ? {
            results:
              preview === undefined
                ? answerSearch(state, request, arrival)
                : searchState(state, request, arrival),
          }
        : {}),
    };
  }
  if (decision.product !== undefined) {
    const { record, variant } = decision.product;
    const time = preview?.time ?? arrival;
    const page = options.results
      ? productPage(storefront, decision.product, place, time, options.debug ? [] : undefined)
      : undefined;
    answer.product = {
      id: record.id,
      ...(variant !== undefined ? { variant } : {}),
      ...(page !== undefined ? { answer: page } : {}),
    };
  }
  if (options.debug) answer.trace = decision.trace;
  return answer;
}

import type { PageAnswer, ProductAnswer, ResolveQuery } from '../contracts/pages.js';
import { AppError } from '../lib/errors.js';
import { answerProduct, decidePage, type ProductLookup, productPage } from '../pages/index.js';
import type { LiveState } from './live-index.js';
import { answerSearch, NOTHING_SEARCHABLE } from './search.js';

/** The live state, or 503 saying what is missing. */
export function searchable(live: LiveState | undefined): LiveState {
  if (!live) throw new AppError('unavailable', NOTHING_SEARCHABLE);
  return live;
}

/** `GET /v1/product`: the product page of a product named by id or URL. */
export function answerProductPage(
  live: LiveState | undefined,
  lookup: ProductLookup,
  arrival: Date,
): ProductAnswer {
  return answerProduct(searchable(live).storefront, lookup, arrival);
}

export interface ResolveOptions extends Omit<ResolveQuery, 'results' | 'debug'> {
  results: boolean;
  debug: boolean;
}

/**
 * `GET /v1/resolve`: what a URL is, and with `results` the listing's search answered (through the
 * same search every storefront search takes) or the product's page, in one call.
 */
export function answerResolve(
  live: LiveState | undefined,
  options: ResolveOptions,
  arrival: Date,
): PageAnswer {
  const state = searchable(live);
  const { storefront } = state;
  const place = storefront.place(options.channel, options.locale);
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
    const request = {
      ...decision.listing.request,
      ...(options.per_page !== undefined ? { per_page: options.per_page } : {}),
      ...(options.debug ? { debug: true } : {}),
      ...(options.page_view !== undefined ? { page_view: options.page_view } : {}),
      ...(options.traffic !== undefined ? { traffic: options.traffic } : {}),
    };
    answer.listing = {
      request,
      ...(decision.listing.filterPage !== undefined ? { filter_page: decision.listing.filterPage } : {}),
      ...(options.results ? { results: answerSearch(state, request, arrival) } : {}),
    };
  }
  if (decision.product !== undefined) {
    const { record, variant } = decision.product;
    const page = options.results
      ? productPage(storefront, decision.product, place, arrival, options.debug ? [] : undefined)
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

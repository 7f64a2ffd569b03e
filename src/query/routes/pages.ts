import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  PageAnswer,
  type PageStep,
  ProductAnswer,
  ProductQuery,
  ResolveQuery,
  RobotsAnswer,
} from '../../contracts/pages.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { robotsLines } from '../../pages/index.js';
import type { LiveIndex } from '../live-index.js';
import { answerProductPage, answerResolve } from '../pages.js';
import { type AnsweredSearch, logAnsweredSearch } from '../search-log/answered.js';
import type { SearchLog } from '../search-log/search-log.js';
import { isTrue } from './flags.js';
import { urlParameters } from './url-parameters.js';

const problem = Type.Ref(Problem);

const IGNORED_PARAMETERS =
  'Parameters it does not read (tracking parameters such as `utm_source`) are ignored, and of a parameter sent twice the first is read; the debug trace names them (step `parameters`).';

/** A page answer whose trace (with `debug`) starts by naming the URL parameters left out. */
function withIgnored<T extends { trace?: PageStep[] }>(answer: T, ignored: string[]): T {
  if (answer.trace === undefined || ignored.length === 0) return answer;
  const step: PageStep = {
    step: 'parameters',
    outcome: 'done',
    detail: `Left out ${ignored.length === 1 ? 'a parameter' : `${ignored.length} parameters`} this endpoint does not read, or sent again.`,
    ignored,
  };
  return { ...answer, trace: [step, ...answer.trace] };
}

/**
 * `GET /v1/product`, `GET /v1/resolve` and `GET /v1/robots`: what a storefront builds its pages
 * from. A resolved listing's search goes to the search log once the page is sent, as a search does.
 */
export function pageRoutes(app: HttpServer, live: LiveIndex, searchLog: SearchLog): void {
  const listed = new WeakMap<FastifyRequest, AnsweredSearch>();
  const productParameters = urlParameters(ProductQuery);
  const resolveParameters = urlParameters(ResolveQuery);
  app.get(
    '/v1/product',
    {
      schema: {
        tags: ['query'],
        operationId: 'product',
        summary: "A product page: the product's text, photos, categories, details, variants and offer",
        description: `Exactly one of \`id\` and \`url\`. 400 for neither or both, or a channel or locale the release lacks; 404 when the channel sells no product by this id or URL in the locale. ${IGNORED_PARAMETERS}`,
        querystring: ProductQuery,
        response: { 200: Type.Ref(ProductAnswer), 400: problem, 404: problem, 503: problem },
      },
      preValidation: productParameters.preValidation,
    },
    async (request) => {
      const { debug, ...lookup } = request.query;
      const answer = answerProductPage(
        live.searchable(),
        { ...lookup, debug: isTrue(debug) },
        request.arrivedAt,
      );
      return withIgnored(answer, productParameters.ignoredOf(request));
    },
  );

  app.get(
    '/v1/resolve',
    {
      schema: {
        tags: ['query'],
        operationId: 'resolve',
        summary: 'What a URL is: a listing with its results, a product, a redirect, gone, or not found',
        description: `Decision order: normalize, legacy table, search page, category and brand paths, product URL. Always 200: the page carries the status, canonical and robots the storefront answers with. \`results=false\` answers the decision alone. 400 for a channel or locale the release lacks. ${IGNORED_PARAMETERS}`,
        querystring: ResolveQuery,
        response: { 200: Type.Ref(PageAnswer), 400: problem, 503: problem },
      },
      preValidation: resolveParameters.preValidation,
      onResponse: async (request) => {
        const answered = listed.get(request);
        if (answered)
          logAnsweredSearch(searchLog, answered, request.arrivedAt, request.headers['user-agent']);
      },
    },
    async (request) => {
      const { results, debug, ...rest } = request.query;
      const state = live.searchable();
      const page = answerResolve(
        state,
        { ...rest, results: results === undefined || isTrue(results), debug: isTrue(debug) },
        request.arrivedAt,
      );
      if (page.listing?.results !== undefined) {
        listed.set(request, {
          request: page.listing.request,
          answer: page.listing.results,
          files: state.releaseFiles,
        });
      }
      return withIgnored(page, resolveParameters.ignoredOf(request));
    },
  );

  app.get(
    '/v1/robots',
    {
      schema: {
        tags: ['query'],
        operationId: 'robots',
        summary: "The Disallow lines for the shop's robots.txt",
        description:
          'One line for any URL with a second parameter, one for every parameter no indexable page uses, one for the search page of each locale.',
        response: { 200: Type.Ref(RobotsAnswer), 503: problem },
      },
    },
    async () => {
      const state = live.searchable();
      return { release: state.release, snapshot: state.snapshot, ...robotsLines(state.storefront) };
    },
  );
}

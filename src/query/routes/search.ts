import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Problem } from '../../contracts/problem.js';
import { SearchQueryString, SearchRequest, SearchResponse } from '../../contracts/search.js';
import type { HttpServer } from '../../http/server.js';
import type { LiveIndex } from '../live-index.js';
import { answerSearch } from '../search.js';
import { type AnsweredSearch, logAnsweredSearch } from '../search-log/answered.js';
import type { SearchLog } from '../search-log/search-log.js';
import { isTrue } from './flags.js';
import { urlParameters } from './url-parameters.js';

/**
 * Fields of a search its URL does not carry: objects and lists only a POST body writes, and the
 * time, which a public search never sets.
 */
const REFUSED_IN_URL: Record<string, string> = {
  ...Object.fromEntries(
    Object.keys(SearchRequest.properties)
      .filter((name) => !(name in SearchQueryString.properties))
      .map((name) => [name, 'This field needs the POST body: send the search as POST /v1/search.']),
  ),
  time: 'The time of a search is stamped when it arrives; only release tests and previews fix it: remove it.',
};

const responses = {
  200: Type.Ref(SearchResponse),
  400: Type.Ref(Problem),
  503: Type.Ref(Problem),
};

/**
 * `POST /v1/search` and `GET /v1/search`: the same search, from a body or from URL parameters.
 * Each answer goes to the search log once it is sent, so logging never delays it.
 */
export function searchRoutes(app: HttpServer, live: LiveIndex, searchLog: SearchLog): void {
  const answered = new WeakMap<FastifyRequest, AnsweredSearch>();
  const search = (request: FastifyRequest, body: SearchRequest): SearchResponse => {
    const state = live.current();
    const answer = answerSearch(state, body, request.arrivedAt, () => live.nothingLive());
    if (state) answered.set(request, { request: body, answer, files: state.releaseFiles });
    return answer;
  };
  const logOnceSent = async (request: FastifyRequest) => {
    const done = answered.get(request);
    if (done) logAnsweredSearch(searchLog, done, request.arrivedAt, request.headers['user-agent']);
  };

  app.post(
    '/v1/search',
    {
      schema: {
        tags: ['query'],
        operationId: 'search',
        summary: 'Search: results, listing or suggestions for what the shopper typed or browsed',
        body: Type.Ref(SearchRequest),
        response: responses,
      },
      onResponse: logOnceSent,
    },
    async (request) => search(request, request.body),
  );

  const parameters = urlParameters(SearchQueryString, REFUSED_IN_URL);
  app.get(
    '/v1/search',
    {
      schema: {
        tags: ['query'],
        operationId: 'searchByUrl',
        summary: 'The same search with plain fields as URL parameters',
        description:
          '`filters`, `dismissed`, `context` and `facets` need the POST body (400 when sent here). Parameters the search does not read (tracking parameters such as `utm_source`) are ignored, and of a parameter sent twice the first is read; the debug trace names them (`parameters`).',
        querystring: SearchQueryString,
        response: responses,
      },
      preValidation: parameters.preValidation,
      onResponse: logOnceSent,
    },
    async (request) => {
      const { count_only, redirect, debug, ...plain } = request.query;
      const body: SearchRequest = {
        ...plain,
        ...(count_only !== undefined ? { count_only: isTrue(count_only) } : {}),
        ...(redirect !== undefined ? { redirect: isTrue(redirect) } : {}),
        ...(debug !== undefined ? { debug: isTrue(debug) } : {}),
      };
      const answer = search(request, body);
      const ignored = parameters.ignoredOf(request);
      return answer.trace && ignored.length > 0
        ? { ...answer, trace: [{ step: 'parameters' as const, ignored }, ...answer.trace] }
        : answer;
    },
  );
}

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

  app.get(
    '/v1/search',
    {
      schema: {
        tags: ['query'],
        operationId: 'searchByUrl',
        summary: 'The same search with plain fields as URL parameters',
        description: '`filters`, `dismissed` and `context` need the POST body.',
        querystring: SearchQueryString,
        response: responses,
      },
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
      return search(request, body);
    },
  );
}

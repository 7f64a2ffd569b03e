import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Problem } from '../../contracts/problem.js';
import { SearchQueryString, SearchRequest, SearchResponse } from '../../contracts/search.js';
import type { HttpServer } from '../../http/server.js';
import type { AnswerCache } from '../answer-cache.js';
import type { LiveIndex } from '../live-index.js';
import { serveSearch } from '../search.js';
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
 * Each answer goes to the search log once it is sent, so logging never delays it. Repeated
 * searches are answered from `cache` (see AnswerCache), sent as the JSON kept with a new query id.
 */
export function searchRoutes(
  app: HttpServer,
  live: LiveIndex,
  searchLog: SearchLog,
  cache: AnswerCache,
): void {
  const answered = new WeakMap<FastifyRequest, AnsweredSearch>();
  // URL parameters a GET left out (tracking parameters, repeats) open the debug trace; a debug
  // answer is never sent from the kept JSON, so the step is added to the answer itself.
  const search = (
    request: FastifyRequest,
    reply: FastifyReply,
    body: SearchRequest,
    ignored: string[] = [],
  ): void => {
    const state = live.current();
    const served = serveSearch(
      cache,
      state,
      body,
      request.arrivedAt,
      (answer) => String(reply.serialize(answer)),
      () => live.nothingLive(),
    );
    if (state) answered.set(request, { request: body, answer: served.answer, files: state.releaseFiles });
    if (served.body === undefined) reply.send(withIgnored(served.answer, ignored));
    // Already serialized by the route's own serializer: Fastify sends a JSON string as it is.
    else reply.type('application/json; charset=utf-8').send(served.body);
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
    (request, reply) => search(request, reply, request.body),
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
    (request, reply) => {
      const { count_only, redirect, debug, ...plain } = request.query;
      const body: SearchRequest = {
        ...plain,
        ...(count_only !== undefined ? { count_only: isTrue(count_only) } : {}),
        ...(redirect !== undefined ? { redirect: isTrue(redirect) } : {}),
        ...(debug !== undefined ? { debug: isTrue(debug) } : {}),
      };
      search(request, reply, body, parameters.ignoredOf(request));
    },
  );
}

/** The answer with the URL parameters a GET left out named first in its debug trace. */
function withIgnored(answer: SearchResponse, ignored: string[]): SearchResponse {
  if (!answer.trace || ignored.length === 0) return answer;
  return { ...answer, trace: [{ step: 'parameters' as const, ignored }, ...answer.trace] };
}

import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import { SearchQueryString, SearchRequest, SearchResponse } from '../../contracts/search.js';
import type { HttpServer } from '../../http/server.js';
import type { LiveIndex } from '../live-index.js';
import { answerSearch } from '../search.js';

const responses = {
  200: Type.Ref(SearchResponse),
  400: Type.Ref(Problem),
  503: Type.Ref(Problem),
};

/** `POST /v1/search` and `GET /v1/search`: the same search, from a body or from URL parameters. */
export function searchRoutes(app: HttpServer, live: LiveIndex): void {
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
    },
    async (request) =>
      answerSearch(live.current(), request.body, request.arrivedAt, live.nothingLiveSentence()),
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
    },
    async (request) => {
      const { count_only, redirect, debug, ...plain } = request.query;
      const body: SearchRequest = {
        ...plain,
        ...(count_only !== undefined ? { count_only: isTrue(count_only) } : {}),
        ...(redirect !== undefined ? { redirect: isTrue(redirect) } : {}),
        ...(debug !== undefined ? { debug: isTrue(debug) } : {}),
      };
      return answerSearch(live.current(), body, request.arrivedAt, live.nothingLiveSentence());
    },
  );
}

function isTrue(flag: string): boolean {
  return flag === '1' || flag === 'true';
}

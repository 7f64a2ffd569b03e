import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../contracts/common.js';

import { IndexRun, IndexRunList, Live, RebuildAccepted } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import { pagedAnswer, pageRequest } from '../../http/paging.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';
import { currentLive, getIndexRun, listIndexRuns, rebuild } from '../services/index-runs.js';
import { CountedId } from './params.js';

export function indexRunRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/index-runs',
    {
      schema: {
        tags: ['management'],
        operationId: 'listIndexRuns',
        summary: 'List index runs, newest first',
        querystring: PageQuery,
        response: { 200: Type.Ref(IndexRunList), 400: Type.Ref(Problem), 401: Type.Ref(Problem) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { items, total } = await listIndexRuns(deps, page);
      return pagedAnswer(request, page, total, items);
    },
  );

  app.post(
    '/index-runs',
    {
      schema: {
        tags: ['management'],
        operationId: 'rebuildIndex',
        summary: 'Rebuild the current catalog with the published release',
        response: { 202: Type.Ref(RebuildAccepted), 401: Type.Ref(Problem), 409: Type.Ref(Problem) },
      },
    },
    async (_request, reply) => reply.code(202).send(await rebuild(deps)),
  );

  app.get(
    '/index-runs/:index_run',
    {
      schema: {
        tags: ['management'],
        operationId: 'getIndexRun',
        summary: 'Show a run with its report',
        params: Type.Object({ index_run: CountedId('The index run id, an integer.') }),
        response: {
          200: Type.Ref(IndexRun),
          400: Type.Ref(Problem),
          401: Type.Ref(Problem),
          404: Type.Ref(Problem),
        },
      },
    },
    async (request) => getIndexRun(deps, request.params.index_run),
  );

  app.get(
    '/live',
    {
      schema: {
        tags: ['management'],
        operationId: 'getLive',
        summary: 'What searches read now',
        response: { 200: Type.Ref(Live), 401: Type.Ref(Problem), 404: Type.Ref(Problem) },
      },
    },
    async () => currentLive(deps),
  );
}

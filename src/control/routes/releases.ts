import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../contracts/common.js';
import {
  CreateReleaseBody,
  Publication,
  PublishAccepted,
  Release,
  ReleaseList,
} from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import { pagedAnswer, pageRequest } from '../../http/paging.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';
import { publicationOf } from '../services/publication.js';
import { getRelease, listReleases, publishRelease, storeRelease } from '../services/releases.js';

const ReleaseParams = Type.Object({ release: Type.String({ minLength: 1 }) });

export function releaseRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/releases',
    {
      schema: {
        tags: ['management'],
        operationId: 'listReleases',
        summary: 'List releases, newest first',
        querystring: PageQuery,
        response: { 200: Type.Ref(ReleaseList), 400: Type.Ref(Problem), 401: Type.Ref(Problem) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { items, total } = await listReleases(deps, page);
      return pagedAnswer(request, page, total, items);
    },
  );

  app.post(
    '/releases',
    {
      schema: {
        tags: ['management'],
        operationId: 'createRelease',
        summary: 'Store a release',
        description:
          'Checks the files as a whole, the plan expectations of tests.json against the live catalog (a failing one is a violation naming the test) and the names the files give the catalog (a category, brand, option value or entity the live catalog does not hold is a violation with file and pointer), and names the release by content; queues nothing. A file may be sent as a JSON object or as its text, which is read as JSON. 201 the first time, 200 after; 422 keeps nothing.',
        body: Type.Ref(CreateReleaseBody),
        response: {
          200: Type.Ref(Release),
          201: Type.Ref(Release),
          400: Type.Ref(Problem),
          401: Type.Ref(Problem),
          422: Type.Ref(Problem),
          502: Type.Ref(Problem),
        },
      },
    },
    async (request, reply) => {
      const { created, release } = await storeRelease(deps, request.body.files);
      return reply.code(created ? 201 : 200).send(release);
    },
  );

  app.get(
    '/releases/:release',
    {
      schema: {
        tags: ['management'],
        operationId: 'getRelease',
        summary: 'Show a release with its files',
        params: ReleaseParams,
        response: { 200: Type.Ref(Release), 401: Type.Ref(Problem), 404: Type.Ref(Problem) },
      },
    },
    async (request) => getRelease(deps, request.params.release),
  );

  app.post(
    '/releases/:release/publish',
    {
      schema: {
        tags: ['management'],
        operationId: 'publishRelease',
        summary: 'Publish, or roll back to an earlier release',
        description:
          'Queues an index run when a catalog is kept; otherwise `next` says what is missing. 422 when the release names a category, brand, option value or entity the live catalog does not hold (each a violation with file and pointer), or a plan expectation of its tests.json fails: a catalog that changes later only warns, in its index run’s report.',
        params: ReleaseParams,
        response: {
          202: Type.Ref(PublishAccepted),
          401: Type.Ref(Problem),
          404: Type.Ref(Problem),
          422: Type.Ref(Problem),
          502: Type.Ref(Problem),
        },
      },
    },
    async (request, reply) => reply.code(202).send(await publishRelease(deps, request.params.release)),
  );

  app.get(
    '/releases/:release/publication',
    {
      schema: {
        tags: ['management'],
        operationId: 'getReleasePublication',
        summary: 'How publishing would go live',
        description:
          'A switch (the live indexes stay, searches read the new files) or a rebuild, why, and for a rebuild an estimate from the last rebuild.',
        params: ReleaseParams,
        response: {
          200: Type.Ref(Publication),
          401: Type.Ref(Problem),
          404: Type.Ref(Problem),
          409: Type.Ref(Problem),
          502: Type.Ref(Problem),
        },
      },
    },
    async (request) => publicationOf(deps, request.params.release),
  );
}

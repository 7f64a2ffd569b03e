import { Type } from '@sinclair/typebox';
import { CatalogSource, PutCatalogSourceBody } from '../../contracts/catalog-source.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { refuseInvalidSettings } from '../../http/unprocessable.js';
import {
  deleteCatalogSource,
  getCatalogSource,
  putCatalogSource,
  requestCatalogFetch,
} from '../services/catalog-source.js';
import type { ControlDeps } from '../services/deps.js';

const problem = Type.Ref(Problem);

/** The feed the catalog is fetched from, on a schedule. */
export function catalogSourceRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/catalog-source',
    {
      schema: {
        tags: ['management'],
        operationId: 'getCatalogSource',
        summary: 'Show the feed the catalog is fetched from',
        response: { 200: Type.Ref(CatalogSource), 401: problem, 404: problem },
      },
    },
    async () => getCatalogSource(deps),
  );

  app.put(
    '/catalog-source',
    {
      attachValidation: true,
      schema: {
        tags: ['management'],
        operationId: 'putCatalogSource',
        summary: 'Set the feed the catalog is fetched from',
        description:
          'The control plane fetches the feed every `interval_minutes`, asking whether it changed since the last fetch (ETag, Last-Modified). A changed feed becomes an import that goes live as publishing it would (`on_change: publish`; one that would remove half the live products or more waits as a draft to confirm, and the source needs attention) or waits as a draft (`draft`); the same bytes again queue nothing. A new URL or new credentials are fetched at once. Each fetch takes at most AISLE_FEED_MAX_MB and AISLE_FEED_TIMEOUT_S. 201 when set, 200 when changed; 422 when a setting is missing or out of range.',
        body: Type.Ref(PutCatalogSourceBody),
        response: { 200: Type.Ref(CatalogSource), 201: Type.Ref(CatalogSource), 401: problem, 422: problem },
      },
    },
    async (request, reply) => {
      refuseInvalidSettings(
        request,
        'The catalog source cannot be set as sent: correct the settings the violations name.',
      );
      const { created, source } = await putCatalogSource(deps, request.body);
      return reply.code(created ? 201 : 200).send(source);
    },
  );

  app.delete(
    '/catalog-source',
    {
      schema: {
        tags: ['management'],
        operationId: 'deleteCatalogSource',
        summary: 'Remove the feed the catalog is fetched from',
        description: 'Answers the source as it was; the imports its fetches made stay.',
        response: { 200: Type.Ref(CatalogSource), 401: problem, 404: problem },
      },
    },
    async () => deleteCatalogSource(deps),
  );

  app.post(
    '/catalog-source/fetch',
    {
      schema: {
        tags: ['management'],
        operationId: 'fetchCatalogSource',
        summary: 'Fetch the catalog source now',
        description: 'The schedule starts the fetch within seconds; follow it in `fetches`.',
        response: { 202: Type.Ref(CatalogSource), 401: problem, 404: problem },
      },
    },
    async (_request, reply) => reply.code(202).send(await requestCatalogFetch(deps)),
  );
}

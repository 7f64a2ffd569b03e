import { Type } from '@sinclair/typebox';
import { READ_FORMATS } from '../../catalog/index.js';
import { CatalogAccepted } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { uploadCatalog } from '../services/catalog.js';
import type { ControlDeps } from '../services/deps.js';
import { acceptExportBodies, bodyBytes, EXPORT_CONTENT_TYPES } from './export-body.js';

/** `PUT /catalog`: the export file itself as the body, kept byte for byte. */
export async function catalogRoutes(
  app: HttpServer,
  deps: ControlDeps,
  uploadLimitBytes: number,
): Promise<void> {
  await app.register(async (scope) => {
    acceptExportBodies(scope, uploadLimitBytes);
    scope.put(
      '/catalog',
      {
        bodyLimit: uploadLimitBytes,
        schema: {
          tags: ['management'],
          operationId: 'putCatalog',
          summary: 'Replace the catalog',
          description: `Body: the export file. Sent as any of ${EXPORT_CONTENT_TYPES.join(', ')}; the format is recognized from the bytes and read with the published release's feed.json and attributes.json. aisle reads ${READ_FORMATS}.`,
          response: {
            202: Type.Ref(CatalogAccepted),
            401: Type.Ref(Problem),
            413: Type.Ref(Problem),
            422: Type.Ref(Problem),
          },
        },
      },
      async (request, reply) => reply.code(202).send(await uploadCatalog(deps, bodyBytes(request.body))),
    );
  });
}

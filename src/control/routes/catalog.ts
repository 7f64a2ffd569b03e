import { Type } from '@sinclair/typebox';
import { READ_FORMATS } from '../../catalog/index.js';
import { CatalogAccepted } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { uploadCatalog } from '../services/catalog.js';
import type { ControlDeps } from '../services/deps.js';
import { acceptExportBodies, EXPORT_CONTENT_TYPES, type Uploads, withUploadedExport } from './export-body.js';

/** `PUT /catalog`: the export file itself as the body, kept byte for byte. */
export async function catalogRoutes(app: HttpServer, deps: ControlDeps, uploads: Uploads): Promise<void> {
  await app.register(async (scope) => {
    acceptExportBodies(scope);
    scope.put(
      '/catalog',
      {
        schema: {
          tags: ['management'],
          operationId: 'putCatalog',
          summary: 'Replace the catalog',
          description: `Body: the export file. Sent as any of ${EXPORT_CONTENT_TYPES.join(', ')}; the format is recognized from the bytes and read with the published release's feed.json and attributes.json. aisle reads ${READ_FORMATS}. The body is streamed to storage as it arrives: 413 as soon as it passes the upload limit; 422 when it holds no catalog or passes a reading limit (decompressed size, line or record length); 503 when as many uploads as the server reads at once are being read.`,
          response: {
            202: Type.Ref(CatalogAccepted),
            401: Type.Ref(Problem),
            413: Type.Ref(Problem),
            422: Type.Ref(Problem),
            503: Type.Ref(Problem),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await withUploadedExport(request, reply, deps.blobs, uploads, (upload, clientGone) =>
              uploadCatalog(deps, upload, clientGone),
            ),
          ),
    );
  });
}

import { Type } from '@sinclair/typebox';
import { CatalogAccepted } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { uploadCatalog } from '../services/catalog.js';
import type { ControlDeps } from '../services/deps.js';

/** Every type a catalog export may be sent as; the bytes, not the type, decide how it is read. */
export const CATALOG_CONTENT_TYPES = [
  'application/x-ndjson',
  'text/csv',
  'text/tab-separated-values',
  'application/xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/json',
  'application/gzip',
  'application/octet-stream',
];

/** `PUT /catalog`: the export file itself as the body, kept byte for byte. */
export async function catalogRoutes(
  app: HttpServer,
  deps: ControlDeps,
  uploadLimitBytes: number,
): Promise<void> {
  await app.register(async (scope) => {
    // The export is kept as sent, so no parser may read it: every type arrives as raw bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: uploadLimitBytes },
      (_request, body, done) => done(null, body),
    );
    scope.put(
      '/catalog',
      {
        bodyLimit: uploadLimitBytes,
        schema: {
          tags: ['management'],
          operationId: 'putCatalog',
          summary: 'Replace the catalog',
          description: `Body: the export file. Sent as any of ${CATALOG_CONTENT_TYPES.join(', ')}; the format is recognized from the bytes. For now aisle reads its own JSON Lines entity format.`,
          response: {
            202: Type.Ref(CatalogAccepted),
            401: Type.Ref(Problem),
            413: Type.Ref(Problem),
            422: Type.Ref(Problem),
          },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return reply.code(202).send(await uploadCatalog(deps, body));
      },
    );
  });
}

import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import { PatchStorageBody, Storage } from '../../contracts/storage.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';
import { changeStorage, storageReport } from '../services/storage.js';

const problem = Type.Ref(Problem);

/** What storage keeps and the disk it takes; how many earlier catalogs are kept. */
export function storageRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/storage',
    {
      schema: {
        tags: ['management'],
        operationId: 'getStorage',
        summary: 'Show what storage keeps and the disk it takes',
        description:
          'The clean-up (every minute) removes the artifacts of replaced runs, the catalogs beyond `kept_catalogs` and the offers of catalogs no run applies; it keeps what is live, the current catalog, what a waiting run reads and the earlier catalogs kept. Exports of discarded and replaced imports go after AISLE_EXPORT_RETENTION_HOURS.',
        response: { 200: Type.Ref(Storage), 401: problem },
      },
    },
    async () => storageReport(deps),
  );

  app.patch(
    '/storage',
    {
      schema: {
        tags: ['management'],
        operationId: 'changeStorage',
        summary: 'Change how many earlier catalogs are kept',
        description:
          '400 when the body is not the setting’s shape; 422 when the setting is out of range. The clean-up runs within seconds.',
        body: Type.Ref(PatchStorageBody),
        response: { 200: Type.Ref(Storage), 400: problem, 401: problem, 422: problem },
      },
    },
    async (request) => changeStorage(deps, request.body),
  );
}

import { Type } from '@sinclair/typebox';
import { PublicationDecision, PublicationRequest } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { decidePublication } from '../../release/publication.js';
import type { LiveIndex } from '../live-index.js';
import { checkRelease } from '../release-check.js';

/** `POST /internal/publication`: how a release with a catalog would go live against what this node serves. */
export function publicationRoute(app: HttpServer, live: LiveIndex): void {
  app.post(
    '/internal/publication',
    {
      schema: {
        tags: ['internal'],
        operationId: 'decidePublication',
        summary: 'Decide how a release with a catalog would go live',
        body: Type.Ref(PublicationRequest),
        response: {
          200: Type.Ref(PublicationDecision),
          400: Type.Ref(Problem),
          422: Type.Ref(Problem),
          503: Type.Ref(Problem),
        },
      },
    },
    async (request) => {
      const current = await live.upToDate();
      const release = checkRelease(request.body.files, current, request.arrivedAt);
      const decision = decidePublication(
        { snapshot: request.body.snapshot, files: release.files },
        current && { snapshot: current.snapshot, files: current.releaseFiles },
      );
      return { way: decision.way, cause: decision.cause, changed_files: decision.changed };
    },
  );
}

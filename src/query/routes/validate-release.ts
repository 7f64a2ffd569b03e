import { Type } from '@sinclair/typebox';
import { ValidateReleaseAnswer, ValidateReleaseRequest } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import type { LiveIndex } from '../live-index.js';
import { checkRelease } from '../release-check.js';

/**
 * `POST /internal/releases/validate`: checks a release's files as a whole, and its tests' plan
 * expectations against the live catalog, and names it.
 */
export function validateReleaseRoute(app: HttpServer, live: LiveIndex): void {
  app.post(
    '/internal/releases/validate',
    {
      schema: {
        tags: ['internal'],
        operationId: 'validateRelease',
        summary: "Check a release's files as a whole",
        description:
          "Answers the release id and its files in canonical form (a file sent as text is read as JSON), or the violations naming file, pointer and sentence. The plan expectations of tests.json (redirect, resolved, rules, sections) run against the live catalog's vocabulary; a failing one is a violation naming the test. With `catalog_names`, each name the files give the catalog that the live catalog does not hold is a violation too. With nothing live both are left to the index run.",
        body: Type.Ref(ValidateReleaseRequest),
        response: { 200: Type.Ref(ValidateReleaseAnswer), 400: Type.Ref(Problem), 422: Type.Ref(Problem) },
      },
    },
    async (request) =>
      checkRelease(request.body.files, live.current(), request.arrivedAt, {
        catalogNames: request.body.catalog_names === true,
      }),
  );
}

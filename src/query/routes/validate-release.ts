import { Type } from '@sinclair/typebox';
import { ValidateReleaseAnswer, ValidateReleaseRequest } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import { sendJson } from '../../http/json-text.js';
import type { HttpServer } from '../../http/server.js';
import { inlineTasks, type TaskRunner } from '../../lib/tasks.js';
import type { CanonicalCheckResult, ValidRelease } from '../../release/validate.js';
import type { LiveIndex } from '../live-index.js';
import { checkAgainstLive, releaseViolations } from '../release-check.js';
import { releaseTasks } from '../release-tasks.js';

/**
 * A release sent in fewer bytes is checked on this thread: a few milliseconds, where a read thread
 * may be busy reading an export for seconds. The writes of a draft's rules send releases this size.
 */
const INLINE_BYTES = 256 * 1024;
const inline = inlineTasks(releaseTasks);

/**
 * `POST /internal/releases/validate`: checks a release's files as a whole, and its tests' plan
 * expectations against the live catalog, and names it. The files of a large release are checked
 * and written canonically on a read thread (`threads.reads`); what needs the live catalog is checked here.
 */
export function validateReleaseRoute(app: HttpServer, live: LiveIndex, threads: { reads: TaskRunner }): void {
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
    async (request, reply) => {
      const sent = request.body.files;
      const small = Number(request.headers['content-length'] ?? Number.POSITIVE_INFINITY) <= INLINE_BYTES;
      const check = await (small ? inline : threads.reads).run<CanonicalCheckResult>(
        'release:validate',
        sent,
      );
      if (!check.ok) throw releaseViolations(check.violations);
      // The files as sent say what the canonical ones say, unless one was sent as text.
      const files = Object.values(sent).some((file) => typeof file === 'string')
        ? (JSON.parse(check.canonical) as ValidRelease['files'])
        : (sent as ValidRelease['files']);
      checkAgainstLive(files, live.current(), request.arrivedAt, {
        catalogNames: request.body.catalog_names === true,
      });
      return sendJson(reply, `{"id":${JSON.stringify(check.id)},"files":${check.canonical}}`);
    },
  );
}

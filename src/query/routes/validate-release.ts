import { Type } from '@sinclair/typebox';
import { CreateReleaseBody, ValidateReleaseAnswer } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { AppError } from '../../lib/errors.js';
import { validateRelease } from '../../release/validate.js';

/** `POST /internal/releases/validate`: checks a release's files as a whole and names it. */
export function validateReleaseRoute(app: HttpServer): void {
  app.post(
    '/internal/releases/validate',
    {
      schema: {
        tags: ['internal'],
        operationId: 'validateRelease',
        summary: "Check a release's files as a whole",
        description:
          'Answers the release id and its files in canonical form, or the violations naming file, pointer and sentence.',
        body: Type.Ref(CreateReleaseBody),
        response: { 200: Type.Ref(ValidateReleaseAnswer), 400: Type.Ref(Problem), 422: Type.Ref(Problem) },
      },
    },
    async (request) => {
      const check = validateRelease(request.body.files);
      if (!check.ok) {
        throw new AppError(
          'unprocessable',
          'The release has violations: correct each file at the pointer named.',
          check.violations,
        );
      }
      return check.release;
    },
  );
}

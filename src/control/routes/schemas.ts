import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import { RELEASE_FILE_NAMES } from '../../contracts/release-files/index.js';
import type { HttpServer } from '../../http/server.js';
import { AppError } from '../../lib/errors.js';
import { isPublishedSchema, releaseFileJsonSchema } from '../../release/json-schemas.js';

/**
 * `GET /schemas/{file}`: the JSON Schema of each release file at a stable URL, for editors to
 * autocomplete and check. Editors fetch it without a key, so it sits outside /api/v1.
 */
export function schemaRoutes(app: HttpServer): void {
  app.get(
    '/schemas/:file',
    {
      schema: {
        tags: ['management'],
        operationId: 'getReleaseFileSchema',
        summary: 'The JSON Schema of a release file',
        description: `Release files may name it in \`$schema\`. Files: ${RELEASE_FILE_NAMES.join(', ')}.`,
        params: Type.Object({ file: Type.String() }),
        response: { 200: Type.Object({}, { additionalProperties: true }), 404: Type.Ref(Problem) },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!isPublishedSchema(file)) {
        throw new AppError(
          'schema_not_found',
          `There is no release file ${file}: schemas exist for ${RELEASE_FILE_NAMES.join(', ')}.`,
        );
      }
      const url = `${request.protocol}://${request.host}/schemas/${file}`;
      return reply.type('application/schema+json').send(JSON.stringify(releaseFileJsonSchema(file, url)));
    },
  );
}

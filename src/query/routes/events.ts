import { Type } from '@sinclair/typebox';
import type { ErrorObject } from 'ajv';
import { EVENT_BODY_BYTES, EventsAccepted, EventsBatch } from '../../contracts/events.js';
import { Problem } from '../../contracts/problem.js';
import { parseJsonText } from '../../http/json-body.js';
import type { HttpServer } from '../../http/server.js';
import { violationsFromAjv } from '../../lib/ajv-violations.js';
import { retryAfter } from '../../lib/errors.js';
import { takeEvents } from '../events.js';
import type { LiveIndex } from '../live-index.js';
import type { SearchLog } from '../search-log/search-log.js';

/**
 * `POST /v1/events`: clicks and views, as JSON or as the text/plain a browser beacon posts (so no
 * preflight precedes it), 64 kB at most. The batch is checked whole, handed to the search log and
 * answered 202 at once; no cookie is read or set.
 */
export async function eventRoutes(app: HttpServer, live: LiveIndex, searchLog: SearchLog): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: EVENT_BODY_BYTES },
      parseJsonText,
    );
    scope.post(
      '/v1/events',
      {
        bodyLimit: EVENT_BODY_BYTES,
        attachValidation: true,
        schema: {
          tags: ['query'],
          operationId: 'reportEvents',
          summary: 'Report clicks and views of hits and banners',
          description:
            'Body: an events batch as `application/json` or `text/plain` (a browser beacon), 64 kB at most. Any violation refuses the whole batch. The batch is handed to the search log without waiting for its write; events show in reports after the next roll-up. 503 while nothing is searchable yet (no index run has gone live), and when the search log cannot take the batch now (its queue is full): nothing of it was taken, send it again later.',
          consumes: ['application/json', 'text/plain'],
          body: Type.Ref(EventsBatch),
          response: {
            202: Type.Ref(EventsAccepted),
            400: Type.Ref(Problem),
            413: Type.Ref(Problem),
            503: Type.Ref(Problem),
          },
        },
      },
      async (request, reply) => {
        const schemaViolations = request.validationError
          ? violationsFromAjv((request.validationError as { validation?: ErrorObject[] }).validation ?? [])
          : [];
        const taken = takeEvents(request.body, schemaViolations, request.arrivedAt);
        // Nothing searchable means no answer a shopper could have clicked: as every endpoint but
        // /health, events wait for the first index run to go live.
        live.searchable();
        if (taken.events.length > 0 && !searchLog.recordEvents(taken.events, request.headers['user-agent'])) {
          throw retryAfter(
            'search_log_full',
            1,
            'The search log cannot take these events now: its queue is full. Nothing of the batch was taken; send it again in a moment.',
          );
        }
        return reply.code(202).send({ accepted: taken.events.length, late: taken.late });
      },
    );
  });
}

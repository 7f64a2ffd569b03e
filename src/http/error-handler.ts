import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { violationsFromAjv } from '../lib/ajv-violations.js';
import { isDependencyAway } from '../lib/dependency-away.js';
import { AppError, unavailableFor } from '../lib/errors.js';
import { problemBody, sendProblem, sendProblemBody } from './problem.js';

/** When a request that met the database or the blob store away is asked to come again. */
const DEPENDENCY_RETRY_SECONDS = 5;
const DEPENDENCY_AWAY =
  'The database or the blob store cannot be reached now. Send the request again in a moment.';

/**
 * The one place where failures become answers. Application errors carry their own status;
 * Fastify's own errors are translated to the contract's statuses; a failure because the database
 * or the blob store is away is a 503 that asks to come again; anything else is a 500 whose cause
 * is logged but never answered.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) return sendProblem(reply, error);
  if (error.validation) {
    // Body fields and URL parameters share their names, so a pointer reads the same for both.
    const violations = violationsFromAjv(error.validation as unknown as ErrorObject[]);
    return sendProblemBody(
      reply,
      problemBody(
        400,
        'The request cannot be answered as sent: correct the fields the violations name.',
        violations,
      ),
    );
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendProblemBody(
        reply,
        problemBody(
          413,
          `The body is larger than this endpoint accepts (${request.routeOptions.bodyLimit ?? reply.server.initialConfig.bodyLimit} bytes at most).`,
        ),
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendProblemBody(
        reply,
        problemBody(415, `The content type ${request.headers['content-type'] ?? '(none)'} is not read here.`),
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendProblemBody(reply, problemBody(400, 'The body is empty: send a JSON document.'));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return sendProblemBody(reply, problemBody(400, `The body is not valid JSON: ${error.message}`));
    case 'FST_ERR_BAD_URL':
      return sendProblemBody(
        reply,
        problemBody(
          400,
          'The path is not valid percent-encoded UTF-8: encode each reserved or non-ASCII byte as %XX.',
        ),
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendProblemBody(
        reply,
        problemBody(414, 'A part of the path is longer than any id this server knows: check the URL.'),
      );
  }
  if (error.statusCode === 413) return sendProblemBody(reply, problemBody(413, error.message));
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendProblemBody(reply, problemBody(error.statusCode, error.message));
  }
  if (isDependencyAway(error)) {
    request.log.error({ err: error }, 'request failed: the database or the blob store is away');
    return sendProblem(reply, unavailableFor(DEPENDENCY_RETRY_SECONDS, DEPENDENCY_AWAY));
  }
  request.log.error({ err: error }, 'request failed');
  return sendProblemBody(reply, problemBody(500, 'The server failed to answer; the failure was logged.'));
}

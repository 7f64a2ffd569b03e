import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDependencyAway } from '../lib/dependency-away.js';
import { AppError, type ErrorCode, retryAfter } from '../lib/errors.js';
import { problemBody, sendProblem, sendProblemBody } from './problem.js';
import { asksQuestion, validationRefusal } from './validation-refusal.js';

export type ErrorHandler = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply;

/** When a request that met the database or the blob store away is asked to come again. */
const DEPENDENCY_RETRY_SECONDS = 5;
const DEPENDENCY_AWAY =
  'The database or the blob store cannot be reached now. Send the request again in a moment.';

/**
 * The one place where failures become answers. Application errors name their cause; a request its
 * schema refuses is answered by the rule between 400 and 422 (see validationRefusal), every route
 * of a server that only answers questions (`questionsOnly`: the Query API, the internal API) with
 * 400; Fastify's own errors are translated to the contract's causes; a failure because the
 * database or the blob store is away is a 503 that asks to come again; anything else is a 500 whose
 * cause is logged but never answered.
 */
export function errorHandler(options: { questionsOnly: boolean }): ErrorHandler {
  return (error, request, reply) => {
    if (error instanceof AppError) return sendProblem(reply, error);
    if (error.validation) {
      const question = asksQuestion(request, options.questionsOnly);
      return sendProblem(
        reply,
        validationRefusal(error.validation as unknown as ErrorObject[], error.validationContext, question),
      );
    }
    const known = frameworkRefusal(error, request, reply);
    if (known) return sendProblem(reply, known);
    if (isDependencyAway(error)) {
      request.log.error(
        { err: error, reqId: request.id, route: request.routeOptions.url },
        'request failed: the database or the blob store is away',
      );
      return sendProblem(reply, retryAfter('dependency_away', DEPENDENCY_RETRY_SECONDS, DEPENDENCY_AWAY));
    }
    request.log.error({ err: error, reqId: request.id, route: request.routeOptions.url }, 'request failed');
    return sendProblemBody(
      reply,
      problemBody('internal_error', 'The server failed to answer; the failure was logged.'),
    );
  };
}

/** Fastify's refusals of a request, as the causes the contract names. */
function frameworkRefusal(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(
        'body_too_large',
        `The body is larger than this endpoint accepts (${request.routeOptions.bodyLimit ?? reply.server.initialConfig.bodyLimit} bytes at most).`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'unsupported_media_type',
        `The content type ${request.headers['content-type'] ?? '(none)'} is not read here.`,
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('malformed_json', 'The body is empty: send a JSON document.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('malformed_json', `The body is not valid JSON: ${error.message}`);
    case 'FST_ERR_BAD_URL':
      return new AppError(
        'malformed_url',
        'The path is not valid percent-encoded UTF-8: encode each reserved or non-ASCII byte as %XX.',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError(
        'url_too_long',
        'A part of the path is longer than any id this server knows: check the URL.',
      );
  }
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  // Another refusal of the request Fastify or a plugin makes: the cause its status means, and a
  // request that cannot be answered as sent for a status no cause answers with.
  return new AppError(BY_STATUS[status] ?? 'invalid_request', error.message);
}

const BY_STATUS: Record<number, ErrorCode> = {
  404: 'route_not_found',
  408: 'request_timeout',
  413: 'body_too_large',
  414: 'url_too_long',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
};

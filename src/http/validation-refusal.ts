import type { ErrorObject } from 'ajv';
import type { FastifyRequest } from 'fastify';
import { violationsFromAjv } from '../lib/ajv-violations.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A request that changes nothing (a preview, a check) though it is sent as a POST: refused as
     * a question, 400 for whatever it cannot be answered with. GET routes are questions anyway.
     */
    question?: boolean;
  }
}

/**
 * Ajv keywords that, at the root of a request, say it is not the shape the endpoint reads: a
 * member of the request missing or unknown, or the document of another type. Deeper down they
 * are about a member's value (a rule without its description is a rule that breaks a rule).
 */
const SHAPE_KEYWORDS = new Set(['required', 'additionalProperties', 'unevaluatedProperties', 'type']);

/**
 * How a request its schema refuses is answered, by the one rule between 400 and 422:
 * - 400 (`invalid_request`) when the request is not the shape the endpoint reads: a body that is
 *   not the kind of document asked, one of its own members missing or unknown, a path that names
 *   no resource;
 *   and for a question (the Query API, the internal API, and management reads, previews and
 *   checks), any violation, as both contract documents answer a question "that cannot be answered
 *   as sent";
 * - 422 (`invalid_value`) when the shape is right but a value breaks a rule: a member of another
 *   type, out of range, too long, not of its pattern or format, or wrong anywhere inside.
 */
export function validationRefusal(
  errors: readonly ErrorObject[],
  part: string | undefined,
  question: boolean,
): AppError {
  const violations = violationsFromAjv(errors);
  if (question || part === 'params' || errors.some(isShapeError)) {
    return new AppError(
      'invalid_request',
      'The request cannot be answered as sent: correct the fields the violations name.',
      violations,
    );
  }
  return new AppError(
    'invalid_value',
    'The request is read, but a value breaks a rule: correct the values the violations name.',
    violations,
  );
}

function isShapeError(error: ErrorObject): boolean {
  return error.instancePath === '' && SHAPE_KEYWORDS.has(error.keyword);
}

/** Whether the route answers a question (it changes nothing), so refuses every violation with 400. */
export function asksQuestion(request: FastifyRequest, questionsOnly: boolean): boolean {
  return (
    questionsOnly ||
    request.method === 'GET' ||
    request.method === 'HEAD' ||
    request.routeOptions.config.question === true
  );
}

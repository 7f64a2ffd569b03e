import type { FastifyReply } from 'fastify';
import type { Problem, Violation } from '../contracts/problem.js';
import type { ProblemCode } from '../contracts/problem-codes.js';
import type { AppError } from '../lib/errors.js';
import { STATUS_TITLE, statusOf } from './problem-status.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Builds a problem document: `type` is always `about:blank`, `status` the code's status and
 * `title` that status's own phrase; `code` names the cause.
 */
export function problemBody(
  code: ProblemCode,
  detail?: string,
  violations?: Violation[],
  extensions?: Record<string, unknown>,
): Problem {
  const status = statusOf(code);
  return {
    ...extensions,
    type: 'about:blank',
    title: STATUS_TITLE[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    ...(violations && violations.length > 0 ? { violations } : {}),
  };
}

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  return sendProblemBody(reply, problemBody(error.code, error.detail, error.violations, error.extensions));
}

export function sendProblemBody(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

import type { FastifyReply } from 'fastify';
import type { Problem, Violation } from '../contracts/problem.js';
import { type AppError, statusTitle } from '../lib/errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Builds a problem document: `type` is always `about:blank`, `title` the status's own phrase. */
export function problemBody(
  status: number,
  detail?: string,
  violations?: Violation[],
  extensions?: Record<string, unknown>,
): Problem {
  return {
    ...extensions,
    type: 'about:blank',
    title: statusTitle[status] ?? 'Error',
    status,
    ...(detail ? { detail } : {}),
    ...(violations && violations.length > 0 ? { violations } : {}),
  };
}

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  return sendProblemBody(reply, problemBody(error.status, error.detail, error.violations, error.extensions));
}

export function sendProblemBody(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

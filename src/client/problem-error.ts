import type { components } from './openapi-types.js';

/** What every aisle error answers: an RFC 9457 problem, with violations pointing at the fields. */
export type AisleProblem = components['schemas']['Problem'];

/**
 * An answer that was not a success, thrown by `unwrap`. `problem` is the body as aisle sent it;
 * a body that was not a problem (a proxy's error page, say) becomes one with the status's text.
 */
export class AisleProblemError extends Error {
  readonly status: number;
  readonly problem: AisleProblem;

  constructor(status: number, body: unknown, statusText = '') {
    const problem = isProblem(body) ? body : { type: 'about:blank' as const, title: statusText, status };
    super(problem.detail ?? (problem.title || `HTTP ${status}`));
    this.name = 'AisleProblemError';
    this.status = status;
    this.problem = problem;
  }
}

function isProblem(body: unknown): body is AisleProblem {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { status?: unknown }).status === 'number' &&
    typeof (body as { title?: unknown }).title === 'string'
  );
}

import type { Violation } from '../contracts/problem.js';
import type { ProblemCode } from '../contracts/problem-codes.js';

/** The closed set of causes a caller can act on (src/contracts/problem-codes.ts says what each means). */
export type ErrorCode = ProblemCode;

/**
 * An error a caller can act on, named by its cause: rendered as one application/problem+json
 * answer, whose status the HTTP layer reads from the code (src/http/problem-status.ts).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly violations?: Violation[],
    /** Extra members of the problem, such as `draft` on a draft conflict. */
    readonly extensions?: Record<string, unknown>,
    /** Seconds after which sending the same request again may succeed: answered as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

/**
 * A refusal that goes away by itself (a full queue, an index on its way): the answer says when to
 * send the same request again with `Retry-After`, so clients wait instead of giving up or hammering.
 */
export function retryAfter(code: ErrorCode, retryAfterSeconds: number, detail: string): AppError {
  return new AppError(code, detail, undefined, undefined, retryAfterSeconds);
}

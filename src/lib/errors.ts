import type { Violation } from '../contracts/problem.js';

/**
 * The closed set of error codes with their HTTP status. `satisfies` makes the compiler check that
 * every code has a status; code that fails throws an `AppError` with a code, never a bare status.
 */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;

/** Each status's own phrase, used as a problem's `title`. */
export const statusTitle: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error a caller can act on: rendered as one application/problem+json answer. */
export class AppError extends Error {
  readonly status: number;

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
    this.status = errorStatus[code];
  }
}

/**
 * A 503 that goes away by itself (a full queue, an index on its way): the answer says when to send
 * the same request again with `Retry-After`, so clients wait instead of giving up or hammering.
 */
export function unavailableFor(retryAfterSeconds: number, detail: string): AppError {
  return new AppError('unavailable', detail, undefined, undefined, retryAfterSeconds);
}

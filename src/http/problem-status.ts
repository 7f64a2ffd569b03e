import type { ProblemCode } from '../contracts/problem-codes.js';

/**
 * The one table of which status answers each problem code. The code names the cause, where it
 * arose knows nothing of HTTP; `satisfies` makes the compiler refuse a code without a status.
 *
 * The rule between 400 and 422: 400 when the request is not the shape the endpoint takes (or, on
 * a question, names what the release or live catalog lacks), 422 when the shape is right but a
 * value breaks a rule. The Query API answers its `invalid_value`s as `invalid_request`s (400), as
 * its contract has no 422 (see src/http/validation-refusal.ts).
 */
export const PROBLEM_STATUS = {
  malformed_json: 400,
  malformed_url: 400,
  invalid_request: 400,
  unknown_name: 400,
  malformed_http: 400,
  missing_key: 401,
  wrong_key: 401,
  key_not_set: 401,
  route_not_found: 404,
  import_not_found: 404,
  release_not_found: 404,
  index_run_not_found: 404,
  snapshot_not_found: 404,
  catalog_source_not_found: 404,
  live_not_found: 404,
  rule_not_found: 404,
  synonym_not_found: 404,
  type_not_found: 404,
  product_not_found: 404,
  schema_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  draft_conflict: 409,
  version_conflict: 409,
  import_published: 409,
  import_discarded: 409,
  already_publishing: 409,
  export_removed: 409,
  removal_needs_confirmation: 409,
  no_catalog_yet: 409,
  no_release_yet: 409,
  nothing_live: 409,
  body_too_large: 413,
  url_too_long: 414,
  unsupported_media_type: 415,
  invalid_value: 422,
  release_violations: 422,
  export_unreadable: 422,
  export_over_limit: 422,
  rule_not_expressible: 422,
  synonyms_refused: 422,
  unknown_variants: 422,
  not_in_trace: 422,
  headers_too_large: 431,
  internal_error: 500,
  ai_gateway_failed: 502,
  query_side_unanswered: 502,
  not_searchable: 503,
  first_run_pending: 503,
  index_loading: 503,
  overloaded: 503,
  shutting_down: 503,
  uploads_busy: 503,
  search_log_full: 503,
  ai_gateway_off: 503,
  dependency_away: 503,
} as const satisfies Record<ProblemCode, number>;

/** Each status's own phrase, a problem's `title`. */
export const STATUS_TITLE: Record<number, string> = {
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

export function statusOf(code: ProblemCode): number {
  return PROBLEM_STATUS[code];
}

/**
 * Every problem names its cause in `code`: a stable word a client can branch on where one status
 * has several causes (the 409s of a publish, the 422s of a write), while `detail` stays free to
 * change its wording. Each code means one cause, whatever endpoint answers it; what each means is
 * written here, and which status each is answered with is the HTTP layer's one table
 * (`src/http/problem-status.ts`).
 */
export const PROBLEM_CODES = {
  // The request as sent.
  malformed_json: 'The body is not a JSON document: empty, not valid JSON, or nested deeper than 64 levels.',
  malformed_url: 'The path is not valid percent-encoded UTF-8.',
  invalid_request:
    'The request is not the shape the endpoint reads: the body is not the kind of document asked, or one of its own members is missing or unknown; a path id is not a whole number written in digits without leading zeros, up to 2^53 - 1. A question (the Query API, the internal API, management reads, previews and checks) answers it for any violation. Each violation names the field.',
  unknown_name:
    'A question names what the release or the live catalog does not hold: a channel, locale, context key or value, sort, facet or category.',
  invalid_value:
    'A write has the right shape, but a value breaks a rule: of another type, out of range, too long or short, not of its pattern, format or list of values. Each violation points at the value.',
  url_too_long: 'A part of the path is longer than any id the server knows.',
  headers_too_large: 'The request line and headers are larger than the server reads (16 KB).',
  body_too_large: 'The body is larger than the endpoint or the upload limit accepts.',
  unsupported_media_type: 'The body is sent as a content type the endpoint does not read.',
  malformed_http: 'The request is not well-formed HTTP.',
  request_timeout: 'The request did not arrive in time.',
  // Authentication.
  missing_key: 'The call carries no `Authorization: Bearer <key>` header.',
  wrong_key: 'The key sent is not the key the server was started with.',
  key_not_set: 'The server was started without a key, so it refuses every call until one is set.',
  // Addresses.
  route_not_found: 'Nothing is served at this path.',
  method_not_allowed: 'The path is served, under other methods (`Allow` names them).',
  import_not_found: 'There is no import with this id.',
  release_not_found: 'There is no release with this id.',
  index_run_not_found: 'There is no index run with this id.',
  snapshot_not_found: 'There is no snapshot with this id, or its bytes are not in storage any more.',
  catalog_source_not_found: 'No catalog source is set.',
  live_not_found: 'Nothing is live: no index run has gone live yet.',
  rule_not_found: 'The draft has no rule with this id.',
  synonym_not_found: 'The draft has no synonym entry with this id.',
  type_not_found: 'The draft has no entity type with this code.',
  product_not_found: 'The channel sells no product by this id or URL in the locale.',
  schema_not_found: 'There is no release file by this name, so no schema.',
  // The state of a draft, a catalog or what is live.
  draft_conflict:
    'The draft changed since the `version` sent was read (its files, or the release it builds on); `draft` holds it as it is now.',
  version_conflict: 'The import is at another version than the one sent, and is no draft any more.',
  import_published:
    'The import was published: it cannot change or be discarded (it stays in the history); send the export again to start a new draft.',
  import_discarded:
    'The import was discarded: it cannot change or go live; send the export again to start a new draft.',
  already_publishing: 'The import is going live already: its index run is queued or building.',
  export_removed:
    "The clean-up removed the import's export, so it cannot go live until the same export is sent again.",
  removal_needs_confirmation:
    'Publishing removes half the live products or more, and `removing` does not accept that many; `removes` and `live_products` say how many.',
  no_catalog_yet: 'No catalog is kept yet, so nothing can go live.',
  no_release_yet: 'No release is published yet, so there is nothing to rebuild with.',
  nothing_live: 'Nothing is live, so there is nothing for the change to act on.',
  // What a body holds.
  release_violations:
    'The release (or the release a draft makes) has violations: each names the file, the JSON pointer and what to correct.',
  export_unreadable:
    'The body or kept export holds no catalog: no format the readers know, no row that makes an entity, or bytes that are not in storage any more.',
  export_over_limit:
    'The export passes a reading limit: its decompressed size or the length of a line or text.',
  rule_not_expressible:
    'The editor fields cannot express the rule whole (its condition or effects go beyond them), so no field of it can change through them: send the rule whole.',
  synonyms_refused:
    'Every entry sent clashes with the dictionary, so none was written; `refused` says why for each.',
  unknown_variants:
    'The offers name variants or channels the live catalog does not hold; nothing was written.',
  not_in_trace: 'The trace sent holds no ranked hit at a place named.',
  // The service itself.
  not_searchable:
    'Nothing is searchable yet: no catalog and release have been indexed, and no index run is on its way.',
  first_run_pending:
    'Nothing is searchable yet, but the first index run is on its way: ask again after `Retry-After`.',
  index_loading: 'This query node has not loaded what went live yet: ask again after `Retry-After`.',
  shutting_down:
    'The server is stopping and takes no new requests: send again to another node, or once it is back.',
  overloaded: 'The node is answering more requests than it can: ask again after `Retry-After`.',
  uploads_busy: 'As many uploads are being read as the server reads at once: send again after `Retry-After`.',
  search_log_full:
    'The search log cannot take events now (its queue is full); nothing was taken: send again after `Retry-After`.',
  ai_gateway_off: 'Column suggestions are off: no AI gateway key is set on the query node.',
  ai_gateway_failed:
    'The AI gateway did not answer, refused the key, or its model answered no column mapping.',
  query_side_unanswered: 'The control plane could not get an answer from the Query API (the query side).',
  dependency_away:
    'The database or the blob store cannot be reached now: send the same request again after `Retry-After`.',
  internal_error: 'The server failed; the failure was logged.',
} as const satisfies Record<string, string>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

import type { SearchRequest, SearchResponse } from '../../contracts/search.js';
import type { SearchLog } from './search-log.js';
import { loggedSearch } from './search-record.js';

/** A search a storefront was answered: the request, the answer, and the release files that answered. */
export interface AnsweredSearch {
  request: SearchRequest;
  answer: SearchResponse;
  files: Record<string, unknown>;
}

/**
 * Hands an answered storefront search to the search log. Every route that answers a storefront
 * with a search (search, and a resolved listing page) calls it once the answer is sent; previews
 * and release tests do not.
 */
export function logAnsweredSearch(
  searchLog: SearchLog,
  answered: AnsweredSearch,
  arrival: Date,
  userAgent: string | undefined,
): void {
  searchLog.recordSearch(loggedSearch(answered.request, answered.answer, answered.files, arrival), userAgent);
}

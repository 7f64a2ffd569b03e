import type { SearchRequest, SearchResponse } from '../contracts/search.js';
import { SelectorError } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import { newQueryId } from '../lib/ids.js';
import { answerRequest } from '../planner/index.js';
import type { LiveState } from './live-index.js';

export const NOTHING_SEARCHABLE =
  'Nothing is searchable yet: no index run has succeeded. Upload a catalog (PUT /api/v1/catalog) and publish a release (POST /api/v1/releases/{release}/publish) on the management API, then wait for the index run.';

/** The live state, or 503 saying what is missing. */
export function searchable(live: LiveState | undefined): LiveState {
  if (!live) throw new AppError('unavailable', NOTHING_SEARCHABLE);
  return live;
}

/**
 * Answers one search against the live index and release. `arrival` is the time stamped when the
 * request arrived: the only time a shopper's search reads.
 */
export function answerSearch(
  live: LiveState | undefined,
  request: SearchRequest,
  arrival: Date,
): SearchResponse {
  if (request.time !== undefined) {
    throw new AppError('bad_request', 'The request cannot be answered as sent.', [
      {
        pointer: '/time',
        message:
          'The time of a search is stamped when it arrives; only release tests and previews fix it: remove it.',
      },
    ]);
  }
  return searchState(searchable(live), request, arrival);
}

/**
 * A search of a state as the request says, its own `time` included (previews fix one). A
 * selector the index cannot read is the request's fault: 400 at its place in `filters`.
 */
export function searchState(state: LiveState, request: SearchRequest, arrival: Date): SearchResponse {
  return {
    query_id: newQueryId(arrival),
    release: state.release,
    snapshot: state.snapshot,
    ...asRequestError(() =>
      answerRequest(
        { index: state.index, files: state.releaseFiles, planner: state.planner },
        request,
        arrival,
      ),
    ),
  };
}

/** Runs `answer`, turning a selector the index cannot read into a 400 naming its place in `filters`. */
export function asRequestError<T>(answer: () => T): T {
  try {
    return answer();
  } catch (error) {
    if (error instanceof SelectorError) {
      throw new AppError('bad_request', 'The request cannot be answered as sent.', [
        { pointer: `/filters${error.pointer}`, message: error.message },
      ]);
    }
    throw error;
  }
}

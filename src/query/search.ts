import type { SearchRequest, SearchResponse } from '../contracts/search.js';
import { SelectorError } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import { newQueryId } from '../lib/ids.js';
import { answerRequest } from '../planner/index.js';
import { type LiveState, NOTHING_SEARCHABLE } from './live-index.js';

/**
 * Answers one search against the live index and release. `arrival` is the time stamped when the
 * request arrived: the only time a shopper's search reads. Without a live index it answers 503
 * with `nothingLive`, the sentence that says why.
 */
export function answerSearch(
  live: LiveState | undefined,
  request: SearchRequest,
  arrival: Date,
  nothingLive = NOTHING_SEARCHABLE,
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
  if (!live) throw new AppError('unavailable', nothingLive);
  let answer: ReturnType<typeof answerRequest>;
  try {
    answer = answerRequest(
      { index: live.index, files: live.releaseFiles, planner: live.planner },
      request,
      arrival,
    );
  } catch (error) {
    if (error instanceof SelectorError) {
      throw new AppError('bad_request', 'The request cannot be answered as sent.', [
        { pointer: `/filters${error.pointer}`, message: error.message },
      ]);
    }
    throw error;
  }
  return { query_id: newQueryId(arrival), release: live.release, snapshot: live.snapshot, ...answer };
}

import type { SearchRequest, SearchResponse } from '../contracts/search.js';
import { SelectorError } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import { newQueryId } from '../lib/ids.js';
import { answerRequest } from '../planner/index.js';
import { AutocompleteAnswers } from './autocomplete-answers.js';
import type { LiveState } from './live-index.js';

/** Autocomplete answers kept per live state (see AutocompleteAnswers). */
const autocompleteAnswers = new AutocompleteAnswers();

export const NOTHING_SEARCHABLE =
  'Nothing is searchable yet: no index run has succeeded. Upload a catalog (PUT /api/v1/catalog) and publish a release (POST /api/v1/releases/{release}/publish) on the management API, then wait for the index run.';

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
  if (!live) throw new AppError('unavailable', NOTHING_SEARCHABLE);
  let answer: ReturnType<typeof answerRequest>;
  try {
    answer = autocompleteAnswers.answer(live, request, arrival.getTime(), () =>
      answerRequest(
        { index: live.index, files: live.releaseFiles, planner: live.planner, suggester: live.suggester },
        request,
        arrival,
      ),
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

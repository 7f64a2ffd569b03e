import type { SearchRequest, SearchResponse } from '../contracts/search.js';
import { SelectorError } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import { newQueryId } from '../lib/ids.js';
import { answerRequest, type PlannedAnswer } from '../planner/index.js';
import { AutocompleteAnswers } from './autocomplete-answers.js';
import { type LiveState, NOTHING_SEARCHABLE } from './live-index.js';

/** Autocomplete answers kept and computed ahead per live state (see AutocompleteAnswers). */
const autocompleteAnswers = new AutocompleteAnswers(answerOf);

/**
 * Answers ahead of time, over `live`, the first letters shoppers type in every typeahead request
 * shape asked so far; resolves when done (benchmarks and tests wait for it).
 */
export function answerAutocompleteAhead(live: LiveState, time?: number): Promise<void> {
  return autocompleteAnswers.answerAhead(live, time);
}

/**
 * Answers one search against the live index and release. `arrival` is the time stamped when the
 * request arrived: the only time a shopper's search reads. Without a live index it throws
 * `nothingLive()`, the 503 that says why.
 */
export function answerSearch(
  live: LiveState | undefined,
  request: SearchRequest,
  arrival: Date,
  nothingLive = (): AppError => new AppError('not_searchable', NOTHING_SEARCHABLE),
): SearchResponse {
  if (request.time !== undefined) {
    throw new AppError('invalid_request', 'The request cannot be answered as sent.', [
      {
        pointer: '/time',
        message:
          'The time of a search is stamped when it arrives; only release tests and previews fix it: remove it.',
      },
    ]);
  }
  if (!live) throw nothingLive();
  // A shopper's typeahead is answered from the answers kept for this live state when it can be.
  const answer = asRequestError(() => autocompleteAnswers.answer(live, request, arrival));
  return stamped(live, arrival, answer);
}

/**
 * A search of a state as the request says, its own `time` included (previews fix one). A
 * selector the index cannot read is the request's fault: 400 at its place in `filters`.
 */
export function searchState(state: LiveState, request: SearchRequest, arrival: Date): SearchResponse {
  return stamped(
    state,
    arrival,
    asRequestError(() => answerOf(state, request, arrival)),
  );
}

function answerOf(state: LiveState, request: SearchRequest, arrival: Date): PlannedAnswer {
  return answerRequest(
    { index: state.index, files: state.releaseFiles, planner: state.planner, suggester: state.suggester },
    request,
    arrival,
  );
}

/** An answer with the names the query node adds: a new query id, the release and the snapshot. */
function stamped(state: LiveState, arrival: Date, answer: ReturnType<typeof answerRequest>): SearchResponse {
  return { query_id: newQueryId(arrival), release: state.release, snapshot: state.snapshot, ...answer };
}

/** Runs `answer`, turning a selector the index cannot read into a 400 naming its place in `filters`. */
export function asRequestError<T>(answer: () => T): T {
  try {
    return answer();
  } catch (error) {
    if (error instanceof SelectorError) {
      throw new AppError('invalid_request', 'The request cannot be answered as sent.', [
        { pointer: `/filters${error.pointer}`, message: error.message },
      ]);
    }
    throw error;
  }
}

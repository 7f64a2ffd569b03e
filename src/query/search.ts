import type { SearchRequest, SearchResponse } from '../contracts/search.js';
import { SelectorError } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import { newQueryId } from '../lib/ids.js';
import { answerRequest, type PlannedAnswer } from '../planner/index.js';
import { type AnswerCache, answerCacheStep } from './answer-cache.js';
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
  refuseTime(request);
  if (!live) throw nothingLive();
  // A shopper's typeahead is answered from the answers kept for this live state when it can be.
  const answer = asRequestError(() => autocompleteAnswers.answer(live, request, arrival));
  return stamped(live, arrival, answer);
}

/** A search answered: the answer, and its JSON when it is sent as already serialized. */
export interface ServedSearch {
  answer: SearchResponse;
  body?: string;
}

/**
 * Answers a shopper's search as answerSearch does, from `cache` when the same request was
 * answered over the same live state before: then only the query id is new, and the JSON kept is
 * sent with it, serialized once. An answer computed now is serialized with `serialize` (the
 * route's own serializer) and kept. With `debug`, the trace opens with whether the answer was
 * kept (a debug answer is kept apart, under its own key, its trace included).
 */
export function serveSearch(
  cache: AnswerCache,
  live: LiveState | undefined,
  request: SearchRequest,
  arrival: Date,
  serialize: (answer: SearchResponse) => string,
  nothingLive: () => AppError,
): ServedSearch {
  refuseTime(request);
  if (!live) throw nothingLive();
  const reason = cache.whyNotKept(live, request);
  if (reason !== undefined) {
    const answer = answerSearch(live, request, arrival, nothingLive);
    return {
      answer: request.debug ? withCacheStep(answer, answerCacheStep('not_kept', { reason })) : answer,
    };
  }
  const key = cache.keyOf(live, request, arrival.getTime());
  const kept = cache.get(live, key);
  if (kept) {
    const answer = stamped(live, arrival, kept.answer);
    if (kept.tail !== undefined) return { answer, body: `${idPrefix(answer.query_id)}${kept.tail}` };
    return { answer: withCacheStep(answer, answerCacheStep('hit', { answeredAt: kept.answeredAt })) };
  }
  const planned = asRequestError(() => answerOf(live, request, arrival));
  const answer = stamped(live, arrival, planned);
  if (request.debug) {
    const keptNow = cache.keep(
      live,
      key,
      { answer: planned, answeredAt: arrival },
      JSON.stringify(planned).length,
    );
    const step = keptNow
      ? answerCacheStep('kept')
      : answerCacheStep('not_kept', {
          reason: 'The answer is larger than the whole cache (AISLE_ANSWER_CACHE_KB).',
        });
    return { answer: withCacheStep(answer, step) };
  }
  const body = serialize(answer);
  const prefix = idPrefix(answer.query_id);
  // The serializer writes the query id first, as the schema orders it; the rest is the same for every repeat.
  if (body.startsWith(prefix)) {
    cache.keep(
      live,
      key,
      { answer: planned, answeredAt: arrival, tail: body.slice(prefix.length) },
      body.length,
    );
  }
  return { answer, body };
}

function idPrefix(queryId: string): string {
  return `{"query_id":"${queryId}"`;
}

function withCacheStep(answer: SearchResponse, step: ReturnType<typeof answerCacheStep>): SearchResponse {
  const after = (answer.trace ?? []).filter((entry) => entry.step !== 'answer_cache');
  return { ...answer, trace: [step, ...after] };
}

/** A public search never fixes its time: it is stamped on arrival. */
function refuseTime(request: SearchRequest): void {
  if (request.time !== undefined) {
    throw new AppError('invalid_request', 'The request cannot be answered as sent.', [
      {
        pointer: '/time',
        message:
          'The time of a search is stamped when it arrives; only release tests and previews fix it: remove it.',
      },
    ]);
  }
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

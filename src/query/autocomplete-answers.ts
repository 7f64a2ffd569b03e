import type { SearchRequest } from '../contracts/search.js';
import { timeEpoch } from '../engine/index.js';
import { type PlannedAnswer, scheduleEpoch } from '../planner/index.js';
import type { LiveState } from './live-index.js';

/** Answers kept per live state; past this, the oldest are forgotten. */
export const KEPT_ANSWERS = 20_000;

/**
 * Autocomplete answers already given, kept per live state: a storefront sends one per keystroke,
 * and many shoppers type the same first letters. An answer is kept under everything it depends
 * on: the request as sent (without the page view and traffic, which only the search log reads)
 * and what of the request's time it reads (the rules in force, each channel's sale-window epoch,
 * the hour of dated signals). A new index, release or set of learnt suggestions is a new live
 * state, so nothing kept outlives what answered it. Requests with `filters`, `facets` (relative
 * date facets count days from the time itself) or `debug` are answered afresh, and an answer
 * whose suggestions were not all checked yet is not kept.
 */
export class AutocompleteAnswers {
  readonly #kept = new WeakMap<LiveState, Map<string, PlannedAnswer>>();

  /** The kept answer for the request, or the one `answer` gives (kept for the next time). */
  answer(live: LiveState, request: SearchRequest, time: number, answer: () => PlannedAnswer): PlannedAnswer {
    if (
      request.on !== 'autocomplete' ||
      request.debug === true ||
      request.filters !== undefined ||
      (request.facets?.length ?? 0) > 0
    ) {
      return answer();
    }
    const { page_view: _view, traffic: _traffic, ...asked } = request;
    const key = `${scheduleEpoch(live.releaseFiles, time)};${timeEpoch(live.index, time)};${JSON.stringify(asked)}`;
    let kept = this.#kept.get(live);
    if (!kept) {
      kept = new Map();
      this.#kept.set(live, kept);
    }
    const known = kept.get(key);
    if (known) return known;
    const deferred = live.suggester.deferred;
    const fresh = answer();
    // Suggestions left unchecked for this answer are offered by a later one: keep that one.
    if (live.suggester.deferred !== deferred) return fresh;
    if (kept.size >= KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
    kept.set(key, fresh);
    return fresh;
  }
}

import { setImmediate as turn } from 'node:timers/promises';
import type { SearchRequest } from '../contracts/search.js';
import { timeEpoch } from '../engine/index.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { type PlannedAnswer, scheduleEpoch } from '../planner/index.js';
import type { LiveState } from './live-index.js';

/** Answers kept per live state as they are asked for; past this, the oldest are forgotten. */
export const KEPT_ANSWERS = 20_000;
/** Letters typed at most for which answers are computed ahead of time. */
export const AHEAD_LETTERS = 3;
/** Typed texts answered ahead of time per request shape and live state, at most. */
export const AHEAD_TEXTS = 4_000;
/** Request shapes (a storefront's typeahead request without its text) answered ahead of time. */
export const AHEAD_SHAPES = 4;
/** Event loop time the answering ahead takes at once before it lets requests in, ms. */
const SLICE_MS = 2;
/** Times an answer ahead is computed while its suggestions wait for checks, before giving up. */
const CHECK_ROUNDS = 8;

/** A computation of an answer: the planner and engine over a live state, at a time. */
export type ComputeAnswer = (live: LiveState, request: SearchRequest, arrival: Date) => PlannedAnswer;

interface Shape {
  request: Omit<SearchRequest, 'query'>;
  key: string;
  asked: number;
}

/** What is known of one live state: the answers kept, and those computed ahead per shape. */
interface StateAnswers {
  kept: Map<string, PlannedAnswer>;
  ahead: Map<string, PlannedAnswer>;
  /** Per shape, its last pass ahead: the time part of the keys it was started for, and its end. */
  passes: Map<string, { timePart: string; done: Promise<void> }>;
}

/**
 * Autocomplete answers, kept per live state: a storefront sends one per keystroke, and many
 * shoppers type the same first letters. Those first letters are answered ahead of time: for each
 * request shape storefronts send (the request without its text), every text of 1 to AHEAD_LETTERS
 * letters that begins a suggestion is answered in the background, in slices between requests, as
 * soon as a state is served and again when the time it reads moves on. So even the first shopper
 * to type them gets an answer computed beforehand. Other typed texts are kept once answered.
 *
 * An answer is kept under everything it depends on: the request (without the page view and
 * traffic, which only the search log reads) and what of the request's time it reads (the rules
 * in force, each channel's sale-window epoch, the hour of dated signals). A new index, release or
 * set of learnt suggestions is a new live state, so nothing kept outlives what answered it.
 * Requests with `filters`, `facets` (relative date facets count days from the time itself) or
 * `debug` are answered afresh, and an answer whose suggestions were not all checked yet is not
 * kept.
 */
export class AutocompleteAnswers {
  readonly #states = new WeakMap<LiveState, StateAnswers>();
  readonly #shapes = new Map<string, Shape>();
  /** The state answered last: passes ahead for an older one stop. */
  #latest: LiveState | undefined;

  constructor(private readonly compute: ComputeAnswer) {}

  /** The answer to a request: one kept or computed ahead when there is one, else computed now. */
  answer(live: LiveState, request: SearchRequest, arrival: Date): PlannedAnswer {
    if (!keepable(request)) return this.compute(live, request, arrival);
    const state = this.#stateOf(live);
    const time = arrival.getTime();
    const key = keyOf(live, request, time);
    const known = state.ahead.get(key) ?? state.kept.get(key);
    if (known) return known;
    const fresh = this.#computeKeepable(live, request, arrival);
    if (fresh.keep) {
      if (state.kept.size >= KEPT_ANSWERS) state.kept.delete(state.kept.keys().next().value!);
      state.kept.set(key, fresh.answer);
    }
    this.#noteShape(request);
    // Answering ahead only saves later requests work: one that fails leaves them to compute.
    this.#answerAhead(live, time).catch(() => undefined);
    return fresh.answer;
  }

  /**
   * Answers ahead for every shape seen, over `live`, at `time`; resolves when those passes end (a
   * newer state stops them). A pass made or making for the same time part is not made again.
   */
  answerAhead(live: LiveState, time = Date.now()): Promise<void> {
    return this.#answerAhead(live, time);
  }

  #answerAhead(live: LiveState, time: number): Promise<void> {
    this.#latest = live;
    const state = this.#stateOf(live);
    const timePart = timePartOf(live, time);
    const passes: Promise<void>[] = [];
    for (const shape of this.#shapes.values()) {
      const known = state.passes.get(shape.key);
      if (known?.timePart === timePart) {
        passes.push(known.done);
        continue;
      }
      const done = this.#pass(live, state, shape, timePart, new Date(time));
      state.passes.set(shape.key, { timePart, done });
      passes.push(done);
    }
    return Promise.all(passes).then(() => undefined);
  }

  /**
   * Answers the texts shoppers begin with for one shape, at one time (the pass is made again when
   * the time part of the keys moves on), in slices of SLICE_MS between which requests are
   * answered. It stops when a newer state is served or a newer pass of the shape started.
   */
  async #pass(
    live: LiveState,
    state: StateAnswers,
    shape: Shape,
    timePart: string,
    arrival: Date,
  ): Promise<void> {
    const stale = () => this.#latest !== live || state.passes.get(shape.key)?.timePart !== timePart;
    const slices = new Slices(stale);
    if (!(await slices.turn())) return;
    let texts: string[];
    try {
      const starts = typedStartsOf(live, shape.request, arrival);
      let step = starts.next();
      while (!step.done) {
        if (!(await slices.next())) return;
        step = starts.next();
      }
      texts = step.value;
    } catch {
      // A shape the state cannot answer (a channel its release lacks) is answered when asked.
      return;
    }
    for (const text of texts) {
      const request: SearchRequest = { ...shape.request, query: text };
      const key = keyOf(live, request, arrival.getTime());
      // Each round makes more of the checks its suggestions wait for, until it may be kept.
      for (let round = 0; round < CHECK_ROUNDS && !state.ahead.has(key) && !state.kept.has(key); round++) {
        if (!(await slices.next())) return;
        try {
          const { answer, keep } = this.#computeKeepable(live, request, arrival);
          if (keep) state.ahead.set(key, answer);
        } catch {
          // A text its shape cannot answer (the release changed under it) is answered when asked.
          break;
        }
      }
    }
  }

  /** An answer and whether it may be kept: not while its suggestions wait for checks. */
  #computeKeepable(
    live: LiveState,
    request: SearchRequest,
    arrival: Date,
  ): { answer: PlannedAnswer; keep: boolean } {
    const deferred = live.suggester.deferred;
    const answer = this.compute(live, request, arrival);
    // Suggestions left unchecked for this answer are offered by a later one: keep that one.
    return { answer, keep: live.suggester.deferred === deferred };
  }

  /**
   * Remembers the shape of a request that had to be computed, the AHEAD_SHAPES computed for most
   * often kept (answers found kept or ahead are not counted: their shape is served already).
   */
  #noteShape(request: SearchRequest): void {
    const { query: _query, page_view: _view, traffic: _traffic, ...rest } = request;
    const key = canonicalJson(rest);
    const known = this.#shapes.get(key);
    if (known) {
      known.asked += 1;
      return;
    }
    if (this.#shapes.size >= AHEAD_SHAPES) {
      const least = [...this.#shapes.values()].reduce((a, b) => (b.asked < a.asked ? b : a));
      // A new shape takes the place of one asked once; the shapes asked more stay.
      if (least.asked > 1) return;
      this.#shapes.delete(least.key);
    }
    this.#shapes.set(key, { request: rest, key, asked: 1 });
  }

  #stateOf(live: LiveState): StateAnswers {
    let state = this.#states.get(live);
    if (!state) {
      state = { kept: new Map(), ahead: new Map(), passes: new Map() };
      this.#states.set(live, state);
    }
    return state;
  }
}

function keepable(request: SearchRequest): boolean {
  return (
    request.on === 'autocomplete' &&
    request.debug !== true &&
    request.filters === undefined &&
    (request.facets?.length ?? 0) === 0
  );
}

/** What of the time an answer reads: the rules in force, sale-window epochs, the hour of dated signals. */
export function timePartOf(live: LiveState, time: number): string {
  return `${scheduleEpoch(live.releaseFiles, time)};${timeEpoch(live.index, time)}`;
}

function keyOf(live: LiveState, request: SearchRequest, time: number): string {
  const { page_view: _view, traffic: _traffic, ...asked } = request;
  return `${timePartOf(live, time)};${canonicalJson(asked)}`;
}

/**
 * Work on the event loop in slices of SLICE_MS: between two, requests are answered. Work that is
 * no longer wanted (`stale`) ends at the next slice.
 */
class Slices {
  #start = performance.now();

  constructor(private readonly stale: () => boolean) {}

  /** Whether to go on: at once while the slice has time left, else after a turn of the event loop. */
  async next(): Promise<boolean> {
    if (performance.now() - this.#start < SLICE_MS) return true;
    return this.turn();
  }

  /** Lets requests in, then starts a new slice; whether the work is still wanted. */
  async turn(): Promise<boolean> {
    await turn();
    this.#start = performance.now();
    return !this.stale();
  }
}

/**
 * The texts of 1 to AHEAD_LETTERS letters shoppers begin with in the shape's channel and locale,
 * tallied in steps (see Suggester.typedStarts).
 */
function typedStartsOf(
  live: LiveState,
  shape: Omit<SearchRequest, 'query'>,
  arrival: Date,
): Generator<void, string[]> {
  const plan = live.planner.plan({ ...shape, query: '' }, { arrival });
  return live.suggester.typedStarts(
    { channel: plan.channel, locale: plan.locale },
    AHEAD_LETTERS,
    AHEAD_TEXTS,
  );
}

import type { SearchRequest } from '../contracts/search.js';
import type { AnswerCacheStep } from '../contracts/trace.js';
import { canonicalJson } from '../lib/canonical-json.js';
import type { PlannedAnswer } from '../planner/index.js';
import { timePartOf } from './autocomplete-answers.js';
import type { LiveState } from './live-index.js';

/**
 * What a kept answer costs beside its own JSON: the answer's objects, which the search log reads,
 * take about twice the bytes of the JSON they serialize to in V8 (measured on the demo shop's
 * answers with `process.memoryUsage().heapUsed`, bench/http-search.ts), and the JSON is kept too.
 */
const BYTES_PER_JSON_CHAR = 3;

/** One answer kept: the planned answer, when it was computed, and its JSON after the query id. */
export interface KeptAnswer {
  answer: PlannedAnswer;
  answeredAt: Date;
  /**
   * The serialized answer from just after its query id (`,"release":...}`): a repeat is sent as
   * `{"query_id":"<its own id>"` and this, with no serialization. Absent for debug answers, whose
   * trace says per answer whether it was kept.
   */
  tail?: string;
  bytes: number;
}

/** What the cache counted since it was made, as /metrics shows it. */
export interface AnswerCacheStats {
  hits: number;
  misses: number;
  bytes: number;
  entries: number;
}

/**
 * Whole answers to repeated searches, kept for the live state that computed them: storefronts ask
 * the same searches and category pages all day. The key is everything an answer depends on: the
 * request normalized (defaults dropped, keys sorted; without the page view and traffic, which
 * only the search log reads) and what of the request's time the answer reads (the rules in
 * force, each channel's sale-window epoch, the hour of dated signals; see timePartOf). A new
 * index, a switch of release, an offers update or new learnt suggestions is a new live state:
 * the cache is emptied when the state changes, and an answer is only ever served for the state
 * it was computed on. The least recently used answers are forgotten past the byte budget.
 *
 * Not kept: the autocomplete surface (its own kept answers, AutocompleteAnswers, hold those
 * per typed text), and answers of a catalog with date attributes, whose relative date filters
 * and facets count days from the exact time of arrival.
 */
export class AnswerCache {
  #state: LiveState | undefined;
  readonly #entries = new Map<string, KeptAnswer>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;
  readonly #exactTime = new WeakMap<LiveState, boolean>();

  /** `budget`: bytes the kept answers may take at most; 0 keeps none. */
  constructor(readonly budget: number) {}

  /**
   * Why a request's answer over `state` cannot be kept, in a sentence for the trace, or undefined
   * when it can.
   */
  whyNotKept(state: LiveState, request: SearchRequest): string | undefined {
    if (this.budget === 0) return 'The answer cache is off (AISLE_ANSWER_CACHE_KB=0).';
    if (request.on === 'autocomplete')
      return 'Autocomplete answers are kept per typed text, apart from this cache.';
    if (readsExactTime(state, this.#exactTime))
      return "The catalog has date attributes: relative dates count days from each search's own time.";
    return undefined;
  }

  /** The key of a request that can be kept, at `time`. */
  keyOf(state: LiveState, request: SearchRequest, time: number): string {
    return `${timePartOf(state, time)};${canonicalJson(normalized(request))}`;
  }

  /** The answer kept for `key` over `state`, counted as a hit or a miss. */
  get(state: LiveState, key: string): KeptAnswer | undefined {
    this.#follow(state);
    const kept = this.#entries.get(key);
    if (!kept) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    // Used last, forgotten last.
    this.#entries.delete(key);
    this.#entries.set(key, kept);
    return kept;
  }

  /**
   * Keeps an answer computed over `state`; whether it was kept (an answer larger than the whole
   * budget is not). Older answers are forgotten until the budget holds.
   */
  keep(state: LiveState, key: string, kept: Omit<KeptAnswer, 'bytes'>, jsonChars: number): boolean {
    this.#follow(state);
    const bytes = jsonChars * BYTES_PER_JSON_CHAR + key.length * 2;
    if (bytes > this.budget) return false;
    const before = this.#entries.get(key);
    if (before) this.#forget(key, before);
    this.#entries.set(key, { ...kept, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.budget) break;
      this.#forget(oldest, entry);
    }
    return true;
  }

  /** Forgets every answer: what is live changed. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#state = undefined;
  }

  stats(): AnswerCacheStats {
    return { hits: this.#hits, misses: this.#misses, bytes: this.#bytes, entries: this.#entries.size };
  }

  /** Empties the cache when asked about another state than the one its answers were computed on. */
  #follow(state: LiveState): void {
    if (this.#state === state) return;
    this.clear();
    this.#state = state;
  }

  #forget(key: string, entry: KeptAnswer): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** The trace's first step for an answer: served from the cache, kept now, or not kept and why. */
export function answerCacheStep(
  outcome: AnswerCacheStep['outcome'],
  detail: { answeredAt?: Date; reason?: string } = {},
): AnswerCacheStep {
  return {
    step: 'answer_cache',
    outcome,
    ...(detail.answeredAt ? { answered_at: detail.answeredAt.toISOString() } : {}),
    ...(detail.reason ? { reason: detail.reason } : {}),
  };
}

/** Request fields equal to their defaults are dropped, so a request that names them is the same request. */
const DEFAULTS: Partial<Record<keyof SearchRequest, unknown>> = {
  on: 'search',
  redirect: true,
  page: 1,
  per_page: 24,
  count_only: false,
  debug: false,
};

function normalized(request: SearchRequest): Record<string, unknown> {
  const asked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request)) {
    if (name === 'page_view' || name === 'traffic' || value === undefined) continue;
    if (DEFAULTS[name as keyof SearchRequest] === value) continue;
    asked[name] = value;
  }
  return asked;
}

/** Whether answers over the state read the exact time of arrival: its catalog has date attributes. */
function readsExactTime(state: LiveState, known: WeakMap<LiveState, boolean>): boolean {
  let reads = known.get(state);
  if (reads === undefined) {
    reads = [...state.index.shared.attributes.values()].some((attribute) => attribute.type === 'date');
    known.set(state, reads);
  }
  return reads;
}

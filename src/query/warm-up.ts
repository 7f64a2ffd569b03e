import { setImmediate as turn } from 'node:timers/promises';
import type { SearchRequest } from '../contracts/search.js';
import type { EngineIndex } from '../engine/index.js';
import { pickText } from '../lib/locale.js';
import type { Planner } from '../planner/index.js';
import { answerRequest } from '../planner/index.js';
import type { RecentSearch } from '../store/index.js';

/** What of a live state a warm-up searches (a LiveState is one). */
export interface WarmTarget {
  index: EngineIndex;
  releaseFiles: Record<string, unknown>;
  planner: Planner;
}

/** Searches a new state answers before it is served, at most. */
export const WARM_UP_SEARCHES = 100;
/** Recent searches of the log read to choose them from. */
const RECENT_SEARCHES = 2_000;
/** Event loop time the warm-up may take in all, ms: a very large index warms part of its searches. */
const WARM_UP_MS = 1_000;

/** Searches a new state is warmed with, and where they came from. */
export interface WarmUpPlan {
  from: 'search log' | 'catalog';
  requests: SearchRequest[];
}

/**
 * What a new state is warmed with: the searches shoppers asked most among the last ones of the
 * search log, or, for a shop without shoppers yet (or a log that cannot be read now), the
 * catalog's category pages and its category names as searches. Either way the first
 * shoppers after a swap meet an index whose lazily built parts (field views, label tables,
 * compiled code paths) are made already.
 */
export async function warmUpPlan(
  state: WarmTarget,
  recent: (limit: number) => Promise<RecentSearch[]>,
): Promise<WarmUpPlan> {
  let logged: RecentSearch[] = [];
  try {
    logged = await recent(RECENT_SEARCHES);
  } catch {
    // The log away only costs the warm-up its best searches: the catalog's stand in.
  }
  if (logged.length > 0) return { from: 'search log', requests: mostAsked(logged) };
  return { from: 'catalog', requests: catalogSearches(state) };
}

/**
 * Answers `requests` over `state` before it is served, a turn of the event loop between two so
 * searches of the state served now go on, within WARM_UP_MS; answers how many it answered. A
 * search the state refuses (a channel its release lacks) is passed over.
 */
export async function warmUp(state: WarmTarget, requests: readonly SearchRequest[]): Promise<number> {
  const started = performance.now();
  const target = { index: state.index, files: state.releaseFiles, planner: state.planner };
  let answered = 0;
  for (const request of requests) {
    if (performance.now() - started > WARM_UP_MS) break;
    await turn();
    try {
      answerRequest(target, request, new Date());
      answered++;
    } catch {
      // Only a search that can be answered warms anything.
    }
  }
  return answered;
}

function mostAsked(logged: readonly RecentSearch[]): SearchRequest[] {
  const counted = new Map<string, { request: SearchRequest; asked: number }>();
  for (const search of logged) {
    const request: SearchRequest = {
      query: search.typed,
      on: search.surface as SearchRequest['on'],
      channel: search.channel,
      locale: search.locale,
      ...(search.category !== undefined ? { category: search.category } : {}),
    };
    const key = JSON.stringify(request);
    const known = counted.get(key);
    if (known) known.asked++;
    else counted.set(key, { request, asked: 1 });
  }
  return [...counted.values()]
    .sort((a, b) => b.asked - a.asked)
    .slice(0, WARM_UP_SEARCHES)
    .map((one) => one.request);
}

function catalogSearches(state: WarmTarget): SearchRequest[] {
  const { shared } = state.index;
  const requests: SearchRequest[] = [{}];
  for (const category of shared.categories.values()) {
    if (requests.length >= WARM_UP_SEARCHES) break;
    requests.push({ on: 'category_page', category: category.id });
    const title = pickText(category.title, shared.locale);
    if (title) requests.push({ query: title.toLowerCase() });
  }
  return requests.slice(0, WARM_UP_SEARCHES);
}

import { addDays, dayOf } from '../../lib/days.js';
import type { DayRollup } from '../../store/index.js';
import type { ControlDeps } from './deps.js';
import { DayCounter } from './rollup-count.js';
import { type LearnResult, learnSuggestions } from './suggestions.js';

/** Rows read from the log at a time, so a busy day is counted in bounded memory. */
const ROWS_PER_READ = 5_000;
/** The settings key that remembers when the roll-up last counted. */
export const ROLLED_UP_AT = 'search_log.rolled_up_at';

export interface RollUpResult {
  /** The days counted anew. */
  days: string[];
  /** Raw rows removed because they are older than the retention period. */
  removed: { searches: number; events: number };
  /** The autocomplete suggestions learnt anew from the counted days; absent when nothing changed. */
  learnt?: LearnResult;
  /** Another control plane was rolling up at that moment: this one counted nothing. */
  elsewhere?: true;
}

/** The name under which one control plane at a time rolls the search log up. */
export const ROLL_UP_LOCK = 'search-log-rollup';

/**
 * The roll-up: removes raw log rows older than the retention period, then counts anew every day a
 * write touched since the last roll-up (searches of the day, and events naming its searches), and
 * replaces what was counted for it. A day a write touches while it is counted is counted again
 * next time. Then the autocomplete suggestions are learnt from what was counted.
 *
 * One control plane at a time rolls up, however many run: two counting the same day at once could
 * each replace its rows, the later commit winning with a count that missed a write the other saw,
 * whose mark both had taken off. A control plane that finds another rolling up counts nothing;
 * the marks it would have read are the other's to count.
 */
export async function rollUpSearchLog(deps: ControlDeps, retentionDays: number): Promise<RollUpResult> {
  const result = await deps.database.alone(ROLL_UP_LOCK, () => rollUpAlone(deps, retentionDays));
  return result ?? { days: [], removed: { searches: 0, events: 0 }, elsewhere: true };
}

async function rollUpAlone(deps: ControlDeps, retentionDays: number): Promise<RollUpResult> {
  const { searchLog, insights, settings } = deps.database;
  const now = deps.clock.now();
  const firstKept = addDays(dayOf(now), -(retentionDays - 1));
  const removed = await searchLog.removeBefore(firstKept);
  const days = (await searchLog.dirtyDays()).filter((day) => day >= firstKept);
  for (const day of days) {
    await searchLog.clearDirty(day);
    await insights.replaceDay(await countDay(deps, day));
  }
  const learnt = await learnSuggestions(deps, days);
  await settings.set(ROLLED_UP_AT, now.toISOString());
  return { days, removed, ...(learnt !== undefined ? { learnt } : {}) };
}

/** When the roll-up last counted; absent before it first did. */
export async function rolledUpAt(deps: ControlDeps): Promise<string | undefined> {
  return deps.database.settings.get(ROLLED_UP_AT);
}

async function countDay(deps: ControlDeps, day: string): Promise<DayRollup> {
  const { searchLog } = deps.database;
  const counter = new DayCounter(day);
  for (let after = ''; ; ) {
    const searches = await searchLog.searchesOfDay(day, after, ROWS_PER_READ);
    for (const search of searches) counter.addSearch(search);
    if (searches.length < ROWS_PER_READ) break;
    after = searches[searches.length - 1]!.queryId;
  }
  for (let after = 0; ; ) {
    const events = await searchLog.eventsOfDay(day, after, ROWS_PER_READ);
    for (const event of events) counter.addEvent(event);
    if (events.length < ROWS_PER_READ) break;
    after = events[events.length - 1]!.seq;
  }
  return counter.rollup();
}

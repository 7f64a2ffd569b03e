import { addDays, dayOf } from '../../lib/days.js';
import {
  encodeLearnt,
  LEARNT_DAYS,
  LEARNT_SUGGESTIONS_KEY,
  type LearntQueryDay,
  weighLearnt,
} from '../../planner/index.js';
import type { ControlDeps } from './deps.js';

/** The settings key of the day the suggestions were learnt on: a new day weighs the days anew. */
export const LEARNT_ON = 'suggestions.learnt_on';

export interface LearnResult {
  /** Blob key of the suggestions learnt. */
  key: string;
  /** How many, over every channel and locale. */
  suggestions: number;
}

/**
 * Learns autocomplete suggestions from the roll-up's queries of the last LEARNT_DAYS days
 * (weighLearnt), writes them as one blob named by its content and points query nodes at it; they
 * load it and swap it in as they do an index. The blob it replaces is removed. Runs after the
 * roll-up counted something, and once a day besides once it has learnt, since the days' weights
 * change with age.
 */
export async function learnSuggestions(
  deps: ControlDeps,
  counted: readonly string[],
): Promise<LearnResult | undefined> {
  const { insights, settings } = deps.database;
  const now = deps.clock.now();
  const today = dayOf(now);
  const previous = await settings.get(LEARNT_SUGGESTIONS_KEY);
  if (counted.length === 0 && (previous === undefined || (await settings.get(LEARNT_ON)) === today)) {
    return undefined;
  }
  const rows: LearntQueryDay[] = [];
  for (let day = addDays(today, -(LEARNT_DAYS - 1)); day <= today; day = addDays(day, 1)) {
    for (const row of await insights.queriesOfDay(day)) rows.push({ day, ...row });
  }
  const suggestions = weighLearnt(rows, today);
  const key = await deps.blobs.put(encodeLearnt({ learntAt: now.toISOString(), suggestions }));
  await settings.set(LEARNT_SUGGESTIONS_KEY, key);
  await settings.set(LEARNT_ON, today);
  if (previous !== undefined && previous !== key) await deps.blobs.delete(previous);
  return { key, suggestions: suggestions.length };
}

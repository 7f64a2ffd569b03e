import { countAtOrBefore } from '../../lib/sorted.js';
import { releaseView } from '../../release/release-view.js';

/** Every start and end of a rule's schedule in rules.json, ascending; per release files. */
const boundaries = new WeakMap<Record<string, unknown>, Float64Array>();

/**
 * How many starts and ends of rules' schedules lie at or before `time`: two times with the same
 * count see the same rules in force.
 */
export function scheduleEpoch(files: Record<string, unknown>, time: number): number {
  let ends = boundaries.get(files);
  if (!ends) {
    const times = new Set<number>();
    for (const rule of releaseView(files).rules.rules) {
      for (const at of [rule.schedule?.from, rule.schedule?.until]) {
        const ms = at === undefined ? Number.NaN : Date.parse(at);
        if (Number.isFinite(ms)) times.add(ms);
      }
    }
    ends = Float64Array.from([...times].sort((a, b) => a - b));
    boundaries.set(files, ends);
  }
  return countAtOrBefore(ends, time);
}

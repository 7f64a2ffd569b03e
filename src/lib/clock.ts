/** The source of time. Injected everywhere so tests and previews can fix it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests. */
export function fixedClock(
  start: Date | string,
): Clock & { set(time: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (time) => {
      current = new Date(time);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** RFC 3339 with an explicit offset (UTC, `Z`), as every time in the contract. */
export function rfc3339(time: Date): string {
  return time.toISOString();
}

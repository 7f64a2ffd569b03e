/**
 * Calendar days of the reports: UTC days written `YYYY-MM-DD`, so text order is day order and a
 * day means the same on every node whatever its time zone.
 */

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day a time falls on. */
export function dayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** A day written `YYYY-MM-DD` that names a real date, or undefined. */
export function parseDay(text: string): string | undefined {
  const match = DAY_PATTERN.exec(text);
  if (!match) return undefined;
  const time = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(time.getTime()) || dayOf(time) !== text ? undefined : text;
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return dayOf(new Date(startOfDay(day).getTime() + count * DAY_MS));
}

/** The days from `from` to `to`, both included, in order. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** How many days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS) + 1;
}

export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

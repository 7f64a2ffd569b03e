/** How the panel writes numbers, sizes and times: the browser's own locale and time zone. */
const numbers = new Intl.NumberFormat();
const times = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function count(value: number): string {
  return numbers.format(value);
}

export function percent(value: number | undefined): string {
  return value === undefined ? '–' : `${(value * 100).toFixed(1)} %`;
}

export function bytes(value: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let size = value;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? size : size.toFixed(1)} ${units[unit]}`;
}

export function time(value: string | undefined): string {
  return value ? times.format(new Date(value)) : '–';
}

/** "3 minutes ago", "in 2 hours": for times near now. */
export function ago(value: string, now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(seconds, 'second');
}

/** A content-named id shortened for reading (`rl_fb6d30a0…`); the title attribute keeps it whole. */
export function shortId(id: string): string {
  return id.length > 14 ? `${id.slice(0, 11)}…` : id;
}

/** An RFC 3339 time from a `datetime-local` input's value (the browser's zone), or undefined. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A `datetime-local` input's value for an RFC 3339 time. */
export function toLocalInput(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

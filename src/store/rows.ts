import type { Instant } from './records.js';

/**
 * How a time is stored: RFC 3339 in UTC with milliseconds, whatever offset it came with. Every stored
 * time has this one fixed width, so comparing the text compares the times on both dialects.
 */
export function storedTime(at: Instant): string {
  return new Date(at).toISOString();
}

/** A count or `bigint` column as a number (PostgreSQL answers these as text). */
export function toNumber(value: number | string | bigint): number {
  return Number(value);
}

/** A nullable column as an optional field: records say absent, never null. */
export function absentIfNull<T>(value: T | null): T | undefined {
  return value ?? undefined;
}

export function parseJsonColumn<T>(text: string | null): T | undefined {
  return text === null ? undefined : (JSON.parse(text) as T);
}

import { describe, expect, it } from 'vitest';
import { fixedClock, rfc3339, systemClock } from './clock.js';

describe('fixedClock', () => {
  it('stands still at its start time', () => {
    const clock = fixedClock('2026-01-31T09:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-01-31T09:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-01-31T09:00:00.000Z');
  });

  it('accepts a Date as its start', () => {
    const clock = fixedClock(new Date(Date.UTC(2026, 0, 31, 9)));
    expect(clock.now().toISOString()).toBe('2026-01-31T09:00:00.000Z');
  });

  it('moves to the time it is set to', () => {
    const clock = fixedClock('2026-01-31T09:00:00Z');
    clock.set('2026-02-01T12:30:00Z');
    expect(clock.now().toISOString()).toBe('2026-02-01T12:30:00.000Z');
    clock.set(new Date('2025-12-24T18:00:00Z'));
    expect(clock.now().toISOString()).toBe('2025-12-24T18:00:00.000Z');
  });

  it('advances by milliseconds, adding up', () => {
    const clock = fixedClock('2026-01-31T09:00:00Z');
    clock.advance(1500);
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-01-31T09:01:01.500Z');
  });

  it('is not moved by changing a Date it handed out', () => {
    const clock = fixedClock('2026-01-31T09:00:00Z');
    const start = new Date('2026-01-31T09:00:00Z');
    clock.now().setUTCFullYear(1999);
    expect(clock.now()).toEqual(start);
  });

  it('is not moved by changing the Date it was started from', () => {
    const start = new Date('2026-01-31T09:00:00Z');
    const clock = fixedClock(start);
    start.setUTCHours(23);
    expect(clock.now().toISOString()).toBe('2026-01-31T09:00:00.000Z');
  });
});

describe('systemClock', () => {
  it('tells the current time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('rfc3339', () => {
  it('writes UTC with a Z offset and milliseconds', () => {
    expect(rfc3339(new Date('2026-01-31T09:00:00Z'))).toBe('2026-01-31T09:00:00.000Z');
  });

  it('converts a time given with another offset to UTC', () => {
    expect(rfc3339(new Date('2026-01-31T10:00:00.250+01:00'))).toBe('2026-01-31T09:00:00.250Z');
  });

  it('matches the RFC 3339 date-time shape', () => {
    expect(rfc3339(new Date(0))).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, dayCount, dayOf, daysFrom, parseDay } from './days.js';

describe('days', () => {
  it('names the UTC day a time falls on, whatever offset it was written with', () => {
    expect(dayOf(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(dayOf(new Date('2026-03-02T00:30:00+02:00'))).toBe('2026-03-01');
  });

  it('reads only real calendar days', () => {
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay('2025-02-29')).toBeUndefined();
    expect(parseDay('2025-13-01')).toBeUndefined();
    expect(parseDay('2025-1-01')).toBeUndefined();
    expect(parseDay('yesterday')).toBeUndefined();
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysFrom('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(dayCount('2025-12-30', '2026-01-02')).toBe(4);
    expect(dayCount('2026-01-02', '2026-01-02')).toBe(1);
  });
});

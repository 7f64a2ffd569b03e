import { describe, expect, it } from 'vitest';
import { binOf, EDGES, NO_BIN, PREFERRED } from './ladder.js';

describe('the histogram ladder', () => {
  it('has 24 preferred numbers per decade, each 8 to 15 percent above the one before', () => {
    expect(PREFERRED).toHaveLength(24);
    const steps = [...PREFERRED, 1000]
      .map((value, i, all) => (i === 0 ? 0 : value / all[i - 1]! - 1))
      .slice(1);
    for (const step of steps) {
      expect(step).toBeGreaterThanOrEqual(0.08);
      expect(step).toBeLessThanOrEqual(0.15);
    }
  });

  it('repeats the same numbers in every decade, from cents up', () => {
    const decade = (from: number) => [...EDGES].filter((edge) => edge >= from && edge < from * 10);
    expect(decade(1)).toEqual(PREFERRED.map((step) => step / 100));
    expect(decade(100)).toEqual([...PREFERRED]);
    expect(decade(10_000)).toEqual(PREFERRED.map((step) => step * 100));
    expect(EDGES[0]).toBe(0);
    expect(EDGES[1]).toBe(0.01);
  });

  it('puts a price in the bin whose lower edge is at or below it', () => {
    expect(EDGES[binOf(19.99)]).toBe(18);
    expect(EDGES[binOf(20)]).toBe(20);
    expect(EDGES[binOf(14.5)]).toBe(14.5);
    expect(EDGES[binOf(14.49)]).toBe(13);
    expect(binOf(0)).toBe(0);
    expect(binOf(Number.NaN)).toBe(NO_BIN);
  });
});

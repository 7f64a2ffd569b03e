import { describe, expect, it } from 'vitest';
import { pageMeta, pageOffset } from './paging.js';

describe('pageMeta', () => {
  it('counts the last page, rounding up', () => {
    expect(pageMeta({ page: 1, perPage: 15 }, 31)).toEqual({
      current_page: 1,
      last_page: 3,
      per_page: 15,
      total: 31,
    });
  });

  it('has exactly total / perPage pages when it divides', () => {
    expect(pageMeta({ page: 2, perPage: 10 }, 30).last_page).toBe(3);
  });

  it('has one last page when nothing is listed', () => {
    expect(pageMeta({ page: 1, perPage: 15 }, 0)).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: 0,
    });
  });

  it('reports the requested page even beyond the last', () => {
    const meta = pageMeta({ page: 9, perPage: 24 }, 50);
    expect(meta.current_page).toBe(9);
    expect(meta.last_page).toBe(3);
  });

  it('has one page per item at one per page', () => {
    expect(pageMeta({ page: 1, perPage: 1 }, 7).last_page).toBe(7);
  });
});

describe('pageOffset', () => {
  it('starts the first page at zero', () => {
    expect(pageOffset({ page: 1, perPage: 24 })).toBe(0);
  });

  it('skips the items of the earlier pages', () => {
    expect(pageOffset({ page: 2, perPage: 24 })).toBe(24);
    expect(pageOffset({ page: 5, perPage: 100 })).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import { searchWith } from '../shop.fixture.js';

describe('sort', () => {
  it("the request's sort, with what it orders by", () => {
    const plan = searchWith([], { query: 'sneakers', sort: 'price_asc', redirect: false });
    expect(plan.sort).toEqual({ code: 'price_asc', by: 'price', direction: 'asc' });
  });

  it("a request with words starts in relevance, whatever the page's default", () => {
    expect(searchWith([], { on: 'category_page', category: 'sneakers', query: 'air' }).sort).toEqual({
      code: 'relevance',
    });
  });

  it("a browsed page starts in its category's default, inherited from the nearest node that sets one", () => {
    const sneakers = searchWith([], { on: 'category_page', category: 'sneakers', locale: 'de' });
    expect(sneakers.sort).toEqual({ code: 'newest', by: 'attributes.storage', direction: 'desc' });
    expect(sneakers.sorts).toEqual([
      { code: 'newest', label: 'Neueste', default: true },
      { code: 'relevance', label: 'Relevanz' },
      { code: 'price_asc', label: 'Preis: aufsteigend' },
    ]);
    const running = searchWith([], { on: 'category_page', category: 'running-shoes' });
    expect(running.sort).toEqual({ code: 'relevance' });
    expect(running.sorts?.map((sort) => sort.code)).toEqual(['relevance', 'price_asc', 'price_desc']);
  });

  it('the sort step of the trace says where the order came from', () => {
    const plan = searchWith([], { on: 'category_page', category: 'sneakers' });
    const step = plan.trace?.find((entry) => entry.step === 'plan');
    expect(step).toMatchObject({ sort: { code: 'newest', from: 'category', category: 'sneakers' } });
  });
});

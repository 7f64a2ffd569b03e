import { describe, expect, it } from 'vitest';
import { localeChain } from '../localized.js';
import { normalizeQuery } from '../normalize.js';
import { type Condition, type ConditionInput, compileCondition, type ResolvedFacts } from './condition.js';

const PARENTS: Record<string, string> = {
  headphones: 'audio',
  audio: 'electronics',
  televisions: 'electronics',
};

function within(category: string, ancestor: string): boolean {
  for (let at: string | undefined = category; at !== undefined; at = PARENTS[at])
    if (at === ancestor) return true;
  return false;
}

function resolved(
  category: string | undefined,
  filters: Record<string, unknown[]>,
  complete: boolean,
): ResolvedFacts {
  return {
    ...(category !== undefined ? { category } : {}),
    values: (field) => filters[field],
    within,
    complete,
    filters: Object.fromEntries(Object.entries(filters).map(([field, values]) => [field, values[0]])),
  };
}

function input(query: string, rest: Partial<ConditionInput> = {}): ConditionInput {
  const locale = rest.locale ?? 'en';
  return {
    query: normalizeQuery(query),
    surface: 'search',
    category: undefined,
    channel: 'web',
    locale,
    locales: localeChain(locale),
    context: {},
    resolved: undefined,
    within,
    ...rest,
  };
}

const holds = (condition: Condition, at: ConditionInput) => compileCondition(condition).test(at);

describe('query conditions: literal on the normalized query', () => {
  it('is: the whole query, any of the phrases', () => {
    const returns = { query: { is: ['returns', 'return policy'] } };
    expect(holds(returns, input('Return Policy?'))).toBe(true);
    expect(holds(returns, input('returns'))).toBe(true);
    expect(holds(returns, input('returns label'))).toBe(false);
  });

  it('contains: whole words or phrases anywhere', () => {
    const cheap = { query: { contains: ['cheap', 'best price'] } };
    expect(holds(cheap, input('cheap tv'))).toBe(true);
    expect(holds(cheap, input('tv at the best price'))).toBe(true);
    expect(holds(cheap, input('cheapest tv'))).toBe(false);
  });

  it('starts_with: the first words', () => {
    const iphone = { query: { starts_with: 'iphone' } };
    expect(holds(iphone, input('iPhone 16 case'))).toBe(true);
    expect(holds(iphone, input('case for iphone'))).toBe(false);
  });

  it('empty: a query without words, as a browsed category page sends', () => {
    expect(holds({ query: { empty: true } }, input('  '))).toBe(true);
    expect(holds({ query: { empty: true } }, input('tv'))).toBe(false);
    expect(holds({ query: { empty: false } }, input('tv'))).toBe(true);
  });

  it('every member given must hold', () => {
    const both = { query: { starts_with: 'sony', contains: 'tv' } };
    expect(holds(both, input('sony bravia tv'))).toBe(true);
    expect(holds(both, input('sony headphones'))).toBe(false);
  });
});

describe('request conditions', () => {
  it('on: the surface, one or any of a list', () => {
    expect(holds({ on: 'autocomplete' }, input('lam', { surface: 'autocomplete' }))).toBe(true);
    expect(holds({ on: ['search', 'category_page'] }, input('lam', { surface: 'autocomplete' }))).toBe(false);
  });

  it('category: the page is the category, or lies within one', () => {
    const page = input('', { surface: 'category_page', category: 'headphones' });
    expect(holds({ category: { is: 'headphones' } }, page)).toBe(true);
    expect(holds({ category: { is: ['audio', 'speakers'] } }, page)).toBe(false);
    expect(holds({ category: { within: 'electronics' } }, page)).toBe(true);
    expect(holds({ category: { within: 'televisions' } }, page)).toBe(false);
    expect(holds({ category: { within: 'electronics' } }, input('headphones'))).toBe(false);
  });

  it('channel: one of the channels', () => {
    expect(holds({ channel: ['web', 'app'] }, input('tv'))).toBe(true);
    expect(holds({ channel: 'ch' }, input('tv'))).toBe(false);
  });

  it('locale: a regional locale falls back to its language, not the other way', () => {
    expect(holds({ locale: 'de' }, input('fernseher', { locale: 'de-CH' }))).toBe(true);
    expect(holds({ locale: 'de-CH' }, input('fernseher', { locale: 'de-ch' }))).toBe(true);
    expect(holds({ locale: 'de-CH' }, input('fernseher', { locale: 'de' }))).toBe(false);
  });

  it('context: each key named holds one of its values; a key the storefront did not send does not hold', () => {
    const business = { context: { customer_group: ['business', 'vip'] } };
    expect(
      holds(business, input('desk', { context: { customer_group: 'business', device: 'mobile' } })),
    ).toBe(true);
    expect(holds(business, input('desk', { context: { customer_group: 'retail' } }))).toBe(false);
    expect(holds(business, input('desk'))).toBe(false);
  });
});

describe('resolved conditions', () => {
  const televisions = resolved('televisions', { brand: ['Sony'], screen_size: [55] }, true);

  it('reads the category, the filters (further ones do not matter) and completeness', () => {
    const at = input('sony 55 inch tv', { resolved: televisions });
    expect(holds({ resolved: { category: 'televisions' } }, at)).toBe(true);
    expect(holds({ resolved: { filters: { brand: 'sony' } } }, at)).toBe(true);
    expect(holds({ resolved: { filters: { brand: ['Samsung', 'Sony'] } } }, at)).toBe(true);
    expect(holds({ resolved: { filters: { screen_size: { gte: 50 } } } }, at)).toBe(true);
    expect(holds({ resolved: { filters: { color: 'Black' } } }, at)).toBe(false);
    expect(holds({ resolved: { filters: { category: { within: 'electronics' } } } }, at)).toBe(true);
    expect(holds({ resolved: { complete: true } }, at)).toBe(true);
    expect(holds({ resolved: { complete: false } }, at)).toBe(false);
  });

  it('a comparison the query named meets the same comparison', () => {
    const under = input('tv under 500', {
      resolved: resolved('televisions', { price: [{ lt: 500 }] }, true),
    });
    expect(holds({ resolved: { filters: { price: { lt: 500 } } } }, under)).toBe(true);
    expect(holds({ resolved: { filters: { price: { lt: 300 } } } }, under)).toBe(false);
    expect(holds({ resolved: { filters: { price: { exists: true } } } }, under)).toBe(true);
  });

  it('never holds before resolution', () => {
    expect(holds({ resolved: { complete: false } }, input('tv'))).toBe(false);
  });
});

describe('any, all, not', () => {
  const televisions = {
    any: [{ resolved: { category: 'televisions' } }, { category: { within: 'televisions' } }],
  };

  it('any: one of them holds', () => {
    expect(holds(televisions, input('', { surface: 'category_page', category: 'televisions' }))).toBe(true);
    expect(holds(televisions, input('tv', { resolved: resolved('televisions', {}, true) }))).toBe(true);
    expect(holds(televisions, input('tv', { resolved: resolved('headphones', {}, true) }))).toBe(false);
  });

  it('all: each holds; not: it does not', () => {
    const desktopSearch = { all: [{ on: 'search' as const }, { not: { context: { device: 'mobile' } } }] };
    expect(holds(desktopSearch, input('tv', { context: { device: 'desktop' } }))).toBe(true);
    expect(holds(desktopSearch, input('tv', { context: { device: 'mobile' } }))).toBe(false);
  });

  it('no condition at all always holds', () => {
    expect(holds({}, input('anything'))).toBe(true);
    expect(compileCondition(undefined).test(input('anything'))).toBe(true);
  });
});

describe('explain: why a condition held or not, member by member', () => {
  it('names every member with what it asked for and what the request had, nested for any', () => {
    const condition: Condition = {
      on: ['search', 'category_page'],
      query: { contains: 'tv' },
      any: [{ resolved: { category: 'televisions' } }, { category: { within: 'televisions' } }],
    };
    const explained = compileCondition(condition).explain(
      input('cheap tv', { resolved: resolved('televisions', {}, false) }),
    );
    expect(explained).toEqual({
      holds: true,
      checks: [
        { member: 'query', holds: true, expected: { contains: 'tv' }, actual: 'cheap tv' },
        { member: 'on', holds: true, expected: ['search', 'category_page'], actual: 'search' },
        {
          member: 'any',
          holds: true,
          expected: condition.any,
          parts: [
            {
              holds: true,
              checks: [
                {
                  member: 'resolved',
                  holds: true,
                  expected: { category: 'televisions' },
                  actual: { category: 'televisions', filters: {}, complete: false },
                },
              ],
            },
            {
              holds: false,
              checks: [{ member: 'category', holds: false, expected: { within: 'televisions' } }],
            },
          ],
        },
      ],
    });
  });

  it('says when a rule reads a resolution not made yet', () => {
    const explained = compileCondition({ resolved: { complete: true } }).explain(input('tv'));
    expect(explained.checks[0]).toMatchObject({ holds: false, actual: 'not resolved yet' });
  });
});

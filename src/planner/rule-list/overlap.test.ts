import { describe, expect, it } from 'vitest';
import type { Rule } from '../../contracts/release-files/index.js';
import { canMatchTogether, type RequestSpace } from './overlap.js';

type Condition = NonNullable<Rule['when']>;

const parents: Record<string, string> = { headphones: 'audio', speakers: 'audio', audio: 'electronics' };
const space: RequestSpace = {
  channels: [
    { id: 'web', locales: ['en', 'de'], currency: 'EUR' },
    { id: 'b2b', locales: ['en-GB'], currency: 'GBP' },
  ],
  within: (category, ancestor) => {
    for (let at: string | undefined = category; at !== undefined; at = parents[at])
      if (at === ancestor) return true;
    return false;
  },
  children: (category) => Object.keys(parents).filter((child) => parents[child] === category),
};
const together = (a: Condition | undefined, b: Condition | undefined, where: Partial<RequestSpace> = {}) =>
  canMatchTogether(a, b, { ...space, ...where });

describe('canMatchTogether', () => {
  it('meets the query as the planner does: one phrase is another, contains it, or starts it', () => {
    expect(together({ query: { is: 'returns' } }, { query: { contains: 'returns' } })).toBe(true);
    expect(together({ query: { is: 'return policy' } }, { query: { contains: 'policy' } })).toBe(true);
    expect(together({ query: { is: 'returns' } }, { query: { is: 'refund' } })).toBe(false);
    expect(together({ query: { starts_with: 'cheap' } }, { query: { contains: 'tv' } })).toBe(true);
    expect(together({ query: { empty: true } }, { query: { contains: 'tv' } })).toBe(false);
    expect(together({ query: { contains: 'tv' } }, { not: { query: { contains: 'tv' } } })).toBe(false);
    expect(together(undefined, { query: { is: 'anything at all' } })).toBe(true);
  });

  it('keeps surfaces apart, and reads a category as a category page', () => {
    expect(together({ on: 'search' }, { on: 'autocomplete' })).toBe(false);
    expect(together({ on: ['search', 'autocomplete'] }, { on: 'autocomplete' })).toBe(true);
    expect(together({ on: 'search' }, { category: { is: 'headphones' } })).toBe(false);
    expect(together(undefined, { category: { is: 'headphones' } })).toBe(true);
  });

  it('reads categories through the tree: a page below one within it, and one below it but not itself', () => {
    expect(together({ category: { within: 'audio' } }, { category: { is: 'headphones' } })).toBe(true);
    expect(together({ category: { within: 'audio' } }, { category: { is: 'televisions' } })).toBe(false);
    expect(together({ category: { within: 'audio' } }, { not: { category: { is: 'audio' } } })).toBe(true);
    expect(together({ category: { is: 'audio' } }, { category: { is: 'headphones' } })).toBe(false);
  });

  it('takes channels, locales with their fallbacks and context values as one request holds them', () => {
    expect(together({ channel: 'web' }, { channel: 'b2b' })).toBe(false);
    expect(together({ channel: 'b2b' }, { locale: 'en' })).toBe(true);
    expect(together({ channel: 'b2b' }, { locale: 'de' })).toBe(false);
    expect(together({ context: { segment: 'vip' } }, { context: { segment: 'new' } })).toBe(false);
    expect(together({ context: { segment: 'vip' } }, { not: { context: { segment: 'new' } } })).toBe(true);
    expect(together({ context: { segment: 'vip' } }, { context: { region: 'north' } })).toBe(true);
  });

  it('reads only the list’s channel and locale when it names them', () => {
    expect(together({ locale: 'de' }, undefined, { channel: 'web', locale: 'en' })).toBe(false);
    expect(together({ locale: 'de' }, undefined, { channel: 'web', locale: 'de' })).toBe(true);
  });

  it('takes what the query resolved to as one resolution: one category, complete or not', () => {
    expect(together({ resolved: { category: 'audio' } }, { resolved: { category: 'headphones' } })).toBe(
      false,
    );
    expect(together({ resolved: { category: 'audio' } }, { resolved: { filters: { color: 'Black' } } })).toBe(
      true,
    );
    expect(together({ resolved: { complete: true } }, { resolved: { complete: false } })).toBe(false);
    expect(together({ resolved: { category: 'audio' } }, { query: { empty: true } })).toBe(false);
    expect(
      together(
        { any: [{ resolved: { category: 'audio' } }, { category: { within: 'audio' } }] },
        { on: 'category_page', category: { is: 'speakers' } },
      ),
    ).toBe(true);
  });
});

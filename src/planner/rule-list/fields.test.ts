import { describe, expect, it } from 'vitest';
import { demoReleaseFiles } from '../../catalog/demo/release.js';
import type { Rule, RulesFile } from '../../contracts/release-files/index.js';
import { fieldProblems, fieldsOf, ruleOf } from './fields.js';

const demoRules = (demoReleaseFiles['rules.json'] as RulesFile).rules;

describe('editor fields', () => {
  it('express the demo shop’s common rules whole, and none of those with more', () => {
    const expressed = demoRules.filter((rule) => fieldsOf(rule) !== undefined).map((rule) => rule.id);
    expect(expressed).toEqual([
      'redirect-returns',
      'rewrite-cheap',
      'hide-recalled',
      'pin-headphones',
      'autocomplete-sections',
    ]);
  });

  it('make the same rule again from the fields they read off it', () => {
    for (const rule of demoRules) {
      const fields = fieldsOf(rule);
      if (fields === undefined) continue;
      const again = ruleOf(rule.id, fields);
      expect(fieldsOf(again), rule.id).toEqual(fields);
    }
    const pins = demoRules.find((rule) => rule.id === 'pin-headphones')!;
    expect(ruleOf(pins.id, fieldsOf(pins)!)).toEqual(pins);
  });

  it('write the shortest forms and leave out what is the default', () => {
    const rule = ruleOf('r', {
      description: 'Sale page.',
      enabled: true,
      surfaces: ['search'],
      query_match: 'contains',
      query_words: ['sale'],
      category: 'shoes',
      category_below: true,
      boost: ['product:a', 'product:b'],
      boost_strength: 'medium',
      ends_at: '2025-01-01T00:00:00Z',
    });
    expect(rule).toEqual({
      id: 'r',
      description: 'Sale page.',
      schedule: { until: '2025-01-01T00:00:00Z' },
      when: { on: 'search', query: { contains: 'sale' }, category: { within: 'shoes' } },
      then: { boost: [{ entities: ['product:a', 'product:b'], strength: 'medium' }] },
    } satisfies Rule);
  });

  it('do not express two query matches, several categories, a selector target or mixed strengths', () => {
    const base = { id: 'x', description: 'x' };
    const rules: Rule[] = [
      { ...base, when: { query: { is: 'a', contains: 'b' } }, then: { hide: [{ entity: 'product:a' }] } },
      { ...base, when: { category: { is: ['a', 'b'] } }, then: { hide: [{ entity: 'product:a' }] } },
      { ...base, then: { hide: [{ where: { brand: 'Acme' } }] } },
      {
        ...base,
        then: {
          boost: [
            { entity: 'product:a', strength: 'slight' },
            { entity: 'product:b', strength: 'strong' },
          ] as never,
        },
      },
      { ...base, then: { redirect: { to: 'category:a', filters: { brand: 'Acme' } } } },
    ];
    for (const rule of rules) expect(fieldsOf(rule), JSON.stringify(rule)).toBeUndefined();
  });

  it('name fields that lack their pair or contradict each other', () => {
    expect(
      fieldProblems(
        {
          description: 'x',
          enabled: true,
          query_words: ['a'],
          category_below: true,
          redirect_url: '/a',
          redirect_to: 'category:a',
          boost: ['product:a'],
          bury_strength: 'slight',
        },
        '/fields',
      ).map((problem) => problem.pointer),
    ).toEqual([
      '/fields/query_words',
      '/fields/category_below',
      '/fields/redirect_to',
      '/fields/boost_strength',
      '/fields/bury_strength',
    ]);
  });
});

import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/release-files/index.js';
import { AppliedFilter, Selector } from '../contracts/search.js';
import { Trace, type TraceEntry } from '../contracts/trace.js';
import { NOW, planWith, shopPlanner } from './shop.fixture.js';

if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));

const rules: Rule[] = [
  {
    id: 'returns',
    description: 'Returns help.',
    when: { on: 'search', query: { is: 'returns' } },
    then: { redirect: { url: '/help/returns' } },
  },
  {
    id: 'cheap',
    description: 'Drop cheap.',
    when: { query: { contains: 'cheap' } },
    then: { rewrite: { remove: ['cheap'] }, resolve: [{ term: 'sage', as: 'text' }] },
  },
  {
    id: 'partner',
    description: 'Sony up on televisions, Sony TVs pinned.',
    when: { any: [{ resolved: { category: 'televisions' } }, { category: { within: 'televisions' } }] },
    then: {
      boost: [{ where: { brand: 'Sony' }, strength: 'medium' }],
      pin: [{ entity: 'product:bravia-55', position: 2, sponsored: { campaign: 'sony-tv' } }],
      place: [{ slot: 'grid', position: 5, kind: 'card', title: 'TV guide' }],
    } as Rule['then'],
  },
  { id: 'off', description: 'Off.', enabled: false, then: { hide: [{ entity: 'product:bravia-55' }] } },
];

function trace(request: Parameters<typeof planWith>[1]): TraceEntry[] {
  const found = planWith(rules, request).trace;
  if (found === undefined) throw new Error('no trace');
  return found;
}

describe('the trace', () => {
  it('meets its schema for searches, redirects and pages', () => {
    for (const request of [
      { query: 'cheap sony tv under 1000', redirect: false },
      { query: 'returns' },
      { query: 'tv' },
      { on: 'category_page' as const, category: 'televisions', filters: { brand: ['Sony'] } },
      { query: 'sage 128gb', dismissed: [{ field: 'brand' }] },
    ]) {
      const entries = trace(request);
      expect(
        [...Value.Errors(Trace, [Selector, AppliedFilter], entries)].map(
          (error) => `${error.path}: ${error.message}`,
        ),
      ).toEqual([]);
    }
  });

  it('records every planning step in order', () => {
    expect(trace({ query: 'cheap sony tv', redirect: false }).map((entry) => entry.step)).toEqual([
      'arrival',
      'normalize',
      'rules',
      'rewrite',
      'resolution',
      'rules',
      'redirect',
      'plan',
    ]);
    expect(trace({ query: 'returns' }).map((entry) => entry.step)).toEqual([
      'arrival',
      'normalize',
      'rules',
      'rewrite',
      'resolution',
      'rules',
      'redirect',
    ]);
  });

  it('says why each rule acted or not, disabled ones included, in their phase', () => {
    const entries = trace({ query: 'cheap sony tv', redirect: false });
    const phases = entries.flatMap((entry) =>
      entry.step === 'rules' ? [[entry.phase, entry.rules.map((rule) => rule.rule)]] : [],
    );
    expect(phases).toEqual([
      ['before_resolution', ['cheap']],
      ['after_resolution', ['returns', 'partner', 'off']],
    ]);
    const partner = entries
      .flatMap((entry) => (entry.step === 'rules' ? entry.rules : []))
      .find((rule) => rule.rule === 'partner');
    expect(partner?.effects).toEqual([
      { effect: 'pin', outcome: 'applied' },
      { effect: 'boost', outcome: 'applied' },
      { effect: 'place', outcome: 'applied' },
    ]);
  });

  it('holds what a preview needs to say why a product is not on a page: every filter with an id and its origin, hides and pins', () => {
    const plan = trace({
      on: 'category_page',
      category: 'televisions',
      query: 'sony',
      filters: { screen_size: ['50-65'] },
    }).find((entry) => entry.step === 'plan');
    expect(plan).toMatchObject({
      filters: [
        { id: 'f1', where: { category: { within: 'televisions' } }, from: 'page', types: ['product'] },
        { id: 'f2', where: { screen_size: ['50-65'] }, from: 'request', types: ['product'] },
        { id: 'f3', where: { brand: 'Sony' }, from: 'resolution', types: ['product'] },
      ],
      pins: [
        {
          entity: 'product:bravia-55',
          rule: 'partner',
          asked: 2,
          position: 2,
          outcome: 'placed',
          sponsored: 'sony-tv',
        },
      ],
      weights: [{ rule: 'partner', kind: 'boost', factor: 1.5, outcome: 'applied' }],
      placements: [{ rule: 'partner', slot: 'grid', asked: 5, position: 5 }],
    });
  });

  it('marks the time a test or preview fixed', () => {
    expect(trace({ query: 'tv', time: '2026-06-15T12:00:00+02:00' })[0]).toEqual({
      step: 'arrival',
      time: '2026-06-15T10:00:00.000Z',
      fixed: true,
    });
  });

  it('changes nothing the plan decides: with or without it, the same plan', () => {
    const planner = shopPlanner(rules);
    for (const request of [
      { query: 'cheap sony tv under 1000', redirect: false },
      { query: 'returns' },
      { on: 'autocomplete' as const, query: 'sage' },
      { on: 'category_page' as const, category: 'televisions', filters: { brand: ['Sony'] } },
    ]) {
      const { trace: _traced, ...traced } = planner.plan(request, { arrival: NOW, trace: true });
      expect(planner.plan(request, { arrival: NOW, trace: false })).toEqual(traced);
    }
  });

  it('is made when the request asks with debug, or the caller with trace', () => {
    const planner = shopPlanner(rules);
    expect(planner.plan({ query: 'tv' }, { arrival: NOW }).trace).toBeUndefined();
    expect(planner.plan({ query: 'tv', debug: true }, { arrival: NOW }).trace).toBeDefined();
    expect(planner.plan({ query: 'tv', debug: true }, { arrival: NOW, trace: false }).trace).toBeUndefined();
  });
});

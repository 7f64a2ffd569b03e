import { describe, expect, it } from 'vitest';
import type { Rule } from '../../contracts/release-files/index.js';
import type { RuleTrace } from '../../contracts/trace.js';
import type { Plan } from '../plan.js';
import { planWith, searchWith } from '../shop.fixture.js';

function ruleTraces(plan: Plan): RuleTrace[] {
  return (plan.trace ?? []).flatMap((entry) => (entry.step === 'rules' ? entry.rules : []));
}

function traceOf(plan: Plan, id: string): RuleTrace {
  const found = ruleTraces(plan).find((rule) => rule.rule === id);
  if (found === undefined) throw new Error(`no trace of ${id}`);
  return found;
}

const summerSale: Rule = {
  id: 'summer-sale',
  description: 'Summer sale banner in June.',
  schedule: { from: '2026-06-01T00:00:00+02:00', until: '2026-07-01T00:00:00+02:00' },
  when: { on: ['search', 'category_page'] },
  then: { place: [{ slot: 'top', kind: 'banner', title: 'Summer sale' }] },
};

describe('schedule and state: only active rules are evaluated', () => {
  it('acts from `from` inclusive until `until` exclusive, at the time stamped (or fixed by a test)', () => {
    const at = (time: string) => planWith([summerSale], { query: 'sneakers', redirect: false, time });
    expect(at('2026-05-31T23:59:59+02:00').applied).toEqual([]);
    expect(at('2026-06-01T00:00:00+02:00').applied).toEqual(['summer-sale']);
    expect(at('2026-06-30T21:59:59Z').applied).toEqual(['summer-sale']);
    expect(at('2026-06-30T22:00:00Z').applied).toEqual([]);
    expect(traceOf(at('2026-05-01T00:00:00Z'), 'summer-sale')).toEqual({
      rule: 'summer-sale',
      position: 1,
      state: 'not_yet',
      applied: false,
    });
    expect(traceOf(at('2026-07-02T00:00:00Z'), 'summer-sale').state).toBe('ended');
  });

  it('a disabled rule is not evaluated, whatever its condition', () => {
    const plan = planWith([{ ...summerSale, schedule: undefined, enabled: false } as Rule], {
      query: 'sneakers',
    });
    expect(plan.applied).toEqual([]);
    expect(traceOf(plan, 'summer-sale')).toEqual({
      rule: 'summer-sale',
      position: 1,
      state: 'disabled',
      applied: false,
    });
  });

  it('the trace says why a rule did not match', () => {
    const plan = planWith([summerSale], { on: 'autocomplete', query: 'sne', time: '2026-06-15T12:00:00Z' });
    expect(traceOf(plan, 'summer-sale')).toMatchObject({
      state: 'active',
      matched: false,
      applied: false,
      condition: {
        holds: false,
        checks: [
          { member: 'on', holds: false, expected: ['search', 'category_page'], actual: 'autocomplete' },
        ],
      },
    });
  });
});

describe('redirect', () => {
  const help: Rule = {
    id: 'returns',
    description: 'Returns help.',
    when: { on: 'search', query: { is: ['returns', 'return policy'] } },
    then: { redirect: { url: '/help/returns' } },
  };
  const refunds: Rule = {
    id: 'refunds',
    description: 'Refund help.',
    when: { query: { contains: 'returns' } },
    then: {
      redirect: { to: 'category:sneakers', filters: { color: 'Red' } },
      hide: [{ entity: 'product:air-force-1' }],
    },
  };

  it('the highest redirect wins and ends planning; lower redirects and other effects are cut', () => {
    const plan = planWith([help, refunds], { query: 'Return policy?' });
    expect(plan).toMatchObject({ kind: 'redirect', redirect: { url: '/help/returns', rule: 'returns' } });
    expect(plan.applied).toEqual(['returns']);
    const returns = planWith([help, refunds], { query: 'returns' });
    expect(traceOf(returns, 'refunds').effects).toEqual([
      { effect: 'redirect', outcome: 'superseded', by: 'returns' },
      { effect: 'hide', outcome: 'cut', by: 'returns', detail: 'the highest matching rule redirects' },
    ]);
  });

  it('redirects to an entity page with filters chosen', () => {
    const plan = planWith([refunds], { query: 'returns and refunds' });
    expect(plan).toMatchObject({
      kind: 'redirect',
      redirect: {
        url: '/c/shoes/sneakers',
        entity: 'category:sneakers',
        filters: { color: 'Red' },
        rule: 'refunds',
      },
    });
  });

  it('redirect: false answers with results; the rule is refused, its other effects apply', () => {
    const plan = searchWith([refunds], { query: 'returns', redirect: false });
    expect(plan.hides).toEqual([{ rule: 'refunds', entities: ['product:air-force-1'] }]);
    expect(traceOf(plan, 'refunds').effects).toEqual([
      { effect: 'redirect', outcome: 'refused' },
      { effect: 'hide', outcome: 'applied' },
    ]);
  });
});

describe('filter', () => {
  const vegan: Rule = {
    id: 'vegan',
    description: 'Vegan means no leather.',
    when: { query: { contains: 'vegan' } },
    then: { filter: { type: 'product', where: { color: ['Sage', 'Navy'] } } },
  };

  it('narrows its type with a chip the shopper can remove', () => {
    const plan = searchWith([vegan], { query: 'vegan sneakers', redirect: false });
    const filter = plan.filters.find((one) => one.from === 'rule');
    expect(filter).toEqual({
      id: 'f2',
      where: { color: ['Sage', 'Navy'] },
      types: ['product'],
      from: 'rule',
      rule: 'vegan',
      chips: [
        {
          field: 'color',
          label: 'Color',
          value: { color: ['Sage', 'Navy'] },
          value_label: 'Color: Sage, Navy',
          from: 'rule',
          rule: 'vegan',
          type: 'product',
          dismiss: { field: 'color' },
        },
      ],
    });
  });

  it('without a type narrows every section; dismissing its field removes it', () => {
    const everywhere: Rule = { ...vegan, then: { filter: { where: { waterproof: true } } } };
    expect(searchWith([everywhere], { query: 'vegan' }).filters[0]!.types).toEqual([
      'product',
      'category',
      'brand',
      'gift_card',
      'guide',
    ]);
    const dismissed = searchWith([everywhere], { query: 'vegan', dismissed: [{ field: 'waterproof' }] });
    expect(dismissed.filters).toEqual([]);
    expect(dismissed.applied).toEqual([]);
    expect(traceOf(dismissed, 'vegan').effects).toEqual([{ effect: 'filter', outcome: 'dismissed' }]);
  });
});

describe('hide and pin', () => {
  const iphone: Rule = {
    id: 'iphone-newest',
    description: 'The newest iPhone first.',
    when: { query: { starts_with: 'iphone' } },
    then: {
      pin: [
        { entity: 'product:iphone-16', position: 1 },
        { entity: 'product:iphone-15', position: 2 },
      ],
    },
  };
  const campaign: Rule = {
    id: 'samsung-campaign',
    description: 'Paid placement of the Galaxy.',
    when: { on: 'search' },
    then: {
      pin: [
        { entity: 'product:galaxy-s24', position: 1, sponsored: { campaign: 'galaxy-2026' } },
        { entity: 'product:iphone-15', position: 3 },
      ],
    },
  };

  it('"iphone": the newest model pinned first, within every filter', () => {
    const plan = searchWith([iphone], { query: 'iphone' });
    expect(plan.pins).toEqual([
      {
        entity: 'product:iphone-16',
        type: 'product',
        position: 1,
        asked: 1,
        rule: 'iphone-newest',
        onlyIfMatching: false,
      },
      {
        entity: 'product:iphone-15',
        type: 'product',
        position: 2,
        asked: 2,
        rule: 'iphone-newest',
        onlyIfMatching: false,
      },
    ]);
  });

  it('on a tie the higher rule takes the slot and the other moves to the next free one; an entity pinned higher stays there', () => {
    const plan = searchWith([iphone, campaign], { query: 'iphone' });
    expect(plan.pins.map(({ entity, position, asked, rule }) => ({ entity, position, asked, rule }))).toEqual(
      [
        { entity: 'product:iphone-16', position: 1, asked: 1, rule: 'iphone-newest' },
        { entity: 'product:iphone-15', position: 2, asked: 2, rule: 'iphone-newest' },
        { entity: 'product:galaxy-s24', position: 3, asked: 1, rule: 'samsung-campaign' },
      ],
    );
    const pins = (plan.trace ?? []).flatMap((entry) => (entry.step === 'plan' ? entry.pins : []));
    expect(pins).toEqual([
      { entity: 'product:iphone-16', rule: 'iphone-newest', asked: 1, position: 1, outcome: 'placed' },
      { entity: 'product:iphone-15', rule: 'iphone-newest', asked: 2, position: 2, outcome: 'placed' },
      {
        entity: 'product:galaxy-s24',
        rule: 'samsung-campaign',
        asked: 1,
        position: 3,
        outcome: 'moved',
        by: 'iphone-newest',
        sponsored: 'galaxy-2026',
      },
      {
        entity: 'product:iphone-15',
        rule: 'samsung-campaign',
        asked: 3,
        outcome: 'dropped',
        by: 'iphone-newest',
      },
    ]);
  });

  it('a sponsored pin carries its campaign and stands only where it meets the page', () => {
    const plan = searchWith([campaign], { query: 'phone' });
    expect(plan.pins[0]).toEqual({
      entity: 'product:galaxy-s24',
      type: 'product',
      position: 1,
      asked: 1,
      rule: 'samsung-campaign',
      sponsored: { campaign: 'galaxy-2026' },
      onlyIfMatching: true,
    });
  });

  it('a hide beats a pin wherever the hide stands', () => {
    const recall: Rule = {
      id: 'recall',
      description: 'Recalled.',
      then: { hide: [{ entities: ['product:iphone-16'] }, { where: { color: 'Red' }, type: 'product' }] },
    };
    const plan = searchWith([iphone, recall], { query: 'iphone' });
    expect(plan.hides).toEqual([
      { rule: 'recall', entities: ['product:iphone-16'] },
      { rule: 'recall', where: { color: 'Red' }, type: 'product' },
    ]);
    expect(plan.pins.map((pin) => [pin.entity, pin.position])).toEqual([['product:iphone-15', 2]]);
  });

  it("pins of different sections do not take each other's slots", () => {
    const guide: Rule = {
      id: 'guide',
      description: 'Guide.',
      then: { pin: [{ entity: 'guide:sizing', position: 1 }] },
    };
    const plan = searchWith([guide, iphone], { query: 'iphone' });
    expect(plan.pins.map((pin) => [pin.entity, pin.position])).toEqual([
      ['guide:sizing', 1],
      ['product:iphone-16', 1],
      ['product:iphone-15', 2],
    ]);
  });
});

describe('boost and bury', () => {
  const partner: Rule = {
    id: 'partner',
    description: 'Sony up on televisions.',
    when: { any: [{ resolved: { category: 'televisions' } }, { category: { within: 'televisions' } }] },
    then: {
      boost: [{ where: { brand: 'Sony' }, strength: 'medium' }],
      bury: [{ where: { availability: ['backorder'] }, type: 'product', strength: 'slight' }],
    } as Rule['then'],
  };
  const clearance: Rule = {
    id: 'clearance',
    description: 'Sony down in the clearance.',
    then: {
      bury: [
        { where: { brand: 'Sony' }, strength: 'strong' },
        { entity: 'product:bravia-55', strength: 'slight' },
      ],
    } as Rule['then'],
  };

  it('moves entities by the strengths of ranking.json', () => {
    const plan = searchWith([partner], { query: 'tv', redirect: false });
    expect(plan.weights).toEqual([
      { rule: 'partner', kind: 'boost', strength: 'medium', factor: 1.5, where: { brand: 'Sony' } },
      {
        rule: 'partner',
        kind: 'bury',
        strength: 'slight',
        factor: 0.8,
        where: { availability: ['backorder'] },
        type: 'product',
      },
    ]);
  });

  it('a higher rule weighing the same target takes precedence; other targets still apply', () => {
    const plan = searchWith([partner, clearance], { on: 'category_page', category: 'televisions' });
    expect(plan.weights).toEqual([
      { rule: 'partner', kind: 'boost', strength: 'medium', factor: 1.5, where: { brand: 'Sony' } },
      {
        rule: 'partner',
        kind: 'bury',
        strength: 'slight',
        factor: 0.8,
        where: { availability: ['backorder'] },
        type: 'product',
      },
      { rule: 'clearance', kind: 'bury', strength: 'slight', factor: 0.8, entities: ['product:bravia-55'] },
    ]);
    const weights = (plan.trace ?? []).flatMap((entry) => (entry.step === 'plan' ? entry.weights : []));
    expect(weights[2]).toEqual({
      rule: 'clearance',
      kind: 'bury',
      strength: 'strong',
      factor: 0.3,
      target: { where: { brand: 'Sony' }, strength: 'strong' },
      outcome: 'superseded',
      by: 'partner',
    });
  });
});

describe('placements', () => {
  const banner = (id: string, position: number, slot: 'top' | 'grid' | 'bottom' = 'grid'): Rule => ({
    id,
    description: 'Banner.',
    then: {
      place: [
        slot === 'grid'
          ? { slot, position, kind: 'card', title: { en: `Card ${id}`, de: `Karte ${id}` }, link: '/sale' }
          : {
              slot,
              kind: 'banner',
              title: `Banner ${id}`,
              image: { url: 'https://cdn.example.com/b.jpg', alt: { en: 'Sale', de: 'Angebot' } },
            },
      ],
    },
  });

  it("a higher rule's banner at the asked grid position pushes the other to the next free one; texts in the locale", () => {
    const plan = searchWith([banner('a', 7), banner('b', 7), banner('c', 8)], {
      query: 'sneakers',
      locale: 'de',
      redirect: false,
    });
    expect(plan.placements.map(({ rule, position, title }) => [rule, position, title])).toEqual([
      ['a', 7, 'Karte a'],
      ['b', 8, 'Karte b'],
      ['c', 9, 'Karte c'],
    ]);
    expect(
      searchWith([banner('top', 0, 'top')], { query: 'sneakers', locale: 'de', redirect: false }).placements,
    ).toEqual([
      {
        rule: 'top',
        slot: 'top',
        kind: 'banner',
        title: 'Banner top',
        image: { url: 'https://cdn.example.com/b.jpg', alt: 'Angebot' },
      },
    ]);
  });

  it('none on the autocomplete surface or for count_only', () => {
    expect(searchWith([banner('a', 7)], { on: 'autocomplete', query: 'sne' }).placements).toEqual([]);
    const counted = searchWith([banner('a', 7)], { query: 'sneakers', count_only: true, redirect: false });
    expect(counted.placements).toEqual([]);
    expect(counted.applied).toEqual([]);
  });
});

describe('sections', () => {
  const typing: Rule = {
    id: 'typing',
    description: 'Categories first.',
    when: { on: 'autocomplete' },
    then: { sections: ['category', 'brand'] },
  };
  const guides: Rule = { id: 'guides', description: 'Guides first.', then: { sections: ['guide'] } };

  it('a rule orders them; types it leaves out follow in release order (ranking.json, then types.json)', () => {
    expect(searchWith([typing], { on: 'autocomplete', query: 'sne' }).sections.map((s) => s.type)).toEqual([
      'category',
      'brand',
      'product',
      'gift_card',
      'guide',
    ]);
    expect(searchWith([], { query: 'sneaker socks' }).sections.map((s) => s.type)).toEqual([
      'product',
      'category',
      'brand',
      'gift_card',
      'guide',
    ]);
  });

  it('the higher rule decides', () => {
    const plan = searchWith([typing, guides], { on: 'autocomplete', query: 'sne' });
    expect(plan.sections[0]!.type).toBe('category');
    expect(traceOf(plan, 'guides').effects).toEqual([
      { effect: 'sections', outcome: 'superseded', by: 'typing' },
    ]);
  });
});

describe('precedence across effects', () => {
  it('applied lists the rules whose effects took part, in precedence order', () => {
    const rules: Rule[] = [
      { id: 'hide-old', description: 'Old model.', then: { hide: [{ entity: 'product:iphone-15' }] } },
      {
        id: 'cheap',
        description: 'Drop cheap.',
        when: { query: { contains: 'cheap' } },
        then: { rewrite: { remove: ['cheap'] } },
      },
      {
        id: 'never',
        description: 'Never.',
        when: { channel: 'ch' },
        then: { hide: [{ entity: 'product:bravia-55' }] },
      },
    ];
    const plan = searchWith(rules, { query: 'cheap iphone' });
    expect(plan.applied).toEqual(['hide-old', 'cheap']);
    expect(traceOf(plan, 'never')).toMatchObject({ matched: false, applied: false });
  });
});

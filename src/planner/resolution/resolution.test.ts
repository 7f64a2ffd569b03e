import { describe, expect, it } from 'vitest';
import type { Rule } from '../../contracts/release-files/index.js';
import type { SpanTrace } from '../../contracts/trace.js';
import type { Plan } from '../plan.js';
import { chipText, planWith, searchWith } from '../shop.fixture.js';

function spans(plan: Plan): SpanTrace[] {
  return (plan.trace ?? []).flatMap((entry) => (entry.step === 'resolution' ? entry.spans : []));
}

const results = { redirect: false };

describe('resolution: what a query names', () => {
  it('"red nike shoes under 50": a category, a brand, a color and a price', () => {
    const plan = searchWith([], { query: 'red nike shoes under 50', ...results });
    expect(plan.resolution).toEqual({
      category: 'shoes',
      filters: { color: 'Red', brand: 'Nike', price: { lt: 50 } },
      text: '',
      complete: true,
    });
    expect(plan.query.searched).toBe('');
    expect(plan.filters.flatMap((filter) => filter.chips.map(chipText))).toEqual([
      'Category: Shoes',
      'Color: Red',
      'Brand: Nike',
      'Price: under 50 EUR',
    ]);
    expect(plan.filters.map((filter) => filter.where)).toEqual([
      { category: { within: 'shoes' } },
      { color: 'Red' },
      { brand: 'Nike' },
      { price: { lt: 50 } },
    ]);
  });

  it('brands by name, id and alias; categories by title and path; option values by value, label and alias', () => {
    expect(searchWith([], { query: 'nikey running shoes', ...results }).resolution).toMatchObject({
      category: 'running-shoes',
      filters: { brand: 'Nike' },
    });
    expect(searchWith([], { query: 'crimson sneakers', ...results }).resolution).toMatchObject({
      category: 'sneakers',
      filters: { color: 'Red' },
    });
    expect(searchWith([], { query: 'tv sony', ...results }).resolution).toMatchObject({
      category: 'televisions',
    });
  });

  it("in the request's locale: titles, labels and synonyms of the language", () => {
    expect(planWith([], { query: 'kopfhörer', locale: 'de', ...results }).resolution).toEqual({
      category: 'headphones',
      text: '',
      complete: true,
    });
    expect(planWith([], { query: 'schwarze laufschuhe', locale: 'de', ...results }).resolution).toEqual({
      category: 'running-shoes',
      filters: { color: 'Black' },
      text: '',
      complete: true,
    });
    expect(planWith([], { query: 'running shoes', locale: 'de', ...results }).resolution).toMatchObject({
      text: 'running shoes',
    });
    expect(
      planWith([], { query: 'fernseher', locale: 'de-CH', channel: 'ch', ...results }).resolution,
    ).toMatchObject({
      category: 'televisions',
    });
  });

  it('by stems and synonyms when the words are not written as the vocabulary writes them', () => {
    const television = spans(planWith([], { query: 'television', ...results }));
    expect(television[0]).toMatchObject({
      outcome: 'detected',
      detections: [{ field: 'category', value: 'televisions', match: 'stem' }],
    });
    const trainers = spans(planWith([], { query: 'trainers', ...results }));
    expect(trainers[0]).toMatchObject({
      detections: [{ value: 'sneakers', via: 'title', match: 'synonym' }],
    });
  });

  it('longest match first: "navy blue" is Navy, not Navy and Blue', () => {
    expect(searchWith([], { query: 'navy blue sneakers', ...results }).resolution).toMatchObject({
      filters: { color: 'Navy' },
      complete: true,
    });
    expect(searchWith([], { query: 'navy and blue sneakers', ...results }).resolution).toMatchObject({
      filters: { color: ['Navy', 'Blue'] },
      complete: true,
    });
  });

  it('an option group by its label', () => {
    expect(searchWith([], { query: 'blues sneakers', ...results }).resolution?.filters).toEqual({
      color: 'blue_tones',
    });
  });

  it('a flag attribute by its name', () => {
    expect(
      searchWith([], { query: 'waterproof headphones', ...results }).filters.map((filter) =>
        chipText(filter.chips[0]!),
      ),
    ).toEqual(['Category: Headphones', 'Waterproof']);
  });

  it('leaves the rest as text, and the name of a field given a value is no text', () => {
    expect(searchWith([], { query: 'nike pegasus 41', ...results }).resolution).toEqual({
      filters: { brand: 'Nike' },
      text: 'pegasus 41',
      complete: false,
    });
    expect(searchWith([], { query: 'sneakers size 42 color white', ...results }).resolution).toEqual({
      category: 'sneakers',
      filters: { size: '42', color: 'White' },
      text: '',
      complete: true,
    });
  });

  it('a lone number is an option value only within a category that carries it', () => {
    expect(searchWith([], { query: 'nike 42', ...results }).resolution).toMatchObject({ text: '42' });
    expect(searchWith([], { query: 'nike sneakers 42', ...results }).resolution?.filters).toEqual({
      brand: 'Nike',
      size: '42',
    });
    expect(
      searchWith([], { on: 'category_page', category: 'shoes', query: '42' }).resolution?.filters,
    ).toEqual({ size: '42' });
    expect(searchWith([], { query: 'smartphones 42', ...results }).resolution?.text).toBe('42');
  });

  it('words that only join what was named leave the query complete', () => {
    expect(searchWith([], { query: 'red and white sneakers for nike', ...results }).resolution).toMatchObject(
      {
        text: '',
        complete: true,
      },
    );
    expect(searchWith([], { query: 'sneakers for running', ...results }).resolution).toMatchObject({
      text: 'for running',
      complete: false,
    });
  });

  it('a category only in another channel is not named', () => {
    expect(searchWith([], { query: 'gift cards', channel: 'ch', locale: 'de-CH' }).resolution).toMatchObject({
      complete: false,
    });
  });

  it('two categories on one line of the tree: the deeper one; apart: both stay text', () => {
    expect(searchWith([], { query: 'sports sneakers', ...results }).resolution).toMatchObject({
      category: 'sneakers',
      complete: true,
    });
    const apart = planWith([], { query: 'sneakers headphones', ...results });
    expect(apart.resolution).toEqual({ text: 'sneakers headphones', complete: false });
    expect(spans(apart).map((span) => span.outcome)).toEqual(['conflict', 'conflict']);
  });
});

describe('numbers with units', () => {
  it('a quantity attribute in its own unit, converted from another of its dimension', () => {
    expect(searchWith([], { query: '55 inch tv', ...results }).resolution?.filters).toEqual({
      screen_size: 55,
    });
    expect(searchWith([], { query: '55" tv', ...results }).resolution?.filters).toEqual({ screen_size: 55 });
    expect(searchWith([], { query: 'smartphone 1 tb', ...results }).resolution?.filters).toEqual({
      storage: 1000,
    });
    expect(searchWith([], { query: 'desk 1.4 m', ...results }).resolution?.filters).toEqual({ width: 140 });
  });

  it('glued ("16gb"), with German decimals, and compared ("over 50 inch", "between 100 and 200 eur")', () => {
    expect(searchWith([], { query: '256gb smartphone', ...results }).resolution?.filters).toEqual({
      storage: 256,
    });
    expect(
      searchWith([], { query: 'tv über 50 zoll', locale: 'de', ...results }).resolution?.filters,
    ).toEqual({
      screen_size: { gt: 50 },
    });
    expect(
      searchWith([], { query: 'headphones between 100 and 200 eur', ...results }).resolution?.filters,
    ).toEqual({
      price: { between: [100, 200] },
    });
    expect(searchWith([], { query: 'sneakers from 80 to 120', ...results }).resolution?.filters).toEqual({
      price: { between: [80, 120] },
    });
    expect(searchWith([], { query: 'tv over 1000 under 2000', ...results }).resolution?.filters).toEqual({
      price: { gt: 1000, lt: 2000 },
    });
    expect(
      searchWith([], { query: 'schreibtisch 1,4 m', locale: 'de', ...results }).resolution?.filters,
    ).toEqual({
      width: 140,
    });
  });

  it('a bare number is no quantity: sizes and model numbers stay as they are', () => {
    expect(searchWith([], { query: 'pegasus 41', ...results }).resolution).toEqual({
      text: 'pegasus 41',
      complete: false,
    });
    expect(searchWith([], { query: 'iphone 15 in black', ...results }).resolution?.filters).toEqual({
      color: 'Black',
    });
  });

  it('an option value that is a quantity ("128 GB"), and the category deciding between it and a quantity attribute', () => {
    const open = planWith([], { query: '128gb', ...results });
    expect(open.resolution).toEqual({ text: '128gb', complete: false });
    expect(spans(open)[0]).toMatchObject({
      outcome: 'ambiguous',
      candidates: [
        { field: 'memory_card', value: '128 GB' },
        { field: 'storage', value: 128 },
      ],
    });
    expect(searchWith([], { query: 'smartphone 128gb', ...results }).resolution?.filters).toEqual({
      storage: 128,
    });
    expect(searchWith([], { query: 'memory card 128gb', ...results }).resolution?.filters).toEqual({
      memory_card: '128 GB',
    });
    expect(
      searchWith([], { on: 'category_page', category: 'smartphones', query: '128gb' }).resolution?.filters,
    ).toEqual({
      storage: 128,
    });
  });
});

describe('resolve rules decide ambiguous terms', () => {
  const iphone: Rule = {
    id: 'iphone',
    description: 'iPhone means Apple smartphones.',
    then: { resolve: [{ term: 'iphone', as: { brand: 'apple', category: 'smartphones' } }] },
  };
  const sage: Rule = {
    id: 'sage-word',
    description: 'Sage stays a word in English.',
    when: { locale: 'en' },
    then: {
      resolve: [
        { term: 'sage', as: 'text' },
        { term: '128gb', as: { memory_card: '128 gb' } },
      ],
    },
  };
  const sageColor: Rule = {
    id: 'sage-color',
    description: 'Sage is the color.',
    then: { resolve: [{ term: 'sage', as: { color: 'Sage' } }] },
  };

  it('"iphone" means what the rule says, written as filters name it', () => {
    const plan = planWith([iphone], { query: 'iphone', ...results });
    expect(plan.resolution).toEqual({
      category: 'smartphones',
      filters: { brand: 'Apple' },
      text: '',
      complete: true,
    });
    expect(plan.applied).toEqual(['iphone']);
    expect(spans(plan)[0]).toMatchObject({ outcome: 'detected', rule: 'iphone' });
  });

  it('"text" keeps a term a word, and decides a term the vocabulary leaves open', () => {
    expect(searchWith([sage], { query: 'sage headphones', ...results }).resolution).toEqual({
      category: 'headphones',
      text: 'sage',
      complete: false,
    });
    expect(searchWith([sage], { query: '128gb', ...results }).resolution?.filters).toEqual({
      memory_card: '128 GB',
    });
  });

  it("per term the higher rule decides; the lower rule's resolve is superseded", () => {
    const plan = planWith([sage, sageColor], { query: 'sage headphones', ...results });
    expect(plan.resolution?.text).toBe('sage');
    const trace = (plan.trace ?? []).flatMap((entry) => (entry.step === 'rules' ? entry.rules : []));
    expect(trace.find((rule) => rule.rule === 'sage-color')).toMatchObject({
      applied: false,
      effects: [{ effect: 'resolve', outcome: 'superseded', by: 'sage-word' }],
    });
    expect(planWith([sageColor, sage], { query: 'sage headphones', ...results }).resolution?.filters).toEqual(
      { color: 'Sage' },
    );
  });

  it('a rule whose term is not in the query decides nothing and is not applied', () => {
    expect(planWith([iphone], { query: 'galaxy', ...results }).applied).toEqual([]);
  });
});

describe('rewrites run before resolution', () => {
  const cheap: Rule = {
    id: 'cheap',
    description: 'Cheap names no product.',
    when: { query: { contains: ['cheap', 'cheapest'] } },
    then: { rewrite: { remove: ['cheap', 'cheapest', 'low price'] } },
  };

  it('"cheap tv" searches the televisions without the word, and lands on their page', () => {
    const plan = planWith([cheap], { query: 'cheap tv' });
    expect(plan).toMatchObject({
      kind: 'redirect',
      redirect: { url: '/c/tv', entity: 'category:televisions' },
      resolution: { category: 'televisions', text: '', complete: true },
      applied: ['cheap'],
    });
    expect(plan.trace?.find((entry) => entry.step === 'rewrite')).toEqual({
      step: 'rewrite',
      removed: [{ words: 'cheap', rule: 'cheap' }],
      text: 'tv',
    });
  });

  it('removals of all rules are united; phrases go as whole words', () => {
    const lowPrice: Rule = {
      id: 'deal',
      description: 'Deal names no product.',
      when: { query: { contains: 'deal' } },
      then: { rewrite: { remove: ['deal'] } },
    };
    const plan = searchWith([cheap, lowPrice], { query: 'cheapest deal sneakers at low price', ...results });
    expect(plan.query.searched).toBe('at');
    expect(plan.resolution).toMatchObject({ category: 'sneakers', text: 'at' });
    expect(plan.applied).toEqual(['cheap', 'deal']);
  });
});

describe('dismissed detections stay text', () => {
  it('by field and value, however often the query is sent', () => {
    const request = { query: 'red nike shoes', dismissed: [{ field: 'brand', value: 'nike' }], ...results };
    for (let times = 0; times < 2; times++) {
      const plan = planWith([], request);
      expect(plan.resolution).toEqual({
        category: 'shoes',
        filters: { color: 'Red' },
        text: 'nike',
        complete: false,
      });
      expect(spans(plan)[1]).toMatchObject({
        words: 'nike',
        outcome: 'dismissed',
        candidates: [{ field: 'brand', value: 'Nike' }],
      });
    }
  });

  it('by field alone, and the words of a dismissed span are not read again in parts', () => {
    expect(
      searchWith([], { query: 'navy blue sneakers', dismissed: [{ field: 'color' }], ...results }).resolution,
    ).toEqual({
      category: 'sneakers',
      text: 'navy blue',
      complete: false,
    });
    expect(
      searchWith([], { query: 'sneakers under 100', dismissed: [{ field: 'price' }], ...results }).resolution
        ?.text,
    ).toBe('under 100');
  });

  it('the chip of each detection names what to dismiss', () => {
    const chips = searchWith([], { query: 'nike sneakers 42 under 100', ...results }).filters.flatMap(
      (filter) => filter.chips,
    );
    expect(chips.map((chip) => [chipText(chip), chip.dismiss])).toEqual([
      ['Category: Sneakers', { field: 'category', value: 'sneakers' }],
      ['Brand: Nike', { field: 'brand', value: 'Nike' }],
      ['Size: 42', { field: 'size', value: '42' }],
      ['Price: under 100 EUR', { field: 'price' }],
    ]);
  });
});

describe('redirect when the query names a page completely', () => {
  it('a category or a brand alone, to its page in the locale', () => {
    expect(planWith([], { query: 'Running Shoes' })).toMatchObject({
      kind: 'redirect',
      redirect: { url: '/c/shoes/running-shoes', entity: 'category:running-shoes' },
    });
    expect(planWith([], { query: 'laufschuhe', locale: 'de' })).toMatchObject({
      redirect: { url: '/k/schuhe/laufschuhe', entity: 'category:running-shoes' },
    });
    expect(planWith([], { query: 'nike', locale: 'de' })).toMatchObject({
      redirect: { url: '/marken/nike', entity: 'brand:nike' },
    });
  });

  it('not with filters beside, words left, on another surface, while choosing filters, or with redirect: false', () => {
    expect(planWith([], { query: 'red sneakers' }).kind).toBe('search');
    expect(planWith([], { query: 'sneakers sale' }).kind).toBe('search');
    expect(planWith([], { on: 'autocomplete', query: 'sneakers' }).kind).toBe('search');
    expect(planWith([], { query: 'sneakers', filters: { color: ['Red'] } }).kind).toBe('search');
    const refused = planWith([], { query: 'sneakers', redirect: false });
    expect(refused.kind).toBe('search');
    expect(refused.trace?.find((entry) => entry.step === 'redirect')).toEqual({
      step: 'redirect',
      outcome: 'refused',
      reason: 'the query names category:sneakers, and the request asks for results (redirect: false)',
    });
  });

  it('a brand no entity stands for has no page', () => {
    expect(planWith([], { query: 'flexi' })).toMatchObject({
      kind: 'search',
      resolution: { filters: { brand: 'Flexi' } },
    });
  });
});

describe('relaxation', () => {
  it('leaves out what the query named step by step, a brand before a category, then matches every word as text', () => {
    const plan = searchWith([], { query: 'nike televisions', ...results, filters: { color: ['Black'] } });
    const [request, category, brand] = plan.filters;
    expect(request).toMatchObject({ from: 'request', where: { color: ['Black'] } });
    expect(category).toMatchObject({ from: 'resolution', where: { category: { within: 'televisions' } } });
    expect(brand).toMatchObject({ from: 'resolution', where: { brand: 'Nike' } });
    expect(plan.relaxations).toEqual([
      {
        text: '',
        rankText: 'nike televisions',
        filters: [request, category],
        leftOut: [expect.objectContaining({ field: 'brand', label: 'Brand', value_label: 'Nike' })],
      },
      {
        text: 'nike televisions',
        filters: [request],
        leftOut: [
          expect.objectContaining({ field: 'brand', label: 'Brand', value_label: 'Nike' }),
          expect.objectContaining({ field: 'category', label: 'Category', value_label: 'Televisions' }),
        ],
      },
    ]);
  });

  it('is not needed when nothing was named', () => {
    expect(searchWith([], { query: 'pegasus' }).relaxations).toBeUndefined();
  });
});

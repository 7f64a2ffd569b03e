import { describe, expect, it } from 'vitest';
import { fashionShop, type ShopFiles, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'rules.json';
const TYPES = '"product", "category", "brand", "guide"';

const rule = (files: ShopFiles, index: number) => files['rules.json'].rules[index]!;

describe('rules.json rules', () => {
  it('refuses a rule id two rules share', () => {
    const files = fashionShop();
    files['rules.json'].rules.push({
      id: 'returns-redirect',
      description: 'Hide the old returns label',
      then: { hide: [{ entity: 'product:returns-label' }] },
    });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/6/id',
        message: 'The rule id "returns-redirect" names an earlier rule too: give each rule its own id.',
      },
    ]);
  });

  it('leaves a description over 200 characters to the schema, pointing at it', () => {
    const files = fashionShop();
    rule(files, 0).description = 'Summer sale '.repeat(17);
    expect(violationsOf(files)).toEqual([
      { file: FILE, pointer: '/rules/0/description', message: 'Must have at most 200 characters.' },
    ]);
  });

  it('refuses a schedule that ends when it starts, comparing the instants across offsets', () => {
    const files = fashionShop();
    rule(files, 0).schedule!.until = '2026-05-31T22:00:00Z';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/0/schedule/until',
        message:
          'The rule would end at 2026-05-31T22:00:00Z, not after it starts at 2026-06-01T00:00:00+02:00: set until after from.',
      },
    ]);
  });
});

describe('rules.json conditions', () => {
  it('refuses a channel channels.json does not define', () => {
    const files = fashionShop();
    rule(files, 0).when!.channel = ['web', 'fr'];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/0/when/channel/1',
        message: '"fr" is no channel of channels.json: use one of "web", "uk".',
      },
    ]);
  });

  it('refuses a locale no channel serves, at any depth', () => {
    const files = fashionShop();
    rule(files, 5).when!.not = { locale: 'it' };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/5/when/not/locale',
        message:
          'No channel serves the locale "it": use one of "en", "de", "en-GB", or add it to a channel in channels.json.',
      },
    ]);
  });

  it('takes a regional locale whose language a channel serves, as requests fall back to it', () => {
    const files = fashionShop();
    rule(files, 0).when!.locale = ['en-US', 'de-AT', 'en-GB'];
    expect(violationsOf(files)).toEqual([]);
  });

  it.each([
    ['resolves', 1],
    ['rewrites', 1],
  ])('refuses a rule that %s reading resolved, which does not exist yet', (effect, index) => {
    const files = fashionShop();
    const jeans = rule(files, index);
    if (effect === 'rewrites') delete jeans.then.resolve;
    jeans.when = { query: { contains: 'jeans' }, any: [{ resolved: { complete: true } }] };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: `/rules/${index}/when/any/0/resolved`,
        message:
          'A rule that resolves or rewrites runs before resolution, so its condition cannot read "resolved": move those effects to a rule of their own, or remove "resolved".',
      },
    ]);
  });

  it('refuses resolved filters naming a field that cannot filter', () => {
    const files = fashionShop();
    rule(files, 5).when!.resolved!.filters = { mpn: 'ABC-123' };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/5/when/resolved/filters/mpn',
        message:
          '"mpn" is an identifier, which filters only when attributes.json sets filterable: true: set it there, or use one of "category", "brand", "price", "on_sale", "availability", "delivery_days", "rating", "color", "size", "organic", "weight", "inseam", "release_date".',
      },
    ]);
  });

  it('refuses a context key channels.json does not declare', () => {
    const files = fashionShop();
    rule(files, 2).when!.context = { device: 'mobile', region: 'north' };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/2/when/context/region',
        message:
          '"region" is no context key of channels.json: use one of "device", "customer_group", or declare it under context there.',
      },
    ]);
  });

  it('refuses a context value its key does not list', () => {
    const files = fashionShop();
    rule(files, 2).when!.any = [{ context: { device: ['mobile', 'tablet'], customer_group: 'anyone' } }];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/2/when/any/0/context/device/1',
        message: '"tablet" is no value of the context key "device": use one of "mobile", "desktop".',
      },
    ]);
  });
});

describe('rules.json effects', () => {
  it.each<[string, (files: ShopFiles) => void, string, string]>([
    [
      'a pinned entity',
      (files) => {
        rule(files, 2).then.pin![0]!.entity = 'item:sku-1001';
      },
      '/rules/2/then/pin/0/entity',
      'item:sku-1001',
    ],
    [
      'a hidden entity',
      (files) => {
        rule(files, 2).then.hide = [{ entity: 'item:sku-9999' }];
      },
      '/rules/2/then/hide/0/entity',
      'item:sku-9999',
    ],
    [
      'one of the buried entities',
      (files) => {
        const bury = rule(files, 2).then.bury![0]!;
        if ('entities' in bury) bury.entities[1] = 'item:sku-2002';
      },
      '/rules/2/then/bury/0/entities/1',
      'item:sku-2002',
    ],
    [
      'a redirect target',
      (files) => {
        rule(files, 4).then.redirect = { to: 'maker:nike' };
      },
      '/rules/4/then/redirect/to',
      'maker:nike',
    ],
  ])('refuses %s of a type types.json does not define', (_what, change, pointer, reference) => {
    const files = fashionShop();
    change(files);
    const type = reference.split(':')[0];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer,
        message: `"${reference}" is of type "${type}", which types.json does not define: name an entity of ${TYPES}.`,
      },
    ]);
  });

  it.each([
    [
      'filter',
      (files: ShopFiles) => (rule(files, 5).then.filter!.type = 'article'),
      '/rules/5/then/filter/type',
    ],
    [
      'boost',
      (files: ShopFiles) => {
        const boost = rule(files, 2).then.boost![0]!;
        if ('where' in boost) boost.type = 'article';
      },
      '/rules/2/then/boost/0/type',
    ],
    [
      'sections',
      (files: ShopFiles) => (rule(files, 5).then.sections = ['product', 'article']),
      '/rules/5/then/sections/1',
    ],
  ])('refuses a %s type types.json does not define', (_what, change, pointer) => {
    const files = fashionShop();
    change(files);
    expect(violationsOf(files)).toEqual([
      { file: FILE, pointer, message: `"article" is no type of types.json: use one of ${TYPES}.` },
    ]);
  });

  it('refuses a section order listing a type twice', () => {
    const files = fashionShop();
    rule(files, 5).then.sections = ['guide', 'product', 'guide'];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/5/then/sections/2',
        message: 'The type "guide" is listed twice: list each type once.',
      },
    ]);
  });

  it.each([
    [
      'a filter',
      (files: ShopFiles) => (rule(files, 5).then.filter!.where = { colour: 'navy' }),
      '/rules/5/then/filter/where/colour',
    ],
    [
      'a boost',
      (files: ShopFiles) => {
        const boost = rule(files, 2).then.boost![0]!;
        if ('where' in boost) boost.where = { colour: 'navy' };
      },
      '/rules/2/then/boost/0/where/colour',
    ],
    [
      "a redirect's filters",
      (files: ShopFiles) =>
        (rule(files, 4).then.redirect = { to: 'brand:nike', filters: { colour: 'navy' } }),
      '/rules/4/then/redirect/filters/colour',
    ],
  ])('refuses %s selecting by an unknown field', (_what, change, pointer) => {
    const files = fashionShop();
    change(files);
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer,
        message:
          '"colour" is neither a built-in field nor an attribute in attributes.json: use one of "category", "brand", "price", "on_sale", "availability", "delivery_days", "rating", "color", "size", "organic", "weight", "inseam", "release_date".',
      },
    ]);
  });

  it.each(['help/returns', '//help.example.com/returns', 'http://help.example.com/returns'])(
    'refuses a redirect to %s, neither a path nor an https URL',
    (url) => {
      const files = fashionShop();
      rule(files, 3).then.redirect = { url };
      expect(violationsOf(files)).toEqual([
        {
          file: FILE,
          pointer: '/rules/3/then/redirect/url',
          message: `"${url}" is neither a path on the shop (starting with one /) nor a URL starting with https://: write it as "/sale" or "https://example.com/sale".`,
        },
      ]);
    },
  );

  it('refuses a placement link that is neither a path nor an https URL', () => {
    const files = fashionShop();
    rule(files, 0).then.place![0]!.link = 'http://shop.example.com/sale';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/0/then/place/0/link',
        message:
          '"http://shop.example.com/sale" is neither a path on the shop (starting with one /) nor a URL starting with https://: write it as "/sale" or "https://example.com/sale".',
      },
    ]);
  });

  it('refuses a grid placement without a position', () => {
    const files = fashionShop();
    delete rule(files, 0).then.place![1]!.position;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/0/then/place/1',
        message:
          'A placement in the grid stands before the tile at its position, and this one has none: add a position, such as 5.',
      },
    ]);
  });

  it('refuses a position on a placement outside the grid', () => {
    const files = fashionShop();
    rule(files, 0).then.place![0]!.position = 3;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/0/then/place/0/position',
        message:
          'Only a grid placement has a position, and this one is in the top slot: remove position 3, or set slot to grid.',
      },
    ]);
  });

  it('refuses two pins of one rule at one position', () => {
    const files = fashionShop();
    rule(files, 2).then.pin!.push({ entity: 'product:sku-1003', position: 2 });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/2/then/pin/2/position',
        message: 'Position 2 is taken by "product:sku-1002" in this rule: give each pin its own position.',
      },
    ]);
  });

  it('refuses one entity pinned twice in a rule', () => {
    const files = fashionShop();
    rule(files, 2).then.pin!.push({ entity: 'product:sku-1001', position: 3 });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/2/then/pin/2/entity',
        message: '"product:sku-1001" is pinned earlier in this rule: pin each entity once.',
      },
    ]);
  });

  it.each([
    ['an unknown field', 'colour'],
    ['a built-in field no query names', 'price'],
    ['an attribute that cannot filter', 'material'],
  ])('refuses a term resolved as %s', (_what, key) => {
    const files = fashionShop();
    rule(files, 1).then.resolve![1]!.as = { [key]: 'navy' };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: `/rules/1/then/resolve/1/as/${key}`,
        message: `A term cannot mean "${key}": map it to one of "brand", "category", "color", "size", "organic", "weight", "inseam", "release_date", or write "text".`,
      },
    ]);
  });

  it('refuses a term resolved as nothing', () => {
    const files = fashionShop();
    rule(files, 1).then.resolve![1]!.as = {};
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/1/then/resolve/1/as',
        message:
          '"navy" resolves to nothing: name what it means, such as { "brand": "nike" }, or write "text".',
      },
    ]);
  });

  it('refuses a term one rule resolves twice', () => {
    const files = fashionShop();
    rule(files, 1).then.resolve!.push({ term: ' Jeans', as: 'text' });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/rules/1/then/resolve/3/term',
        message: 'The term " Jeans" is resolved earlier in this rule: resolve each term once.',
      },
    ]);
  });
});

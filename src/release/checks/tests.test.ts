import { describe, expect, it } from 'vitest';
import { fashionShop, type ShopFiles, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'tests.json';
const TYPES = '"product", "category", "brand", "guide"';

const test = (files: ShopFiles, index: number) => files['tests.json'].tests[index]!;

describe('tests.json requests', () => {
  it('refuses a test id two tests share', () => {
    const files = fashionShop();
    files['tests.json'].tests.push({
      id: 'returns-redirects',
      request: { query: 'refund' },
      expect: { sections: ['guide'] },
    });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/3/id',
        message: 'The test id "returns-redirects" names an earlier test too: give each test its own id.',
      },
    ]);
  });

  it('refuses a channel channels.json does not define', () => {
    const files = fashionShop();
    test(files, 0).request.channel = 'fr';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/0/request/channel',
        message: '"fr" is no channel of channels.json: use one of "web", "uk".',
      },
    ]);
  });

  it("refuses a locale the request's channel does not serve", () => {
    const files = fashionShop();
    test(files, 2).request.locale = 'de';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/2/request/locale',
        message: 'Channel "uk" does not serve the locale "de": use one of "en-GB", or add it to the channel.',
      },
    ]);
  });

  it('reads the first channel for a request that names none, and lets a regional locale fall back', () => {
    const files = fashionShop();
    test(files, 1).request.locale = 'de-AT';
    expect(violationsOf(files)).toEqual([]);
    test(files, 1).request.locale = 'fr';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/1/request/locale',
        message:
          'Channel "web" does not serve the locale "fr": use one of "en", "de", or add it to the channel.',
      },
    ]);
  });

  it('refuses a sort that is neither relevance nor a ranking.json sort', () => {
    const files = fashionShop();
    test(files, 2).request.sort = 'popular';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/2/request/sort',
        message:
          '"popular" is neither relevance nor a sort of ranking.json: use one of "relevance", "price_asc", "price_desc", "newest", "bestselling", "lightest".',
      },
    ]);
  });

  it('refuses a context value its key does not list', () => {
    const files = fashionShop();
    test(files, 2).request.context = { device: 'watch' };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/2/request/context/device',
        message: '"watch" is no value of the context key "device": use one of "mobile", "desktop".',
      },
    ]);
  });

  it('refuses a dismissed detection of a field that cannot filter', () => {
    const files = fashionShop();
    test(files, 0).request.dismissed = [{ field: 'category' }, { field: 'material', value: 'linen' }];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/0/request/dismissed/1/field',
        message:
          '"material" is a text attribute, and text is never a filter: use one of "category", "brand", "price", "on_sale", "availability", "delivery_days", "rating", "color", "size", "organic", "weight", "inseam", "release_date".',
      },
    ]);
  });
});

describe('tests.json expectations', () => {
  it('refuses a rule id rules.json does not define', () => {
    const files = fashionShop();
    test(files, 0).expect.rules!.applied!.push('denim-means-jeans');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/0/expect/rules/applied/1',
        message:
          '"denim-means-jeans" is no rule of rules.json: use one of "summer-sale-banner", "jeans-means-category", "women-merchandising", "returns-redirect", "nike-brand-page", "organic-only".',
      },
    ]);
  });

  it('refuses a rule expected both applied and not applied', () => {
    const files = fashionShop();
    test(files, 0).expect.rules!.not_applied!.push('jeans-means-category');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/0/expect/rules/not_applied/1',
        message:
          'The rule "jeans-means-category" is expected both applied and not applied: keep one of them.',
      },
    ]);
  });

  it('refuses a section of a type types.json does not define', () => {
    const files = fashionShop();
    test(files, 2).expect.sections!.push('article');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/2/expect/sections/1',
        message: `"article" is no type of types.json: use one of ${TYPES}.`,
      },
    ]);
  });

  it.each([
    [
      'first',
      (files: ShopFiles) => (test(files, 2).expect.results!.first = 'item:sku-1001'),
      '/tests/2/expect/results/first',
    ],
    [
      'contains',
      (files: ShopFiles) => test(files, 2).expect.results!.contains!.push('item:sku-1001'),
      '/tests/2/expect/results/contains/1',
    ],
    [
      'excludes',
      (files: ShopFiles) => test(files, 2).expect.results!.excludes!.push('item:sku-1001'),
      '/tests/2/expect/results/excludes/1',
    ],
    [
      'redirect',
      (files: ShopFiles) => (test(files, 1).expect.redirect = { to: 'item:sku-1001' }),
      '/tests/1/expect/redirect/to',
    ],
  ])('refuses an entity of a type types.json does not define in %s', (_what, change, pointer) => {
    const files = fashionShop();
    change(files);
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer,
        message: `"item:sku-1001" is of type "item", which types.json does not define: name an entity of ${TYPES}.`,
      },
    ]);
  });

  it('refuses an entity expected among the results and excluded from them', () => {
    const files = fashionShop();
    test(files, 2).expect.results!.excludes!.push('product:sku-1002');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/tests/2/expect/results/excludes/1',
        message: '"product:sku-1002" is expected among the results and excluded from them: keep one of them.',
      },
    ]);
  });

  it.each([
    [
      'results all',
      (files: ShopFiles) => (test(files, 2).expect.results!.all = { colour: 'navy' }),
      '/tests/2/expect/results/all/colour',
    ],
    [
      'results none',
      (files: ShopFiles) => (test(files, 2).expect.results!.none = { colour: 'navy' }),
      '/tests/2/expect/results/none/colour',
    ],
    [
      'resolved filters',
      (files: ShopFiles) => (test(files, 0).expect.resolved!.filters = { colour: 'navy' }),
      '/tests/0/expect/resolved/filters/colour',
    ],
    [
      'request filters',
      (files: ShopFiles) => (test(files, 2).request.filters = { colour: 'navy' }),
      '/tests/2/request/filters/colour',
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
});

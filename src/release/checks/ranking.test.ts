import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'ranking.json';
const TYPES = '"product", "category", "brand", "guide"';
const SIGNALS = '"sales_30d", "rating_avg", "first_seen"';

describe('ranking.json signals', () => {
  it('refuses a signal defined twice', () => {
    const files = fashionShop();
    files['ranking.json'].signals!.push({
      code: 'sales_30d',
      direction: 'higher_is_better',
      normalize: 'percentile',
    });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/signals/3/code',
        message: 'The signal "sales_30d" is defined before: define each signal once.',
      },
    ]);
  });

  it('refuses a half-life on a signal that is not newer_is_better', () => {
    const files = fashionShop();
    files['ranking.json'].signals![0]!.normalize = { half_life_days: 14 };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/signals/0/normalize/half_life_days',
        message:
          'A half-life ages dates, and "sales_30d" is higher_is_better: set direction to newer_is_better, or normalize by percentile.',
      },
    ]);
  });

  it('refuses newer_is_better without a half-life', () => {
    const files = fashionShop();
    files['ranking.json'].signals![2]!.normalize = 'percentile';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/signals/2/normalize',
        message:
          '"first_seen" is newer_is_better, which reads a date and needs a half-life: normalize with { "half_life_days": 30 } or another number of days.',
      },
    ]);
  });
});

describe('ranking.json weights', () => {
  it('refuses weights of a type types.json does not define', () => {
    const files = fashionShop();
    files['ranking.json'].weights!.article = { first_seen: 1 };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/weights/article',
        message: `"article" is no type of types.json: weigh one of ${TYPES}.`,
      },
    ]);
  });

  it('refuses a weight of a signal ranking.json does not define', () => {
    const files = fashionShop();
    files['ranking.json'].weights!.product!.returns_rate = -1;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/weights/product/returns_rate',
        message: `"returns_rate" is no signal of ranking.json: weigh one of ${SIGNALS}, or define it under signals.`,
      },
    ]);
  });
});

describe('ranking.json sorts', () => {
  it('refuses a sort code two sorts share', () => {
    const files = fashionShop();
    files['ranking.json'].sorts!.push({ code: 'newest', by: 'signals.first_seen', direction: 'desc' });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/sorts/5/code',
        message: 'The sort code "newest" names an earlier sort too: give each sort its own code.',
      },
    ]);
  });

  it('refuses a definition of relevance, which is built in', () => {
    const files = fashionShop();
    files['ranking.json'].sorts!.push({ code: 'relevance', by: 'signals.sales_30d', direction: 'desc' });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/sorts/5/code',
        message: 'The sort "relevance" is built in: remove this definition, or give it another code.',
      },
    ]);
  });

  it('refuses a sort by a signal ranking.json does not define', () => {
    const files = fashionShop();
    files['ranking.json'].sorts![3]!.by = 'signals.sales_7d';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/sorts/3/by',
        message:
          '"signals.sales_7d" names no signal of ranking.json: sort by one of "signals.sales_30d", "signals.rating_avg", "signals.first_seen", or define it under signals.',
      },
    ]);
  });

  it('refuses a sort by an attribute attributes.json does not define', () => {
    const files = fashionShop();
    files['ranking.json'].sorts![4]!.by = 'attributes.heel_height';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/sorts/4/by',
        message:
          '"attributes.heel_height" names no attribute in attributes.json: sort by one of "price", "delivery_days", "discount", "attributes.weight", "attributes.release_date", or a signal.',
      },
    ]);
  });

  it('refuses a sort by an attribute that is not sortable', () => {
    const files = fashionShop();
    files['ranking.json'].sorts![4]!.by = 'attributes.size';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/sorts/4/by',
        message:
          '"attributes.size" names an attribute that is not sortable: sort by one of "price", "delivery_days", "discount", "attributes.weight", "attributes.release_date", or a signal.',
      },
    ]);
  });
});

describe('ranking.json sections', () => {
  it('refuses a section of a type types.json does not define', () => {
    const files = fashionShop();
    files['ranking.json'].sections!.push('article');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/sections/3',
        message: `"article" is no type of types.json: use one of ${TYPES}.`,
      },
    ]);
  });

  it('refuses a type listed twice', () => {
    const files = fashionShop();
    files['ranking.json'].sections!.push('product');
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/sections/3',
        message: 'The type "product" is listed twice: list each type once.',
      },
    ]);
  });

  it('reads the types a release without types.json knows', () => {
    const ranking = fashionShop()['ranking.json'];
    const release = {
      'ranking.json': {
        signals: ranking.signals,
        weights: { content: { first_seen: 1 } },
        sections: ['product', 'content'],
      },
    };
    expect(violationsOf(release)).toEqual([]);
    release['ranking.json'].sections.push('guide');
    expect(violationsOf(release)).toEqual([
      {
        file: FILE,
        pointer: '/sections/2',
        message: '"guide" is no type of types.json: use one of "product", "category", "brand", "content".',
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { compileIndex } from '../compile.js';
import { loadIndex } from '../load.js';
import type { EngineSettings } from '../settings.js';
import { catalog, JULY, JUNE, settings } from './fixture.test-support.js';
import { counts, facet, ids, list, shopIndex } from './shop.test-support.js';

const DAY = 86_400_000;

describe('offers per channel, at the request time', () => {
  it('shows the offer of the request channel with its currency', async () => {
    const index = await shopIndex();
    const web = list(index, {
      filters: { brand: 'acme', material: 'cotton' },
      sort: { by: 'price', direction: 'asc' },
    });
    expect(web.currency).toBe('EUR');
    expect(
      web.product.hits.map((hit) => [
        hit.entity,
        hit.fields.price,
        hit.fields.sale_price,
        hit.fields.currency,
      ]),
    ).toEqual([
      ['product:s1', 55, 35, 'EUR'],
      ['product:d1', 40, undefined, 'EUR'],
    ]);
    const ch = list(index, {
      channel: 'ch',
      filters: { brand: 'acme', material: 'cotton' },
      sort: { by: 'price', direction: 'asc' },
    });
    expect(ch.currency).toBe('CHF');
    expect(
      ch.product.hits.map((hit) => [
        hit.entity,
        hit.fields.price,
        hit.fields.currency,
        hit.fields.availability,
      ]),
    ).toEqual([
      ['product:d1', 40, 'EUR', 'in_stock'],
      ['product:s1', 60, 'CHF', 'backorder'],
    ]);
  });

  it('reads a sale price only within its window', async () => {
    const index = await shopIndex();
    const july = list(index, { filters: { size: 'M', brand: 'nordic' } });
    expect(july.product.hits[0]!.fields).toMatchObject({ price: 120, sale_price: 90 });
    const june = list(index, { filters: { size: 'M', brand: 'nordic' }, time: JUNE });
    expect(june.product.hits[0]!.fields.price).toBe(120);
    expect(june.product.hits[0]!.fields.sale_price).toBeUndefined();
    expect(ids(list(index, { filters: { price: { lt: 100 }, brand: 'nordic' }, time: JUNE }))).toEqual([
      'l1',
    ]);
    expect(ids(list(index, { filters: { price: { lt: 100 }, brand: 'nordic' } })).sort()).toEqual([
      'd2',
      'l1',
    ]);
    const after = list(index, {
      facets: [facet('on_sale', 'toggle')],
      time: Date.parse('2025-08-01T00:00:00Z'),
    });
    expect(counts(after, 'on_sale')).toEqual({ true: 1 }); // the window's end is exclusive
  });

  it('shows stock, delivery days and the result fields of types.json, in the request locale', async () => {
    const index = await shopIndex();
    const shirt = list(index, {
      filters: { size: 'M', brand: 'acme', material: 'cotton', category: { within: 'men' } },
    });
    expect(shirt.product.hits[0]!.fields).toEqual({
      title: 'Oxford Shirt',
      brand: 'acme',
      price: 55,
      currency: 'EUR',
      availability: 'in_stock',
      stock: 4,
      delivery_days: { min: 1, max: 3 },
      attributes: { color: 'Navy', size: 'M' },
      categories: ['shirts'],
      signals: { sales: 30 },
    });
    const german = list(index, { locale: 'de-CH', filters: { size: 'S' } });
    expect(german.product.hits[0]!.fields).toMatchObject({
      title: 'Sommerkleid',
      attributes: { color: 'Rot', size: 'S' },
      rating: 4.5,
    });
  });
});

describe('sorts', () => {
  const sorted = async (by: string, direction: 'asc' | 'desc', more = {}) =>
    ids(list(await shopIndex(), { sort: { by, direction }, ...more }));

  it('by price, the lowest a tile is offered at', async () => {
    expect(await sorted('price', 'asc')).toEqual(['l2', 's1', 'd1', 'l1', 'd2']);
    expect(await sorted('price', 'desc')).toEqual(['d2', 'l1', 'd1', 's1', 'l2']);
    expect(await sorted('price', 'asc', { time: JUNE })).toEqual(['l2', 's1', 'd1', 'l1', 'd2']);
  });

  it('by discount, in percent of the regular price', async () => {
    // s1: 35 instead of 55 (36 %); d2: 90 instead of 120 (25 %); the others tie at 0 in catalog order.
    expect(await sorted('discount', 'desc')).toEqual(['s1', 'd2', 'd1', 'l1', 'l2']);
  });

  it('by delivery days, the fastest a tile delivers', async () => {
    expect(await sorted('delivery_days', 'asc')).toEqual(['d1', 's1', 'l1', 'd2', 'l2']);
  });

  it('by a sortable attribute, numbers and dates; tiles without a value last', async () => {
    expect(await sorted('attributes.weight', 'asc')).toEqual(['s1', 'd1', 'd2', 'l2', 'l1']);
    expect(await sorted('attributes.weight', 'desc')).toEqual(['l1', 'l2', 'd2', 'd1', 's1']);
    expect(await sorted('attributes.released', 'desc')).toEqual(['d2', 'd1', 's1', 'l1', 'l2']);
  });

  it('by a signal', async () => {
    expect(await sorted('signals.sales', 'desc')).toEqual(['d1', 's1', 'd2', 'l1', 'l2']);
    expect(await sorted('signals.sales', 'asc')).toEqual(['l1', 'd2', 's1', 'd1', 'l2']);
  });

  it('pages one order: the pages together are the sorted list', async () => {
    const index = await shopIndex();
    const pages = [1, 2, 3].flatMap((page) =>
      ids(list(index, { sort: { by: 'price', direction: 'asc' }, page, perPage: 2 })),
    );
    expect(pages).toEqual(['l2', 's1', 'd1', 'l1', 'd2']);
  });
});

describe('signals in relevance', () => {
  const build = async (products: CatalogEntity[], extra: EngineSettings) =>
    loadIndex(await compileIndex(products, { settings: { ...settings, ...extra }, time: JULY }));
  const product = (id: string, signals: Record<string, number | string>, title = 'Lamp'): CatalogEntity => ({
    type: 'product',
    id,
    title,
    signals,
  });

  it('weighs percentiles: the best sellers come first when the query has no words', async () => {
    expect(ids(list(await shopIndex()))).toEqual(['d1', 's1', 'd2', 'l1', 'l2']);
  });

  it('turns lower_is_better round', async () => {
    const index = await build(
      [product('a', { returns: 0.3 }), product('b', { returns: 0.05 }), product('c', { returns: 0.1 })],
      {
        signals: [{ code: 'returns', direction: 'lower_is_better', normalize: 'percentile' }],
        signalWeights: { product: { returns: 1 } },
      },
    );
    expect(ids(list(index))).toEqual(['b', 'c', 'a']);
  });

  it('damps an average by its count toward the mean', async () => {
    const index = await build(
      [
        product('few', { stars: 5, reviews: 1 }),
        product('many', { stars: 4.8, reviews: 500 }),
        product('low', { stars: 4, reviews: 200 }),
      ],
      {
        signals: [
          {
            code: 'stars',
            direction: 'higher_is_better',
            normalize: { damped: { count_signal: 'reviews', prior_count: 10 } },
          },
        ],
        signalWeights: { product: { stars: 1 } },
      },
    );
    // Raw averages would put "few" first; one review is weak evidence against 500.
    expect(ids(list(index))).toEqual(['many', 'few', 'low']);
  });

  it('halves a dated signal every half-life, at the request time', async () => {
    const extra: EngineSettings = {
      signals: [{ code: 'since', direction: 'newer_is_better', normalize: { half_life_days: 30 } }],
      signalWeights: { product: { since: 1 } },
    };
    const index = await build(
      [product('old', { since: '2025-01-01T00:00:00Z' }), product('new', { since: '2025-07-15T00:00:00Z' })],
      extra,
    );
    const now = list(index);
    expect(ids(now)).toEqual(['new', 'old']);
    expect(now.product.hits[0]!.score).toBeCloseTo(1, 6);
    const month = list(index, { time: JULY + 30 * DAY });
    expect(month.product.hits[0]!.score).toBeCloseTo(0.5, 6);
  });

  it('multiplies the text score by one plus the weighted signals', async () => {
    const plain = await build(
      [product('a', { sales: 1 }, 'Brass lamp'), product('b', { sales: 9 }, 'Brass lamp')],
      {
        signalWeights: {},
      },
    );
    const scores = list(plain, { text: 'brass' }).product.hits.map((hit) => hit.score);
    expect(scores[0]).toBeCloseTo(scores[1]!, 9);
    const weighted = await build(
      [product('a', { sales: 1 }, 'Brass lamp'), product('b', { sales: 9 }, 'Brass lamp')],
      {
        signalWeights: { product: { sales: 2 } },
      },
    );
    const hits = list(weighted, { text: 'brass' }).product.hits;
    expect(hits.map((hit) => hit.entity)).toEqual(['product:b', 'product:a']);
    expect(hits[0]!.score).toBeCloseTo(scores[0]! * 3, 9); // percentile 1, weight 2
    expect(hits[1]!.score).toBeCloseTo(scores[0]!, 9); // percentile 0
  });
});

describe('category pages', () => {
  it('list the category and everything below it', async () => {
    const index = await shopIndex();
    expect(ids(list(index, { category: 'fashion' })).sort()).toEqual(['d1', 'd2', 's1']);
    expect(ids(list(index, { category: 'dresses' })).sort()).toEqual(['d1', 'd2']);
    expect(list(index, { category: 'women' }).product.total).toBe(2);
  });

  it('take smart categories: entities a node matches belong to it and everything above it', async () => {
    const index = loadIndex(
      await compileIndex(catalog, {
        settings: {
          ...settings,
          smartCategories: [{ category: 'women', where: { material: 'cotton', brand: 'acme' } }],
        },
        time: JULY,
      }),
    );
    expect(ids(list(index, { category: 'women' })).sort()).toEqual(['d1', 'd2', 's1']);
    // d1 is a cotton Acme dress: in women by its dresses, and now directly too.
    expect(ids(list(index, { filters: { category: { is: 'women' } } }))).toEqual(['d1', 's1']);
    const facets = list(index, { category: 'fashion', facets: [facet('category', 'hierarchical')] });
    expect(counts(facets, 'category')).toEqual({ fashion: 3, women: 3, men: 1 });
  });

  it('build when a smart category names a category the catalog does not hold: it matches nothing there', async () => {
    const index = loadIndex(
      await compileIndex(catalog, {
        settings: {
          ...settings,
          smartCategories: [
            { category: 'women', where: { any: [{ category: { is: 'soundbars' } }, { brand: 'acme' }] } },
            { category: 'soundbars', where: { material: 'cotton' } },
          ],
        },
        time: JULY,
      }),
    );
    // Only the Acme products join women; the node of the missing category adds no members.
    expect(ids(list(index, { filters: { category: { is: 'women' } } })).sort()).toEqual(['d1', 'l2', 's1']);
    const facets = list(index, { facets: [facet('category', 'hierarchical')] });
    expect(counts(facets, 'category')).not.toHaveProperty('soundbars');
  });

  it('decide smart categories that read offers at the compile time', async () => {
    const smart = { smartCategories: [{ category: 'home', where: { on_sale: true } }] };
    const july = loadIndex(await compileIndex(catalog, { settings: { ...settings, ...smart }, time: JULY }));
    expect(ids(list(july, { category: 'home' })).sort()).toEqual(['d2', 'l1', 'l2', 's1']);
    const june = loadIndex(await compileIndex(catalog, { settings: { ...settings, ...smart }, time: JUNE }));
    expect(ids(list(june, { category: 'home' })).sort()).toEqual(['l1', 'l2', 's1']);
  });

  it('combine the page with text and filters', async () => {
    const index = await shopIndex();
    expect(ids(list(index, { category: 'fashion', text: 'dress', filters: { size: 'L' } })).sort()).toEqual([
      'd1',
      'd2',
    ]);
    expect(ids(list(index, { category: 'home', text: 'dress' }))).toEqual([]);
  });
});

describe('count only', () => {
  it('answers the total alone, and the facets asked for', async () => {
    const index = await shopIndex();
    const result = list(index, { countOnly: true, filters: { size: 'M' }, facets: [facet('color', 'list')] });
    expect(result.product.total).toBe(3);
    expect(result.product.hits).toEqual([]);
    expect(counts(result, 'color')).toEqual({ Red: 1, Blue: 1, Navy: 1 });
  });
});

describe('applied filters', () => {
  it('lists each chosen value with its labels and the filters that remove it', async () => {
    const index = await shopIndex();
    const result = list(index, {
      locale: 'de',
      filters: {
        color: ['Red', 'blues'],
        price: { gte: 20, lte: 60 },
        category: { within: 'women' },
        on_sale: true,
      },
      facets: [facet('on_sale', 'toggle', { label: 'Im Angebot' })],
      fieldLabels: { color: 'Farbe', price: 'Preis' },
    });
    expect(result.applied).toEqual([
      {
        field: 'color',
        label: 'Farbe',
        value: 'Red',
        value_label: 'Rot',
        from: 'request',
        filters: {
          color: ['blues'],
          price: { gte: 20, lte: 60 },
          category: { within: 'women' },
          on_sale: true,
        },
      },
      {
        field: 'color',
        label: 'Farbe',
        value: 'blues',
        value_label: 'Blautöne',
        from: 'request',
        filters: {
          color: ['Red'],
          price: { gte: 20, lte: 60 },
          category: { within: 'women' },
          on_sale: true,
        },
      },
      {
        field: 'price',
        label: 'Preis',
        value: { gte: 20, lte: 60 },
        value_label: '20 – 60',
        from: 'request',
        filters: { color: ['Red', 'blues'], category: { within: 'women' }, on_sale: true },
      },
      {
        field: 'category',
        label: 'category',
        value: 'women',
        value_label: 'Women (de)',
        from: 'request',
        filters: { color: ['Red', 'blues'], price: { gte: 20, lte: 60 }, on_sale: true },
      },
      {
        field: 'on_sale',
        label: 'Im Angebot',
        value: true,
        value_label: 'Im Angebot',
        from: 'request',
        filters: { color: ['Red', 'blues'], price: { gte: 20, lte: 60 }, category: { within: 'women' } },
      },
    ]);
  });

  it('labels a value written in another case as the catalog writes it', async () => {
    const index = await shopIndex();
    const result = list(index, { locale: 'de', filters: { color: 'RED' } });
    expect(result.applied?.map(({ value, value_label }) => ({ value, value_label }))).toEqual([
      { value: 'RED', value_label: 'Rot' },
    ]);
  });
});

describe('facets of many values', () => {
  // More brands than the counts a search starts with hold, so their counts come from a larger
  // array made mid-search, while the facets counted before keep theirs.
  const BRANDS = 6_000;
  const products: CatalogEntity[] = [];
  for (let i = 0; i < BRANDS; i++) {
    const copies = i % 50 === 0 ? 3 : 1;
    for (let copy = 0; copy < copies; copy++) {
      products.push({
        type: 'product',
        id: `p${i}-${copy}`,
        title: 'Lamp',
        brand: `brand-${i}`,
        categories: [i % 2 === 0 ? 'even' : 'odd'],
        attributes: { material: copy === 0 ? 'oak' : 'pine' },
      });
    }
  }
  const categories = [
    { id: 'even', title: 'Even' },
    { id: 'odd', title: 'Odd' },
  ];
  const facets = [facet('category', 'hierarchical'), facet('material', 'list'), facet('brand', 'list')];

  it('counts every value exactly, search after search', async () => {
    const index = loadIndex(
      await compileIndex(
        [...categories.map((category) => ({ type: 'category', ...category })), ...products],
        {
          settings,
          time: JULY,
        },
      ),
    );
    for (let round = 0; round < 2; round++) {
      const all = list(index, { facets });
      expect(all.product.total).toBe(BRANDS + 2 * (BRANDS / 50));
      expect(counts(all, 'category')).toEqual({ even: BRANDS / 2 + 2 * (BRANDS / 50), odd: BRANDS / 2 });
      expect(counts(all, 'material')).toEqual({ oak: BRANDS, pine: 2 * (BRANDS / 50) });
      const brands = counts(all, 'brand');
      expect(brands['brand-0']).toBe(3);
      expect(brands['brand-50']).toBe(3);

      const pine = list(index, { facets, filters: { material: 'pine' } });
      expect(pine.product.total).toBe(2 * (BRANDS / 50));
      expect(counts(pine, 'material')).toEqual({ oak: BRANDS, pine: 2 * (BRANDS / 50) });
      expect(counts(pine, 'category')).toEqual({ even: 2 * (BRANDS / 50) });
      expect(Object.values(counts(pine, 'brand')).every((count) => count === 2)).toBe(true);
    }
  });
});

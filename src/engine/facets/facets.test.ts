import { describe, expect, it } from 'vitest';
import type { Facet } from '../../contracts/search.js';
import { counts, facet, list, shopIndex } from '../listing/shop.test-support.js';
import { EDGES } from './ladder.js';

async function facetOf(spec: Parameters<typeof facet>, filters: Record<string, unknown> = {}, more = {}) {
  const result = list(await shopIndex(), { filters, facets: [facet(...spec)], ...more });
  return result.product.facets?.[0] as Facet | undefined;
}

describe('Facet kinds', () => {
  it('list: values with the tiles that hold them, most first', async () => {
    const brand = (await facetOf(['brand', 'list']))!;
    expect(brand).toMatchObject({ field: 'brand', kind: 'list', label: 'brand' });
    // "Acme" and "acme" are one brand; the value is the brand entity's id.
    expect(brand.values).toEqual([
      { value: 'acme', label: 'Acme', count: 3, image: 'https://img.example/acme.svg' },
      { value: 'nordic', label: 'Nordic Co', count: 2 },
    ]);
  });

  it('swatch: option values with their swatch, image and description', async () => {
    const color = (await facetOf(['color', 'swatch']))!;
    expect(color.kind).toBe('swatch');
    expect(color.values).toEqual([
      { value: 'Red', label: 'Red', count: 2, swatch: '#c00', image: 'https://img.example/red.png' },
      { value: 'Blue', label: 'Blue', count: 1, swatch: '#00c', description: 'A deep blue' },
      { value: 'Navy', label: 'Navy', count: 1, swatch: '#004' },
      { value: 'Green', label: 'Green', count: 1, swatch: '#0c0' },
    ]);
  });

  it('hierarchical: the top categories, opened down to the chosen one, each value naming its parent', async () => {
    const top = (await facetOf(['category', 'hierarchical']))!;
    expect(top.values).toEqual([
      { value: 'fashion', label: 'Fashion', count: 3 },
      { value: 'home', label: 'Home', count: 2 },
    ]);
    const opened = (await facetOf(['category', 'hierarchical'], { category: { within: 'women' } }))!;
    expect(opened.values).toEqual([
      { value: 'fashion', label: 'Fashion', count: 3 },
      { value: 'women', label: 'Women', count: 2, parent: 'fashion', selected: true },
      { value: 'dresses', label: 'Dresses', count: 2, parent: 'women' },
      { value: 'men', label: 'Men', count: 1, parent: 'fashion' },
      { value: 'home', label: 'Home', count: 2 },
    ]);
  });

  it('hierarchical on a category page: opened down to the page, counted within it', async () => {
    const page = (await facetOf(['category', 'hierarchical'], {}, { category: 'fashion' }))!;
    expect(page.values).toEqual([
      { value: 'fashion', label: 'Fashion', count: 3 },
      { value: 'women', label: 'Women', count: 2, parent: 'fashion' },
      { value: 'men', label: 'Men', count: 1, parent: 'fashion' },
    ]);
  });

  it('range: no values, the lowest and highest value among the results without its own choice', async () => {
    const price = (await facetOf(['price', 'range']))!;
    expect(price).toMatchObject({ kind: 'range', values: [], min: 19.99, max: 130 });
    expect(price.histogram).toBeUndefined(); // no histogram without the display
    const chosen = (await facetOf(['price', 'range'], { price: { gte: 40, lte: 60 } }))!;
    expect(chosen).toMatchObject({ min: 19.99, max: 130 });
    const narrowed = (await facetOf(['price', 'range'], { brand: 'Nordic Co' }))!;
    expect(narrowed).toMatchObject({ min: 80, max: 130 });
    const weight = (await facetOf(['weight', 'range', { unit: 'kg' }]))!;
    expect(weight).toMatchObject({ min: 0.3, max: 2.5, unit: 'kg' });
    const width = (await facetOf(['width', 'range']))!;
    expect(width).toMatchObject({ min: 20, max: 50 });
  });

  it('buckets: each bucket with its count, its code written as bounds and the bounds', async () => {
    const delivery = (await facetOf([
      'delivery_days',
      'buckets',
      {
        buckets: [
          { to: 3, label: 'Fast' },
          { to: 8, label: 'This week' },
          { from: 30, label: 'Later' },
        ],
      },
    ]))!;
    expect(delivery.values).toEqual([
      { value: '-3', label: 'Fast', count: 1, bounds: { lt: 3 } },
      { value: '-8', label: 'This week', count: 4, bounds: { lt: 8 } },
    ]);
    const price = (await facetOf(
      [
        'price',
        'buckets',
        {
          buckets: [
            { to: 50, label: 'Cheap' },
            { from: 50, to: 100, label: 'Mid' },
          ],
        },
      ],
      {
        price: ['50-100'],
      },
    ))!;
    expect(price.values).toEqual([
      { value: '-50', label: 'Cheap', count: 3, bounds: { lt: 50 } },
      { value: '50-100', label: 'Mid', count: 3, bounds: { gte: 50, lt: 100 }, selected: true },
    ]);
  });

  it('toggle: one value, true, labelled as the facet', async () => {
    const sale = (await facetOf(['on_sale', 'toggle', { label: 'On sale' }]))!;
    expect(sale.values).toEqual([{ value: true, label: 'On sale', count: 2 }]);
    const eco = (await facetOf(['eco', 'toggle'], { eco: true }))!;
    expect(eco.values).toEqual([{ value: true, label: 'eco', count: 1, selected: true }]);
  });

  it('relative: date buckets in days from the request time', async () => {
    const released = (await facetOf([
      'released',
      'relative',
      {
        buckets: [
          { to: -60, label: 'Older' },
          { from: -60, to: 1, label: 'Last 60 days' },
        ],
      },
    ]))!;
    expect(released.values).toEqual([
      { value: '--60', label: 'Older', count: 1, bounds: { lt: -60 } },
      { value: '-60-1', label: 'Last 60 days', count: 1, bounds: { gte: -60, lt: 1 } },
    ]);
    const chosen = (await facetOf(
      ['released', 'relative', { buckets: [{ from: -60, to: 1, label: 'New' }] }],
      {
        released: ['-60-1'],
      },
    ))!;
    expect(chosen.values).toEqual([
      { value: '-60-1', label: 'New', count: 1, bounds: { gte: -60, lt: 1 }, selected: true },
    ]);
  });
});

describe('Facet fields', () => {
  it('counts each facet under every filter but its own', async () => {
    const index = await shopIndex();
    const result = list(index, {
      filters: { brand: 'acme', color: 'Red' },
      facets: [facet('brand', 'list'), facet('color', 'list'), facet('material', 'list')],
    });
    // brand under color Red: d1 (acme) and d2 (nordic); color under brand acme: d1 red, s1 navy.
    expect(counts(result, 'brand')).toEqual({ acme: 1, nordic: 1 });
    expect(counts(result, 'color')).toEqual({ Red: 1, Navy: 1 });
    expect(counts(result, 'material')).toEqual({ cotton: 1 });
    expect(result.product.total).toBe(1);
  });

  it('caps a list at its limit and says how many more have results; a chosen value always stays', async () => {
    const capped = (await facetOf(['material', 'list', { limit: 2 }]))!;
    expect(capped.values.map((value) => value.value)).toEqual(['cotton', 'brass']);
    expect(capped.more).toBe(2);
    const chosen = (await facetOf(['material', 'list', { limit: 2 }], { material: 'silk' }))!;
    expect(chosen.values.map((value) => [value.value, value.count, value.selected])).toEqual([
      ['cotton', 2, undefined],
      ['brass', 1, undefined],
      ['silk', 1, true],
    ]);
    expect(chosen.more).toBe(1);
    const all = (await facetOf(['material', 'list']))!;
    expect(all.values).toHaveLength(4);
    expect(all.more).toBeUndefined();
  });

  it('caps a list ordered by value to its most frequent values, then lays them out in value order', async () => {
    // Sizes by count: M, L, S, XL; in value order S, M, L, XL. The cap keeps M and L.
    const capped = (await facetOf(['size', 'list', { order: 'value_order', limit: 2 }]))!;
    expect(capped.values.map((value) => value.value)).toEqual(['M', 'L']);
    expect(capped.more).toBe(2);
    const buttons = (await facetOf(['size', 'list', { display: 'buttons', limit: 1 }]))!;
    expect(buttons.values.map((value) => value.value)).toEqual(['M']);
    const chosen = (await facetOf(['size', 'list', { order: 'value_order', limit: 2 }], { size: 'XL' }))!;
    expect(chosen.values.map((value) => [value.value, value.selected])).toEqual([
      ['M', undefined],
      ['L', undefined],
      ['XL', true],
    ]);
  });

  it('shows a chosen value without results, and a chosen value the catalog does not hold', async () => {
    const color = (await facetOf(['color', 'list'], { color: ['Green', 'Purple'], size: 'S' }))!;
    expect(color.values).toEqual([
      { value: 'Red', label: 'Red', count: 1, swatch: '#c00', image: 'https://img.example/red.png' },
      { value: 'Green', label: 'Green', count: 0, selected: true, swatch: '#0c0' },
      { value: 'Purple', label: 'Purple', count: 0, selected: true },
    ]);
  });

  it('leaves out a facet without values to show', async () => {
    expect(await facetOf(['rating', 'range'], { brand: 'nordic' })).toBeUndefined();
    expect(
      await facetOf(['on_sale', 'toggle'], { brand: 'nordic' }, { time: Date.parse('2025-01-01T00:00:00Z') }),
    ).toBeUndefined();
    // A range with a choice stays, even without values.
    expect(await facetOf(['rating', 'range'], { brand: 'nordic', rating: { gte: 4 } })).toMatchObject({
      field: 'rating',
      values: [],
    });
  });

  it('orders by count, by value order or by label', async () => {
    const byCount = (await facetOf(['size', 'list']))!;
    expect(byCount.values.map((value) => value.value)).toEqual(['M', 'L', 'S', 'XL']);
    const byValue = (await facetOf(['size', 'list', { order: 'value_order' }]))!;
    expect(byValue.values.map((value) => value.value)).toEqual(['S', 'M', 'L', 'XL']);
    const byLabel = (await facetOf(['color', 'list', { order: 'label' }], {}, { locale: 'de' }))!;
    expect(byLabel.values.map((value) => value.label)).toEqual(['Blau', 'Grün', 'Marine', 'Rot']);
    // Buttons keep the listed order whatever the order says.
    const buttons = (await facetOf(['size', 'list', { display: 'buttons' }]))!;
    expect(buttons.values.map((value) => value.value)).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('grades: values on badges in their swatch colors, in listed order; stars: a rating range', async () => {
    // By label (German) Blau would lead; grades keep the attribute's order, each value with its swatch.
    const grades = (await facetOf(
      ['color', 'swatch', { display: 'grades', order: 'label' }],
      {},
      { locale: 'de' },
    ))!;
    expect(grades.display).toBe('grades');
    expect(grades.values.map((value) => [value.value, value.swatch])).toEqual([
      ['Red', '#c00'],
      ['Blue', '#00c'],
      ['Navy', '#004'],
      ['Green', '#0c0'],
    ]);
    const stars = (await facetOf(['rating', 'range', { display: 'stars' }]))!;
    expect(stars).toMatchObject({ field: 'rating', kind: 'range', display: 'stars', values: [] });
    expect(stars.min).toBeLessThanOrEqual(stars.max!);
  });

  it('shows option groups instead of values with show: groups, each tile once per group', async () => {
    const groups = (await facetOf(['color', 'swatch', { show: 'groups' }], { color: ['blues'] }))!;
    expect(groups.values).toEqual([{ value: 'blues', label: 'Blues', count: 2, selected: true }]);
  });

  it('passes the layout through: group, single, description, headings, search, display, custom display, unit', async () => {
    const shown = (await facetOf([
      'size',
      'list',
      {
        label: 'Size',
        group: { group: 'fit', label: 'Fit', display: 'finder' },
        single: true,
        description: 'EU sizes',
        headings: [{ label: 'Letters', values: ['S', 'M'] }],
        search: true,
        display: 'select',
        customDisplay: 'size-wheel',
        unit: 'cm',
      },
    ]))!;
    expect(shown).toMatchObject({
      label: 'Size',
      group: { group: 'fit', label: 'Fit', display: 'finder' },
      single: true,
      description: 'EU sizes',
      headings: [{ label: 'Letters', values: ['S', 'M'] }],
      search: true,
      display: 'select',
      custom_display: 'size-wheel',
      unit: 'cm',
    });
  });

  it('leaves a deferred facet uncounted', async () => {
    expect(await facetOf(['brand', 'list', { deferred: true }])).toEqual({
      field: 'brand',
      kind: 'list',
      label: 'brand',
      values: [],
      deferred: true,
    });
    // A deferred price histogram has neither its range nor its bins until it is counted.
    const price = (await facetOf(['price', 'range', { display: 'histogram', deferred: true }]))!;
    expect(price).toMatchObject({ deferred: true, values: [] });
    expect(price).not.toHaveProperty('histogram');
    expect(price).not.toHaveProperty('min');
    const counted = (await facetOf(['price', 'range', { display: 'histogram' }]))!;
    expect(counted.histogram!.length).toBeGreaterThan(1);
  });

  it('never marks counts as upper bounds: they are exact where the contract allows bounds', async () => {
    // Two variant axes chosen at once, each with several values: d2 has an M in blue and an L in red.
    const result = list(await shopIndex(), {
      filters: { size: ['M', 'XL'], color: ['Red', 'Navy'] },
      facets: [facet('size', 'list'), facet('color', 'list'), facet('price', 'range')],
    });
    expect(result.product.total).toBe(2); // d1 (M red), s1 (M and XL navy); not d2
    expect(counts(result, 'size')).toEqual({ S: 1, M: 2, L: 2, XL: 1 });
    expect(counts(result, 'color')).toEqual({ Red: 1, Blue: 1, Navy: 1 });
    for (const one of result.product.facets ?? []) expect(one.upper_bound).toBeUndefined();
    expect(result.product).not.toHaveProperty('upper_bound');
  });

  it('labels values in the request locale', async () => {
    const color = (await facetOf(['color', 'list'], {}, { locale: 'de' }))!;
    expect(color.values.map((value) => value.label)).toEqual(['Rot', 'Blau', 'Marine', 'Grün']);
    const category = (await facetOf(['category', 'hierarchical'], {}, { locale: 'de-AT' }))!;
    expect(category.values.map((value) => value.label)).toEqual(['Fashion (de)', 'Home (de)']);
    const availability = (await facetOf(['availability', 'list'], {}, { locale: 'de' }))!;
    expect(availability.values).toEqual([
      { value: 'in_stock', label: 'Auf Lager', count: 4 },
      { value: 'out_of_stock', label: 'Nicht auf Lager', count: 1 },
      { value: 'preorder', label: 'Vorbestellbar', count: 1 },
      { value: 'backorder', label: 'Nachbestellt', count: 1 },
    ]);
  });
});

describe('price histogram', () => {
  const histogramOf = async (filters: Record<string, unknown> = {}) =>
    (await facetOf(['price', 'range', { display: 'histogram' }], filters))!.histogram!;

  it('bins ascend from the cheapest tile to the dearest, empty bins included, on the fixed ladder', async () => {
    const histogram = await histogramOf();
    expect(histogram[0]).toMatchObject({ gte: 18, lt: 20, count: 1 }); // l2 at 19.99
    expect(histogram.at(-1)).toMatchObject({ gte: 130, lt: 145, count: 1 }); // d2's L at 130
    for (let i = 1; i < histogram.length; i++) expect(histogram[i]!.gte).toBe(histogram[i - 1]!.lt);
    expect(histogram.some((bin) => bin.count === 0)).toBe(true);
    for (const bin of histogram) expect([...EDGES]).toContain(bin.gte);
  });

  it('counts a tile in every bin one of its prices falls in', async () => {
    const histogram = await histogramOf();
    const bin = (price: number) => histogram.find((one) => one.gte <= price && price < one.lt)!.count;
    expect(bin(40)).toBe(1); // d1 at 40 (two sizes) counts once
    expect(bin(44)).toBe(1); // and again in the next bin, with its L at 44
    expect(bin(35)).toBe(1); // s1's reduced XL
    expect(bin(55)).toBe(1); // s1's M
    // d1, d2 and s1 in two bins each, l1 and l2 in one.
    expect(histogram.reduce((sum, one) => sum + one.count, 0)).toBe(8);
  });

  it('keeps the same bins under every filter, and leaves them out when prices fall in one', async () => {
    const all = await histogramOf();
    const narrowed = await histogramOf({ material: 'cotton' });
    for (const bin of narrowed)
      expect(all.some((one) => one.gte === bin.gte && one.lt === bin.lt)).toBe(true);
    expect(
      (await facetOf(['price', 'range', { display: 'histogram' }], { brand: 'acme', material: 'paper' }))!
        .histogram,
    ).toBeUndefined();
  });
});

describe('chosen values written another way', () => {
  it('marks a brand chosen by its title, and an identifier chosen unnormalized, without adding them again', async () => {
    const brand = (await facetOf(['brand', 'list'], { brand: 'Nordic Co' }))!;
    expect(brand.values).toEqual([
      { value: 'acme', label: 'Acme', count: 3, image: 'https://img.example/acme.svg' },
      { value: 'nordic', label: 'Nordic Co', count: 2, selected: true },
    ]);
    const gtin = (await facetOf(['gtin', 'list'], { gtin: '400-1234' }))!;
    expect(gtin.values).toEqual([{ value: '4001234', label: '4001234', count: 1, selected: true }]);
  });
});

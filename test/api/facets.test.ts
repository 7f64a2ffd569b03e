import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock.js';
import { toJsonLines } from '../support/catalog.js';
import { call } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { structuredCatalog, structuredRelease } from '../support/structured-shop.js';
import { waitFor } from '../support/wait.js';

/**
 * Filters, facets, variants, offers per channel, sorts and category pages through POST /v1/search,
 * on the structured test shop (see test/support/structured-shop.ts), at a time inside d2's sale.
 */

let stack: TestStack;
const clock = fixedClock('2025-07-15T00:00:00Z');

interface Answer {
  [key: string]: unknown;
  sections: Array<{
    type: string;
    total: number;
    reachable: number;
    upper_bound?: boolean;
    hits: Array<{ entity: string; variant?: string; fields: Record<string, unknown> }>;
    facets?: Array<Record<string, unknown> & { field: string; values: Array<Record<string, unknown>> }>;
  }>;
}

async function search(body: Record<string, unknown>): Promise<Answer> {
  const response = await stack.search(body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  return (await response.json()) as Answer;
}

function products(answer: Answer) {
  return answer.sections.find((section) => section.type === 'product')!;
}

function facetOf(answer: Answer, field: string) {
  return products(answer).facets?.find((facet) => facet.field === field);
}

function valueCounts(answer: Answer, field: string): Record<string, unknown> {
  return Object.fromEntries(
    (facetOf(answer, field)?.values ?? []).map((value) => [String(value.value), value.count]),
  );
}

async function refused(body: Record<string, unknown>): Promise<string[]> {
  const response = await stack.search(body);
  expect(response.status).toBe(400);
  const problem = await response.json();
  return problem.violations.map((violation: { pointer: string }) => violation.pointer);
}

beforeAll(async () => {
  stack = await startTestStack({ clock });
  await stack.manage('PUT', '/catalog', toJsonLines(structuredCatalog));
  const stored = await stack.manage('POST', '/releases', { files: structuredRelease });
  const release = await stored.json();
  expect(stored.status, JSON.stringify(release)).toBe(201);
  await stack.manage('POST', `/releases/${release.id}/publish`);
  await waitFor('the structured shop to be searchable', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
});
afterAll(async () => {
  await stack.close();
});

describe('facets of the search page', () => {
  it('shows the page facets in display order, counted, with the answer currency and sorts', async () => {
    const answer = await search({});
    expect(answer.currency).toBe('EUR');
    expect(answer.sorts).toEqual([
      { code: 'relevance', label: 'Relevance', default: true },
      { code: 'price_asc', label: 'Price: low to high' },
      { code: 'price_desc', label: 'Price: high to low' },
    ]);
    expect(answer).not.toHaveProperty('filters');
    const section = products(answer);
    expect(section.total).toBe(5);
    expect(section.reachable).toBe(5);
    expect(section).not.toHaveProperty('upper_bound');
    expect(section.facets!.map((facet) => [facet.field, facet.kind, facet.deferred ?? false])).toEqual([
      ['category', 'hierarchical', false],
      ['brand', 'list', false],
      ['price', 'range', false],
      ['on_sale', 'toggle', false],
      ['availability', 'list', false],
      ['delivery_days', 'buckets', false],
      ['color', 'swatch', false],
      ['size', 'list', false],
      ['material', 'list', true],
      ['released', 'relative', true],
    ]);
  });

  it('gives each facet its layout and each value its fields', async () => {
    const answer = await search({});
    expect(facetOf(answer, 'brand')).toEqual({
      field: 'brand',
      kind: 'list',
      label: 'Brand',
      values: [{ value: 'acme', label: 'Acme', count: 3, image: 'https://img.example/acme.svg' }],
      more: 1,
      search: true,
      display: 'images',
    });
    expect(facetOf(answer, 'on_sale')).toEqual({
      field: 'on_sale',
      kind: 'toggle',
      label: 'On sale',
      description: 'Reduced items only',
      values: [{ value: true, label: 'On sale', count: 2 }],
    });
    expect(facetOf(answer, 'delivery_days')).toMatchObject({
      unit: 'day',
      values: [
        { value: '-3', label: 'Within 2 days', count: 1, bounds: { lt: 3 } },
        { value: '-8', label: 'Within a week', count: 4, bounds: { lt: 8 } },
      ],
    });
    expect(facetOf(answer, 'size')).toMatchObject({
      display: 'buttons',
      headings: [{ label: 'Letters', values: ['S', 'M', 'L', 'XL'] }],
    });
    expect(facetOf(answer, 'size')!.values.map((value) => value.value)).toEqual(['S', 'M', 'L', 'XL']);
    expect(facetOf(answer, 'color')!.values[0]).toEqual({
      value: 'Red',
      label: 'Red',
      count: 2,
      swatch: '#c00',
      image: 'https://img.example/red.png',
    });
    // A value's description, from its option in attributes.json.
    expect(facetOf(answer, 'color')!.values.find((value) => value.value === 'Blue')).toMatchObject({
      swatch: '#00c',
      description: 'A deep blue',
    });
    const price = facetOf(answer, 'price')!;
    expect(price).toMatchObject({ display: 'histogram', min: 19.99, max: 130, values: [] });
    expect((price.histogram as Array<{ gte: number }>)[0]).toEqual({ gte: 18, lt: 20, count: 1 });
    expect(facetOf(answer, 'material')).toEqual({
      field: 'material',
      kind: 'list',
      label: 'Material',
      values: [],
      deferred: true,
      custom_display: 'material-chips',
    });
  });

  it('counts a deferred facet in full when the request names it in facets', async () => {
    const answer = await search({ facets: ['material', 'released'] });
    const material = facetOf(answer, 'material')!;
    expect(material.deferred).toBeUndefined();
    expect(material.values.map((value) => [value.value, value.count])).toEqual([
      ['cotton', 2],
      ['brass', 1],
      ['paper', 1],
      ['silk', 1],
    ]);
    expect(facetOf(answer, 'released')!.values).toEqual([
      { value: '-60-1', label: 'New', count: 1, bounds: { gte: -60, lt: 1 } },
    ]);
    // Named, the brand facet shows every value instead of its one.
    expect(facetOf(await search({ facets: ['brand'] }), 'brand')!.values).toHaveLength(2);
  });

  it('labels facets, values and sorts in the request locale', async () => {
    const answer = await search({ locale: 'de' });
    expect(facetOf(answer, 'color')!.label).toBe('Farbe');
    expect(facetOf(answer, 'color')!.values.map((value) => value.label)).toEqual([
      'Rot',
      'Blau',
      'Marine',
      'Grün',
    ]);
    expect(facetOf(answer, 'on_sale')!.description).toBe('Nur reduzierte Artikel');
    expect(facetOf(answer, 'size')!.headings).toEqual([
      { label: 'Buchstaben', values: ['S', 'M', 'L', 'XL'] },
    ]);
    // Home holds its lamps and, as a smart category, the cotton Acme products.
    expect(facetOf(answer, 'category')!.values.map((value) => value.label)).toEqual([
      'Home (de)',
      'Fashion (de)',
    ]);
    expect((answer.sorts as Array<{ label: string }>).map((sort) => sort.label)).toEqual([
      'Relevanz',
      'Preis aufsteigend',
      'Preis absteigend',
    ]);
  });
});

describe('filters', () => {
  it('narrows the results and counts each facet under every filter but its own', async () => {
    const answer = await search({ filters: { size: ['M'], color: ['Red'] } });
    expect(products(answer).total).toBe(1);
    expect(valueCounts(answer, 'color')).toEqual({ Red: 1, Blue: 1, Navy: 1 });
    expect(valueCounts(answer, 'size')).toEqual({ S: 1, M: 1, L: 2 });
    expect(facetOf(answer, 'size')!.values.find((value) => value.value === 'M')!.selected).toBe(true);
  });

  it('names the variant each hit shows for variant-level choices', async () => {
    const answer = await search({ filters: { size: ['M'] }, sort: 'price_asc' });
    expect(products(answer).hits.map((hit) => [hit.entity, hit.variant, hit.fields.price])).toEqual([
      ['product:d1', 'd1-m', 40],
      ['product:s1', 's1-m', 55],
      ['product:d2', 'd2-m', 120],
    ]);
    expect(products(await search({})).hits.every((hit) => hit.variant === undefined)).toBe(true);
  });

  it('answers the filters applied, each with its labels and how to remove it', async () => {
    const answer = await search({
      locale: 'de',
      filters: { color: ['Red', 'blues'], price: { gte: 20, lte: 60 } },
    });
    expect(answer.filters).toEqual([
      {
        field: 'color',
        label: 'Farbe',
        value: 'Red',
        value_label: 'Rot',
        from: 'request',
        filters: { color: ['blues'], price: { gte: 20, lte: 60 } },
      },
      {
        field: 'color',
        label: 'Farbe',
        value: 'blues',
        value_label: 'Blautöne',
        from: 'request',
        filters: { color: ['Red'], price: { gte: 20, lte: 60 } },
      },
      {
        field: 'price',
        label: 'Preis',
        value: { gte: 20, lte: 60 },
        value_label: '20 – 60',
        from: 'request',
        filters: { color: ['Red', 'blues'] },
      },
    ]);
  });

  it('chooses what the query named: its facet is counted without it and shows it selected', async () => {
    const answer = await search({ query: 'red', redirect: false });
    expect(answer.resolution).toMatchObject({ filters: { color: 'Red' }, complete: true });
    expect(products(answer).total).toBe(2);
    expect(
      facetOf(answer, 'color')!.values.map((value) => [value.value, value.count, value.selected]),
    ).toEqual([
      ['Red', 2, true],
      ['Blue', 1, undefined],
      ['Navy', 1, undefined],
      ['Green', 1, undefined],
    ]);
    // Other facets are counted under it.
    expect(valueCounts(answer, 'size')).toEqual({ S: 1, M: 1, L: 2 });
    expect(answer.filters).toEqual([
      {
        field: 'color',
        label: 'Color',
        value: 'Red',
        value_label: 'Red',
        from: 'resolution',
        dismiss: { field: 'color', value: 'Red' },
      },
    ]);
    // A value the shopper chose in the same facet is another alternative, each removable on its own.
    const both = await search({ query: 'red', redirect: false, filters: { color: ['Blue'] } });
    expect(products(both).total).toBe(2);
    expect(
      facetOf(both, 'color')!
        .values.filter((value) => value.selected)
        .map((value) => value.value),
    ).toEqual(['Red', 'Blue']);
    expect(both.filters).toEqual([
      { field: 'color', label: 'Color', value: 'Blue', value_label: 'Blue', from: 'request', filters: {} },
      expect.objectContaining({ field: 'color', value: 'Red', from: 'resolution' }),
    ]);
  });

  it('opens the category tree down to a category the query named, counted without it', async () => {
    const answer = await search({ query: 'dresses', redirect: false });
    expect(answer.resolution).toMatchObject({ category: 'dresses', complete: true });
    expect(products(answer).total).toBe(2);
    expect(
      facetOf(answer, 'category')!.values.map((value) => [value.value, value.count, value.selected]),
    ).toEqual([
      ['home', 4, undefined],
      ['fashion', 3, undefined],
      ['women', 2, undefined],
      ['dresses', 2, true],
      ['men', 1, undefined],
    ]);
  });

  it('shows a chosen value even when nothing has it', async () => {
    const answer = await search({ filters: { size: ['XXL'] } });
    expect(products(answer).total).toBe(0);
    expect(facetOf(answer, 'size')!.values.find((value) => value.value === 'XXL')).toEqual({
      value: 'XXL',
      label: 'XXL',
      count: 0,
      selected: true,
    });
  });

  it('reads offers at the time the request arrived', async () => {
    const july = await search({ filters: { on_sale: true } });
    expect(products(july).total).toBe(2);
    clock.set('2025-06-15T00:00:00Z');
    try {
      const june = await search({ filters: { on_sale: true } });
      expect(products(june).total).toBe(1);
    } finally {
      clock.set('2025-07-15T00:00:00Z');
    }
  });

  it('sells in the request channel, in its currency', async () => {
    const answer = await search({
      channel: 'ch',
      filters: { brand: ['acme'], material: ['cotton'] },
      sort: 'price_asc',
    });
    expect(answer.currency).toBe('CHF');
    expect(products(answer).hits.map((hit) => [hit.entity, hit.fields.price, hit.fields.currency])).toEqual([
      ['product:d1', 40, 'EUR'],
      ['product:s1', 60, 'CHF'],
    ]);
    expect(products(await search({ channel: 'ch' })).total).toBe(4); // l1 is sold on the web only
  });
});

describe('category pages', () => {
  it('lists the category and everything below it, with its facets, groups and sort by inheritance', async () => {
    const answer = await search({ on: 'category_page', category: 'women', locale: 'de' });
    expect(products(answer).hits.map((hit) => hit.entity)).toEqual(['product:d1', 'product:d2']);
    expect(answer.sorts).toEqual([
      { code: 'price_asc', label: 'Preis aufsteigend', default: true },
      { code: 'relevance', label: 'Relevanz' },
      { code: 'newest', label: 'Neueste' },
    ]);
    const section = products(answer);
    expect(section.facets!.map((facet) => facet.field)).toEqual([
      'category',
      'brand',
      'size',
      'color',
      'price',
    ]);
    expect(facetOf(answer, 'size')).toMatchObject({
      single: true,
      display: 'select',
      group: { group: 'fit', label: 'Passform', display: 'finder' },
    });
    expect(facetOf(answer, 'color')).toMatchObject({
      display: 'select',
      values: [{ value: 'blues', label: 'Blautöne', count: 1 }],
    });
    expect(facetOf(answer, 'price')).toMatchObject({ display: 'slider', min: 40, max: 130 });
    expect(facetOf(answer, 'price')).not.toHaveProperty('histogram');
    expect(facetOf(answer, 'category')!.values).toEqual([
      { value: 'fashion', label: 'Fashion (de)', count: 2 },
      { value: 'women', label: 'Women (de)', count: 2, parent: 'fashion' },
      { value: 'dresses', label: 'Dresses (de)', count: 2, parent: 'women' },
      { value: 'home', label: 'Home (de)', count: 1 }, // d1 is in home by the smart category too
    ]);
  });

  it('takes smart categories', async () => {
    const answer = await search({ on: 'category_page', category: 'home' });
    expect(
      products(answer)
        .hits.map((hit) => hit.entity)
        .sort(),
    ).toEqual(['product:d1', 'product:l1', 'product:l2', 'product:s1']);
  });

  it('answers with words in relevance order, and in the sort asked for', async () => {
    const words = await search({ on: 'category_page', category: 'fashion', query: 'dress' });
    expect(
      (words.sorts as Array<{ code: string; default?: boolean }>).find((sort) => sort.default)?.code,
    ).toBe('relevance');
    const newest = await search({ on: 'category_page', category: 'fashion', sort: 'newest' });
    expect(products(newest).hits.map((hit) => hit.entity)).toEqual([
      'product:d2',
      'product:d1',
      'product:s1',
    ]);
  });

  it('answers the same from URL parameters', async () => {
    const response = await call(
      `${stack.urls.public}/v1/search?on=category_page&category=fashion&sort=price_desc&channel=web&locale=de&per_page=2`,
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    // Tiles sort by the price they are offered from: d2 from 90 (its July sale), d1 from 40, s1 from 35.
    expect(products(answer).hits.map((hit) => hit.entity)).toEqual(['product:d2', 'product:d1']);
    expect(products(answer).total).toBe(3);
  });
});

describe('count only', () => {
  it('answers each section total alone, with only the facets named', async () => {
    const answer = await search({ count_only: true, filters: { size: ['M'] }, facets: ['color'] });
    const section = products(answer);
    expect(section.total).toBe(3);
    expect(section.hits).toEqual([]);
    expect(section.facets!.map((facet) => facet.field)).toEqual(['color']);
    expect(valueCounts(answer, 'color')).toEqual({ Red: 1, Blue: 1, Navy: 1 });
    expect(products(await search({ count_only: true })).facets).toEqual([]);
  });
});

describe('requests that cannot be answered as sent', () => {
  it('refuses a channel, locale, category or sort the release or catalog lacks', async () => {
    expect(await refused({ channel: 'moon' })).toEqual(['/channel']);
    expect(await refused({ locale: 'fr' })).toEqual(['/locale']);
    expect(await refused({ channel: 'ch', locale: 'en' })).toEqual(['/locale']);
    expect(await refused({ category: 'garden' })).toEqual(['/category']);
    expect(await refused({ on: 'category_page' })).toEqual(['/category']);
    expect(await refused({ sort: 'cheapest' })).toEqual(['/sort']);
    expect(await refused({ sort: 'cheapest', category: 'garden' })).toEqual(['/category', '/sort']);
  });

  it('refuses filters it cannot read and facets no page shows', async () => {
    expect(await refused({ filters: { colour: ['Red'] } })).toEqual(['/filters/colour']);
    expect(await refused({ filters: { price: { near: 10 } } })).toEqual(['/filters/price/near']);
    expect(await refused({ filters: { category: 'fashion' } })).toEqual(['/filters/category']);
    expect(await refused({ facets: ['brand', 'weight'] })).toEqual(['/facets/1']);
  });

  it('serves a regional locale the channel serves by its language', async () => {
    expect(products(await search({ locale: 'de-AT' })).total).toBe(5);
  });
});

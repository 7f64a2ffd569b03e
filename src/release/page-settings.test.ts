import { describe, expect, it } from 'vitest';
import type { CategoriesFile } from '../contracts/release-files/index.js';
import { COUNTED_FACETS, FACET_VALUES, naturalKind, type PageLayout, PageSettings } from './page-settings.js';

const parents: Record<string, string> = { women: 'fashion', dresses: 'women', men: 'fashion', lamps: 'home' };
const parentOf = (id: string) => parents[id];

const categories: CategoriesFile = {
  default: {
    facets: ['category', 'brand', { field: 'price', display: 'histogram' }],
    groups: [{ group: 'finder', label: 'Find', facets: ['brand', 'price'] }],
    sort: { default: 'relevance', options: ['relevance', 'price_asc'] },
  },
  nodes: [
    {
      category: 'fashion',
      facets: ['category', 'brand', 'size', { field: 'color', kind: 'swatch' }],
      groups: [
        { group: 'fit', label: { en: 'Fit', de: 'Passform' }, facets: ['size', 'color'], display: 'finder' },
      ],
      sort: { default: 'price_asc', options: ['price_asc', 'relevance'] },
    },
    { category: 'women', groups: [], filter_pages: [['brand']] },
    { category: 'dresses', facets: ['brand', 'size'] },
  ],
};

const files: Record<string, unknown> = {
  'categories.json': categories,
  'attributes.json': {
    attributes: [
      { code: 'size', label: { en: 'Size', de: 'Größe' }, type: 'option', level: 'variant' },
      { code: 'color', label: 'Color', type: 'option' },
      { code: 'weight', label: 'Weight', type: 'quantity', unit: 'kg' },
      { code: 'eco', label: 'Eco', type: 'boolean' },
      { code: 'since', label: 'Since', type: 'date' },
    ],
  },
  'routes.json': { filter_pages: [['brand'], ['color'], ['brand', 'size']] },
  'ranking.json': {
    sorts: [
      {
        code: 'price_asc',
        label: { en: 'Price: low to high', de: 'Preis aufsteigend' },
        by: 'price',
        direction: 'asc',
      },
    ],
  },
};

const settingsOf = (release: Record<string, unknown>) => new PageSettings(release, parentOf);
const pageLayout = (release: Record<string, unknown>, category: string | undefined) =>
  settingsOf(release).layout(category);
const settings = settingsOf(files);

const plan = { chosen: new Set<string>(), requested: new Set<string>(), requestedOnly: false };

describe('page layout by inheritance from categories.json', () => {
  it('reads the default on the search page and where no node says otherwise', () => {
    const search = pageLayout(files, undefined);
    expect(search.facets.map((facet) => facet.field)).toEqual(['category', 'brand', 'price']);
    expect(search.sort).toEqual({ default: 'relevance', options: ['relevance', 'price_asc'] });
    expect(pageLayout(files, 'lamps').facets.map((facet) => facet.field)).toEqual([
      'category',
      'brand',
      'price',
    ]);
  });

  it('lets a node replace the facets and groups it inherits; the nearest node with a sort decides', () => {
    const fashion = pageLayout(files, 'fashion');
    expect(fashion.facets.map((facet) => facet.field)).toEqual(['category', 'brand', 'size', 'color']);
    expect(fashion.groups.map((group) => group.group)).toEqual(['fit']);
    expect(fashion.sort).toEqual({ default: 'price_asc', options: ['price_asc', 'relevance'] });
    // women: inherits fashion's facets and sort; its empty groups leave none.
    const women = pageLayout(files, 'women');
    expect(women.facets.map((facet) => facet.field)).toEqual(['category', 'brand', 'size', 'color']);
    expect(women.groups).toEqual([]);
    expect(women.sort.default).toBe('price_asc');
    // dresses: its own facets, women's (empty) groups, fashion's sort.
    const dresses = pageLayout(files, 'dresses');
    expect(dresses.facets.map((facet) => facet.field)).toEqual(['brand', 'size']);
    expect(dresses.groups).toEqual([]);
    expect(dresses.sort.default).toBe('price_asc');
  });

  it('gives each facet its kind: as written, else the field natural one', () => {
    expect(pageLayout(files, undefined).facets.map((facet) => facet.kind)).toEqual([
      'hierarchical',
      'list',
      'range',
    ]);
    expect(naturalKind('on_sale', undefined)).toBe('toggle');
    expect(naturalKind('delivery_days', undefined)).toBe('range');
    expect(naturalKind('rating', undefined)).toBe('range');
    expect(naturalKind('availability', undefined)).toBe('list');
    expect(naturalKind('weight', { code: 'weight', label: 'W', type: 'quantity' })).toBe('range');
    expect(naturalKind('eco', { code: 'eco', label: 'E', type: 'boolean' })).toBe('toggle');
    expect(naturalKind('since', { code: 'since', label: 'S', type: 'date' })).toBe('list');
  });
});

describe('where each setting comes from', () => {
  it('names the page, the category up the tree, the default or what is built in', () => {
    expect(pageLayout(files, 'fashion').from).toEqual({
      facets: { from: 'page' },
      groups: { from: 'page' },
      sort: { from: 'page' },
      filterPages: { from: 'default' },
    });
    expect(pageLayout(files, 'dresses').from).toEqual({
      facets: { from: 'page' },
      groups: { from: 'category', category: 'women' },
      sort: { from: 'category', category: 'fashion' },
      filterPages: { from: 'category', category: 'women' },
    });
    expect(pageLayout(files, 'lamps').from).toEqual({
      facets: { from: 'default' },
      groups: { from: 'default' },
      sort: { from: 'default' },
      filterPages: { from: 'default' },
    });
    expect(pageLayout({}, undefined).from).toEqual({
      facets: { from: 'built_in' },
      groups: { from: 'built_in' },
      sort: { from: 'built_in' },
      filterPages: { from: 'built_in' },
    });
  });

  it("takes a category's filter pages from the nearest node that chooses, else every one routes.json lists", () => {
    expect(pageLayout(files, 'fashion').filterPages).toEqual([['brand'], ['color'], ['brand', 'size']]);
    expect(pageLayout(files, 'women').filterPages).toEqual([['brand']]);
    expect(pageLayout(files, 'dresses').filterPages).toEqual([['brand']]);
    // The search page is no filter page of its own.
    expect(pageLayout(files, undefined).filterPages).toEqual([]);
  });

  it('keeps each facet as written, and says why a facet without a kind has its natural one', () => {
    const [category, brand, price] = pageLayout(files, undefined).facets;
    expect(category).toMatchObject({ written: 'category', kind: 'hierarchical' });
    expect(category?.derived).toContain('built-in field');
    expect(price).toMatchObject({ written: { field: 'price', display: 'histogram' }, kind: 'range' });
    expect(brand?.derived).toBeDefined();
    const weight = pageLayout({ ...files, 'categories.json': { default: { facets: ['weight'] } } }, undefined)
      .facets[0];
    expect(weight?.derived).toBe(
      'No kind is written: "weight" is a quantity attribute, whose natural kind is range.',
    );
    const written = pageLayout(
      { ...files, 'categories.json': { default: { facets: [{ field: 'weight', kind: 'buckets' }] } } },
      undefined,
    ).facets[0];
    expect(written?.derived).toBeUndefined();
  });

  it('says the page starts in relevance where the deciding sort lists options without a default', () => {
    const layout = pageLayout(
      { ...files, 'categories.json': { nodes: [{ category: 'home', sort: { options: ['price_asc'] } }] } },
      'lamps',
    );
    expect(layout.sort).toEqual({ default: 'relevance', options: ['price_asc'] });
    expect(layout.from.sort).toEqual({ from: 'category', category: 'home' });
    expect(layout.sortDefaultDerived).toBeDefined();
  });
});

describe('page facets', () => {
  it('draws a group together where its first facet stands, in the group order', () => {
    const layout = pageLayout(
      {
        ...files,
        'categories.json': {
          default: {
            facets: ['color', 'brand', 'size'],
            groups: [{ group: 'fit', label: 'Fit', facets: ['size', 'color'] }],
          },
        },
      },
      undefined,
    );
    const facets = settings.facets(layout, 'en', plan);
    expect(facets.map((facet) => [facet.field, facet.group?.group])).toEqual([
      ['size', 'fit'],
      ['color', 'fit'],
      ['brand', undefined],
    ]);
  });

  it('shows a finder group as one select per facet, with the group label in the locale', () => {
    const facets = settings.facets(pageLayout(files, 'fashion'), 'de', plan);
    expect(facets.map((facet) => [facet.field, facet.label, facet.display, facet.group])).toEqual([
      ['category', 'Kategorie', undefined, undefined],
      ['brand', 'Marke', undefined, undefined],
      ['size', 'Größe', 'select', { group: 'fit', label: 'Passform', display: 'finder' }],
      ['color', 'Color', 'select', { group: 'fit', label: 'Passform', display: 'finder' }],
    ]);
  });

  it('draws apart the facets of a group the page lists fewer than two of', () => {
    const layout = pageLayout(files, 'dresses');
    const withGroup = { ...layout, groups: [{ group: 'fit', label: 'Fit', facets: ['size', 'color'] }] };
    expect(settings.facets(withGroup, 'en', plan).every((facet) => facet.group === undefined)).toBe(true);
  });

  it('defers facets past the counted_facets limit, counting a group whole or not at all', () => {
    const many = Array.from({ length: COUNTED_FACETS + 3 }, (_, i) => `f${i}`);
    const layout: PageLayout = {
      facets: many.map((field) => ({ field, kind: 'list' as const, written: field })),
      groups: [{ group: 'pair', label: 'Pair', facets: [many[COUNTED_FACETS - 1]!, many[COUNTED_FACETS]!] }],
      sort: { default: 'relevance' },
      filterPages: [],
      from: {
        facets: { from: 'default' },
        groups: { from: 'default' },
        sort: { from: 'built_in' },
        filterPages: { from: 'built_in' },
      },
    };
    const facets = settings.facets(layout, 'en', plan);
    expect(facets.filter((facet) => !facet.deferred)).toHaveLength(COUNTED_FACETS - 1);
    expect(facets.filter((facet) => facet.deferred).map((facet) => facet.field)).toEqual(
      many.slice(COUNTED_FACETS - 1),
    );
    // A facet with a choice, or named in the request's facets, is counted anyway.
    const chosen = settings.facets(layout, 'en', {
      ...plan,
      chosen: new Set(['f10']),
      requested: new Set(['f9']),
    });
    expect(chosen.filter((facet) => facet.deferred).map((facet) => facet.field)).toEqual(['f7', 'f8']);
  });

  it('caps values at the layout limit or the facet_values limit; a requested facet shows all', () => {
    const layout = pageLayout(
      { 'categories.json': { default: { facets: [{ field: 'brand', limit: 5 }, 'color'] } } },
      undefined,
    );
    expect(settings.facets(layout, 'en', plan).map((facet) => facet.limit)).toEqual([5, FACET_VALUES]);
    expect(
      settings.facets(layout, 'en', { ...plan, requested: new Set(['color']) }).map((facet) => facet.limit),
    ).toEqual([5, undefined]);
  });

  it('keeps only the requested facets for a count-only request', () => {
    const layout = pageLayout(files, undefined);
    const facets = settings.facets(layout, 'en', {
      ...plan,
      requested: new Set(['brand']),
      requestedOnly: true,
    });
    expect(facets.map((facet) => facet.field)).toEqual(['brand']);
  });

  it('writes texts in the locale: labels, bucket labels, descriptions, headings; delivery days in days', () => {
    const layout = pageLayout(
      {
        ...files,
        'categories.json': {
          default: {
            facets: [
              {
                field: 'delivery_days',
                kind: 'buckets',
                buckets: [{ to: 3, label: { en: 'Fast', de: 'Schnell' } }],
                description: { en: 'When it comes', de: 'Wann es kommt' },
              },
              {
                field: 'size',
                headings: [{ label: { en: 'Letters', de: 'Buchstaben' }, values: ['S', 'M'] }],
                search: true,
                single: true,
                order: 'value_order',
                custom_display: 'sizes',
              },
              'weight',
            ],
          },
        },
      },
      undefined,
    );
    expect(settings.facets(layout, 'de', plan)).toEqual([
      {
        field: 'delivery_days',
        kind: 'buckets',
        label: 'Lieferzeit',
        buckets: [{ to: 3, label: 'Schnell' }],
        description: 'Wann es kommt',
        limit: FACET_VALUES,
        unit: 'day',
      },
      {
        field: 'size',
        kind: 'list',
        label: 'Größe',
        order: 'value_order',
        single: true,
        headings: [{ label: 'Buchstaben', values: ['S', 'M'] }],
        search: true,
        limit: FACET_VALUES,
        customDisplay: 'sizes',
      },
      { field: 'weight', kind: 'range', label: 'Weight', limit: FACET_VALUES, unit: 'kg' },
    ]);
  });
});

describe('sorts', () => {
  it('lists the page options in the locale, marking the one it starts in', () => {
    const fashion = pageLayout(files, 'fashion');
    expect(settings.sorts(fashion, 'de', false)).toEqual([
      { code: 'price_asc', label: 'Preis aufsteigend', default: true },
      { code: 'relevance', label: 'Relevanz' },
    ]);
    // With words the page starts in relevance.
    expect(settings.sorts(fashion, 'en', true)).toEqual([
      { code: 'price_asc', label: 'Price: low to high' },
      { code: 'relevance', label: 'Relevance', default: true },
    ]);
    expect(settingsOf({}).sorts(pageLayout({}, undefined), 'en', false)).toBeUndefined();
  });

  it('starts in relevance with words, else in the page default', () => {
    const fashion = pageLayout(files, 'fashion');
    expect(settings.startingSort(fashion, true)).toBe('relevance');
    expect(settings.startingSort(fashion, false)).toBe('price_asc');
    expect(settings.sortDefinition('price_asc')).toMatchObject({ by: 'price', direction: 'asc' });
    expect(settings.sortDefinition('relevance')).toBeUndefined();
  });
});

describe('fields', () => {
  it('lists every facet field of every page, and labels fields in the locale', () => {
    expect([...settings.facetFields].sort()).toEqual(['brand', 'category', 'color', 'price', 'size']);
    expect(settings.fieldLabel('size', 'de-AT')).toBe('Größe');
    expect(settings.fieldLabel('on_sale', 'fr')).toBe('On sale');
    expect(settings.fieldLabel('delivery_days', 'de')).toBe('Lieferzeit');
    expect(settings.fieldLabel('nothing', 'en')).toBe('nothing');
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import { compileIndex, type EngineQuery, executeSearch, indexStats, loadIndex } from './index.js';

async function build(entities: CatalogEntity[], settings?: Parameters<typeof compileIndex>[1]) {
  return loadIndex(await compileIndex(entities, settings));
}

function product(id: string, fields: Partial<CatalogEntity> = {}): CatalogEntity {
  return { type: 'product', id, ...fields };
}

const firstPage = (text: string, more: Partial<EngineQuery> = {}): EngineQuery => ({
  text,
  page: 1,
  perPage: 24,
  ...more,
});

function entities(result: ReturnType<typeof executeSearch>, type = 'product'): string[] {
  return result.sections.find((section) => section.type === type)?.hits.map((hit) => hit.entity) ?? [];
}

const shop: CatalogEntity[] = [
  { type: 'category', id: 'audio', title: 'Audio', path: '/c/audio' },
  product('p1', {
    title: 'Sonora Wireless Headphones',
    brand: 'Sonora',
    description: 'Over-ear headphones with noise cancelling.',
    price: 199.9,
    currency: 'EUR',
    availability: 'in_stock',
    url: '/p/p1',
    image: 'https://img.example/p1.jpg',
  }),
  product('p2', { title: 'Voltix Wired Earbuds', brand: 'Voltix', description: 'Small and light.' }),
  product('p3', { title: 'Sonora Bluetooth Speaker', brand: 'Sonora', keywords: ['wireless', 'party'] }),
  { type: 'brand', id: 'sonora', title: 'Sonora', aliases: ['sonnora'] },
];

describe('executeSearch', () => {
  it('requires every word of the query (AND)', async () => {
    const index = await build(shop);
    expect(entities(executeSearch(index, firstPage('sonora wireless')))).toEqual([
      'product:p1',
      'product:p3',
    ]);
    expect(entities(executeSearch(index, firstPage('sonora earbuds')))).toEqual([]);
    expect(executeSearch(index, firstPage('sonora nothere')).sections[0]!.total).toBe(0);
  });

  it('finds words whose UTF-16 order is not their code point order', async () => {
    // U+FA0E sorts before U+20000 by code point, after it by UTF-16 code unit (a surrogate).
    const index = await build([
      product('a', { title: 'lamp \ufa0e' }),
      product('b', { title: 'lamp \u{20000}' }),
      product('c', { title: 'lamp zebra' }),
    ]);
    expect(entities(executeSearch(index, firstPage('\ufa0e')))).toEqual(['product:a']);
    expect(entities(executeSearch(index, firstPage('\u{20000}')))).toEqual(['product:b']);
    expect(entities(executeSearch(index, firstPage('zebra')))).toEqual(['product:c']);
  });

  it('matches a word in any text field', async () => {
    const index = await build(shop);
    expect(entities(executeSearch(index, firstPage('party')))).toEqual(['product:p3']);
    expect(entities(executeSearch(index, firstPage('cancelling')))).toEqual(['product:p1']);
    expect(entities(executeSearch(index, firstPage('sonnora')), 'brand')).toEqual(['brand:sonora']);
  });

  it('ranks a title match above a description match', async () => {
    const index = await build([
      product('in-description', {
        title: 'Desk lamp',
        description: 'A lamp that pairs well with a walnut desk.',
      }),
      product('in-title', { title: 'Walnut desk', description: 'Solid wood.' }),
    ]);
    const hits = executeSearch(index, firstPage('walnut')).sections[0]!.hits;
    expect(hits.map((hit) => hit.entity)).toEqual(['product:in-title', 'product:in-description']);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('weights fields as the settings say', async () => {
    const catalog = [
      product('a', { title: 'Oak table' }),
      product('b', { title: 'Table', description: 'Oak.' }),
    ];
    const index = await build(catalog, {
      settings: { fieldWeights: { product: { title: 0.1, description: 50 } } },
    });
    expect(entities(executeSearch(index, firstPage('oak')))).toEqual(['product:b', 'product:a']);
  });

  it('breaks score ties by catalog order', async () => {
    const index = await build([product('x', { title: 'Lamp' }), product('y', { title: 'Lamp' })]);
    expect(entities(executeSearch(index, firstPage('lamp')))).toEqual(['product:x', 'product:y']);
  });

  it('pages within the reachable hits', async () => {
    const catalog = Array.from({ length: 1200 }, (_, i) =>
      product(`p${i}`, { title: i % 2 ? 'cable' : 'cable cable usb charging cable' }),
    );
    const index = await build(catalog);
    const first = executeSearch(index, firstPage('cable')).sections[0]!;
    expect(first.total).toBe(1200);
    expect(first.reachable).toBe(1000);
    expect(first.hits).toHaveLength(24);
    // Page 42 of 24 starts at rank 984: its 16 hits end at the 1,000th; page 43 lies beyond.
    expect(executeSearch(index, firstPage('cable', { page: 42 })).sections[0]!.hits).toHaveLength(16);
    expect(executeSearch(index, firstPage('cable', { page: 43 })).sections[0]!.hits).toHaveLength(0);
    expect(
      executeSearch(index, firstPage('cable', { page: 10, perPage: 100 })).sections[0]!.hits,
    ).toHaveLength(100);
    expect(
      executeSearch(index, firstPage('cable', { page: 11, perPage: 100 })).sections[0]!.hits,
    ).toHaveLength(0);
    const last = executeSearch(index, firstPage('cable', { page: 50, perPage: 24 })).sections[0]!;
    expect(last).toMatchObject({ total: 1200, reachable: 1000, hits: [] });
    const partial = executeSearch(index, firstPage('cable', { page: 34, perPage: 30 })).sections[0]!;
    expect(partial.hits).toHaveLength(10); // ranks 990 to 999

    // Pages are slices of one ranking: walking them gives every reachable doc once, best first.
    const walked: number[] = [];
    for (let page = 1; page <= 10; page++) {
      for (const hit of executeSearch(index, firstPage('cable', { page, perPage: 100 })).sections[0]!.hits) {
        walked.push(hit.score);
      }
    }
    expect(walked).toHaveLength(1000);
    expect([...walked].sort((a, b) => b - a)).toEqual(walked);
  });

  it('counts without hits for countOnly', async () => {
    const index = await build(shop);
    const result = executeSearch(index, firstPage('sonora', { countOnly: true }));
    expect(result.sections.map(({ type, total, hits }) => ({ type, total, hits: hits.length }))).toEqual([
      { type: 'product', total: 2, hits: 0 },
      { type: 'category', total: 0, hits: 0 },
      { type: 'brand', total: 1, hits: 0 },
    ]);
  });

  it('browses every document in catalog order for an empty query', async () => {
    const index = await build(shop);
    const result = executeSearch(index, firstPage(''));
    expect(result.searchedText).toBe('');
    expect(entities(result)).toEqual(['product:p1', 'product:p2', 'product:p3']);
    expect(result.sections.map((section) => section.total)).toEqual([3, 1, 1]);
    expect(executeSearch(index, firstPage('  !? ')).sections[0]!.total).toBe(3);
    expect(entities(executeSearch(index, firstPage('', { page: 2, perPage: 2 })))).toEqual(['product:p3']);
  });

  it('returns the searched text as folded tokens', async () => {
    const index = await build(shop);
    expect(executeSearch(index, firstPage('  Kopfhörer,  SONORA!! ')).searchedText).toBe('kopfhorer sonora');
  });

  it('searches every locale of a localized text and shows the source locale', async () => {
    const catalog = [
      product('h1', {
        title: { en: 'Headphones', de: 'Kopfhörer' },
        url: { en: '/en/h1', de: '/de/h1' },
      }),
      product('h2', { title: { fr: 'Casque', de: 'Kopfhörer Studio' } }),
    ];
    const index = await build(catalog, { settings: { locale: 'de' } });
    const hits = executeSearch(index, firstPage('kopfhorer')).sections[0]!.hits;
    expect(hits.map((hit) => hit.fields)).toEqual([
      { title: 'Kopfhörer', url: '/de/h1' },
      { title: 'Kopfhörer Studio' },
    ]);
    expect(entities(executeSearch(index, firstPage('headphones')))).toEqual(['product:h1']);
    expect(entities(executeSearch(index, firstPage('casque')))).toEqual(['product:h2']);

    const english = await build(catalog, { settings: { locale: 'en' } });
    const shown = executeSearch(english, firstPage('')).sections[0]!.hits.map((hit) => hit.fields.title);
    expect(shown).toEqual(['Headphones', 'Casque']); // no English title: the first one
  });

  it('returns result fields, leaving absent ones out', async () => {
    const index = await build(
      [
        ...shop,
        product('v1', {
          title: 'Runner Sneaker',
          variants: [
            {
              id: 'v1-42',
              price: 89.5,
              currency: 'EUR',
              availability: 'preorder',
              image: 'https://img.example/v.jpg',
            },
            { id: 'v1-43', price: 99 },
          ],
        }),
        product('o1', {
          title: 'Gift Card',
          sale_price: 20,
          offers: [{ channel: 'web', price: 25, currency: 'USD', availability: 'in_stock' }],
        }),
      ],
      { settings: { channels: [{ id: 'web', locales: ['en'], currency: 'EUR' }] } },
    );
    const fields = Object.fromEntries(
      executeSearch(index, firstPage(''))
        .sections.flatMap((section) => section.hits)
        .map((hit) => [hit.entity, hit.fields]),
    );
    expect(fields['product:p1']).toEqual({
      title: 'Sonora Wireless Headphones',
      url: '/p/p1',
      image: 'https://img.example/p1.jpg',
      brand: 'Sonora',
      price: 199.9,
      currency: 'EUR',
      availability: 'in_stock',
    });
    expect(fields['product:p2']).toEqual({ title: 'Voltix Wired Earbuds', brand: 'Voltix' });
    expect(fields['product:v1']).toEqual({
      title: 'Runner Sneaker',
      image: 'https://img.example/v.jpg',
      price: 89.5,
      currency: 'EUR',
      availability: 'preorder',
    });
    expect(fields['product:o1']).toEqual({
      title: 'Gift Card',
      price: 25,
      sale_price: 20,
      currency: 'USD',
      availability: 'in_stock',
    });
    expect(fields['category:audio']).toEqual({ title: 'Audio', url: '/c/audio' });
    expect(fields['brand:sonora']).toEqual({ title: 'Sonora' });
    for (const value of Object.values(fields).flatMap((f) => Object.values(f))) expect(value).not.toBeNull();
  });

  it('lists product first, then the other types as they first appear', async () => {
    const index = await build([
      { type: 'guide', id: 'g1', title: 'How to choose a lamp' },
      { type: 'category', id: 'lamps', title: 'Lamps' },
      product('l1', { title: 'Lamp' }),
      { type: 'guide', id: 'g2', title: 'Lamp care' },
    ]);
    const result = executeSearch(index, firstPage('lamp'));
    expect(result.sections.map((section) => section.type)).toEqual(['product', 'guide', 'category']);
    expect(result.sections.map((section) => section.total)).toEqual([1, 2, 0]);
  });

  it('has no product section without products', async () => {
    const index = await build([{ type: 'category', id: 'c', title: 'Lamps' }]);
    expect(executeSearch(index, firstPage('')).sections.map((section) => section.type)).toEqual(['category']);
  });

  it('refuses a page or page size below 1', async () => {
    const index = await build(shop);
    expect(() => executeSearch(index, firstPage('x', { page: 0 }))).toThrow(RangeError);
    expect(() => executeSearch(index, firstPage('x', { perPage: 0 }))).toThrow(RangeError);
  });
});

describe('compileIndex', () => {
  it('reads an async iterable as a plain one', async () => {
    async function* stream() {
      yield* shop;
    }
    expect(await compileIndex(stream())).toEqual(await compileIndex(shop));
  });

  it('reports progress', async () => {
    const seen: number[] = [];
    const catalog = Array.from({ length: 2500 }, (_, i) => product(`p${i}`, { title: 'x' }));
    await compileIndex(catalog, { onProgress: (progress) => seen.push(progress.entities) });
    expect(seen).toEqual([1000, 2000, 2500]);
  });

  it('refuses a duplicate id within a type', async () => {
    await expect(compileIndex([product('a'), product('a')])).rejects.toThrow('duplicate entity product:a');
  });

  it('refuses a negative field weight', async () => {
    await expect(
      compileIndex(shop, { settings: { fieldWeights: { product: { title: -1 } } } }),
    ).rejects.toThrow(RangeError);
  });
});

describe('indexStats', () => {
  it('counts documents per type and terms', async () => {
    const bytes = await compileIndex(shop);
    const stats = indexStats(loadIndex(bytes));
    expect(stats.types).toEqual([
      { type: 'product', documents: 3 },
      { type: 'category', documents: 1 },
      { type: 'brand', documents: 1 },
    ]);
    expect(stats.bytes).toBe(bytes.length);
    expect(stats.terms).toBeGreaterThan(10);
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { compileIndex } from '../compile.js';
import { executeSearch } from '../execute.js';
import { loadIndex } from '../load.js';
import type { EngineSettings } from '../settings.js';

/**
 * The text half hands the listing its matches. Documents are numbered in category order, and ties
 * break by catalog order: here the two orders differ (the first products sit in the last
 * category), so a mix-up would list the wrong products, or tied ones in the wrong order.
 */
const catalog: CatalogEntity[] = [
  { type: 'category', id: 'home', title: 'Home' },
  { type: 'category', id: 'fashion', title: 'Fashion' },
  {
    type: 'product',
    id: 'lamp-brass',
    title: 'Brass Lamp',
    categories: ['fashion'],
    attributes: { color: 'Gold' },
    price: 30,
    currency: 'EUR',
    availability: 'in_stock',
  },
  {
    type: 'product',
    id: 'lamp-paper',
    title: 'Paper Lamps',
    categories: ['fashion'],
    attributes: { color: 'White' },
    price: 20,
    currency: 'EUR',
    availability: 'in_stock',
  },
  {
    type: 'product',
    id: 'mug-fashion',
    title: 'Stone Mug',
    categories: ['fashion'],
    attributes: { color: 'Grey' },
    price: 12,
    currency: 'EUR',
    availability: 'in_stock',
  },
  {
    type: 'product',
    id: 'vase',
    title: 'Paper Vase',
    categories: ['home'],
    attributes: { color: 'White' },
    price: 10,
    currency: 'EUR',
    availability: 'in_stock',
  },
  {
    type: 'product',
    id: 'bowl',
    title: 'Wooden Bowl',
    categories: ['home'],
    attributes: { color: 'Brown' },
    price: 15,
    currency: 'EUR',
    availability: 'in_stock',
  },
  {
    type: 'product',
    id: 'mug-home',
    title: 'Stone Mug',
    categories: ['home'],
    attributes: { color: 'Grey' },
    price: 12,
    currency: 'EUR',
    availability: 'in_stock',
  },
];

const settings: EngineSettings = {
  locale: 'en',
  languages: ['en'],
  attributes: [{ code: 'color', label: 'Color', type: 'option', filterable: true }],
};

const index = loadIndex(await compileIndex(catalog, { settings }));

function search(text: string, more: Partial<Parameters<typeof executeSearch>[1]> = {}) {
  const result = executeSearch(index, { text, page: 1, perPage: 10, ...more });
  return { result, product: result.sections.find((section) => section.type === 'product')! };
}

const entities = (hits: ReadonlyArray<{ entity: string }>) => hits.map((hit) => hit.entity);

describe('text matches in the listed section', () => {
  it('lists the documents the text matched, though catalog and category orders differ', () => {
    const { product } = search('brass');
    expect(entities(product.hits)).toEqual(['product:lamp-brass']);
    expect(product.total).toBe(1);
    expect(product.trace.searched).toBe('brass');
  });

  it('lists stem and typo matches, narrowed by filters and counted by facets', () => {
    const facets = [{ field: 'color', kind: 'list' as const, label: 'Color' }];
    const all = search('lamp', { facets });
    expect(entities(all.product.hits).sort()).toEqual(['product:lamp-brass', 'product:lamp-paper']);
    const facet = all.product.facets?.find((one) => one.field === 'color');
    expect(Object.fromEntries((facet?.values ?? []).map((value) => [value.value, value.count]))).toEqual({
      Gold: 1,
      White: 1,
    });
    const typo = search('lampps', { filters: { color: 'White' }, facets });
    expect(entities(typo.product.hits)).toEqual(['product:lamp-paper']);
    expect(typo.result.applied?.map((applied) => applied.field)).toEqual(['color']);
  });

  it('explains the score of each listed hit, of its own document', () => {
    const { product } = search('paper lamp', { explain: true, fill: true });
    expect(entities(product.hits)).toEqual(['product:lamp-paper', 'product:lamp-brass']);
    for (const hit of product.hits) expect(hit.parts?.total).toBeCloseTo(hit.score, 9);
    // The second lacks the optional word: its explanation says so.
    expect(product.hits[0]!.parts!.completeness).toBe(0);
    expect(product.hits[1]!.parts!.completeness).toBeLessThan(0);
  });

  it('breaks ties by catalog order, wherever the search ranks', () => {
    // The two mugs score alike; the one from the category listed first in the tree comes later
    // in the catalog.
    const mugs = ['product:mug-fashion', 'product:mug-home'];
    expect(entities(search('stone mug').product.hits)).toEqual(mugs);
    const facets = [{ field: 'color', kind: 'list' as const, label: 'Color' }];
    expect(entities(search('stone mug', { filters: { color: 'Grey' }, facets }).product.hits)).toEqual(mugs);
    // Beside the listed section, searched and browsed.
    const beside = (text: string) =>
      search(text, { listed: 'category' }).result.sections.find((section) => section.type === 'product')!;
    expect(entities(beside('stone mug').hits)).toEqual(mugs);
    const catalogOrder = catalog
      .filter((entity) => entity.type === 'product')
      .map((entity) => `product:${entity.id}`);
    expect(entities(beside('').hits)).toEqual(catalogOrder);
    // Listed without words: every product ties (no signals), in catalog order.
    expect(entities(search('', { facets }).product.hits)).toEqual(catalogOrder);
  });

  it('lists a word left out, or a short list filled, once per document', () => {
    const leftOut = search('paper zzqx', { leaveOut: 'unknown' });
    expect(entities(leftOut.product.hits).sort()).toEqual(['product:lamp-paper', 'product:vase']);
    expect(leftOut.product.trace.leftOut).toEqual(['zzqx']);

    // All words match one product; filled, the list walks again with "paper" optional.
    const filled = search('paper lamp', { fill: true });
    expect(entities(filled.product.hits)).toEqual(['product:lamp-paper', 'product:lamp-brass']);
    expect(filled.product.total).toBe(2);
    expect(filled.product.trace.optional).toEqual(['paper']);
  });
});

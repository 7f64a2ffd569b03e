import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { catalogFacts, compareFacts } from './compare-exports.js';

const products: CatalogEntity[] = [
  { type: 'brand', id: 'acme', title: 'Acme' },
  {
    type: 'product',
    id: 'p1',
    title: 'Shirt',
    brand: 'Acme',
    attributes: { care: 'Wash cold', material: 'cotton' },
    variants: [
      { id: 'p1-s', attributes: { size: 'S' }, offers: [{ channel: 'web', price: 10, sale_price: 8 }] },
    ],
  },
  { type: 'product', id: 'p2', title: 'Mug', attributes: { gtin: '400' }, categories: ['kitchen'] },
];

describe('catalogFacts', () => {
  it('takes product ids, attribute codes of products and variants, and the filters shoppers get', async () => {
    const attributes = {
      attributes: [
        { code: 'care', label: 'Care', type: 'text' },
        { code: 'gtin', label: 'GTIN', type: 'identifier' },
        { code: 'material', label: 'Material', type: 'text', filterable: true },
      ],
    };
    const facts = await catalogFacts(products, [attributes]);
    expect([...facts.products]).toEqual(['p1', 'p2']);
    expect([...facts.attributes].sort()).toEqual(['care', 'gtin', 'material', 'size']);
    expect([...facts.filters].sort()).toEqual(['brand', 'category', 'material', 'on_sale', 'price', 'size']);
  });

  it('lets the release’s attributes.json decide over the one derived from the export', async () => {
    const release = { attributes: [{ code: 'care', label: 'Care', type: 'option' }] };
    const derived = { attributes: [{ code: 'care', label: 'Care', type: 'text' }] };
    expect((await catalogFacts(products, [release, derived])).filters.has('care')).toBe(true);
    expect((await catalogFacts(products, [undefined, derived])).filters.has('care')).toBe(false);
  });
});

describe('compareFacts', () => {
  it('says everything is new without a live catalog, and what was added and removed against one', async () => {
    const draft = await catalogFacts(products, []);
    expect(compareFacts(draft, undefined).products).toEqual({
      added: { count: 2, first: ['p1', 'p2'] },
      removed: { count: 0, first: [] },
      kept: 0,
      live: 0,
    });
    const live = await catalogFacts(
      [
        { type: 'product', id: 'p2' },
        { type: 'product', id: 'p3', brand: 'Other' },
      ],
      [],
    );
    const compared = compareFacts(draft, live);
    expect(compared.products).toMatchObject({
      added: { count: 1 },
      removed: { count: 1, first: ['p3'] },
      kept: 1,
      live: 2,
    });
    expect(compared.attributes).toEqual({ new: ['care', 'gtin', 'material', 'size'], gone: [] });
    expect(compared.filters.gone).toEqual([]);
  });
});

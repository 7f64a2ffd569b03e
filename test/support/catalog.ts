import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';

/** A small shop written out by hand, so tests can name what they expect to find. */
export const smallShop: CatalogEntity[] = [
  { type: 'brand', id: 'acme', title: 'Acme' },
  { type: 'category', id: 'audio', title: 'Audio' },
  {
    type: 'product',
    id: 'p1',
    title: 'Acme Wireless Headphones',
    brand: 'Acme',
    description: 'Over-ear headphones with noise cancelling.',
    price: 99.5,
    currency: 'EUR',
    availability: 'in_stock',
    url: '/p/acme-wireless-headphones',
  },
  {
    type: 'product',
    id: 'p2',
    title: 'Acme Wired Earbuds',
    brand: 'Acme',
    description: 'Small earbuds for running; pairs well with wireless chargers.',
    price: 19,
    currency: 'EUR',
    availability: 'in_stock',
  },
  {
    type: 'product',
    id: 'p3',
    title: 'Kettle Steel 1.7 l',
    brand: 'Homely',
    description: 'A kettle for the kitchen.',
    price: 35,
    currency: 'EUR',
    availability: 'out_of_stock',
  },
];

/** A product of one brand and category, in stock at 50 EUR, with its own page: shops of search tests. */
export function listedProduct(
  id: string,
  title: CatalogEntity['title'],
  brand: string,
  category: string,
): CatalogEntity {
  return {
    type: 'product',
    id,
    title,
    brand,
    categories: [category],
    price: 50,
    currency: 'EUR',
    availability: 'in_stock',
    url: `/p/${id}`,
  };
}

export function toJsonLines(entities: CatalogEntity[]): string {
  return `${entities.map((entity) => JSON.stringify(entity)).join('\n')}\n`;
}

export const minimalRelease = { 'ranking.json': { sorts: [] } };

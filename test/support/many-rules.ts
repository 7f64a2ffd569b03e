import type { Rule } from '../../src/contracts/release-files/index.js';

/**
 * `count` rules of the kinds a large shop writes, over products `products` (references such as
 * `product:p1`) and categories `categories`: redirects and hides of one query each, pins shared by
 * groups of ten queries (which take positions and entities from each other), boosts of a word a
 * query contains (which every boost of the same product meets), and grid pins on category pages.
 * Every fifth rule is of each kind, so the kinds that meet many others are a fifth of the rules.
 */
export function manyRules(count: number, products: string[], categories: string[]): Rule[] {
  const product = (i: number) => products[i % products.length]!;
  return Array.from({ length: count }, (_, i): Rule => {
    const id = `rule-${i}`;
    switch (i % 5) {
      case 0:
        return {
          id,
          description: `Query ${i} goes to its help page.`,
          when: { query: { is: `question ${i}` }, on: 'search' },
          then: { redirect: { url: `/help/${i}` } },
        };
      case 1:
        return {
          id,
          description: `Pins a product for the queries of group ${Math.floor(i / 10)}.`,
          when: { query: { is: `group ${Math.floor(i / 10)}` } },
          then: { pin: [{ entity: product(i), position: 1 + (i % 4) }] },
        };
      case 2:
        return {
          id,
          description: `Boosts a product for queries with word ${i % 50}.`,
          when: { query: { contains: `word${i % 50}` } },
          then: { boost: [{ entity: product(i), strength: 'medium' }] },
        };
      case 3:
        return {
          id,
          description: `Lays out the grid of a category page, ${i}.`,
          when: { on: 'category_page', category: { is: categories[i % categories.length]! } },
          then: { pin: [{ entity: product(i), position: 1 + (i % 24) }] },
        };
      default:
        return {
          id,
          description: `Hides a product for query ${i}.`,
          when: { query: { is: `question ${i - 4}` } },
          then: { hide: [{ entity: product(i) }] },
        };
    }
  });
}

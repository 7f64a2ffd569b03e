import { describe, expect, it } from 'vitest';
import { pagesLiveState } from '../../test/support/storefront-shop.js';
import { categoryTree } from './category-tree.js';

describe('the category tree', () => {
  it('names each category with its parent, titles and paths per locale, channels, listed type and count', async () => {
    const { storefront } = await pagesLiveState();
    const tree = categoryTree(storefront);
    expect(tree).toMatchObject({ release: 'r1', snapshot: 's1' });
    expect(tree.categories.map((node) => node.category)).toEqual([
      'electronics',
      'televisions',
      'headphones',
      'fashion',
      'shirts',
      'trade',
    ]);
    expect(tree.categories[1]).toEqual({
      category: 'televisions',
      parent: 'electronics',
      titles: { en: 'Televisions', de: 'Fernseher' },
      paths: { en: '/c/electronics/tv', de: '/de/k/elektronik/fernseher' },
      channels: ['web', 'b2b'],
      lists: 'product',
      count: 3,
    });
    // tv-55 is assigned to televisions and electronics: counted once.
    expect(tree.categories[0]).toMatchObject({ count: 4, titles: { en: 'Electronics', de: 'Elektronik' } });
    expect(tree.categories[0]?.parent).toBeUndefined();
    expect(tree.categories[3]).toMatchObject({ titles: { en: 'Fashion', de: 'Fashion' }, count: 1 });
    expect(tree.categories[5]).toMatchObject({ channels: ['b2b'], count: 0 });
  });
});

import type { CategoryTree } from '../contracts/pages.js';
import { categorySize } from '../engine/index.js';
import { listedType } from '../planner/index.js';
import type { Storefront } from './storefront.js';

/**
 * The live category tree: every category in catalog order with its parent, its title and path in
 * each locale the channels serve, the channels it exists in, the type its page lists and how many
 * entities of that type lie in it or below it.
 */
export function categoryTree(storefront: Storefront): CategoryTree {
  const { view, vocabulary, index } = { ...storefront.source, view: storefront.view };
  const channels = view.channels.channels.map((channel) => channel.id);
  const locales = [...new Set(view.channels.channels.flatMap((channel) => channel.locales))];
  const categories = [...vocabulary.categories.values()].map((category) => {
    const lists = listedType(view.types, category);
    const titles: Record<string, string> = {};
    const paths: Record<string, string> = {};
    for (const locale of locales) {
      titles[locale] = storefront.categoryTitle(category.id, locale);
      const path = storefront.categoryUrl(category.id, locale);
      if (path !== undefined) paths[locale] = path;
    }
    return {
      category: category.id,
      ...(category.parent !== undefined ? { parent: category.parent } : {}),
      titles,
      ...(Object.keys(paths).length > 0 ? { paths } : {}),
      channels: channels.filter((channel) => storefront.inChannel(category.id, channel)),
      lists,
      count: categorySize(index, lists, category.id),
    };
  });
  return { release: storefront.source.release, snapshot: storefront.source.snapshot, categories };
}

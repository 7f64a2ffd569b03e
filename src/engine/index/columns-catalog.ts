import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type { LocalizedText } from '../../lib/locale.js';

/** A category as facets and `category within` read it: its place in the tree and its title. */
export interface CategoryInfo {
  id: string;
  parent?: string;
  title?: LocalizedText;
}

/** A brand entity, for the labels and logos of brand facet values. */
export interface BrandInfo {
  id: string;
  title?: LocalizedText;
  logo?: string;
  aliases?: string[];
}

/** What every type's columns may read of the catalog as a whole: the category tree and the brands. */
export interface CatalogInfo {
  /** In catalog order. */
  categories: CategoryInfo[];
  brands: BrandInfo[];
}

/** What a type's build may read beyond its own entities. */
export interface CompileContext {
  catalog: CatalogInfo;
  /** The time smart categories are decided at (their selectors may read offers), in ms. */
  time: number;
}

/** Collects the catalog's categories and brands while entities stream in. */
export class CatalogInfoCollector {
  private readonly categories: CategoryInfo[] = [];
  private readonly brands: BrandInfo[] = [];

  add(entity: CatalogEntity): void {
    if (entity.type === 'category') {
      const category: CategoryInfo = { id: entity.id };
      if (entity.parent !== undefined) category.parent = entity.parent;
      if (entity.title !== undefined) category.title = entity.title;
      this.categories.push(category);
    } else if (entity.type === 'brand') {
      const brand: BrandInfo = { id: entity.id };
      if (entity.title !== undefined) brand.title = entity.title;
      if (entity.logo !== undefined) brand.logo = entity.logo;
      if (entity.aliases !== undefined) brand.aliases = entity.aliases;
      this.brands.push(brand);
    }
  }

  build(): CatalogInfo {
    return { categories: this.categories, brands: this.brands };
  }
}

/**
 * Each category's ancestors, nearest first, by id. A parent the catalog does not hold ends the
 * chain; a cycle is cut where it closes.
 */
export function ancestorsOf(categories: readonly CategoryInfo[]): Map<string, string[]> {
  const parent = new Map<string, string>();
  for (const category of categories)
    if (category.parent !== undefined) parent.set(category.id, category.parent);
  const ancestors = new Map<string, string[]>();
  for (const category of categories) {
    const chain: string[] = [];
    const seen = new Set([category.id]);
    let up = parent.get(category.id);
    while (up !== undefined && !seen.has(up)) {
      chain.push(up);
      seen.add(up);
      up = parent.get(up);
    }
    ancestors.set(category.id, chain);
  }
  return ancestors;
}

import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { slug } from './names.js';

/**
 * The brand entities of a read. Spellings that differ only in case, accents or punctuation
 * ("bb Royal", "BB Royal") are one brand, named as first written, the others its aliases.
 */
export class BrandBook {
  private readonly brands = new Map<string, { name: string; aliases: Set<string> }>();
  /** Spellings seen before, to the brand's name. */
  private readonly names = new Map<string, string>();

  /** The brand's name as the catalog writes it on products. */
  add(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    const canonical = this.canonical(name);
    this.names.set(name, canonical);
    return canonical;
  }

  private canonical(name: string): string {
    const id = slug(name);
    if (id === '') return name;
    const brand = this.brands.get(id);
    if (!brand) {
      this.brands.set(id, { name, aliases: new Set() });
      return name;
    }
    if (name !== brand.name) brand.aliases.add(name);
    return brand.name;
  }

  get size(): number {
    return this.brands.size;
  }

  entities(): CatalogEntity[] {
    return [...this.brands].map(([id, brand]) => {
      const entity: CatalogEntity = { type: 'brand', id, title: brand.name };
      if (brand.aliases.size > 0) entity.aliases = [...brand.aliases];
      return entity;
    });
  }
}

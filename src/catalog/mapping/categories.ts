import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { slug } from './names.js';
import type { ColumnProfile } from './profile.js';

interface Node {
  id: string;
  title: string;
  parent?: string;
  path: string;
}

/**
 * The category entities of a read, made from the paths rows name ("Clothing > Polo shirts"):
 * one node per distinct path, parents before children. A node's id is its path's words joined by
 * `-` (`clothing-polo-shirts`), so the same name under two parents stays two nodes and the same
 * export gives the same ids every time.
 */
export class CategoryTree {
  private readonly nodes = new Map<string, Node>();
  /** Paths seen before, to their last node's id: most rows repeat a path. */
  private readonly leaves = new Map<string, string>();

  /** The id of the path's last node, adding the nodes it lacks; undefined for an empty path. */
  add(path: string[]): string | undefined {
    const key = path.join('\u0000');
    const known = this.leaves.get(key);
    if (known !== undefined) return known;
    let parent: Node | undefined;
    for (const title of path) {
      const part = slug(title) || 'category';
      const id = parent ? `${parent.id}-${part}` : part;
      let node = this.nodes.get(id);
      if (!node) {
        node = { id, title, path: `${parent ? parent.path : '/c'}/${part}` };
        if (parent) node.parent = parent.id;
        this.nodes.set(id, node);
      }
      parent = node;
    }
    if (parent) this.leaves.set(key, parent.id);
    return parent?.id;
  }

  get size(): number {
    return this.nodes.size;
  }

  entities(): CatalogEntity[] {
    return [...this.nodes.values()].map((node) => {
      const entity: CatalogEntity = { type: 'category', id: node.id, title: node.title, path: node.path };
      if (node.parent) entity.parent = node.parent;
      return entity;
    });
  }
}

/** Separators that join the levels of a category path within one category's name. */
const LEVELS = [' > ', '>', ' / ', ' | ', ' › ', '»', '/'] as const;

/**
 * One category's name as a path: split at the first separator it holds ("Clothing > Hoodies",
 * Magento's and BigCommerce's "Gear/Bags"). A name holding none is a category at the top.
 */
export function categoryPath(name: string): string[] {
  const separator = LEVELS.find((candidate) => name.includes(candidate));
  const pieces = separator ? name.split(separator.trim()) : [name];
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

/**
 * The top category every path of a column starts at, above two or more categories: the shop's root
 * (Magento's "Default Category"), which shoppers never browse, so it is left out of the paths. Judged
 * on the column's different values as the profile remembers them; a column with one top category
 * and a single path below it keeps its top.
 */
export function sharedRoot(column: ColumnProfile, separator: string | undefined): string | undefined {
  let root: string | undefined;
  const below = new Set<string>();
  for (const value of column.distinct.keys()) {
    for (const name of separator ? value.split(separator) : [value]) {
      if (name.trim() === '') continue;
      const path = categoryPath(name);
      if (path.length < 2) return undefined;
      if (root === undefined) root = path[0];
      else if (path[0] !== root) return undefined;
      below.add(path[1]!);
    }
  }
  return below.size >= 2 ? root : undefined;
}

import type { CategoriesFile } from '../../contracts/release-files/index.js';

type Node = NonNullable<CategoriesFile['nodes']>[number];
type Settings = NonNullable<CategoriesFile['default']>;
export type FacetEntry = NonNullable<Settings['facets']>[number];
export type FacetGroup = NonNullable<Settings['groups']>[number];
export type PageSort = NonNullable<Settings['sort']>;

/** What a listing offers: its facets, groups and sorts, and the category node that set its sort. */
export interface PageSettings {
  facets: FacetEntry[];
  groups: FacetGroup[];
  sort: PageSort;
  /** The category whose node set the sort; undefined for categories.json's default. */
  sortFrom?: string;
}

/**
 * Page settings by categories.json's inheritance: a node's facets and groups replace what it
 * inherits; the nearest node up the tree that sets a sort default or options decides the sort; a
 * category without a node reads its parent's; the top categories and the search page read
 * `default`. Computed once per category and release.
 */
export class PageSettingsResolver {
  private readonly nodes: Map<string, Node>;
  private readonly cache = new Map<string, PageSettings>();
  private readonly fallback: PageSettings;

  constructor(
    file: CategoriesFile,
    private readonly parentOf: (category: string) => string | undefined,
  ) {
    this.nodes = new Map((file.nodes ?? []).map((node) => [node.category, node]));
    this.fallback = {
      facets: file.default?.facets ?? [],
      groups: file.default?.groups ?? [],
      sort: file.default?.sort ?? {},
    };
  }

  of(category: string | undefined): PageSettings {
    if (category === undefined) return this.fallback;
    const known = this.cache.get(category);
    if (known !== undefined) return known;
    let facets: FacetEntry[] | undefined;
    let groups: FacetGroup[] | undefined;
    let sort: { sort: PageSort; from: string } | undefined;
    const seen = new Set<string>();
    for (let at: string | undefined = category; at !== undefined && !seen.has(at); at = this.parentOf(at)) {
      seen.add(at);
      const node = this.nodes.get(at);
      if (node === undefined) continue;
      facets ??= node.facets;
      groups ??= node.groups;
      if (sort === undefined && (node.sort?.default !== undefined || node.sort?.options !== undefined)) {
        sort = { sort: node.sort, from: at };
      }
    }
    const settings: PageSettings = {
      facets: facets ?? this.fallback.facets,
      groups: groups ?? this.fallback.groups,
      sort: sort?.sort ?? this.fallback.sort,
      ...(sort !== undefined ? { sortFrom: sort.from } : {}),
    };
    this.cache.set(category, settings);
    return settings;
  }
}

/**
 * aisle's facets in Algolia's shape: counts keyed by the value as text, range bounds as
 * `facets_stats`, and a hierarchical facet (the category tree) both flat (`category`: counts by
 * category id) and by level (`category.lvl0`, `category.lvl1`...: counts by the path of ids down to
 * the value, `electronics > audio`), as InstantSearch's hierarchicalMenu reads them. Keys are
 * aisle's values, which filters name; the labels to show come from `facetLabels`.
 */
import type { components } from '../client/index.js';
import type { FacetStats } from './algolia.js';
import { type FacetValueTypes, type FilterValue, HIERARCHY_SEPARATOR } from './filters.js';

type Facet = components['schemas']['Facet'];

export interface AlgoliaFacets {
  facets: Record<string, Record<string, number>>;
  stats: Record<string, FacetStats>;
  /** Each facet's values in aisle's order, by the keys of `facets`. */
  valueOrder: Record<string, string[]>;
}

export function algoliaFacets(facets: readonly Facet[]): AlgoliaFacets {
  const result: AlgoliaFacets = { facets: {}, stats: {}, valueOrder: {} };
  for (const facet of facets) {
    const counts: Record<string, number> = {};
    for (const value of facet.values) counts[String(value.value)] = value.count;
    result.facets[facet.field] = counts;
    result.valueOrder[facet.field] = Object.keys(counts);
    if (facet.min !== undefined && facet.max !== undefined) {
      result.stats[facet.field] = { min: facet.min, max: facet.max };
    }
    if (facet.kind === 'hierarchical') addLevels(facet, result);
  }
  return result;
}

/** `category.lvl<depth>` counts keyed by the path of values from the top down to each value. */
function addLevels(facet: Facet, result: AlgoliaFacets): void {
  const parents = new Map(facet.values.map((value) => [String(value.value), value.parent]));
  for (const value of facet.values) {
    const path = pathTo(String(value.value), parents);
    if (!path) continue;
    const level = `${facet.field}.lvl${path.length - 1}`;
    const key = path.join(HIERARCHY_SEPARATOR);
    result.facets[level] ??= {};
    result.facets[level][key] = value.count;
    result.valueOrder[level] = [...(result.valueOrder[level] ?? []), key];
  }
}

/** The values from the top down to `value`; none when a value up the way was not answered. */
function pathTo(value: string, parents: Map<string, FilterValue | undefined>): string[] | undefined {
  const path = [value];
  for (let parent = parents.get(value); parent !== undefined; parent = parents.get(String(parent))) {
    if (!parents.has(String(parent)) || path.includes(String(parent))) return undefined;
    path.unshift(String(parent));
  }
  return path;
}

/**
 * The values aisle answered, by field and by how Algolia writes them, so that a refinement
 * InstantSearch sends back as text (`on_sale:true`, `size:42`) filters by the value itself. A value
 * never answered (a refinement read from a URL before the first answer) is read as `true`/`false`
 * when it spells one, else as the text.
 */
export class FacetValueMemory implements FacetValueTypes {
  private readonly byField = new Map<string, Map<string, FilterValue>>();

  remember(facets: readonly Facet[]): void {
    for (const facet of facets) {
      const values = this.byField.get(facet.field) ?? new Map<string, FilterValue>();
      this.byField.set(facet.field, values);
      for (const { value } of facet.values) values.set(String(value), value);
    }
  }

  valueOf(field: string, written: string): FilterValue {
    const known = this.byField.get(field)?.get(written);
    if (known !== undefined) return known;
    if (written === 'true' || written === 'false') return written === 'true';
    return written;
  }
}

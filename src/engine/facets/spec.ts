/**
 * A facet as a page shows it, resolved from categories.json and attributes.json for the
 * request's locale (labels are texts already): what the engine counts and how it lays values out.
 */
export type FacetKind = 'list' | 'swatch' | 'hierarchical' | 'range' | 'buckets' | 'toggle' | 'relative';

export interface FacetBucket {
  from?: number;
  to?: number;
  label: string;
}

export interface FacetSpec {
  field: string;
  kind: FacetKind;
  label: string;
  show?: 'values' | 'groups';
  order?: 'count' | 'value_order' | 'label';
  buckets?: FacetBucket[];
  single?: boolean;
  description?: string;
  headings?: Array<{ label: string; values: string[] }>;
  search?: boolean;
  /** Values shown before `more`; undefined shows every value with results. */
  limit?: number;
  display?: 'slider' | 'histogram' | 'stars' | 'grades' | 'buttons' | 'select' | 'images';
  customDisplay?: string;
  unit?: string;
  group?: { group: string; label: string; display?: 'finder' };
  /** Not counted: the page's counted_facets limit left it out. */
  deferred?: boolean;
}

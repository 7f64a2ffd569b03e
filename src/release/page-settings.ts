import type {
  Attribute,
  AttributesFile,
  CategoriesFile,
  RankingFile,
} from '../contracts/release-files/index.js';
import { type LocalizedText, pickText } from '../lib/locale.js';

/**
 * What a page shows, from categories.json by inheritance: the facets in display order, the facet
 * groups, and the sorts. A category node inherits from its parent category, the top categories
 * from `default`; a node's `facets` replace the inherited list, its `groups` the inherited groups
 * (an empty list leaves none), and the nearest node up the tree that sets a sort decides it.
 */

type PageSettingsPart = NonNullable<CategoriesFile['default']>;
type FacetEntry = NonNullable<PageSettingsPart['facets']>[number];
export type FacetObject = Exclude<FacetEntry, string>;
export type FacetGroupEntry = NonNullable<PageSettingsPart['groups']>[number];

export type FacetKind = 'list' | 'swatch' | 'hierarchical' | 'range' | 'buckets' | 'toggle' | 'relative';

/** The values a list facet shows before `more` where the layout sets no `limit` (`facet_values`). */
export const FACET_VALUES = 10;
/** The facets a page counts first, in display order, groups whole (`counted_facets`). */
export const COUNTED_FACETS = 8;

export interface PageLayout {
  /** Facets in the page's order, each with its kind (given or natural). */
  facets: Array<FacetObject & { kind: FacetKind }>;
  groups: FacetGroupEntry[];
  /** The sort the page starts in without words, and the sorts it offers (absent: no choice). */
  sort: { default: string; options?: string[] };
}

/** The natural kind of a facet field: the kind a facet without `kind` gets. */
export function naturalKind(field: string, attribute: Attribute | undefined): FacetKind {
  switch (field) {
    case 'category':
      return 'hierarchical';
    case 'brand':
    case 'availability':
      return 'list';
    case 'price':
    case 'delivery_days':
    case 'rating':
      return 'range';
    case 'on_sale':
      return 'toggle';
  }
  switch (attribute?.type) {
    case 'boolean':
      return 'toggle';
    case 'number':
    case 'quantity':
    case 'range':
      return 'range';
    default:
      return 'list';
  }
}

function attributesOf(files: Record<string, unknown>): Map<string, Attribute> {
  const list = (files['attributes.json'] as AttributesFile | undefined)?.attributes ?? [];
  return new Map(list.toReversed().map((attribute) => [attribute.code, attribute]));
}

/** The categories from `category` up to its root, nearest first (a cycle is cut where it closes). */
function chainOf(category: string | undefined, parentOf: (id: string) => string | undefined): string[] {
  const chain: string[] = [];
  let at = category;
  while (at !== undefined && !chain.includes(at)) {
    chain.push(at);
    at = parentOf(at);
  }
  return chain;
}

/** The layout of a category page (`category`) or of the search page (undefined). */
export function pageLayout(
  files: Record<string, unknown>,
  category: string | undefined,
  parentOf: (id: string) => string | undefined,
): PageLayout {
  const categories = (files['categories.json'] as CategoriesFile | undefined) ?? {};
  const nodes = new Map((categories.nodes ?? []).map((node) => [node.category, node]));
  const chain = chainOf(category, parentOf)
    .map((id) => nodes.get(id))
    .filter((node) => node !== undefined);
  const defaults = categories.default ?? {};
  const facets = chain.find((node) => node.facets !== undefined)?.facets ?? defaults.facets ?? [];
  const groups = chain.find((node) => node.groups !== undefined)?.groups ?? defaults.groups ?? [];
  const sort =
    chain.find((node) => node.sort?.default !== undefined || node.sort?.options !== undefined)?.sort ??
    defaults.sort ??
    {};
  const attributes = attributesOf(files);
  return {
    facets: facets.map((entry) => {
      const facet: FacetObject = typeof entry === 'string' ? { field: entry } : entry;
      return {
        ...facet,
        kind: (facet.kind as FacetKind | undefined) ?? naturalKind(facet.field, attributes.get(facet.field)),
      };
    }),
    groups,
    sort: { default: sort.default ?? 'relevance', ...(sort.options ? { options: sort.options } : {}) },
  };
}

/** Every field some page of the release shows as a facet: what a request's `facets` may name. */
export function facetFieldsOfRelease(files: Record<string, unknown>): Set<string> {
  const categories = (files['categories.json'] as CategoriesFile | undefined) ?? {};
  const fields = new Set<string>();
  for (const page of [categories.default ?? {}, ...(categories.nodes ?? [])]) {
    for (const entry of page.facets ?? []) fields.add(typeof entry === 'string' ? entry : entry.field);
  }
  return fields;
}

const BUILT_IN_LABELS: Record<string, Record<string, string>> = {
  en: {
    category: 'Category',
    brand: 'Brand',
    price: 'Price',
    on_sale: 'On sale',
    availability: 'Availability',
    delivery_days: 'Delivery',
    rating: 'Rating',
    relevance: 'Relevance',
  },
  de: {
    category: 'Kategorie',
    brand: 'Marke',
    price: 'Preis',
    on_sale: 'Im Angebot',
    availability: 'Verfügbarkeit',
    delivery_days: 'Lieferung',
    rating: 'Bewertung',
    relevance: 'Relevanz',
  },
};

function builtIn(key: string, locale: string | undefined): string | undefined {
  const language = (locale ?? 'en').toLowerCase().split('-')[0]!;
  return (BUILT_IN_LABELS[language] ?? BUILT_IN_LABELS.en!)[key] ?? BUILT_IN_LABELS.en![key];
}

/** The label of a filter or facet field in the locale: the attribute's, or the built-in field's. */
export function fieldLabel(
  files: Record<string, unknown>,
  field: string,
  locale: string | undefined,
): string {
  const attribute = attributesOf(files).get(field);
  if (attribute) return pickText(attribute.label, locale) ?? field;
  return builtIn(field, locale) ?? field;
}

/** A facet as the engine counts and shows it (structurally the engine's FacetSpec). */
export interface PageFacet {
  field: string;
  kind: FacetKind;
  label: string;
  show?: 'values' | 'groups';
  order?: 'count' | 'value_order' | 'label';
  buckets?: Array<{ from?: number; to?: number; label: string }>;
  single?: boolean;
  description?: string;
  headings?: Array<{ label: string; values: string[] }>;
  search?: boolean;
  limit?: number;
  display?: 'slider' | 'histogram' | 'stars' | 'grades' | 'buttons' | 'select' | 'images';
  customDisplay?: string;
  unit?: string;
  group?: { group: string; label: string; display?: 'finder' };
  deferred?: boolean;
}

export interface FacetPlan {
  /** Fields the request chose values of. */
  chosen: ReadonlySet<string>;
  /** Fields the request names in `facets`: counted in full. */
  requested: ReadonlySet<string>;
  /** Only the requested facets (count_only). */
  requestedOnly: boolean;
}

/**
 * The page's facets as the answer shows them, in display order: a group's facets follow one
 * another where its first facet stands (a group needs two of its facets on the page); the first
 * COUNTED_FACETS are counted (a group whole or not at all), and so is every facet with a choice or
 * that the request names; the others are deferred. Labels are in the locale.
 */
export function pageFacets(
  files: Record<string, unknown>,
  layout: PageLayout,
  locale: string | undefined,
  plan: FacetPlan,
): PageFacet[] {
  const attributes = attributesOf(files);
  const text = (value: LocalizedText | undefined) => pickText(value, locale);
  const onPage = new Set(layout.facets.map((facet) => facet.field));
  const groupOf = new Map<string, FacetGroupEntry>();
  for (const group of layout.groups) {
    if (group.facets.filter((field) => onPage.has(field)).length < 2) continue;
    for (const field of group.facets) if (!groupOf.has(field)) groupOf.set(field, group);
  }
  // Display order: a group's facets together, in the group's order, where its first one stands.
  const ordered: Array<PageLayout['facets'][number]> = [];
  const placed = new Set<string>();
  for (const facet of layout.facets) {
    if (placed.has(facet.field)) continue;
    const group = groupOf.get(facet.field);
    const members = group
      ? group.facets.flatMap((field) => layout.facets.filter((one) => one.field === field))
      : [facet];
    for (const member of members) {
      if (placed.has(member.field)) continue;
      placed.add(member.field);
      ordered.push(member);
    }
  }
  // The counted_facets limit, a group whole or not at all.
  const counted = new Set<string>();
  let budget = COUNTED_FACETS;
  for (const facet of ordered) {
    if (counted.has(facet.field)) continue;
    const group = groupOf.get(facet.field);
    const members = group ? group.facets.filter((field) => onPage.has(field)) : [facet.field];
    if (members.length > budget) break;
    budget -= members.length;
    for (const member of members) counted.add(member);
  }

  const out: PageFacet[] = [];
  for (const facet of ordered) {
    const requested = plan.requested.has(facet.field);
    if (plan.requestedOnly && !requested) continue;
    const attribute = attributes.get(facet.field);
    const group = groupOf.get(facet.field);
    const spec: PageFacet = {
      field: facet.field,
      kind: facet.kind,
      label: fieldLabel(files, facet.field, locale),
    };
    if (facet.show) spec.show = facet.show;
    if (facet.order) spec.order = facet.order;
    if (facet.buckets) {
      spec.buckets = facet.buckets.map((bucket) => ({
        ...(bucket.from !== undefined ? { from: bucket.from } : {}),
        ...(bucket.to !== undefined ? { to: bucket.to } : {}),
        label: text(bucket.label) ?? '',
      }));
    }
    if (facet.single) spec.single = true;
    const description = text(facet.description);
    if (description !== undefined) spec.description = description;
    if (facet.headings) {
      spec.headings = facet.headings.map((heading) => ({
        label: text(heading.label) ?? '',
        values: heading.values,
      }));
    }
    if (facet.search) spec.search = true;
    if (!requested) spec.limit = facet.limit ?? FACET_VALUES;
    const display = group?.display === 'finder' ? 'select' : facet.display;
    if (display) spec.display = display as NonNullable<PageFacet['display']>;
    if (facet.custom_display) spec.customDisplay = facet.custom_display;
    const unit = facet.field === 'delivery_days' ? 'day' : attribute?.unit;
    if (unit) spec.unit = unit;
    if (group) {
      spec.group = { group: group.group, label: text(group.label) ?? group.group };
      if (group.display) spec.group.display = group.display;
    }
    if (!requested && !counted.has(facet.field) && !plan.chosen.has(facet.field)) spec.deferred = true;
    out.push(spec);
  }
  return out;
}

export interface SortChoice {
  code: string;
  label: string;
  default?: boolean;
}

/** The sorts the page offers, labelled in the locale, with the one it starts in marked. */
export function pageSorts(
  files: Record<string, unknown>,
  layout: PageLayout,
  locale: string | undefined,
  hasWords: boolean,
): SortChoice[] | undefined {
  const options = layout.sort.options;
  if (options === undefined || options.length === 0) return undefined;
  const sorts = (files['ranking.json'] as RankingFile | undefined)?.sorts ?? [];
  const starts = hasWords ? 'relevance' : layout.sort.default;
  return options.map((code) => {
    const definition = sorts.find((sort) => sort.code === code);
    const label =
      code === 'relevance'
        ? (builtIn('relevance', locale) ?? code)
        : (pickText(definition?.label, locale) ?? code);
    return { code, label, ...(code === starts ? { default: true } : {}) };
  });
}

/** The sort a request is answered in: the one it names, else relevance with words, else the page's default. */
export function effectiveSort(layout: PageLayout, requested: string | undefined, hasWords: boolean): string {
  return requested ?? (hasWords ? 'relevance' : layout.sort.default);
}

/** A sort of ranking.json by code, or undefined (relevance is no definition). */
export function sortDefinition(
  files: Record<string, unknown>,
  code: string,
): { by: string; direction: 'asc' | 'desc' } | undefined {
  const sort = (files['ranking.json'] as RankingFile | undefined)?.sorts?.find((one) => one.code === code);
  return sort ? { by: sort.by, direction: sort.direction } : undefined;
}

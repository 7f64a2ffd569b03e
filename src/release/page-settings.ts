import type { Attribute, CategoriesFile, RankingFile } from '../contracts/release-files/index.js';
import { type LocalizedText, pickText } from '../lib/locale.js';
import { builtInFieldLabel, wordsFor } from '../lib/words.js';
import { releaseView } from './release-view.js';

/**
 * What a page shows, from categories.json by inheritance, and where each setting comes from: the
 * facets in display order, the facet groups, and the sorts. A category node inherits from its
 * parent category, the top categories from `default`; a node's `facets` replace the inherited
 * list, its `groups` the inherited groups (an empty list leaves none), and the nearest node up the
 * tree that sets a sort default or options decides the sort. The search answer (its plan, its
 * facets and sorts) and the page settings answer read pages through this one module.
 */

type PageSettingsPart = NonNullable<CategoriesFile['default']>;
export type FacetEntry = NonNullable<PageSettingsPart['facets']>[number];
export type FacetObject = Exclude<FacetEntry, string>;
export type FacetGroupEntry = NonNullable<PageSettingsPart['groups']>[number];
type SortDefinition = NonNullable<RankingFile['sorts']>[number];

export type FacetKind = 'list' | 'swatch' | 'hierarchical' | 'range' | 'buckets' | 'toggle' | 'relative';

/** The values a list facet shows before `more` where the layout sets no `limit` (`facet_values`). */
export const FACET_VALUES = 10;
/** The facets a page counts first, in display order, groups whole (`counted_facets`). */
export const COUNTED_FACETS = 8;

/**
 * Where a setting comes from: the page's own category node, a category up the tree, the
 * `default` of categories.json, or what aisle builds in where the release says nothing.
 */
export type SettingOrigin =
  | { from: 'page' }
  | { from: 'category'; category: string }
  | { from: 'default' }
  | { from: 'built_in' };

/** A facet of a page: as written, with its kind (the natural one when none is written). */
export interface LaidOutFacet extends FacetObject {
  kind: FacetKind;
  /** The entry as categories.json writes it: a field code, or an object. */
  written: FacetEntry;
  /** Set when no kind is written: why the field's natural kind was taken. */
  derived?: string;
}

export interface PageLayout {
  /** The category page laid out; undefined for the search page. */
  category?: string;
  /** Facets in the page's order. */
  facets: LaidOutFacet[];
  groups: FacetGroupEntry[];
  /** The sort the page starts in without words, and the sorts it offers (absent: no choice). */
  sort: { default: string; options?: string[] };
  /**
   * The field combinations whose filtered listings of this page are pages search engines may
   * index: the nearest node's `filter_pages`, else every combination routes.json lists.
   */
  filterPages: readonly (readonly string[])[];
  /** Where the facets, the groups, the sort and the filter pages come from (`default`: routes.json's list). */
  from: { facets: SettingOrigin; groups: SettingOrigin; sort: SettingOrigin; filterPages: SettingOrigin };
  /** Set when the deciding sort sets options but no default: why the page starts in relevance. */
  sortDefaultDerived?: string;
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

/** Why a facet without `kind` has its kind, in a sentence. */
function naturalKindReason(field: string, attribute: Attribute | undefined, kind: FacetKind): string {
  const what =
    attribute !== undefined
      ? `"${field}" is ${/^[aeiou]/.test(attribute.type) ? 'an' : 'a'} ${attribute.type} attribute`
      : `"${field}" is a built-in field`;
  return `No kind is written: ${what}, whose natural kind is ${kind}.`;
}

/** The label of a filter or facet field in the locale: the attribute's, or the built-in field's. */
export function fieldLabel(
  attributes: ReadonlyMap<string, Attribute>,
  field: string,
  locale: string | undefined,
): string {
  const attribute = attributes.get(field);
  if (attribute !== undefined) return pickText(attribute.label, locale) ?? field;
  return builtInFieldLabel(field, locale) ?? field;
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

export interface SortChoice {
  code: string;
  label: string;
  default?: true;
}

type CategoryNode = NonNullable<CategoriesFile['nodes']>[number];

/**
 * The page settings of one release over one catalog's category tree (`parentOf`): layouts are
 * computed once per category and kept, so a search reads its page's settings from a map.
 */
export class PageSettings {
  readonly attributes: ReadonlyMap<string, Attribute>;
  /** Every field some page of the release shows as a facet: what a request's `facets` may name. */
  readonly facetFields: ReadonlySet<string>;
  private readonly nodes: ReadonlyMap<string, CategoryNode>;
  private readonly defaults: PageSettingsPart;
  private readonly sortDefinitions: ReadonlyMap<string, SortDefinition>;
  /** Every combination routes.json lists: the filter pages of a page no node chooses for. */
  readonly routeFilterPages: readonly (readonly string[])[];
  private readonly layouts = new Map<string, PageLayout>();
  private searchLayout: PageLayout | undefined;

  constructor(
    files: Record<string, unknown>,
    private readonly parentOf: (category: string) => string | undefined,
  ) {
    const view = releaseView(files);
    const categories = view.categories;
    this.attributes = view.attributes;
    this.nodes = new Map((categories.nodes ?? []).map((node) => [node.category, node]));
    this.defaults = categories.default ?? {};
    const sorts = view.ranking.sorts ?? [];
    this.sortDefinitions = new Map(sorts.toReversed().map((sort) => [sort.code, sort]));
    this.routeFilterPages = view.routes.filter_pages ?? [];
    const fields = new Set<string>();
    for (const page of [this.defaults, ...(categories.nodes ?? [])]) {
      for (const entry of page.facets ?? []) fields.add(typeof entry === 'string' ? entry : entry.field);
    }
    this.facetFields = fields;
  }

  /** The layout of a category page (`category`) or of the search page (undefined). */
  layout(category: string | undefined): PageLayout {
    if (category === undefined) {
      this.searchLayout ??= this.lay(undefined);
      return this.searchLayout;
    }
    let layout = this.layouts.get(category);
    if (layout === undefined) {
      layout = this.lay(category);
      this.layouts.set(category, layout);
    }
    return layout;
  }

  /** The label of a field in the locale. */
  fieldLabel(field: string, locale: string | undefined): string {
    return fieldLabel(this.attributes, field, locale);
  }

  /** A sort of ranking.json by code, or undefined (relevance is no definition). */
  sortDefinition(code: string): SortDefinition | undefined {
    return this.sortDefinitions.get(code);
  }

  /** The sort a request starts in without choosing one: relevance with words, else the page's default. */
  startingSort(layout: PageLayout, hasWords: boolean): string {
    return hasWords ? 'relevance' : layout.sort.default;
  }

  /** The sorts the page offers, labelled in the locale, with the one it starts in marked. */
  sorts(layout: PageLayout, locale: string | undefined, hasWords: boolean): SortChoice[] | undefined {
    const options = layout.sort.options;
    if (options === undefined || options.length === 0) return undefined;
    const starts = this.startingSort(layout, hasWords);
    return options.map((code) => ({
      code,
      label: this.sortLabel(code, locale),
      ...(code === starts ? { default: true as const } : {}),
    }));
  }

  /** A sort's label in the locale: relevance is built in, the others ranking.json names (else their code). */
  sortLabel(code: string, locale: string | undefined): string {
    if (code === 'relevance') return wordsFor(locale).relevance;
    return pickText(this.sortDefinitions.get(code)?.label, locale) ?? code;
  }

  /**
   * The page's facets as the answer shows them, in display order: a group's facets follow one
   * another where its first facet stands (a group needs two of its facets on the page); the first
   * COUNTED_FACETS are counted (a group whole or not at all), and so is every facet with a choice
   * or that the request names; the others are deferred. Labels are in the locale.
   */
  facets(layout: PageLayout, locale: string | undefined, plan: FacetPlan): PageFacet[] {
    const text = (value: LocalizedText | undefined) => pickText(value, locale);
    const { ordered, groupOf, counted } = arrangeFacets(layout);
    const out: PageFacet[] = [];
    for (const facet of ordered) {
      const requested = plan.requested.has(facet.field);
      if (plan.requestedOnly && !requested) continue;
      const group = groupOf.get(facet.field);
      const spec: PageFacet = {
        field: facet.field,
        kind: facet.kind,
        label: this.fieldLabel(facet.field, locale),
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
      const unit = this.unitOf(facet.field);
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

  /** The unit of a field's values: days for delivery, an attribute's own. */
  unitOf(field: string): string | undefined {
    return field === 'delivery_days' ? 'day' : this.attributes.get(field)?.unit;
  }

  private lay(category: string | undefined): PageLayout {
    const chain = this.chainOf(category);
    const originOf = (id: string): SettingOrigin =>
      id === category ? { from: 'page' } : { from: 'category', category: id };
    const fallback = (set: boolean): SettingOrigin => (set ? { from: 'default' } : { from: 'built_in' });

    const facetNode = chain.find((node) => node.facets !== undefined);
    const facets = facetNode?.facets ?? this.defaults.facets ?? [];
    const groupNode = chain.find((node) => node.groups !== undefined);
    const groups = groupNode?.groups ?? this.defaults.groups ?? [];
    const sortNode = chain.find(
      (node) => node.sort?.default !== undefined || node.sort?.options !== undefined,
    );
    const sort = sortNode?.sort ?? this.defaults.sort ?? {};
    const filterNode = chain.find((node) => node.filter_pages !== undefined);

    const layout: PageLayout = {
      ...(category !== undefined ? { category } : {}),
      facets: facets.map((entry) => this.layFacet(entry)),
      groups,
      sort: { default: sort.default ?? 'relevance', ...(sort.options ? { options: sort.options } : {}) },
      filterPages: filterNode?.filter_pages ?? (category === undefined ? [] : this.routeFilterPages),
      from: {
        facets: facetNode ? originOf(facetNode.category) : fallback(this.defaults.facets !== undefined),
        groups: groupNode ? originOf(groupNode.category) : fallback(this.defaults.groups !== undefined),
        sort: sortNode ? originOf(sortNode.category) : fallback(this.defaults.sort !== undefined),
        filterPages: filterNode
          ? originOf(filterNode.category)
          : fallback(category !== undefined && this.routeFilterPages.length > 0),
      },
    };
    if (sort.default === undefined && sort.options !== undefined) {
      layout.sortDefaultDerived =
        'The sort that decides lists options without a default: the page starts in relevance.';
    }
    return layout;
  }

  private layFacet(entry: FacetEntry): LaidOutFacet {
    const facet: FacetObject = typeof entry === 'string' ? { field: entry } : entry;
    if (facet.kind !== undefined) return { ...facet, kind: facet.kind as FacetKind, written: entry };
    const attribute = this.attributes.get(facet.field);
    const kind = naturalKind(facet.field, attribute);
    return { ...facet, kind, written: entry, derived: naturalKindReason(facet.field, attribute, kind) };
  }

  /** The nodes from `category` up to its root, nearest first (a cycle is cut where it closes). */
  private chainOf(category: string | undefined): CategoryNode[] {
    const chain: CategoryNode[] = [];
    const seen = new Set<string>();
    for (let at = category; at !== undefined && !seen.has(at); at = this.parentOf(at)) {
      seen.add(at);
      const node = this.nodes.get(at);
      if (node !== undefined) chain.push(node);
    }
    return chain;
  }
}

/**
 * A page's facets in display order (a group's facets together, in the group's order, where its
 * first one stands), the group each is drawn in (a group needs two of its facets on the page),
 * and the facets counted first: COUNTED_FACETS of them, a group whole or not at all.
 */
export function arrangeFacets(layout: Pick<PageLayout, 'facets' | 'groups'>): {
  ordered: LaidOutFacet[];
  groupOf: Map<string, FacetGroupEntry>;
  counted: Set<string>;
} {
  const onPage = new Set(layout.facets.map((facet) => facet.field));
  const groupOf = new Map<string, FacetGroupEntry>();
  for (const group of layout.groups) {
    if (group.facets.filter((field) => onPage.has(field)).length < 2) continue;
    for (const field of group.facets) if (!groupOf.has(field)) groupOf.set(field, group);
  }
  const ordered: LaidOutFacet[] = [];
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
  return { ordered, groupOf, counted };
}

import type { Facet, FacetValue } from '../../contracts/search.js';
import { bucketCode, type Choice, readBucketCode } from '../filter/choice.js';
import { DAY_MS, type Interval, within } from '../filter/predicate.js';
import { normalizeIdentifier } from '../index/columns-values.js';
import type { SharedView } from '../listing/shared-view.js';
import type { FieldAccess } from '../listing/structured-index.js';
import {
  type Candidates,
  type CodeMap,
  countCodes,
  countPrices,
  countRanges,
  type NumberCounts,
} from './count.js';
import { collator, valueLook } from './labels.js';
import { binOf, EDGES } from './ladder.js';
import type { FacetBucket, FacetSpec } from './spec.js';

/** What a facet is counted from: its spec, its field as the request reads it, and the request's choice of it. */
export interface FacetInput {
  spec: FacetSpec;
  access: FieldAccess | undefined;
  /** The bit of the facet's own filter (0 without one). */
  bit: number;
  choice: Choice | undefined;
  /** Counts per code (or per target of codeMapFor), counted beforehand together with other facets. */
  counted?: Uint32Array;
  /** A price range's lowest and highest price and tiles per histogram bin, counted beforehand. */
  ranged?: NumberCounts;
  /** codeMapFor's answer once made (null: none). */
  map?: CodeMap | null;
}

export interface PresentContext {
  shared: SharedView;
  locale: string | undefined;
  time: number;
  /** The category page's category: the hierarchical facet opens the tree down to it. */
  pageCategory: string | undefined;
  /** The code of a category id in the category fields, else 0 (StructuredIndex.categoryCode). */
  categoryCode(id: string): number;
}

/** Displays that keep the values in listed order whatever `order` says. */
const LISTED_DISPLAYS = new Set(['grades', 'buttons', 'select']);

function shell(spec: FacetSpec): Facet {
  const facet: Facet = { field: spec.field, kind: spec.kind, label: spec.label, values: [] };
  if (spec.group) facet.group = { ...spec.group };
  if (spec.single) facet.single = true;
  if (spec.description !== undefined) facet.description = spec.description;
  if (spec.headings)
    facet.headings = spec.headings.map((heading) => ({ ...heading, values: [...heading.values] }));
  if (spec.search) facet.search = true;
  if (spec.display !== undefined) facet.display = spec.display;
  if (spec.customDisplay !== undefined) facet.custom_display = spec.customDisplay;
  if (spec.unit !== undefined) facet.unit = spec.unit;
  return facet;
}

/** A facet the page does not count (`deferred`): its shell, without values. */
export function deferredFacet(spec: FacetSpec): Facet {
  const facet = shell(spec);
  facet.deferred = true;
  return facet;
}

/** The facet as the answer shows it, or undefined when it has nothing to show. */
export function presentFacet(
  input: FacetInput,
  candidates: Candidates,
  context: PresentContext,
): Facet | undefined {
  const { spec, access } = input;
  if (spec.deferred) return deferredFacet(spec);
  const facet = shell(spec);
  if (access === undefined) return undefined;
  switch (spec.kind) {
    case 'range':
      return rangeFacet(facet, input, candidates);
    case 'buckets':
    case 'relative':
      return bucketFacet(facet, input, candidates, context);
    case 'toggle':
      return toggleFacet(facet, input, candidates);
    case 'hierarchical':
      return access.nature === 'category'
        ? treeFacet(facet, input, candidates, context)
        : listFacet(facet, input, candidates, context);
    default:
      return listFacet(facet, input, candidates, context);
  }
}

/** Request values as keys a value is compared by: as written, and folded as the field folds them. */
function chosenKeys(input: FacetInput, context: PresentContext): Set<string> {
  const keys = new Set<string>();
  const choice = input.choice;
  if (choice?.form === 'values') {
    for (const value of choice.values) {
      keys.add(String(value));
      keys.add(String(value).toLowerCase());
      if (input.access?.nature === 'identifier') keys.add(normalizeIdentifier(String(value)));
      // A brand chosen by its title or an alias is the brand entity's value.
      const brand = input.access?.nature === 'brand' ? context.shared.brand(String(value)) : undefined;
      if (brand) keys.add(brand.id);
    }
  } else if (choice?.form === 'category') {
    for (const id of choice.ids) keys.add(id);
  }
  return keys;
}

function isChosen(keys: Set<string>, value: unknown): boolean {
  return keys.has(String(value)) || keys.has(String(value).toLowerCase());
}

function order(spec: FacetSpec): 'count' | 'value_order' | 'label' {
  return spec.display !== undefined && LISTED_DISPLAYS.has(spec.display)
    ? 'value_order'
    : (spec.order ?? 'count');
}

interface Entry {
  value: FacetValue;
  /** Position in value order. */
  rank: number;
}

/**
 * Caps at the limit, keeping the values with the most results (chosen values always stay), then
 * lays out what it kept in the facet's order and sets `more`: a list ordered by value shows its
 * most frequent values in value order, never the first values of the order whatever their counts.
 */
function layOut(facet: Facet, entries: Entry[], spec: FacetSpec, locale: string | undefined): void {
  const limit = spec.limit ?? Number.POSITIVE_INFINITY;
  let withResults = 0;
  for (const { value } of entries) if (value.count > 0) withResults++;
  let kept = entries;
  if (withResults > limit) {
    // Most frequent first, ties in value order, so the same values are kept however it is laid out.
    const frequent = [...entries].sort((a, b) => b.value.count - a.value.count || a.rank - b.rank);
    let shown = 0;
    kept = frequent.filter(({ value }) => {
      if (value.count > 0 && shown < limit) {
        shown++;
        return true;
      }
      return value.selected === true;
    });
  }
  const how = order(spec);
  const labels = how === 'label' ? collator(locale) : undefined;
  kept.sort((a, b) => {
    if (how === 'count' && a.value.count !== b.value.count) return b.value.count - a.value.count;
    if (labels) {
      const byLabel = labels.compare(a.value.label, b.value.label);
      if (byLabel !== 0) return byLabel;
    }
    return a.rank - b.rank;
  });
  facet.values = kept.map(({ value }) => value);
  const shownWithResults = facet.values.filter((value) => value.count > 0).length;
  if (withResults > shownWithResults) facet.more = withResults - shownWithResults;
}

function listFacet(
  facet: Facet,
  input: FacetInput,
  candidates: Candidates,
  context: PresentContext,
): Facet | undefined {
  const { spec } = input;
  const access = input.access!;
  const keys = chosenKeys(input, context);
  const attribute = context.shared.attributes.get(spec.field);
  const groups = spec.show === 'groups' ? (attribute?.groups ?? []) : [];
  const entries: Entry[] = [];
  if (groups.length > 0) {
    const counts = input.counted ?? countCodes(access, input.bit, candidates, codeMapFor(input, context));
    groups.forEach((group, index) => {
      const count = counts[index + 1]!;
      const selected = keys.has(group.code);
      if (count === 0 && !selected) return;
      const value: FacetValue = {
        value: group.code,
        label: context.shared.text(group.label, context.locale) ?? group.code,
        count,
      };
      if (selected) value.selected = true;
      entries.push({ value, rank: index });
    });
  } else {
    const counts = input.counted ?? countCodes(access, input.bit, candidates);
    // Each value of the dictionary, which may be long, is compared with the chosen ones only when
    // the facet has some: most facets of a page have none.
    const choice = input.choice?.form === 'values' ? input.choice : undefined;
    const seen = new Set<string>();
    for (let code = 1; code < counts.length; code++) {
      const raw = access.dict[code - 1]!;
      const selected = keys.size > 0 && isChosen(keys, raw);
      if (counts[code] === 0 && !selected) continue;
      if (choice) seen.add(String(raw).toLowerCase());
      entries.push({ value: facetValue(access, raw, counts[code]!, selected, spec, context), rank: code });
    }
    // A chosen value the catalog does not hold still shows, without results.
    if (choice) {
      for (const chosen of choice.values) {
        const brand = access.nature === 'brand' ? context.shared.brand(String(chosen)) : undefined;
        const identifier = access.nature === 'identifier' ? normalizeIdentifier(String(chosen)) : undefined;
        if (
          seen.has(String(chosen).toLowerCase()) ||
          (brand !== undefined && seen.has(brand.id.toLowerCase())) ||
          (identifier !== undefined && seen.has(identifier.toLowerCase())) ||
          attribute?.groups?.some((group) => group.code === chosen)
        )
          continue;
        seen.add(String(chosen).toLowerCase());
        entries.push({
          value: { value: chosen, label: String(chosen), count: 0, selected: true },
          rank: counts.length,
        });
      }
    }
  }
  layOut(facet, entries, spec, context.locale);
  return facet.values.length > 0 ? facet : undefined;
}

function facetValue(
  access: FieldAccess,
  raw: string | number | boolean,
  count: number,
  selected: boolean,
  spec: FacetSpec,
  context: PresentContext,
): FacetValue {
  const look = valueLook(access, raw, context.shared, context.locale, spec.unit);
  const value: FacetValue = { value: raw, label: look.label, count };
  if (selected) value.selected = true;
  if (look.swatch !== undefined) value.swatch = look.swatch;
  if (look.image !== undefined) value.image = look.image;
  if (look.description !== undefined) value.description = look.description;
  return value;
}

/**
 * The targets a codes facet counts toward instead of codes, if any: option groups (show: groups)
 * or buckets of numbers and dates. Undefined where it counts codes as they are.
 */
export function codeMapFor(input: FacetInput, context: PresentContext): CodeMap | undefined {
  // Made once per input: counting and showing ask for it several times.
  if (input.map === undefined) input.map = readCodeMap(input, context) ?? null;
  return input.map ?? undefined;
}

function readCodeMap(input: FacetInput, context: PresentContext): CodeMap | undefined {
  const { spec } = input;
  const access = input.access;
  if (access === undefined || access.form !== 'codes') return undefined;
  if (spec.kind === 'buckets' || spec.kind === 'relative') {
    const relative = spec.kind === 'relative' || access.nature === 'date';
    const intervals = (spec.buckets ?? []).map((bucket) =>
      relative ? bucketInterval(bucket, DAY_MS, context.time) : bucketInterval(bucket, 1, 0),
    );
    // Made for every request that counts such a facet: written straight into its two arrays.
    const offsets = new Uint32Array(access.dict.length + 2);
    const values: number[] = [];
    for (let code = 1; code <= access.dict.length; code++) {
      for (let index = 0; index < intervals.length; index++) {
        if (within(intervals[index]!, access.numbers[code]!)) values.push(index + 1);
      }
      offsets[code + 1] = values.length;
    }
    return { offsets, values: Uint32Array.from(values), targets: intervals.length };
  }
  if ((spec.kind === 'list' || spec.kind === 'swatch') && spec.show === 'groups') {
    const groups = context.shared.attributes.get(spec.field)?.groups ?? [];
    if (groups.length > 0)
      return groupMap(
        access,
        groups.map((group) => group.values),
      );
  }
  return undefined;
}

/** Code of each value to the groups (1-based) that list it. */
function groupMap(access: FieldAccess, groups: ReadonlyArray<readonly string[]>): CodeMap {
  const lists: number[][] = Array.from({ length: access.dict.length + 1 }, () => []);
  groups.forEach((values, index) => {
    for (const value of values) {
      const code = access.dict.indexOf(value) + 1;
      if (code > 0) lists[code]!.push(index + 1);
    }
  });
  return csr(lists, groups.length);
}

function csr(lists: number[][], targets: number): CodeMap {
  const offsets = new Uint32Array(lists.length + 1);
  lists.forEach((list, code) => {
    offsets[code + 1] = offsets[code]! + list.length;
  });
  return { offsets, values: Uint32Array.from(lists.flat()), targets };
}

/**
 * The category tree: the top categories, and below each category on the way down to the chosen
 * one (or the page's category) its children, each with the tiles within it. Siblings follow the
 * facet's order.
 */
function treeFacet(
  facet: Facet,
  input: FacetInput,
  candidates: Candidates,
  context: PresentContext,
): Facet | undefined {
  const access = input.access!;
  const counts = input.counted ?? countCodes(access, input.bit, candidates);
  const keys = chosenKeys(input, context);
  const { shared } = context;
  const chosen = input.choice?.form === 'category' ? input.choice.ids[0] : undefined;
  const focus = chosen ?? context.pageCategory;
  const open = new Set(focus !== undefined ? shared.categoryPath(focus) : []);
  const how = order(input.spec);
  const values: FacetValue[] = [];
  const visit = (parent: string) => {
    const level: FacetValue[] = [];
    for (const id of shared.children.get(parent) ?? []) {
      const count = counts[context.categoryCode(id)] ?? 0;
      const selected = keys.has(id);
      if (count === 0 && !selected) continue;
      const value: FacetValue = { value: id, label: shared.categoryTitle(id, context.locale), count };
      if (parent !== '') value.parent = parent;
      if (selected) value.selected = true;
      level.push(value);
    }
    if (how === 'count') level.sort((a, b) => b.count - a.count);
    else if (how === 'label') level.sort((a, b) => collator(context.locale).compare(a.label, b.label));
    for (const value of level) {
      values.push(value);
      if (open.has(String(value.value))) visit(String(value.value));
    }
  };
  visit('');
  facet.values = values;
  return values.length > 0 ? facet : undefined;
}

function rangeFacet(facet: Facet, input: FacetInput, candidates: Candidates): Facet | undefined {
  const access = input.access!;
  const histogram = input.spec.display === 'histogram' && access.form === 'price';
  let counts: NumberCounts;
  if (access.form === 'price')
    counts = input.ranged ?? countPrices(access, input.bit, candidates, { histogram });
  else if (access.form === 'range') counts = countRanges(access, input.bit, candidates, undefined);
  else {
    const byCode = input.counted ?? countCodes(access, input.bit, candidates);
    counts = { min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
    for (let code = 1; code < byCode.length; code++) {
      if (byCode[code] === 0) continue;
      const number = access.numbers[code]!;
      if (number < counts.min) counts.min = number;
      if (number > counts.max) counts.max = number;
    }
  }
  const chosen = input.choice !== undefined;
  if (!(counts.min <= counts.max)) return chosen ? facet : undefined;
  facet.min = counts.min;
  facet.max = counts.max;
  if (counts.bins) {
    const first = binOf(counts.min);
    const last = binOf(counts.max);
    if (last > first) {
      facet.histogram = [];
      for (let bin = first; bin <= last; bin++)
        facet.histogram.push({ gte: EDGES[bin]!, lt: EDGES[bin + 1]!, count: counts.bins[bin]! });
    }
  }
  return facet;
}

function bucketInterval(bucket: FacetBucket, scale: number, origin: number): Interval {
  return {
    low: bucket.from === undefined ? Number.NEGATIVE_INFINITY : origin + bucket.from * scale,
    lowInclusive: true,
    high: bucket.to === undefined ? Number.POSITIVE_INFINITY : origin + bucket.to * scale,
    highInclusive: false,
  };
}

function bucketFacet(
  facet: Facet,
  input: FacetInput,
  candidates: Candidates,
  context: PresentContext,
): Facet | undefined {
  const access = input.access!;
  const buckets = input.spec.buckets ?? [];
  const relative = input.spec.kind === 'relative' || access.nature === 'date';
  const intervals = buckets.map((bucket) =>
    relative ? bucketInterval(bucket, DAY_MS, context.time) : bucketInterval(bucket, 1, 0),
  );
  let counts: Uint32Array;
  if (access.form === 'price')
    counts = countPrices(access, input.bit, candidates, { histogram: false, buckets: intervals }).buckets!;
  else if (access.form === 'range') counts = countRanges(access, input.bit, candidates, intervals).buckets!;
  else
    counts = (
      input.counted ?? countCodes(access, input.bit, candidates, codeMapFor(input, context))
    ).subarray(1);
  const chosen = new Set<string>();
  if (input.choice?.form === 'values') {
    for (const value of input.choice.values) {
      const bounds = typeof value === 'string' ? readBucketCode(value) : undefined;
      if (bounds) chosen.add(bucketCode(bounds));
    }
  }
  const values: FacetValue[] = [];
  buckets.forEach((bucket, index) => {
    const code = bucketCode(bucket);
    const selected = chosen.has(code);
    const count = counts[index]!;
    if (count === 0 && !selected) return;
    const value: FacetValue = { value: code, label: bucket.label, count, bounds: {} };
    if (bucket.from !== undefined) value.bounds!.gte = bucket.from;
    if (bucket.to !== undefined) value.bounds!.lt = bucket.to;
    if (selected) value.selected = true;
    values.push(value);
  });
  facet.values = values;
  return values.length > 0 ? facet : undefined;
}

function toggleFacet(facet: Facet, input: FacetInput, candidates: Candidates): Facet | undefined {
  const access = input.access!;
  const counts = input.counted ?? countCodes(access, input.bit, candidates);
  const code = access.dict.indexOf(true) + 1;
  const count = code > 0 ? counts[code]! : 0;
  const selected =
    input.choice?.form === 'values' &&
    input.choice.values.some((value) => value === true || value === 'true');
  if (count === 0 && !selected) return undefined;
  const value: FacetValue = { value: true, label: facet.label, count };
  if (selected) value.selected = true;
  facet.values = [value];
  return facet;
}

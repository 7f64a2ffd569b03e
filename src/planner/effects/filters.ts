import type { AppliedFilter, Dismissal } from '../../contracts/search-parts.js';
import type { PlannedFilter } from '../plan.js';
import type { Resolved } from '../resolution/types.js';
import type { CompiledRule } from '../rules/compile.js';
import type { RuleLedger } from '../rules/ledger.js';
import { type Selector, scalarEquals } from '../selector.js';
import { type ChipWriter, fieldsOf } from './chips.js';

/** A filter before it is numbered. */
type UnnumberedFilter = Omit<PlannedFilter, 'id'>;

export interface FilterSources {
  /** The category page's category. */
  page: string | undefined;
  request: Selector | undefined;
  resolved: Resolved | undefined;
  rules: readonly CompiledRule[];
  dismissed: readonly Dismissal[];
  listed: string;
  /** Every section, in order: a rule filter without a type narrows them all. */
  types: readonly string[];
}

/**
 * Every filter of the plan, numbered in order: the page's category, the shopper's choices, what
 * the query named, and the rules' filters the shopper did not dismiss.
 */
export function planFilters(sources: FilterSources, chips: ChipWriter, ledger: RuleLedger): PlannedFilter[] {
  const filters: UnnumberedFilter[] = [
    ...(sources.page !== undefined ? [pageFilter(sources.page, sources.listed)] : []),
    ...requestFilters(sources.request, sources.listed, chips),
    ...(sources.resolved !== undefined ? resolutionFilters(sources.resolved, sources.listed, chips) : []),
  ];
  for (const rule of sources.rules) {
    const filter = rule.effects.filter;
    if (filter === undefined) continue;
    if (isDismissed(filter.where, sources.dismissed)) {
      ledger.note(rule, 'filter', 'dismissed');
      continue;
    }
    filters.push(ruleFilter(rule, sources.types, chips));
    ledger.note(rule, 'filter', 'applied');
  }
  return filters.map((filter, index) => ({ id: `f${index + 1}`, ...filter }));
}

/** The category page's own category: it narrows the listed section and no chip removes it. */
function pageFilter(category: string, listed: string): UnnumberedFilter {
  return { where: { category: { within: category } }, types: [listed], from: 'page', chips: [] };
}

/**
 * The shopper's choices in the page's facets, one filter per field (values of a field are
 * alternatives, fields narrow each other), one chip per value chosen.
 */
function requestFilters(
  filters: Selector | undefined,
  listed: string,
  chips: ChipWriter,
): UnnumberedFilter[] {
  if (filters === undefined) return [];
  return Object.entries(filters).map(([field, value]) => {
    const where = { [field]: value };
    const values = Array.isArray(value) ? value : [value];
    const shown =
      field === 'any' || field === 'all' || field === 'not'
        ? [where]
        : values.map((one) => ({ [field]: one }));
    return {
      where,
      types: [listed],
      from: 'request',
      chips: shown.map((selector) => chip(chips, selector, 'request')),
    };
  });
}

/** What the query named: its category and one filter per field, one chip per detection. */
function resolutionFilters(resolved: Resolved, listed: string, chips: ChipWriter): UnnumberedFilter[] {
  const filters: UnnumberedFilter[] = [];
  if (resolved.category !== undefined) {
    const category = resolved.category;
    const where = { category: { within: category.value } };
    filters.push({
      where,
      types: [listed],
      from: 'resolution',
      chips: [
        {
          field: 'category',
          label: chips.fieldLabel('category'),
          value: category.value,
          value_label: category.label,
          from: 'resolution',
          dismiss: category.dismiss,
        },
      ],
    });
  }
  for (const field of resolved.fields) {
    filters.push({
      where: { [field.field]: field.value },
      types: [listed],
      from: 'resolution',
      chips: field.detections.map((detected) => ({
        field: field.field,
        label: chips.fieldLabel(field.field),
        value: detected.value,
        value_label: detected.value === true ? chips.valueText(field.field, true) : detected.label,
        from: 'resolution',
        dismiss: detected.dismiss,
      })),
    });
  }
  return filters;
}

/**
 * A rule's filter narrows its type, or every type. Its chip describes the whole selector and is
 * removed by dismissing the first field it names.
 */
function ruleFilter(rule: CompiledRule, allTypes: readonly string[], chips: ChipWriter): UnnumberedFilter {
  const filter = rule.effects.filter!;
  const field = fieldsOf(filter.where)[0] ?? 'filter';
  const applied: AppliedFilter = {
    field,
    label: chips.fieldLabel(field),
    value: filter.where,
    value_label: chips.describe(filter.where),
    from: 'rule',
    rule: rule.id,
    dismiss: { field },
  };
  if (filter.type !== undefined) applied.type = filter.type;
  return {
    where: filter.where,
    types: filter.type !== undefined ? [filter.type] : [...allTypes],
    from: 'rule',
    rule: rule.id,
    chips: [applied],
  };
}

/** Whether the shopper dismissed a rule's filter: a field it narrows, with no value or one it names. */
function isDismissed(where: Selector, dismissed: readonly Dismissal[]): boolean {
  if (dismissed.length === 0) return false;
  const fields = fieldsOf(where);
  return dismissed.some(
    (item) =>
      fields.includes(item.field) && (item.value === undefined || names(where, item.field, item.value)),
  );
}

function names(selector: Selector, field: string, value: unknown): boolean {
  return Object.entries(selector).some(([key, inner]) => {
    if (key === 'any' || key === 'all' || key === 'not') {
      return (Array.isArray(inner) ? inner : [inner]).some((one) => names(one as Selector, field, value));
    }
    return key === field && (Array.isArray(inner) ? inner : [inner]).some((one) => scalarEquals(one, value));
  });
}

/** The chip of one value of a field the shopper chose, or of a combined selector as a whole. */
function chip(chips: ChipWriter, selector: Selector, from: AppliedFilter['from']): AppliedFilter {
  const [field, value] = Object.entries(selector)[0] ?? ['filter', undefined];
  const combined = field === 'any' || field === 'all' || field === 'not';
  const named = combined ? (fieldsOf(selector)[0] ?? field) : field;
  return {
    field: named,
    label: chips.fieldLabel(named),
    value: combined ? selector : value,
    value_label: combined ? chips.describe(selector) : chips.valueText(field, value),
    from,
  };
}

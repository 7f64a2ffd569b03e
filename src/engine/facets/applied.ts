import type { AppliedFilter } from '../../contracts/search.js';
import { withUnit } from '../../lib/words.js';
import { bucketCode, readBucketCode, readChoice, type Scalar } from '../filter/choice.js';
import type { Clause } from '../listing/clauses.js';
import type { SharedView } from '../listing/shared-view.js';
import type { FieldAccess } from '../listing/structured-index.js';
import { valueLook } from './labels.js';
import type { FacetSpec } from './spec.js';

export interface AppliedContext {
  shared: SharedView;
  locale: string | undefined;
  /** The page's facets: their labels and bucket labels name the chips. */
  facets: readonly FacetSpec[];
  /** Labels of fields by name, where the caller knows them; else the attribute's label, else the name. */
  labels: Readonly<Record<string, string>>;
}

/**
 * The answer's applied filters of the shopper's choices (`filters`): one per chosen value (values
 * of one field are removable one by one), one per range or comparison, one per combined selector.
 * Each names the filters to send to remove it.
 */
export function appliedFilters(
  filters: Record<string, unknown> | undefined,
  clauses: readonly Clause[],
  context: AppliedContext,
): AppliedFilter[] {
  if (filters === undefined) return [];
  const applied: AppliedFilter[] = [];
  for (const clause of clauses) {
    const key = clause.key;
    if (key === undefined) continue;
    const raw = filters[key];
    // A field only the query's words chose: its chips are written by whoever detected it.
    if (raw === undefined) continue;
    const label = fieldLabel(key, context);
    // The shopper's own choice, without values the query's words added to the field.
    const choice = clause.test === undefined ? undefined : readChoice(key, raw, clause.test.pointer);
    if (choice === undefined) {
      applied.push({
        field: key,
        label,
        value: raw,
        value_label: JSON.stringify(raw),
        from: 'request',
        filters: without(filters, key),
      });
      continue;
    }
    const facet = context.facets.find((spec) => spec.field === key);
    const access = clause.test!.access;
    if (choice.form === 'values') {
      choice.values.forEach((value, index) => {
        applied.push({
          field: key,
          label,
          value,
          value_label: valueLabel(access, value, facet, context),
          from: 'request',
          filters: Array.isArray(raw) ? withoutItem(filters, key, index) : without(filters, key),
        });
      });
    } else if (choice.form === 'category') {
      choice.ids.forEach((id, index) => {
        const rest = choice.ids.filter((_, other) => other !== index);
        applied.push({
          field: key,
          label,
          value: id,
          value_label: context.shared.categoryTitle(id, context.locale),
          from: 'request',
          filters: rest.length === 0 ? without(filters, key) : { ...filters, [key]: { [choice.mode]: rest } },
        });
      });
    } else {
      applied.push({
        field: key,
        label,
        value: raw,
        value_label: compareLabel(choice, facet?.unit, context.locale),
        from: 'request',
        filters: without(filters, key),
      });
    }
  }
  return applied;
}

function fieldLabel(key: string, context: AppliedContext): string {
  return (
    context.labels[key] ??
    context.facets.find((spec) => spec.field === key)?.label ??
    context.shared.text(context.shared.attributes.get(key)?.label, context.locale) ??
    key
  );
}

function valueLabel(
  access: FieldAccess,
  value: Scalar,
  facet: FacetSpec | undefined,
  context: AppliedContext,
): string {
  if (typeof value === 'string') {
    const bounds = readBucketCode(value);
    if (bounds && access.nature !== 'option' && access.nature !== 'identifier' && access.nature !== 'brand') {
      const code = bucketCode(bounds);
      const bucket = facet?.buckets?.find((one) => bucketCode(one) === code);
      if (bucket) return bucket.label;
      const unit = facet?.unit;
      const from = bounds.from === undefined ? undefined : withUnit(bounds.from, unit, context.locale);
      const to = bounds.to === undefined ? undefined : withUnit(bounds.to, unit, context.locale);
      return from === undefined ? `< ${to}` : to === undefined ? `≥ ${from}` : `${from} – ${to}`;
    }
    const group = context.shared.attributes.get(access.name)?.groups?.find((one) => one.code === value);
    if (group) return context.shared.text(group.label, context.locale) ?? value;
  }
  if (access.nature === 'on_sale' || (access.nature === 'boolean' && facet?.kind === 'toggle')) {
    if (value === true || value === 'true')
      return facet?.label ?? valueLook(access, true, context.shared, context.locale, undefined).label;
  }
  const known = access.dict[(firstCodeByLowerCase(access.dict).get(String(value).toLowerCase()) ?? 0) - 1];
  const typed =
    known ??
    (typeof value === 'string' && ['number', 'quantity', 'rating', 'delivery_days'].includes(access.nature)
      ? Number(value)
      : value);
  return valueLook(access, typed, context.shared, context.locale, facet?.unit).label;
}

const lowerCaseCodes = new WeakMap<readonly unknown[], ReadonlyMap<string, number>>();

/**
 * Per value of a dictionary in lower case, the first code that spells it so, made once per
 * dictionary (a filter's value is matched without regard to case; a brand field holds thousands).
 */
function firstCodeByLowerCase(dict: readonly unknown[]): ReadonlyMap<string, number> {
  let codes = lowerCaseCodes.get(dict);
  if (codes === undefined) {
    const made = new Map<string, number>();
    dict.forEach((value, index) => {
      const lower = String(value).toLowerCase();
      if (!made.has(lower)) made.set(lower, index + 1);
    });
    codes = made;
    lowerCaseCodes.set(dict, codes);
  }
  return codes;
}

function compareLabel(
  choice: {
    low?: { value: Scalar; inclusive: boolean };
    high?: { value: Scalar; inclusive: boolean };
    exists?: boolean;
  },
  unit: string | undefined,
  locale: string | undefined,
): string {
  const show = (value: Scalar) => (typeof value === 'number' ? withUnit(value, unit, locale) : String(value));
  if (choice.low && choice.high) return `${show(choice.low.value)} – ${show(choice.high.value)}`;
  if (choice.low) return `${choice.low.inclusive ? '≥' : '>'} ${show(choice.low.value)}`;
  if (choice.high) return `${choice.high.inclusive ? '≤' : '<'} ${show(choice.high.value)}`;
  return choice.exists === false ? '–' : '✓';
}

function without(filters: Record<string, unknown>, key: string): Record<string, unknown> {
  // Copied key by key: deleting a key from a copy would turn it into a slow dictionary object.
  const rest: Record<string, unknown> = {};
  for (const name of Object.keys(filters)) if (name !== key) rest[name] = filters[name];
  return rest;
}

function withoutItem(filters: Record<string, unknown>, key: string, index: number): Record<string, unknown> {
  const list = (filters[key] as unknown[]).filter((_, other) => other !== index);
  return list.length === 0 ? without(filters, key) : { ...filters, [key]: list };
}

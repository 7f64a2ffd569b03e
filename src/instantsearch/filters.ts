/**
 * Algolia's facet and numeric filters turned into an aisle selector. Algolia writes every value as
 * text (`on_sale:true`, `brand:acme`); aisle filters by the typed value a facet answered, so each
 * value is read back through the values aisle answered before (see FacetValueMemory).
 */
import type { components } from '../client/index.js';
import type { FacetFilters, NumericFilters } from './algolia.js';

export type Selector = components['schemas']['Selector'];
export type FilterValue = boolean | number | string;

/** The separator of InstantSearch's hierarchical values: `electronics > audio > headphones`. */
export const HIERARCHY_SEPARATOR = ' > ';
/** `category.lvl1`: a level of a hierarchical facet, as hierarchicalMenu names its attributes. */
const LEVEL_ATTRIBUTE = /^(.+)\.lvl\d+$/;
const COMBINATORS = new Set(['any', 'all', 'not']);

export interface FacetValueTypes {
  /** The value aisle answered for `field` that InstantSearch wrote as `written`. */
  valueOf(field: string, written: string): FilterValue;
}

interface Atom {
  field: string;
  value: FilterValue;
  negated: boolean;
  /** A numeric comparison's bounds (`gte`, `lt`...) instead of a value. */
  range?: Record<string, number>;
}

/** The field of an InstantSearch attribute: `category.lvl2` is a level of `category`. */
export function fieldOf(attribute: string): string {
  return LEVEL_ATTRIBUTE.exec(attribute)?.[1] ?? attribute;
}

/** The selector of a request's facet and numeric filters: clauses are ANDed, arrays inside are ORed. */
export function selectorOf(
  facetFilters: FacetFilters | undefined,
  numericFilters: NumericFilters | undefined,
  values: FacetValueTypes,
): Selector {
  const selector = new SelectorBuilder();
  for (const clause of clausesOf(facetFilters)) {
    selector.add(clauseSelector(clause.map((filter) => facetAtom(filter, values))));
  }
  const ranges = new Map<string, Record<string, number>>();
  for (const clause of clausesOf(numericFilters)) {
    const comparisons = clause.map(numericComparison);
    const [only] = comparisons;
    if (comparisons.length === 1 && only && only.operator !== '=' && only.operator !== '!=') {
      const range = ranges.get(only.field) ?? {};
      for (const [operator, bound] of Object.entries(only.bounds)) {
        const current = range[operator];
        // Two lower (or upper) bounds of one field: the narrower holds.
        const narrower = operator.startsWith('g') ? Math.max : Math.min;
        range[operator] = current === undefined ? bound : narrower(current, bound);
      }
      ranges.set(only.field, range);
    } else {
      selector.add(clauseSelector(comparisons.map(comparisonAtom)));
    }
  }
  for (const [field, range] of ranges) selector.add({ [field]: range });
  return selector.done();
}

/**
 * Filters a page starts with (the `aisle` parameter's) with the facets' filters laid over them:
 * a field the shopper chose replaces the page's; combined selectors of both are all kept.
 */
export function layFilters(base: Selector | undefined, over: Selector): Selector | undefined {
  const merged: Selector = { ...base };
  const both: Selector[] = [];
  for (const [key, value] of Object.entries(over)) {
    if (COMBINATORS.has(key) && key in merged) {
      both.push({ [key]: merged[key] }, { [key]: value });
      delete merged[key];
    } else {
      merged[key] = value;
    }
  }
  if (both.length > 0) merged.all = [...both, ...((merged.all as Selector[] | undefined) ?? [])];
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** Algolia's filters as a list of clauses, each a list of alternatives. */
function clausesOf(filters: FacetFilters | undefined): string[][] {
  if (filters === undefined) return [];
  if (typeof filters === 'string') return [[filters]];
  return filters.map((clause) => (typeof clause === 'string' ? [clause] : alternatives(clause)));
}

function alternatives(clause: readonly FacetFilters[]): string[] {
  return clause.flatMap((item) => (typeof item === 'string' ? [item] : alternatives(item)));
}

function facetAtom(filter: string, values: FacetValueTypes): Atom {
  const colon = filter.indexOf(':');
  if (colon <= 0)
    throw new TypeError(`The facet filter "${filter}" names no attribute: write attribute:value.`);
  const attribute = filter.slice(0, colon);
  let written = filter.slice(colon + 1);
  // Algolia negates with a leading "-" and escapes a value's own leading "-" as "\-".
  const negated = written.startsWith('-');
  if (negated) written = written.slice(1);
  else if (written.startsWith('\\-')) written = written.slice(1);
  const field = fieldOf(attribute);
  // A hierarchical value is the path down to it; aisle chooses a category by its id alone.
  if (field !== attribute) written = written.split(HIERARCHY_SEPARATOR).at(-1) ?? written;
  return { field, value: values.valueOf(field, written), negated };
}

/** One clause of alternatives as a selector: a field's values, or `any` across fields. */
function clauseSelector(atoms: Atom[]): Selector {
  const [first] = atoms;
  if (!first) return {};
  if (atoms.length === 1 && first.range) return { [first.field]: first.range };
  const oneField = atoms.every(
    (atom) => atom.field === first.field && atom.negated === first.negated && !atom.range,
  );
  if (!oneField) return { any: atoms.map((atom) => clauseSelector([atom])) };
  const chosen = {
    [first.field]: fieldValues(
      first.field,
      atoms.map((atom) => atom.value),
    ),
  };
  return first.negated ? { not: chosen } : chosen;
}

/** A field's alternatives as a request's filters write them: the category facet takes `within`. */
function fieldValues(field: string, values: FilterValue[]): unknown {
  if (field === 'category') return { within: values.length === 1 ? values[0] : values };
  return values;
}

interface Comparison {
  field: string;
  operator: '<' | '<=' | '=' | '!=' | '>=' | '>' | 'TO';
  bounds: Record<string, number>;
}

const NUMERIC = /^\s*(.+?)\s*(<=|>=|!=|<|>|=)\s*(\S+)\s*$/;
const NUMERIC_RANGE = /^\s*(.+?)\s*:\s*(\S+)\s+TO\s+(\S+)\s*$/;
const BOUND_OF = { '<': 'lt', '<=': 'lte', '>=': 'gte', '>': 'gt' } as const;

function numericComparison(filter: string): Comparison {
  const range = NUMERIC_RANGE.exec(filter);
  if (range) {
    return {
      field: range[1]!,
      operator: 'TO',
      bounds: { gte: number(range[2]!, filter), lte: number(range[3]!, filter) },
    };
  }
  const match = NUMERIC.exec(filter);
  if (!match)
    throw new TypeError(`The numeric filter "${filter}" is not attribute<op>number or attribute:a TO b.`);
  const operator = match[2] as Comparison['operator'];
  const value = number(match[3]!, filter);
  const bound = BOUND_OF[operator as keyof typeof BOUND_OF];
  return { field: match[1]!, operator, bounds: bound ? { [bound]: value } : { eq: value } };
}

function comparisonAtom(comparison: Comparison): Atom {
  if (comparison.operator === '=' || comparison.operator === '!=') {
    return { field: comparison.field, value: comparison.bounds.eq!, negated: comparison.operator === '!=' };
  }
  return { field: comparison.field, value: 0, negated: false, range: comparison.bounds };
}

function number(text: string, filter: string): number {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value))
    throw new TypeError(`"${text}" in the numeric filter "${filter}" is no number.`);
  return value;
}

/** Gathers parts into one selector; a part naming a field already there is ANDed under `all`. */
class SelectorBuilder {
  private readonly selector: Selector = {};
  private readonly more: Selector[] = [];

  add(part: Selector): void {
    if (Object.keys(part).length === 0) return;
    if (Object.keys(part).some((key) => key in this.selector)) this.more.push(part);
    else Object.assign(this.selector, part);
  }

  done(): Selector {
    return this.more.length > 0 ? { ...this.selector, all: this.more } : this.selector;
  }
}

import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { bucketViolations } from './buckets.js';
import { listed, type Path, violation, withArticle } from './check.js';
import { facetDisplayProblem } from './facet-display.js';
import { AVAILABILITY, type FieldNature, fieldNature, filterFieldProblem, isBuiltInField } from './fields.js';
import type { Facet, FacetEntry } from './page-types.js';

const FILE = 'categories.json';

/**
 * The kinds each field can take, its natural kind (the one a facet without `kind` gets) first.
 * Ranges and buckets need numbers; a list needs values to count, which prices and range
 * attributes (a minimum and a maximum) do not have; a relative facet needs dates, and a date's
 * natural kind is a list because a relative facet needs buckets the release must give.
 */
const KINDS: Record<FieldNature, string[]> = {
  category: ['hierarchical', 'list'],
  brand: ['list'],
  price: ['range', 'buckets'],
  on_sale: ['toggle', 'list'],
  availability: ['list'],
  delivery_days: ['range', 'buckets', 'list'],
  rating: ['range', 'buckets', 'list'],
  boolean: ['toggle', 'list'],
  text: [],
  identifier: ['list'],
  option: ['list', 'swatch'],
  number: ['range', 'buckets', 'list'],
  quantity: ['range', 'buckets', 'list'],
  range: ['range', 'buckets'],
  date: ['list', 'relative'],
};

const WITH_BUCKETS = ['buckets', 'relative'];

function facetField(entry: FacetEntry): string {
  return typeof entry === 'string' ? entry : entry.field;
}

/** A page's facet list at `path`: each field once, each facet one the field can be. */
export function facetListViolations(view: ReleaseView, facets: FacetEntry[], path: Path): Violation[] {
  const violations: Violation[] = [];
  const seen = new Set<string>();
  facets.forEach((entry, index) => {
    const field = facetField(entry);
    const at = typeof entry === 'string' ? [...path, index] : [...path, index, 'field'];
    const problem = filterFieldProblem(view, field);
    if (problem !== undefined) {
      violations.push(violation(FILE, at, problem));
      return;
    }
    if (seen.has(field)) {
      violations.push(
        violation(FILE, at, `"${field}" is a facet of this page already: list each field once.`),
      );
    }
    seen.add(field);
    if (typeof entry !== 'string') violations.push(...facetViolations(view, entry, [...path, index]));
  });
  return violations;
}

function facetViolations(view: ReleaseView, facet: Facet, path: Path): Violation[] {
  const violations: Violation[] = [];
  const add = (rest: Path, message: string) => violations.push(violation(FILE, [...path, ...rest], message));
  const nature = fieldNature(view, facet.field)!;
  const kinds = KINDS[nature];
  const kind = facet.kind ?? kinds[0]!;
  if (!kinds.includes(kind)) {
    const field = isBuiltInField(facet.field)
      ? `"${facet.field}"`
      : `"${facet.field}" (${withArticle(nature)} attribute)`;
    const valid = kinds.length === 1 ? `"${kinds[0]}"` : `one of ${listed(kinds)}`;
    add(['kind'], `${field} cannot be a ${kind} facet: set kind to ${valid}.`);
    return violations;
  }
  if (facet.buckets !== undefined && !WITH_BUCKETS.includes(kind)) {
    add(
      ['buckets'],
      `Buckets belong to a buckets or relative facet, and this "${facet.field}" facet is a ${kind} facet: set kind to buckets, or remove them.`,
    );
  } else if (facet.buckets === undefined && WITH_BUCKETS.includes(kind)) {
    add(
      ['kind'],
      `A ${kind} facet draws its buckets, and this "${facet.field}" facet has none: add buckets, ascending, such as [{ "to": 50, "label": "Under 50" }, { "from": 50, "label": "50 and more" }].`,
    );
  } else if (facet.buckets !== undefined) {
    violations.push(...bucketViolations(facet.buckets, [...path, 'buckets']));
  }
  if (facet.display !== undefined) {
    const problem = facetDisplayProblem(view, facet, kind);
    if (problem !== undefined) add(['display'], problem);
  }
  checkValues(view, facet, add);
  return violations;
}

/** `show: groups` and headings name the field's groups or values, where the release knows them. */
function checkValues(view: ReleaseView, facet: Facet, add: (rest: Path, message: string) => void): void {
  const attribute = view.attributes.get(facet.field);
  const groups = attribute?.groups ?? [];
  if (facet.show === 'groups' && groups.length === 0) {
    add(
      ['show'],
      `"${facet.field}" has no option groups in attributes.json to show: add groups there, or show values.`,
    );
  }
  const showGroups = facet.show === 'groups' && groups.length > 0;
  const known =
    facet.field === 'availability'
      ? AVAILABILITY
      : showGroups
        ? groups.map((group) => group.code)
        : (attribute?.options ?? []).map((option) => option.value);
  // Brands, categories and options the file does not list come from the catalog: nothing to check.
  if (known.length === 0) return;
  facet.headings?.forEach((heading, headingIndex) => {
    heading.values.forEach((value, valueIndex) => {
      if (!known.includes(value)) {
        add(
          ['headings', headingIndex, 'values', valueIndex],
          `"${value}" is not a ${showGroups ? 'group' : 'value'} of "${facet.field}": use one of ${listed(known)}.`,
        );
      }
    });
  });
}

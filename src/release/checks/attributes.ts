import type { Violation } from '../../contracts/problem.js';
import { type Attribute, RESERVED_WORDS, UNITS } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { type Path, violation, withArticle } from './check.js';

const FILE = 'attributes.json';
const WITH_UNIT = new Set(['quantity', 'range']);

/**
 * A sort needs one value per product that compares with every other: numbers and quantities do,
 * and dates do as RFC 3339 text. A range has two ends, booleans and options have no order beyond
 * their few values (an option's value order is for facets), and text and identifiers compare only
 * letter by letter, which is no order shoppers mean.
 */
const SORTABLE = ['number', 'quantity', 'date'];

/** Attribute codes, units, and what an attribute's type lets it do. */
export function checkAttributes(view: ReleaseView): Violation[] {
  if (!view.present.has(FILE)) return [];
  const violations: Violation[] = [];
  const seen = new Set<string>();
  view.attributeList.forEach((attribute, index) => {
    const add = (rest: Path, message: string) =>
      violations.push(violation(FILE, ['attributes', index, ...rest], message));
    if ((RESERVED_WORDS as readonly string[]).includes(attribute.code)) {
      add(
        ['code'],
        `"${attribute.code}" is a reserved word (${RESERVED_WORDS.join(', ')}) and cannot name an attribute: choose another code, such as "${attribute.code}_value".`,
      );
    }
    if (seen.has(attribute.code)) {
      add(
        ['code'],
        `The code "${attribute.code}" names an earlier attribute too: give each attribute its own code.`,
      );
    }
    seen.add(attribute.code);
    const unitProblem = unitProblemOf(attribute);
    if (unitProblem !== undefined) add(['unit'], unitProblem);
    if (attribute.type === 'text' && attribute.filterable === true) {
      add(
        ['filterable'],
        `"${attribute.code}" is a text attribute, and text is never a filter: remove filterable, or make it an option attribute.`,
      );
    }
    if (attribute.sortable === true && !SORTABLE.includes(attribute.type)) {
      add(
        ['sortable'],
        `"${attribute.code}" is ${withArticle(attribute.type)} attribute, which cannot be a sort: remove sortable, or sort by a number, quantity or date attribute.`,
      );
    }
  });
  return violations;
}

function unitProblemOf(attribute: Attribute): string | undefined {
  if (attribute.unit !== undefined && !(UNITS as readonly string[]).includes(attribute.unit)) {
    return `"${attribute.unit}" is not a unit aisle knows: use one of ${UNITS.join(', ')}.`;
  }
  if (WITH_UNIT.has(attribute.type) && attribute.unit === undefined) {
    return `A ${attribute.type} attribute has a unit: add one of ${UNITS.join(', ')}.`;
  }
  if (!WITH_UNIT.has(attribute.type) && attribute.unit !== undefined) {
    return `Only quantity and range attributes have a unit, and "${attribute.code}" is ${withArticle(attribute.type)} attribute: remove "${attribute.unit}", or make it a quantity.`;
  }
  return undefined;
}

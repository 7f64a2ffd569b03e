import type { Violation } from '../../contracts/problem.js';
import type { TypesFile } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';
import { isSearchable } from './fields.js';

type EntityType = TypesFile['types'][number];

const FILE = 'types.json';

/** The defaults of types.json's typo settings, which a comparison of the two must use when absent. */
const ONE_TYPO_MIN_LETTERS = 5;
const TWO_TYPOS_MIN_LETTERS = 9;

/** Result fields read from offers, which a type without offers never has. */
const OFFER_FIELDS = ['price', 'sale_price', 'currency', 'availability', 'stock', 'delivery_days'];

/**
 * Type codes, the attributes a type searches and shows, and its typo settings. `grain: variant` on
 * a type without offers is allowed: an entity without variants is its own one variant, so the
 * listing is the same either way.
 */
export function checkTypes(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  const codes = new Set<string>();
  view.types.types.forEach((type, index) => {
    const add = (rest: Path, message: string) =>
      violations.push(violation(FILE, ['types', index, ...rest], message));
    if (codes.has(type.code)) {
      add(['code'], `The type code "${type.code}" names an earlier type too: give each type its own code.`);
    }
    codes.add(type.code);
    checkSearch(view, type, add);
    type.result_fields?.forEach((field, fieldIndex) => {
      const problem = resultFieldProblem(view, type, field);
      if (problem !== undefined) add(['result_fields', fieldIndex], problem);
    });
  });
  return violations;
}

function checkSearch(view: ReleaseView, type: EntityType, add: (rest: Path, message: string) => void): void {
  const search = type.search;
  if (search === undefined) return;
  const searchable = view.attributeList
    .filter(isSearchable)
    .map((attribute) => `attributes.${attribute.code}`);
  search.fields.forEach(({ field }, fieldIndex) => {
    if (!field.startsWith('attributes.')) return;
    const attribute = view.attributes.get(field.slice('attributes.'.length));
    if (attribute === undefined || !isSearchable(attribute)) {
      const what =
        attribute === undefined ? 'no attribute in attributes.json' : 'an attribute that is not searchable';
      add(
        ['search', 'fields', fieldIndex, 'field'],
        `"${field}" names ${what}: search title, brand, keywords, description, body or one of ${listed(searchable)}.`,
      );
    }
  });
  const typos = search.typos;
  typos?.exempt?.forEach((code, exemptIndex) => {
    if (!view.attributes.has(code)) {
      add(
        ['search', 'typos', 'exempt', exemptIndex],
        `"${code}" is no attribute in attributes.json: exempt one of ${listed(view.attributeList.map((attribute) => attribute.code))}.`,
      );
    }
  });
  const one = typos?.one_typo_min_letters;
  const two = typos?.two_typos_min_letters;
  const oneLetters = one ?? ONE_TYPO_MIN_LETTERS;
  const twoLetters = two ?? TWO_TYPOS_MIN_LETTERS;
  if (twoLetters < oneLetters) {
    const either = (value: number | undefined, letters: number) =>
      value === undefined ? `${letters} (the default)` : `${letters}`;
    add(
      ['search', 'typos', two !== undefined ? 'two_typos_min_letters' : 'one_typo_min_letters'],
      `two_typos_min_letters ${either(two, twoLetters)} is below one_typo_min_letters ${either(one, oneLetters)}, so a word would allow two typos before it allows one: set two_typos_min_letters to ${oneLetters} or more.`,
    );
  }
}

function resultFieldProblem(view: ReleaseView, type: EntityType, field: string): string | undefined {
  if (field.startsWith('attributes.')) {
    const code = field.slice('attributes.'.length);
    if (view.attributes.has(code)) return undefined;
    return `"${field}" names no attribute in attributes.json: use one of ${listed(view.attributeList.map((attribute) => `attributes.${attribute.code}`))}.`;
  }
  if (OFFER_FIELDS.includes(field) && type.offers !== true) {
    return `"${field}" comes from offers, and type "${type.code}" has none: remove it, or set offers: true.`;
  }
  return undefined;
}

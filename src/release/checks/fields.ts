import { type Attribute, BUILT_IN_FIELDS } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { listed } from './check.js';

/** The values of the built-in `availability`, the one built-in field whose values the contract lists. */
export const AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder', 'backorder'];

/** What a filter or facet field is: a built-in field by its name, an attribute by its type. */
export type FieldNature = (typeof BUILT_IN_FIELDS)[number] | Attribute['type'];

export function isBuiltInField(field: string): field is (typeof BUILT_IN_FIELDS)[number] {
  return (BUILT_IN_FIELDS as readonly string[]).includes(field);
}

/** The nature of a field, or undefined when it is neither built in nor an attribute. */
export function fieldNature(view: ReleaseView, field: string): FieldNature | undefined {
  return isBuiltInField(field) ? field : view.attributes.get(field)?.type;
}

/** Text is never a filter, whatever the file says; identifiers filter only when asked to. */
export function isFilterable(attribute: Attribute): boolean {
  if (attribute.type === 'text') return false;
  return attribute.filterable ?? attribute.type !== 'identifier';
}

/** Text, identifiers and options are found by words unless the file says otherwise. */
export function isSearchable(attribute: Attribute): boolean {
  return attribute.searchable ?? ['text', 'identifier', 'option'].includes(attribute.type);
}

/** Every field a filter or facet may name, for messages that say what would be valid. */
function filterFields(view: ReleaseView): string[] {
  const attributes = view.attributeList.filter(isFilterable).map((attribute) => attribute.code);
  return [...BUILT_IN_FIELDS, ...attributes];
}

/**
 * Why a filter or facet cannot read this field, as a sentence naming it and what to do; undefined
 * when it can. One sentence for facets, selectors, groups and filter pages alike. Every built-in
 * field passes, `rating` too: the contract names it for facets, and a rating facet's choice comes
 * back in a request's filters.
 */
export function filterFieldProblem(view: ReleaseView, field: string): string | undefined {
  if (isBuiltInField(field)) return undefined;
  const attribute = view.attributes.get(field);
  if (attribute === undefined) {
    return `"${field}" is neither a built-in field nor an attribute in attributes.json: use one of ${listed(filterFields(view))}.`;
  }
  if (isFilterable(attribute)) return undefined;
  if (attribute.type === 'text') {
    return `"${field}" is a text attribute, and text is never a filter: use one of ${listed(filterFields(view))}.`;
  }
  if (attribute.filterable === false) {
    return `"${field}" is not filterable (attributes.json sets filterable: false): set it to true there, or use one of ${listed(filterFields(view))}.`;
  }
  return `"${field}" is an identifier, which filters only when attributes.json sets filterable: true: set it there, or use one of ${listed(filterFields(view))}.`;
}

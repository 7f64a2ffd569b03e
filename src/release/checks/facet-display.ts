import type { ReleaseView } from '../release-view.js';
import { listed } from './check.js';
import type { Facet } from './page-types.js';

/**
 * Why a facet cannot have its display, as a sentence, or undefined when it can. `kind` is the
 * facet's kind, given or natural.
 */
export function facetDisplayProblem(view: ReleaseView, facet: Facet, kind: string): string | undefined {
  const { field, display } = facet;
  switch (display) {
    case 'slider':
      return kind === 'range'
        ? undefined
        : `A slider draws a range, and this "${field}" facet is a ${kind} facet: set kind to range, or choose another display.`;
    case 'histogram':
      return field === 'price' && kind === 'range'
        ? undefined
        : `A histogram draws prices only, on a range facet, and this is a ${kind} facet of "${field}": use slider, or remove display.`;
    case 'stars':
      return field === 'rating'
        ? undefined
        : `Stars draw ratings only, and this facet is of "${field}": remove display, or facet on rating.`;
    case 'grades':
      return optionsLackProblem(view, facet, 'swatch', 'Grades draw each value in its swatch color');
    case 'images':
      return field === 'brand'
        ? undefined
        : optionsLackProblem(view, facet, 'image', 'Images draw a brand logo or each value with its image');
    default:
      // buttons and select choose among values, which a range does not list.
      return kind === 'range'
        ? `A range facet lists no values to draw as ${display}: use slider, or set kind to buckets.`
        : undefined;
  }
}

function optionsLackProblem(
  view: ReleaseView,
  facet: Facet,
  member: 'swatch' | 'image',
  what: string,
): string | undefined {
  const attribute = view.attributes.get(facet.field);
  const options = attribute?.type === 'option' ? (attribute.options ?? []) : [];
  if (options.length === 0) {
    return `${what}, and "${facet.field}" lists no option values in attributes.json: choose another display.`;
  }
  const missing = options.filter((option) => option[member] === undefined).map((option) => option.value);
  if (missing.length === 0) return undefined;
  return `${what}, and ${listed(missing)} of "${facet.field}" ${missing.length === 1 ? 'has' : 'have'} no ${member}: add one to each in attributes.json, or choose another display.`;
}

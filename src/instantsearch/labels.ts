/**
 * Facet values are keyed by what aisle filters by (`sonora`, a category id); these give widgets
 * the labels aisle answered with them (`Sonora`, `Headphones`), as their `transformItems`:
 *
 *     refinementList({ container, attribute: 'brand', transformItems: facetLabels('brand') })
 *     currentRefinements({ container, transformItems: refinementLabels })
 */
import type { components } from '../client/index.js';
import { listedSection } from './answer.js';
import { fieldOf, HIERARCHY_SEPARATOR } from './filters.js';

type SearchResponse = components['schemas']['SearchResponse'];

interface LabelledItem {
  value: string;
  label: string;
  /** What refinementList draws (HTML): the label, or the label with a facet search's highlights. */
  highlighted?: string;
  /** hierarchicalMenu's children. */
  data?: LabelledItem[] | null;
}

/** What InstantSearch hands `transformItems` besides the items: the results, with aisle's answer. */
interface WithResults {
  results?: unknown;
}

/** Each facet's labels by value, from the answer a widget renders. */
function labelsOf(results: unknown, field: string): Map<string, string> {
  const answer = (results as { aisle?: SearchResponse } | null | undefined)?.aisle;
  const facet = answer && listedSection(answer)?.facets?.find((candidate) => candidate.field === field);
  return new Map((facet?.values ?? []).map((value) => [String(value.value), value.label]));
}

/**
 * The label of a value as a widget holds it: a hierarchical value is the path down to it, and a
 * value's own leading "-" is escaped as "\-" (Algolia's negation is a leading "-").
 */
function labelOf(labels: Map<string, string>, value: string): string | undefined {
  const own = value.split(HIERARCHY_SEPARATOR).at(-1) ?? value;
  return labels.get(own.startsWith('\\-') ? own.slice(1) : own);
}

/** `transformItems` of refinementList, menu and hierarchicalMenu over the facet `attribute`. */
export function facetLabels(attribute: string) {
  const field = fieldOf(attribute);
  return <T extends LabelledItem>(items: T[], { results }: WithResults): T[] => {
    const labels = labelsOf(results, field);
    const relabel = (item: T): T => {
      const label = labelOf(labels, item.value) ?? item.label;
      // A facet search's values come highlighted from their labels already.
      const drawn = item.highlighted === undefined || item.highlighted !== item.label;
      return {
        ...item,
        label,
        ...(drawn ? {} : { highlighted: escapeHtml(label) }),
        ...(Array.isArray(item.data) ? { data: item.data.map((child) => relabel(child as T)) } : {}),
      };
    };
    return items.map(relabel);
  };
}

interface RefinementGroup {
  attribute: string;
  refinements: Array<{ value: unknown; label: string; type?: string }>;
}

/** `transformItems` of currentRefinements: each chosen value under its label. */
export function refinementLabels<T extends RefinementGroup>(groups: T[], { results }: WithResults): T[] {
  return groups.map((group) => {
    const labels = labelsOf(results, fieldOf(group.attribute));
    return {
      ...group,
      refinements: group.refinements.map((refinement) =>
        refinement.type === 'numeric'
          ? refinement
          : { ...refinement, label: labelOf(labels, String(refinement.value)) ?? refinement.label },
      ),
    };
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

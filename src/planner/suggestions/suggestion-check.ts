import type { SearchRequest } from '../../contracts/search.js';
import { type EngineSection, executeSection, type FacetSpec } from '../../engine/index.js';
import { redirectAnswer, type SearchTarget, sectionSettings } from '../answer/answer.js';
import { sectionQuery } from '../answer/section-query.js';

/** What choosing a suggestion gives the shopper. */
export interface SuggestionOutcome {
  /**
   * A rule redirects the suggestion's search to a page the release or the index holds an address
   * for: the merchandiser sends the shopper there, whatever the search itself finds.
   */
  redirects: boolean;
  /** Results of its listed section, the rules applied, that match all of its words. */
  total: number;
  /** Those results per category (an ancestor counts what is below it), in no order. */
  categories: Array<{ id: string; count: number }>;
}

/** Where the suggestion is offered: the autocomplete request's channel, locale (as planned) and time. */
export interface CheckPlace {
  channel: string;
  locale: string;
  /** The request's time, ms. */
  time: number;
}

/**
 * The search a suggestion leads to, counted: its text searched on the search surface in the
 * same channel, locale and time, planned by the release's planner (rewrites, resolution, and the
 * rules' hides, filters and redirect), its listed section counted without a page and with its
 * results per category, and whether a rule redirects it. As on the search page, a search whose
 * resolved words find nothing is relaxed ("home cinema" read as the Home department and "cinema"
 * finds the home cinema systems once the department is left out); results found only by leaving
 * words of the suggestion out (the engine does so when nothing holds them all) do not count.
 */
export function countSuggestion(target: SearchTarget, text: string, place: CheckPlace): SuggestionOutcome {
  const request: SearchRequest = {
    query: text,
    on: 'search',
    channel: place.channel,
    locale: place.locale,
    count_only: true,
  };
  const options = { arrival: new Date(place.time), trace: false };
  let plan = target.planner.plan(request, options);
  let redirects = false;
  if (plan.kind === 'redirect') {
    // A query naming a category or brand page goes there: that counts only when the page's
    // results are found here, as the search below counts them (an empty page finds nothing).
    redirects = redirectAnswer(target, plan)?.rule !== undefined;
    // The results a redirect answer carries: where a scoped suggestion would send the shopper.
    plan = target.planner.plan({ ...request, redirect: false }, options);
    if (plan.kind !== 'search') throw new Error('a search without redirect planned a redirect');
  }
  const listed = plan.sections.find((section) => section.listed);
  if (listed === undefined || !listed.searched) return { redirects, total: 0, categories: [] };
  const settings = { ...sectionSettings(target, plan, request), facets: [CATEGORY_FACET] };
  // What the words found, or when nothing, what the search page shows instead: the same search
  // with what the query named left out step by step (the answer says `relaxed`).
  let section: EngineSection | undefined;
  for (const step of [undefined, ...(plan.relaxations ?? [])]) {
    const query = step
      ? sectionQuery(plan, listed, step.filters, settings, step.text, step.rankText)
      : sectionQuery(plan, listed, plan.filters, settings);
    // Only the count is read: the words that would order the results are left out.
    section = executeSection(target.index, { ...narrowedByWhatItNames(query), rankText: undefined })?.section;
    if ((section?.total ?? 0) > 0) break;
  }
  // Results found only by leaving some of the suggestion's words out are not what it says.
  if (section === undefined || section.trace.leftOut.length > 0)
    return { redirects, total: 0, categories: [] };
  const values = section.facets?.find((facet) => facet.field === 'category')?.values ?? [];
  return {
    redirects,
    total: section.total,
    categories: values.flatMap((value) =>
      typeof value.value === 'string' ? [{ id: value.value, count: value.count }] : [],
    ),
  };
}

/**
 * The query with what its words named (a category, a colour) as constraints rather than as the
 * shopper's choices. On a page a facet counts its field without the shopper's choice of it, so
 * the category facet of "kettles", read as the Kettles category, would count the categories of
 * every product and offer Keyboards as a scope; the categories a scope is chosen from must be
 * those of the suggestion's results, where its search with that scope finds them.
 */
function narrowedByWhatItNames(query: SectionQuery): SectionQuery {
  if (query.detected === undefined) return query;
  const { detected, ...rest } = query;
  return { ...rest, where: [...(query.where ?? []), detected] };
}

type SectionQuery = ReturnType<typeof sectionQuery>;

/** The category facet a check counts: every category with results, its ancestors too. */
const CATEGORY_FACET: FacetSpec = { field: 'category', kind: 'list', label: 'category' };

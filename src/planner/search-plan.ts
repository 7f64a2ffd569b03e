import { ChipWriter } from './effects/chips.js';
import { planFilters } from './effects/filters.js';
import { planHides } from './effects/hides.js';
import { slotPins } from './effects/pins.js';
import { slotPlacements } from './effects/placements.js';
import { listedType, orderSections, planSections } from './effects/sections.js';
import { decideSort } from './effects/sort.js';
import { planWeights } from './effects/weights.js';
import type { PlanBase, PlannedFilter, Relaxation, SearchPlan } from './plan.js';
import { landsOnPage } from './redirect.js';
import type { PlanTraceParts } from './trace.js';
import type { PlanningRelease, Understanding } from './understanding.js';

const DEFAULT_PER_PAGE = 24;

/**
 * The plan of a search that does not redirect: the listing (by the page's category, else the
 * one the query named), its sections, filters, hides, pins, weights, banners and sort, each
 * decided between the matching rules in precedence order.
 */
export function buildSearchPlan(
  release: PlanningRelease,
  understanding: Understanding,
  base: Omit<PlanBase, 'applied' | 'trace'>,
): { plan: SearchPlan; parts: PlanTraceParts } {
  const { request, matched, ledger, resolved, locale } = understanding;
  const scope = request.category ?? (resolved?.category?.value as string | undefined);
  const page = release.pages.layout(scope);
  const listed = listedType(
    release.view.types,
    scope !== undefined ? release.vocabulary.categories.get(scope) : undefined,
  );
  const chips = new ChipWriter(
    release.vocabulary,
    release.view.attributes,
    locale,
    understanding.currency,
    page.facets,
  );
  const sections = orderSections(matched, release.sectionOrder, ledger);
  const { hides, hidden } = planHides(matched, ledger);
  const filters = planFilters(
    {
      page: request.category,
      request: request.filters,
      resolved,
      rules: matched,
      dismissed: request.dismissed ?? [],
      listed,
      types: sections.order,
    },
    chips,
    ledger,
  );
  const pins = slotPins(matched, hidden, ledger);
  const weights = planWeights(matched, release.view.ranking.strengths, ledger);
  const countOnly = request.count_only === true;
  const placements = slotPlacements(matched, locale, ledger, base.surface === 'autocomplete' || countOnly);
  const hasWords = base.query.normalized !== '';
  const sort = decideSort(request.sort, hasWords, page, release.pages, locale);
  const query = understanding.words.join(' ');
  const paging = { page: request.page ?? 1, perPage: request.per_page ?? DEFAULT_PER_PAGE, countOnly };
  const fromResolution = filters.filter((filter) => filter.from === 'resolution');
  const plan: SearchPlan = {
    kind: 'search',
    ...base,
    applied: ledger.appliedIds(),
    listed,
    sections: planSections(sections.order, listed, { listed: base.query.searched, query }, paging),
    filters,
    hides,
    pins: pins.pins,
    weights: weights.weights,
    placements: placements.placements,
    sort: sort.sort,
    ...(sort.sorts !== undefined ? { sorts: sort.sorts } : {}),
    layout: page,
    ...paging,
    prefix: base.surface === 'autocomplete' && !/\s$/u.test(base.query.typed),
    leaveOut: hasWords ? 'least_informative' : 'none',
    fill: hasWords,
  };
  // Words that named a page's brand or category leave that page's order alone: they rank only
  // where the query lands on no page.
  if (
    query !== '' &&
    base.query.searched === '' &&
    sort.sort.by === undefined &&
    !landsOnPage(request, resolved, release.vocabulary, release.view.routes, locale)
  ) {
    plan.rankText = query;
  }
  if (fromResolution.length > 0) {
    plan.relaxations = relaxationsOf(
      filters.filter((filter) => filter.types.includes(listed)),
      base.query.searched,
      query,
    );
  }
  const parts: PlanTraceParts = {
    pins: pins.traces,
    weights: weights.traces,
    placements: placements.traces,
    sort,
  };
  if (sections.rule !== undefined) parts.sectionsFrom = sections.rule.id;
  return { plan, parts };
}

/**
 * The relaxed searches of a resolved search that finds nothing, in the order to try them: each
 * leaves out one more part the query named, the least important first (a colour or another
 * attribute before a brand, a brand before a category; of two attributes the one named first, as
 * "black leather jacket" names the colour before the material), keeping resolution's text and ranking
 * by every word of the query; the last leaves out all of them and matches the query's words as
 * text (those no product knows left out by the word policy).
 */
export function relaxationsOf(
  filters: readonly PlannedFilter[],
  searched: string,
  query: string,
): Relaxation[] {
  const named = filters
    .filter((filter) => filter.from === 'resolution')
    .map((filter, order) => ({ filter, order, importance: importanceOf(filter) }))
    .sort((a, b) => a.importance - b.importance || a.order - b.order)
    .map(({ filter }) => filter);
  const steps: Relaxation[] = [];
  for (let count = 1; count < named.length; count++) {
    const leftOut = named.slice(0, count);
    steps.push({
      text: searched,
      ...(query !== '' ? { rankText: query } : {}),
      filters: filters.filter((filter) => !leftOut.includes(filter)),
      leftOut: leftOut.flatMap((filter) => filter.chips),
    });
  }
  steps.push({
    text: query,
    filters: filters.filter((filter) => filter.from !== 'resolution'),
    leftOut: named.flatMap((filter) => filter.chips),
  });
  return steps;
}

/** How much a named part says of what the shopper wants: the category most, then the brand. */
function importanceOf(filter: PlannedFilter): number {
  if ('category' in filter.where) return 2;
  if ('brand' in filter.where) return 1;
  return 0;
}

import type { SortOption } from '../contracts/search.js';
import type { AppliedFilter, Resolution } from '../contracts/search-parts.js';
import type { TraceEntry } from '../contracts/trace.js';
import type { LeaveOut } from '../engine/index.js';
import type { PageLayout } from '../release/page-settings.js';
import type { SurfaceName } from './rules/condition.js';
import type { Selector } from './selector.js';

/**
 * What a search does, decided before the engine runs: the plan is either a redirect (nothing is
 * searched) or a search the engine executes section by section. Everything a request, the
 * release's rules and the query's resolution decide is here; the engine decides only what needs
 * the index (which entities match, how they rank, what the facets count).
 */
export type Plan = RedirectPlan | SearchPlan;

export interface PlanBase {
  /** The time the search reads: stamped on arrival, or fixed by a test or preview. */
  time: Date;
  surface: SurfaceName;
  channel: string;
  locale: string;
  /** The channel's currency: of prices, price filters and bounds; absent when no file names one. */
  currency?: string;
  query: {
    typed: string;
    /** Folded words joined by single spaces. */
    normalized: string;
    /** The text the listed section searches: after rewrites and what resolution took. */
    searched: string;
  };
  /** What the query named; absent for a query without words. */
  resolution?: Resolution;
  /** The rules whose effects took part, in precedence order (what tests' `rules.applied` read). */
  applied: string[];
  /** With a trace asked for: the planning steps; execution appends its own. */
  trace?: TraceEntry[];
}

export interface RedirectPlan extends PlanBase {
  kind: 'redirect';
  redirect: PlannedRedirect;
}

/**
 * Where the shopper is sent. `url` is absent only for an entity whose page address the release
 * and vocabulary do not hold (a product): the answer takes it from the entity's `url`.
 */
export interface PlannedRedirect {
  url?: string;
  /** `type:id` of the page it leads to; absent for a rule's fixed URL. */
  entity?: string;
  /** The filters a rule's redirect chooses on the page. */
  filters?: Selector;
  /** The rule that redirects; absent when the query lands on the page it names. */
  rule?: string;
}

export interface SearchPlan extends PlanBase {
  kind: 'search';
  /** The type whose section pages and carries the facets. */
  listed: string;
  /** One per entity type, in answer order. */
  sections: PlannedSection[];
  /** Every filter, each naming the sections it narrows; a section applies all of its own. */
  filters: PlannedFilter[];
  /** Entities removed from every section: a hide beats a pin. */
  hides: PlannedTarget[];
  /** Fixed positions, slots already decided between rules. */
  pins: PlannedPin[];
  /** Boosts and buries as factors on relevance; the factors of different targets multiply. */
  weights: PlannedWeight[];
  /** Banners with their final positions, in rule order; see placementsForPage. */
  placements: PlannedPlacement[];
  sort: PlannedSort;
  /** The orders the page offers, for the answer's `sorts`; absent where the release lays out none. */
  sorts?: SortOption[];
  /** What the page shows (facets, groups, sorts) from categories.json by inheritance. */
  layout: PageLayout;
  page: number;
  perPage: number;
  countOnly: boolean;
  /** The last word also matches as the start of a word (while typing). */
  prefix: boolean;
  /**
   * Which words the engine may leave out when nothing matches them all: those no entity knows,
   * then the most common one at a time, so a query with no complete match answers with the best
   * partial matches instead of nothing.
   */
  leaveOut: LeaveOut;
  /**
   * A short list is filled with entities lacking the query's least informative word, ranked after
   * every complete match, so a query of words that each exist never ends in a near-empty page.
   */
  fill: boolean;
  /** What the listed section searches instead when the resolved search finds nothing. */
  /**
   * When the resolved search finds nothing: the searches to try in turn, each leaving out one
   * more thing the query named (least important first), the last one text matching every word.
   */
  relaxations?: Relaxation[];
  /**
   * When resolution took every word of the query (a brand, a category, values), the page sorts by
   * relevance and the query lands on no page of its own: those words, which rank the listed
   * section's products without narrowing them, so the products that fit the words best come first
   * instead of the catalog's order.
   */
  rankText?: string;
}

export interface PlannedSection {
  type: string;
  listed: boolean;
  /** The words it searches: the listed section the text resolution left, the others the query. */
  text: string;
  /** Hits it shows on this page: a page of the listed section, a few of a section beside it on the first page. */
  hits: number;
  /** A section beside the listed one without words is answered empty without searching. */
  searched: boolean;
}

export interface PlannedFilter {
  /** Names it in the trace: `f1`, `f2`, ... */
  id: string;
  where: Selector;
  /** The sections it narrows. */
  types: string[];
  /** `page`: the category page's own category, which no chip removes. */
  from: 'page' | 'request' | 'resolution' | 'rule';
  rule?: string;
  /** The chips the answer's `filters` shows for it: one per value of a list, one for a comparison. */
  chips: AppliedFilter[];
}

/** Entities a rule names, or a selector of them, in one type or every type. */
export interface PlannedTarget {
  rule: string;
  entities?: string[];
  where?: Selector;
  type?: string;
}

export interface PlannedPin {
  entity: string;
  /** The section it stands in: the entity's type. */
  type: string;
  /**
   * Counted from 1 across pages: where it stands when every pin of the plan stands. The engine
   * gives the positions out again from `asked`, in precedence order, among the pins that stand
   * on the page (a paid pin the filters exclude, or one a selector hides, holds no slot).
   */
  position: number;
  /** The position the rule asked for; a higher rule's pin may move it down. */
  asked: number;
  rule: string;
  sponsored?: { campaign: string };
  /**
   * A paid pin stands only where its entity meets the section's filters (the page's category
   * and every filter); any other pin stands whatever the filters and the words.
   */
  onlyIfMatching: boolean;
}

export interface PlannedWeight extends PlannedTarget {
  kind: 'boost' | 'bury';
  strength: 'slight' | 'medium' | 'strong';
  /** The strength's factor from ranking.json: above 1 lifts, below 1 lowers. */
  factor: number;
}

export interface PlannedPlacement {
  rule: string;
  slot: 'top' | 'grid' | 'bottom';
  /** Grid: the tile it stands before, counted from 1 across pages, after other rules took theirs. */
  position?: number;
  kind: 'banner' | 'card';
  title: string;
  text?: string;
  image?: { url: string; alt: string };
  link?: string;
}

export interface PlannedSort {
  /** `relevance` or a sort of ranking.json. */
  code: string;
  /** For a sort of ranking.json: what it orders by and which way. */
  by?: string;
  direction?: 'asc' | 'desc';
}

export interface Relaxation {
  /** The words searched: resolution's text while named parts remain, else every word of the query. */
  text: string;
  /** The words that rank the listing when `text` is empty (the query's, named words included). */
  rankText?: string;
  /** The listed section's filters without those left out. */
  filters: PlannedFilter[];
  /** The chips of the filters left out, in the order they were, for `resolution.left_out`. */
  leftOut: AppliedFilter[];
}

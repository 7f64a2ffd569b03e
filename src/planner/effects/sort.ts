import type { SortOption } from '../../contracts/search.js';
import type { PageLayout, PageSettings } from '../../release/page-settings.js';
import type { PlannedSort } from '../plan.js';

export interface SortDecision {
  sort: PlannedSort;
  sorts?: SortOption[];
  /** Why this order: the shopper's choice, words in the request, the category's default, the release's. */
  from: 'request' | 'words' | 'category' | 'default';
  category?: string;
}

/**
 * The order a listing is in: the request's sort, else relevance where the request has words,
 * else the page's default (the category's by inheritance, else categories.json's default, else
 * relevance). The options are the page's, the one it starts in marked as default.
 */
export function decideSort(
  requested: string | undefined,
  hasWords: boolean,
  layout: PageLayout,
  pages: PageSettings,
  locale: string,
): SortDecision {
  const code = requested ?? pages.startingSort(layout, hasWords);
  const origin = layout.from.sort;
  const category =
    origin.from === 'page' ? layout.category : origin.from === 'category' ? origin.category : undefined;
  const from: SortDecision['from'] =
    requested !== undefined
      ? 'request'
      : hasWords
        ? 'words'
        : category !== undefined
          ? 'category'
          : 'default';
  const definition = pages.sortDefinition(code);
  const decision: SortDecision = {
    sort: definition ? { code, by: definition.by, direction: definition.direction } : { code },
    from,
    ...(from === 'category' && category !== undefined ? { category } : {}),
  };
  const sorts = pages.sorts(layout, locale, hasWords);
  if (sorts !== undefined) decision.sorts = sorts;
  return decision;
}

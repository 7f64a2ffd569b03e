import type { RankingFile } from '../../contracts/release-files/index.js';
import type { SortOption } from '../../contracts/search.js';
import { wordsFor } from '../labels.js';
import { textIn } from '../localized.js';
import type { PlannedSort } from '../plan.js';
import type { PageSettings } from './page.js';

type SortDefinition = NonNullable<RankingFile['sorts']>[number];

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
  page: PageSettings,
  definitions: ReadonlyMap<string, SortDefinition>,
  locale: string,
): SortDecision {
  const pageDefault = page.sort.default ?? 'relevance';
  const starts = hasWords ? 'relevance' : pageDefault;
  const code = requested ?? starts;
  const from: SortDecision['from'] =
    requested !== undefined
      ? 'request'
      : hasWords
        ? 'words'
        : page.sortFrom !== undefined
          ? 'category'
          : 'default';
  const definition = definitions.get(code);
  const decision: SortDecision = {
    sort: definition ? { code, by: definition.by, direction: definition.direction } : { code },
    from,
    ...(from === 'category' && page.sortFrom !== undefined ? { category: page.sortFrom } : {}),
  };
  const options = page.sort.options;
  if (options !== undefined && options.length > 0) {
    decision.sorts = options.map((option) => ({
      code: option,
      label:
        option === 'relevance'
          ? wordsFor(locale).relevance
          : (textIn(definitions.get(option)?.label, locale) ?? option),
      ...(option === starts ? { default: true as const } : {}),
    }));
  }
  return decision;
}

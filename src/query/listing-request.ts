import type { Violation } from '../contracts/problem.js';
import type { ChannelsFile, RankingFile } from '../contracts/release-files/index.js';
import type { SearchRequest, SortOption } from '../contracts/search.js';
import { type EngineIndex, type EngineQuery, SelectorError } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import { servedLocale } from '../lib/locale.js';
import {
  effectiveSort,
  facetFieldsOfRelease,
  fieldLabel,
  pageFacets,
  pageLayout,
  pageSorts,
  sortDefinition,
} from '../release/page-settings.js';

/** The channel a release without channels.json sells through (docs/release-files.md). */
const DEFAULT_CHANNEL = { id: 'default', locales: ['en'], currency: 'EUR' };

/** What the engine is asked, and what the answer adds from the page's settings. */
export interface ListingPlan {
  query: Omit<EngineQuery, 'text' | 'page' | 'perPage' | 'countOnly'>;
  sorts: SortOption[] | undefined;
  currency: string;
}

function refuse(violations: Violation[]): never {
  throw new AppError('bad_request', 'The request cannot be answered as sent.', violations);
}

/**
 * Reads the request's channel, locale, category, sort, filters and facets against the release
 * and the live catalog, and resolves the page's settings (facets, groups, sorts by inheritance
 * from categories.json). A channel, locale, category, sort or facet the release or catalog lacks
 * is refused with 400 and a violation at its pointer.
 */
export function planListing(
  index: EngineIndex,
  files: Record<string, unknown>,
  request: SearchRequest,
  arrival: Date,
): ListingPlan {
  const violations: Violation[] = [];
  const channels = (files['channels.json'] as ChannelsFile | undefined)?.channels ?? [DEFAULT_CHANNEL];
  const channel =
    request.channel === undefined ? channels[0]! : channels.find((one) => one.id === request.channel);
  if (channel === undefined) {
    refuse([
      {
        pointer: '/channel',
        message: `"${request.channel}" is no channel of the release: use one of ${channels.map((one) => `"${one.id}"`).join(', ')}.`,
      },
    ]);
  }
  const locale =
    request.locale === undefined ? channel.locales[0]! : servedLocale(request.locale, channel.locales);
  if (locale === undefined) {
    violations.push({
      pointer: '/locale',
      message: `The channel "${channel.id}" does not serve "${request.locale}": use one of ${channel.locales.map((one) => `"${one}"`).join(', ')}, or a regional tag of one.`,
    });
  }
  const category = request.category;
  if (category !== undefined && !index.shared.categories.has(category)) {
    violations.push({
      pointer: '/category',
      message: `"${category}" is no category of the live catalog: name a category id it holds.`,
    });
  } else if (category === undefined && request.on === 'category_page') {
    violations.push({
      pointer: '/category',
      message: 'A category page lists a category: name it in category.',
    });
  }
  const sorts = (files['ranking.json'] as RankingFile | undefined)?.sorts ?? [];
  if (
    request.sort !== undefined &&
    request.sort !== 'relevance' &&
    !sorts.some((one) => one.code === request.sort)
  ) {
    violations.push({
      pointer: '/sort',
      message: `"${request.sort}" is no sort of the release: use "relevance"${sorts.map((one) => `, "${one.code}"`).join('')}.`,
    });
  }
  const known = facetFieldsOfRelease(files);
  (request.facets ?? []).forEach((field, index) => {
    if (!known.has(field)) {
      violations.push({
        pointer: `/facets/${index}`,
        message: `"${field}" is a facet of no page of the release: name a facet categories.json lists.`,
      });
    }
  });
  if (violations.length > 0) refuse(violations);

  const hasWords = /[\p{L}\p{N}]/u.test(request.query ?? '');
  const parentOf = (id: string) => index.shared.categories.get(id)?.parent;
  const layout = pageLayout(files, category, parentOf);
  const filters = request.filters ?? {};
  const chosen = new Set(Object.keys(filters).filter((key) => !['any', 'all', 'not'].includes(key)));
  const facets = pageFacets(files, layout, locale, {
    chosen,
    requested: new Set(request.facets ?? []),
    requestedOnly: request.count_only === true,
  });
  const code = effectiveSort(layout, request.sort, hasWords);
  const sort = code === 'relevance' ? undefined : sortDefinition(files, code);
  const fieldLabels = Object.fromEntries(
    [...chosen].map((field) => [field, fieldLabel(files, field, locale)]),
  );
  return {
    query: {
      time: arrival.getTime(),
      channel: channel.id,
      ...(locale !== undefined ? { locale } : {}),
      ...(category !== undefined ? { category } : {}),
      ...(request.filters !== undefined ? { filters: request.filters } : {}),
      facets,
      fieldLabels,
      ...(sort ? { sort } : {}),
    },
    sorts: pageSorts(files, layout, locale, hasWords),
    currency: channel.currency,
  };
}

/** A selector the engine could not read, as the 400 the contract answers, pointing into `filters`. */
export function filtersProblem(error: unknown): never {
  if (error instanceof SelectorError) {
    refuse([{ pointer: `/filters${error.pointer}`, message: error.message }]);
  }
  throw error;
}

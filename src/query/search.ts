import type { SearchRequest, SearchResponse } from '../contracts/search.js';
import { executeSearch } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import { newQueryId } from '../lib/ids.js';
import { filtersProblem, planListing } from './listing-request.js';
import type { LiveState } from './live-index.js';

/** Hits a section beside the listed one shows. */
const SIDE_SECTION_HITS = 4;
const DEFAULT_PER_PAGE = 24;

export const NOTHING_SEARCHABLE =
  'Nothing is searchable yet: no index run has succeeded. Upload a catalog (PUT /api/v1/catalog) and publish a release (POST /api/v1/releases/{release}/publish) on the management API, then wait for the index run.';

/**
 * Answers one search against the live index. `arrival` is the time stamped when the request
 * arrived: the only time the search reads.
 */
export function answerSearch(
  live: LiveState | undefined,
  request: SearchRequest,
  arrival: Date,
): SearchResponse {
  if (request.time !== undefined) {
    throw new AppError('bad_request', 'The request cannot be answered as sent.', [
      {
        pointer: '/time',
        message:
          'The time of a search is stamped when it arrives; only release tests and previews fix it: remove it.',
      },
    ]);
  }
  if (!live) throw new AppError('unavailable', NOTHING_SEARCHABLE);

  const typed = request.query ?? '';
  const page = request.page ?? 1;
  const perPage = request.per_page ?? DEFAULT_PER_PAGE;
  // Channel, locale, category, filters, facets and sort: the page's settings, then the engine.
  const listing = planListing(live.index, live.releaseFiles, request, arrival);
  let result: ReturnType<typeof executeSearch>;
  try {
    result = executeSearch(live.index, {
      text: typed,
      page,
      perPage,
      countOnly: request.count_only === true,
      sideHits: SIDE_SECTION_HITS,
      ...listing.query,
    });
  } catch (error) {
    filtersProblem(error);
  }
  const listed = result.sections.some((section) => section.type === 'product')
    ? 'product'
    : (result.sections[0]?.type ?? 'product');
  const sections = result.sections.map((section) => {
    if (section.type === listed) {
      return {
        type: section.type,
        total: section.total,
        reachable: section.reachable,
        hits: section.hits.map(toHit),
        ...(section.facets ? { facets: section.facets } : {}),
      };
    }
    // A side section does not page: it shows its first few hits, and reachable counts them.
    const hits = page === 1 ? section.hits.slice(0, SIDE_SECTION_HITS).map(toHit) : [];
    return { type: section.type, total: section.total, reachable: hits.length, hits };
  });
  return {
    query_id: newQueryId(arrival),
    release: live.release,
    snapshot: live.snapshot,
    query: { typed, searched: result.searchedText },
    listed,
    ...(result.applied && result.applied.length > 0 ? { filters: result.applied } : {}),
    ...(listing.sorts ? { sorts: listing.sorts } : {}),
    sections,
    currency: result.currency ?? listing.currency,
    ...(request.debug
      ? {
          trace: [
            { step: 'arrival', time: arrival.toISOString() },
            { step: 'analysis', typed, searched: result.searchedText },
            ...result.sections.map((section) => ({
              step: 'match',
              type: section.type,
              candidates: section.total,
            })),
          ],
        }
      : {}),
  };
}

function toHit(hit: { entity: string; variant?: string; fields: Record<string, unknown> }) {
  return {
    entity: hit.entity,
    ...(hit.variant !== undefined ? { variant: hit.variant } : {}),
    fields: hit.fields,
  };
}

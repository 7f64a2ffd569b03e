import type { SearchRequest, SearchResponse } from '../../contracts/search.js';
import { releaseView } from '../../release/release-view.js';
import type { ChosenFilter, LoggedHit, LoggedPlacement, LoggedSearch } from '../../store/index.js';

/** Names of a selector that combine others rather than name a field. */
const COMBINATORS = new Set(['any', 'all', 'not']);
/** A log row keeps this many choices at most, each value cut to this length. */
const CHOICES_AT_MOST = 50;
const VALUE_LENGTH_AT_MOST = 200;

/** A search the storefront was answered, as the search log keeps it. */
export function loggedSearch(
  request: SearchRequest,
  answer: SearchResponse,
  files: Record<string, unknown>,
  arrival: Date,
): LoggedSearch {
  const channels = releaseView(files).channels.channels;
  // The answer was given, so the request's channel and locale are the release's (or absent: the defaults).
  const channel = channels.find((one) => one.id === request.channel) ?? channels[0]!;
  const page = request.page ?? 1;
  const perPage = request.per_page ?? 24;
  const listed = answer.sections.find((section) => section.type === answer.listed);
  return {
    queryId: answer.query_id,
    arrivedAt: arrival.toISOString(),
    typed: answer.query.typed,
    searched: answer.query.searched,
    surface: request.on ?? 'search',
    channel: channel.id,
    locale: request.locale ?? channel.locales[0] ?? 'en',
    ...(request.category !== undefined ? { category: request.category } : {}),
    filters: chosenFilters(request.filters),
    ...(request.sort !== undefined ? { sort: request.sort } : {}),
    page,
    perPage,
    countOnly: request.count_only === true,
    total: listed?.total ?? 0,
    hits: answer.sections.flatMap((section) =>
      section.hits.map((hit, index): LoggedHit => {
        // The listed section's positions count across pages; a section beside it does not page.
        const position = section === listed ? (page - 1) * perPage + index + 1 : index + 1;
        return {
          entity: hit.entity,
          position,
          ...(hit.sponsored !== undefined ? { campaign: hit.sponsored.campaign } : {}),
        };
      }),
    ),
    placements: (answer.placements ?? []).map(
      (placement): LoggedPlacement => ({
        rule: placement.rule,
        slot: placement.slot,
        ...(placement.position !== undefined ? { position: placement.position } : {}),
      }),
    ),
    ...(request.page_view !== undefined ? { pageView: request.page_view } : {}),
    traffic: request.traffic ?? 'shopper',
    release: answer.release,
  };
}

/**
 * The shopper's choices field by field, one entry per value: a list's values, a range or bucket as
 * its bounds (`10-50`, `10-`, `-50`), a category by its id, `exists` or `none`. Combined selectors
 * (`any`, `all`, `not`) are no facet's choice and are left out.
 */
export function chosenFilters(filters: SearchRequest['filters']): ChosenFilter[] {
  const chosen: ChosenFilter[] = [];
  for (const [field, value] of Object.entries(filters ?? {})) {
    if (COMBINATORS.has(field)) continue;
    for (const text of valueTexts(value)) {
      if (chosen.length === CHOICES_AT_MOST) return chosen;
      chosen.push({ field, value: text.slice(0, VALUE_LENGTH_AT_MOST) });
    }
  }
  return chosen;
}

function valueTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(valueTexts);
  if (value === null || typeof value !== 'object') return [String(value)];
  const form = value as Record<string, unknown>;
  if (form.within !== undefined) return valueTexts(form.within);
  if (form.is !== undefined) return valueTexts(form.is);
  if (typeof form.exists === 'boolean') return [form.exists ? 'exists' : 'none'];
  if (Array.isArray(form.between)) return [`${form.between[0]}-${form.between[1]}`];
  const low = form.gte ?? form.gt;
  const high = form.lte ?? form.lt;
  if (low !== undefined || high !== undefined) return [`${low ?? ''}-${high ?? ''}`];
  return [JSON.stringify(value)];
}

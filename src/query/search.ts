import type { SynonymsFile } from '../contracts/release-files/index.js';
import type { SearchRequest, SearchResponse } from '../contracts/search.js';
import {
  compileSynonyms,
  type EngineResult,
  type EngineSection,
  executeSearch,
  forLocale,
  type Synonyms,
} from '../engine/index.js';
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
  // Synonyms are read for the locale as asked (a regional one falls back to its language).
  const locale = request.locale ?? listing.query.locale;
  const explain = request.debug === true;
  let result: EngineResult;
  try {
    result = executeSearch(live.index, {
      text: typed,
      page,
      perPage,
      countOnly: request.count_only === true,
      sideHits: SIDE_SECTION_HITS,
      ...listing.query,
      ...(locale ? { synonyms: liveSynonyms(live.releaseFiles, locale) } : {}),
      // As the shopper types, the last word is the start of a word.
      prefix: request.on === 'autocomplete',
      explain,
      // Words no product knows are left out when nothing matches; a short list is filled with
      // products lacking the least informative word, after those that have every word.
      leaveOut: 'unknown',
      fill: true,
    });
  } catch (error) {
    filtersProblem(error);
  }
  const listed = result.sections.some((section) => section.type === 'product')
    ? 'product'
    : (result.sections[0]?.type ?? 'product');
  const listedSection = result.sections.find((section) => section.type === listed);
  const searched = listedSection ? listedSection.trace.searched : result.searchedText;
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
    query: { typed, searched },
    listed,
    ...(result.applied && result.applied.length > 0 ? { filters: result.applied } : {}),
    ...(listing.sorts ? { sorts: listing.sorts } : {}),
    sections,
    currency: result.currency ?? listing.currency,
    ...(request.debug ? { trace: traceOf(arrival, typed, searched, result, listed, page, locale) } : {}),
  };
}

/** Compiled synonyms per live release files and locale: a switch brings new files, so new synonyms. */
const compiledSynonyms = new WeakMap<Record<string, unknown>, Map<string, Synonyms>>();

function liveSynonyms(files: Record<string, unknown>, locale: string): Synonyms {
  let byLocale = compiledSynonyms.get(files);
  if (!byLocale) {
    byLocale = new Map();
    compiledSynonyms.set(files, byLocale);
  }
  let synonyms = byLocale.get(locale);
  if (!synonyms) {
    const dictionaries = (files['synonyms.json'] as SynonymsFile | undefined)?.dictionaries ?? {};
    synonyms = compileSynonyms(forLocale(dictionaries, locale));
    byLocale.set(locale, synonyms);
  }
  return synonyms;
}

/** The trace of a search: arrival, analysis, then per section what it matched and how it ranked. */
function traceOf(
  arrival: Date,
  typed: string,
  searched: string,
  result: EngineResult,
  listed: string,
  page: number,
  locale: string | undefined,
): Array<Record<string, unknown>> {
  // The hits as the answer shows them: a side section its first few, on the first page only.
  const shown = (section: EngineSection) =>
    section.type === listed ? section.hits : page === 1 ? section.hits.slice(0, SIDE_SECTION_HITS) : [];
  return [
    { step: 'arrival', time: arrival.toISOString() },
    {
      step: 'analysis',
      typed,
      searched,
      words: result.searchedText === '' ? [] : result.searchedText.split(' '),
      ...(locale ? { locale } : {}),
    },
    ...result.sections.map(matchStep),
    ...result.sections
      .filter((section) => shown(section).length > 0)
      .map((section) => rankStep(section.type, shown(section))),
  ];
}

function matchStep(section: EngineSection): Record<string, unknown> {
  const { trace } = section;
  return {
    step: 'match',
    type: section.type,
    candidates: section.total,
    searched: trace.searched,
    words: trace.words.map((word) => ({
      word: word.word,
      expansions: word.expansions,
      ...(word.leftOut ? { left_out: true } : {}),
      ...(word.optional ? { optional: true } : {}),
    })),
    left_out: trace.leftOut,
    optional: trace.optional,
    attempts: trace.attempts,
  };
}

function rankStep(type: string, hits: EngineSection['hits']): Record<string, unknown> {
  return {
    step: 'rank',
    type,
    hits: hits.map((hit, rank) => ({
      rank: rank + 1,
      entity: hit.entity,
      score: hit.score,
      ...(hit.parts ? { parts: hit.parts } : {}),
    })),
  };
}

function toHit(hit: { entity: string; variant?: string; fields: Record<string, unknown> }) {
  return {
    entity: hit.entity,
    ...(hit.variant !== undefined ? { variant: hit.variant } : {}),
    fields: hit.fields,
  };
}

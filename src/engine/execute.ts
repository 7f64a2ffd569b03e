import type { Facet } from '../contracts/search.js';
import { type AnalyzedWords, analyzeWords } from './analysis/analyze.js';
import { languageOf } from './analysis/locale.js';
import { NO_SYNONYMS, type Synonyms } from './analysis/synonyms.js';
import type { EngineIndex, TypeIndex } from './engine-index.js';
import { stringAt } from './index/string-table.js';
import { rankingEveryDocument } from './listing/rank-words.js';
import type { TextSearch } from './listing/relevance.js';
import {
  type ListingExtras,
  type ListingOptions,
  listedType,
  listSection,
  needsListing,
  sideQuery,
} from './listing/section.js';
import { positionAt } from './match/conjunction.js';
import { expandQuery, type Slot } from './match/expand.js';
import {
  type LeaveOut,
  matchText,
  scoreCollected,
  type TextMatch,
  type TextMatchOptions,
} from './match/text-match.js';
import { type SectionTrace, sectionTrace } from './match/trace.js';
import type { ScoreParts } from './ranking/parts.js';
import { type Ranking, REACHABLE_HITS } from './ranking/top-k.js';
import { hitFields } from './results/fields.js';

/** Text and page; the listed section's filters, facets, sort, channel and locale come from ListingOptions. */
export interface EngineQuery extends ListingOptions {
  text: string;
  /** Counted from 1. */
  page: number;
  /** Hits per page, at least 1. */
  perPage: number;
  /** Totals only, no hits. */
  countOnly?: boolean;
  /** The request's locale: its language's stems are searched (default: the index's first language). */
  locale?: string;
  /** The synonyms of the request's locale, applied as the query runs (see compileSynonyms). */
  synonyms?: Synonyms;
  /** The last word also matches as the start of a word (as-you-type search, autocomplete), unless the text ends with a space. */
  prefix?: boolean;
  /** Each hit carries the parts of its score. */
  explain?: boolean;
  /** Which words may be left out when nothing matches all of them; default none. */
  leaveOut?: LeaveOut;
  /** Fill a short list (some, but fewer than FILL_BELOW matches) with documents lacking the least informative word, ranked after the rest. */
  fill?: boolean;
  /**
   * For the listed section of a text without words: words that rank its documents without
   * narrowing them (what a query named as a brand or category, when nothing was left to search).
   * Documents they find rank first, by their score; the rest follow in catalog order.
   */
  rankText?: string;
}

export interface EngineHit {
  /** `type:id`. */
  entity: string;
  /** The variant shown, when tiles are variants or the filters pick one. */
  variant?: string;
  fields: Record<string, unknown>;
  score: number;
  /** With `explain`: why the hit scores what it does. */
  parts?: ScoreParts;
  /** A pin placed it at this position (counted from 1 across pages). */
  pinned?: number;
  /** A paid pin placed it. */
  sponsored?: { campaign: string };
  /** The product of the boost and bury factors on its relevance, when not 1. */
  factor?: number;
}

export interface EngineSection {
  type: string;
  total: number;
  /** min(total, the reachable_hits limit): how far pages reach. */
  reachable: number;
  hits: EngineHit[];
  /** What the section searched: each word's expansions, words left out, candidate counts. */
  trace: SectionTrace;
  /** The listed section's facets. */
  facets?: Facet[];
}

export interface EngineResult extends Partial<ListingExtras> {
  /** The query's words, folded, joined by single spaces. */
  searchedText: string;
  sections: EngineSection[];
}

const ENDS_WITH_SPACE = /\s$/u;

/**
 * Searches every type: a document matches when each query word is found in one of its fields,
 * as typed or by an alternative (identifier, joined or split words, synonym, stem, typo, and for
 * the last word with `prefix` a completion); matches rank by the parts of ranking/parts.ts, ties
 * in catalog order. Text without words browses: every document, in catalog order.
 */
export function executeSearch(index: EngineIndex, query: EngineQuery): EngineResult {
  if (
    !(
      Number.isInteger(query.page) &&
      query.page >= 1 &&
      Number.isInteger(query.perPage) &&
      query.perPage >= 1
    )
  ) {
    throw new RangeError(`page and perPage must be integers >= 1, got ${query.page} and ${query.perPage}`);
  }
  const analyzed = analyzeWords(query.text);
  // The listed section (filters, facets, sorts): see listing/. The text search hands it its matches.
  const listed = listedType(index, query);
  let extras: ListingExtras | undefined;
  let side: EngineQuery | undefined;
  const sections = index.types
    .filter((type) => type.documents > 0)
    .map((type) => {
      if (type === listed) {
        const listedSection = list(index, type, analyzed, query);
        extras = listedSection.extras;
        return listedSection.section;
      }
      side ??= sideQuery(query);
      return analyzed.words.length === 0 ? browse(type, side) : search(index, type, analyzed, side);
    });
  return { searchedText: analyzed.words.join(' '), sections, ...extras };
}

/**
 * Searches one section: the listed one (it pages and carries the facets and the
 * listing's extras), or one beside it, which shows its first `sideHits` on page 1. A section
 * beside the listed one goes through the listing only when it filters or rules act on it.
 * Undefined when the index holds no document of the type.
 */
export function executeSection(
  index: EngineIndex,
  query: EngineQuery & { type: string; role: 'listed' | 'beside' },
): { section: EngineSection; extras?: ListingExtras } | undefined {
  const type = index.types.find((one) => one.type === query.type && one.documents > 0);
  if (type === undefined) return undefined;
  const analyzed = analyzeWords(query.text);
  if (query.role === 'listed') return list(index, type, analyzed, query);
  const side = sideQuery({ ...query, facets: [] });
  if (needsListing(side)) return { section: list(index, type, analyzed, side).section };
  return { section: analyzed.words.length === 0 ? browse(type, side) : search(index, type, analyzed, side) };
}

/**
 * The listed section: the text search (when the query has words) hands its matches to the
 * listing, which filters, counts facets and ranks (listing/): every match, written into its
 * arrays (TextSearch.collect; matches of several words scored after the listing's pass, those it
 * ranks), or when the page needs no more, only those that can reach it (the text search ranks
 * them). Both number documents alike: the text postings' doc ids are the
 * listing's slots.
 */
function list(
  index: EngineIndex,
  type: TypeIndex,
  analyzed: AnalyzedWords,
  query: EngineQuery,
): { section: EngineSection; extras: ListingExtras } {
  let slots: Slot[] = [];
  let text: TextMatch | undefined;
  const ranksOnly =
    analyzed.words.length === 0 && query.rankText !== undefined ? analyzeWords(query.rankText) : undefined;
  const words = ranksOnly ?? analyzed;
  const leaveOut = ranksOnly ? 'least_informative' : (query.leaveOut ?? 'none');
  const fill = ranksOnly !== undefined || query.fill === true;
  const run = (options: TextMatchOptions, ranking: Ranking | undefined, depth: number): TextMatch => {
    slots = expandSlots(index, type, words, query);
    text = matchText(type, slots, options, ranking, depth, index.scratch);
    return text;
  };
  const search: TextSearch | undefined =
    words.words.length === 0
      ? undefined
      : {
          rank: (ranking, depth, counts) => run({ leaveOut, fill, counts }, ranking, depth).counted,
          collect: (collect) => {
            const { total, unscored } = run({ leaveOut, fill, collect }, undefined, 0);
            return { matches: total, unscored };
          },
          score: (docs, order, count, scores) => {
            if (text) scoreCollected(text, docs, order, count, scores);
          },
        };
  const match = ranksOnly && search ? rankingEveryDocument(search, type.documents) : search;
  const listed = listSection(index, type, query, match);
  // The listing's hits are its own, made for this answer: explanations go onto them.
  const hits: EngineHit[] = listed.section.hits;
  if (query.explain && text?.scorer) {
    for (let at = 0; at < hits.length; at++) {
      // A pin stands whatever the words: it has no text score to explain; nor has a document
      // the ranking words did not find.
      if (hits[at]!.pinned !== undefined || (ranksOnly && hits[at]!.score === 0)) continue;
      const doc = listed.docs[at]!;
      positionAt(text.sources, doc);
      hits[at]!.parts = text.scorer.explain(doc);
    }
  }
  const trace: SectionTrace = text ? sectionTrace(slots, text) : browseTrace(type.documents);
  const { type: name, total, reachable, facets } = listed.section;
  return { section: { type: name, total, reachable, hits, facets, trace }, extras: listed.extras };
}

function pageWindow(query: EngineQuery, reachable: number): { start: number; end: number } | undefined {
  const start = (query.page - 1) * query.perPage;
  if (query.countOnly || start >= reachable) return undefined;
  return { start, end: Math.min(start + query.perPage, reachable) };
}

function browse(type: TypeIndex, query: EngineQuery): EngineSection {
  const total = type.documents;
  const reachable = Math.min(total, REACHABLE_HITS);
  const window = pageWindow(query, reachable);
  const hits: EngineHit[] = [];
  const { documentAt } = type.listing;
  if (window) {
    for (let position = window.start; position < window.end; position++) {
      hits.push(hit(type, documentAt[position]!, 0, query));
    }
  }
  return { type: type.type, total, reachable, hits, trace: browseTrace(total) };
}

/** The trace of a section without words: every document a candidate. */
function browseTrace(candidates: number): SectionTrace {
  return { searched: '', words: [], leftOut: [], optional: [], candidates, attempts: [] };
}

function search(
  index: EngineIndex,
  type: TypeIndex,
  analyzed: AnalyzedWords,
  query: EngineQuery,
): EngineSection {
  const slots = expandSlots(index, type, analyzed, query);

  // Which ranks the page shows is known only once the total is, so rank as deep as the page
  // reaches, then cut. A page starting beyond the reachable limit shows nothing whatever the total.
  const start = (query.page - 1) * query.perPage;
  const ranking =
    query.countOnly || start >= REACHABLE_HITS
      ? undefined
      : index.topK.tieOrder(type.listing.catalogPosition);
  const depth = Math.min(start + query.perPage, REACHABLE_HITS);
  const options = { leaveOut: query.leaveOut ?? 'none', fill: query.fill === true };
  const match = matchText(type, slots, options, ranking, depth, index.scratch);
  const total = match.total;
  const reachable = Math.min(total, REACHABLE_HITS);
  const window = pageWindow(query, reachable);
  const hits: EngineHit[] = [];
  if (ranking && window) {
    const ranked = ranking.drain(index.pageDocs, index.pageScores);
    for (let rank = window.start; rank < Math.min(window.end, ranked); rank++) {
      const doc = index.pageDocs[rank]!;
      const shown = hit(type, doc, index.pageScores[rank]!, query);
      if (query.explain && match.scorer) {
        positionAt(match.sources, doc);
        shown.parts = match.scorer.explain(doc);
      }
      hits.push(shown);
    }
  }
  return { type: type.type, total, reachable, hits, trace: sectionTrace(slots, match) };
}

/** The query's words with their alternatives in this type's index. */
export function expandSlots(
  index: EngineIndex,
  type: TypeIndex,
  analyzed: AnalyzedWords,
  query: EngineQuery,
): Slot[] {
  const language = stemLanguage(type, query.locale);
  return expandQuery(type, analyzed, {
    prefix: query.prefix === true && !ENDS_WITH_SPACE.test(query.text),
    language,
    stemmer: language === undefined ? undefined : index.scratch.stemmer(language),
    synonyms: query.synonyms ?? NO_SYNONYMS,
  });
}

/** The language whose stems the query uses in this type: the locale's, else the index's first. */
function stemLanguage(type: TypeIndex, locale: string | undefined): string | undefined {
  const language = locale === undefined ? type.schema.languages[0] : languageOf(locale);
  return language !== undefined && type.stemIndexes[language] ? language : undefined;
}

function hit(type: TypeIndex, doc: number, score: number, query: EngineQuery): EngineHit {
  const { listing } = type;
  const channel = listing.channel(query.channel) ?? listing.channels[0]!;
  return {
    entity: `${type.type}:${stringAt(type.ids, doc)}`,
    fields: hitFields(type, doc, listing.firstRow(doc), {
      locale: query.locale,
      channel,
      view: channel.offers.at(query.time ?? Date.now()),
    }),
    score,
  };
}

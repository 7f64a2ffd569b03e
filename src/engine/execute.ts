import type { Facet } from '../contracts/search.js';
import { tokenize } from './analysis/tokenize.js';
import type { EngineIndex, TypeIndex } from './engine-index.js';
import { documentFrequency, seek } from './index/postings.js';
import { stringAt } from './index/string-table.js';
import {
  type ListingExtras,
  type ListingOptions,
  listedType,
  listSection,
  sideQuery,
} from './listing/section.js';
import { inverseDocumentFrequency } from './ranking/bm25.js';
import { REACHABLE_HITS, type TopK } from './ranking/top-k.js';
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
}

export interface EngineHit {
  /** `type:id`. */
  entity: string;
  /** The variant shown, when tiles are variants or the filters pick one. */
  variant?: string;
  fields: Record<string, unknown>;
  score: number;
}

export interface EngineSection {
  type: string;
  total: number;
  /** min(total, the reachable_hits limit): how far pages reach. */
  reachable: number;
  hits: EngineHit[];
  /** The listed section's facets. */
  facets?: Facet[];
}

export interface EngineResult extends Partial<ListingExtras> {
  /** The query's tokens joined by single spaces. */
  searchedText: string;
  sections: EngineSection[];
}

/** The page's range of ranks, [start, end), within the reachable hits. */
interface PageWindow {
  start: number;
  end: number;
}

/**
 * Searches every type: a document matches when each query token occurs in one of its text
 * fields; matches rank by field-weighted BM25, ties to the lower doc id. Text without words
 * browses: every document, in catalog order.
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
  const tokens = tokenize(query.text);
  const terms = [...new Set(tokens)];
  // The listed section (filters, facets, sorts): see listing/. The text search hands it its matches.
  const listed = listedType(index, query);
  let extras: ListingExtras | undefined;
  const sections = index.types
    .filter((type) => type.documents > 0)
    .map((type) => {
      if (type === listed) {
        const match =
          terms.length === 0 ? undefined : (collector: MatchSink) => matchTerms(type, terms, collector);
        const listedSection = listSection(index, type, query, match);
        extras = listedSection.extras;
        return listedSection.section;
      }
      const side = sideQuery(query);
      return terms.length === 0 ? browse(type, side) : search(index, type, terms, side);
    });
  return { searchedText: tokens.join(' '), sections, ...extras };
}

/** Receives each text match (ascending docs) with its score. */
type MatchSink = Pick<TopK, 'offer'>;

/** Every document holding all terms, with its score, for the listed section. */
function matchTerms(type: TypeIndex, terms: string[], sink: MatchSink): void {
  const ids: number[] = [];
  for (const term of terms) {
    const id = type.dictionary.lookup(term);
    if (id < 0) return;
    ids.push(id);
  }
  ids.sort((a, b) => documentFrequency(type.postings, a) - documentFrequency(type.postings, b));
  matchAll(type, ids, sink);
}

function pageWindow(query: EngineQuery, reachable: number): PageWindow | undefined {
  const start = (query.page - 1) * query.perPage;
  if (query.countOnly || start >= reachable) return undefined;
  return { start, end: Math.min(start + query.perPage, reachable) };
}

function browse(type: TypeIndex, query: EngineQuery): EngineSection {
  const total = type.documents;
  const reachable = Math.min(total, REACHABLE_HITS);
  const window = pageWindow(query, reachable);
  const hits: EngineHit[] = [];
  if (window) for (let doc = window.start; doc < window.end; doc++) hits.push(hit(type, doc, 0, query));
  return { type: type.type, total, reachable, hits };
}

function search(index: EngineIndex, type: TypeIndex, terms: string[], query: EngineQuery): EngineSection {
  const ids: number[] = [];
  for (const term of terms) {
    const id = type.dictionary.lookup(term);
    if (id < 0) return { type: type.type, total: 0, reachable: 0, hits: [] };
    ids.push(id);
  }
  // The rarest term drives the walk; the others are only probed for its documents.
  ids.sort((a, b) => documentFrequency(type.postings, a) - documentFrequency(type.postings, b));

  // Which ranks the page shows is known only once the total is, so rank as deep as the page
  // reaches, then cut. A page starting beyond the reachable limit shows nothing whatever the total.
  const start = (query.page - 1) * query.perPage;
  const ranking = query.countOnly || start >= REACHABLE_HITS ? undefined : index.topK;
  ranking?.reset(Math.min(start + query.perPage, REACHABLE_HITS));
  const total = matchAll(type, ids, ranking);
  const reachable = Math.min(total, REACHABLE_HITS);
  const window = pageWindow(query, reachable);
  const hits: EngineHit[] = [];
  if (ranking && window) {
    const ranked = ranking.drain(index.pageDocs, index.pageScores);
    for (let rank = window.start; rank < Math.min(window.end, ranked); rank++) {
      hits.push(hit(type, index.pageDocs[rank]!, index.pageScores[rank]!, query));
    }
  }
  return { type: type.type, total, reachable, hits };
}

/**
 * Counts the documents holding every term (ids sorted rarest first) and offers each, scored, to
 * `ranking`. Document at a time: the rarest term's postings are walked, and each other term is
 * sought forward from where it last stopped, so nothing is allocated per document.
 */
function matchAll(type: TypeIndex, ids: number[], ranking: MatchSink | undefined): number {
  const { postings, impacts, documents } = type;
  const { start, docs } = postings;
  const termCount = ids.length;
  const cursors = new Uint32Array(termCount);
  const ends = new Uint32Array(termCount);
  const idfs = new Float64Array(termCount);
  for (let t = 0; t < termCount; t++) {
    const id = ids[t]!;
    cursors[t] = start[id]!;
    ends[t] = start[id + 1]!;
    idfs[t] = inverseDocumentFrequency(ends[t]! - cursors[t]!, documents);
  }

  let total = 0;
  const driverEnd = ends[0]!;
  walk: for (let position = cursors[0]!; position < driverEnd; position++) {
    const doc = docs[position]!;
    for (let t = 1; t < termCount; t++) {
      const found = seek(docs, cursors[t]!, ends[t]!, doc);
      cursors[t] = found;
      if (found === ends[t]) break walk; // a term ran out: no later document can match
      if (docs[found] !== doc) continue walk;
    }
    total++;
    if (ranking) {
      let score = idfs[0]! * impacts[position]!;
      for (let t = 1; t < termCount; t++) score += idfs[t]! * impacts[cursors[t]!]!;
      ranking.offer(doc, score);
    }
  }
  return total;
}

function hit(type: TypeIndex, doc: number, score: number, query: EngineQuery): EngineHit {
  const { listing } = type;
  const channel = listing.channel(query.channel) ?? listing.channels[0]!;
  return {
    entity: `${type.type}:${stringAt(type.ids, doc)}`,
    fields: hitFields(type, doc, listing.firstRow(doc), {
      locale: query.locale,
      channel,
      time: query.time ?? Date.now(),
    }),
    score,
  };
}

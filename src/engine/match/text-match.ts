import type { TypeIndex } from '../engine-index.js';
import { seek } from '../index/postings.js';
import { DocScorer } from '../ranking/score.js';
import type { Collected, Ranking } from '../ranking/top-k.js';
import { matchAll } from './conjunction.js';
import type { Slot } from './expand.js';
import type { MatchScratch } from './scratch.js';
import { markSources, merged, type SlotSources, type Source, slotSources } from './sources.js';

/**
 * Which words are left out when a search matches nothing. `unknown`: words this type's index
 * cannot find at all (no term, typo, stem or synonym of theirs). `least_informative`: after
 * those, while nothing matches, the word found in the most documents, one at a time, until one
 * word is left.
 */
export type LeaveOut = 'none' | 'unknown' | 'least_informative';

/** A search that finds fewer documents than this, but some, fills its list (when asked to). */
export const FILL_BELOW = 10;

export interface TextMatchOptions {
  leaveOut: LeaveOut;
  /**
   * When some but fewer than FILL_BELOW documents match every word, the least informative word
   * becomes optional: documents lacking it follow every document that has it.
   */
  fill: boolean;
  /**
   * Per document, 1 when a match counts toward `counted` and may be ranked, 0 when it matches
   * without either (a document the channel does not sell); default every match counts. Which
   * words are left out and whether a list is filled still go by every match.
   */
  counts?: Uint8Array;
  /**
   * Every match is written here, ascending, with its score (`ranking` is then undefined): a
   * listing filters them all, and writing each into arrays costs less than offering it to a ranking.
   * Matches of several words are written without their scores (TextMatch.unscored): scoring one
   * reads its positions, and a listing ranks few of its matches (see scoreCollected).
   */
  collect?: Collected;
}

/** One try at matching: the words required, those optional, and the documents that matched. */
export interface Attempt {
  words: string[];
  optional?: string[];
  candidates: number;
}

/** What a text search of one type did: the slots it searched in the end, and how many matched. */
export interface TextMatch {
  /** The slots searched last, in query order (optional ones included). */
  searched: Slot[];
  leftOut: Slot[];
  /** Slots made optional to fill a short list. */
  optional: Slot[];
  total: number;
  /** The matches that count (see TextMatchOptions.counts): `total` without counts. */
  counted: number;
  attempts: Attempt[];
  /** Scores the matches of the last attempt (for explanations); undefined without words. */
  sources: SlotSources[];
  scorer: DocScorer | undefined;
  /** The matches were collected without their scores: scoreCollected scores those asked for. */
  unscored: boolean;
}

/**
 * Counts the documents matching every slot and offers each, scored, to `ranking`; when nothing
 * matches, leaves words out as `leaveOut` says and tries again; with `fill`, a short list is
 * searched again with its least informative word optional.
 */
export function matchText(
  type: TypeIndex,
  slots: Slot[],
  options: TextMatchOptions,
  ranking: Ranking | undefined,
  rankDepth: number,
  scratch: MatchScratch,
): TextMatch {
  const { leaveOut, counts, collect } = options;
  const tally: Tally = { total: 0, counted: 0, unscored: false };
  let active = slots;
  const leftOut: Slot[] = [];
  const attempts: Attempt[] = [];
  for (;;) {
    ranking?.reset(rankDepth);
    scratch.release();
    const sources = active.map((slot) => slotSources(type, slot, scratch));
    sources.sort((a, b) => a.size - b.size);
    const oneWordOfSeveralLists = sources.length === 1 && sources[0]!.sources.length > 1;
    if (!oneWordOfSeveralLists) {
      // The word that drives the walk is read whole: one merged list beats seeking in each of
      // its lists. The others are merged where that costs less than seeking for each candidate.
      for (let s = 0; s < sources.length; s++) {
        sources[s] = merged(sources[s]!, scratch, s === 0 ? Infinity : sources[0]!.size);
      }
    }
    // A word found nowhere matches nothing: there is nothing to score (a section beside the
    // listed one often meets such words).
    const scorer =
      (ranking || collect) && active.length > 0 && sources.every((slot) => slot.sources.length > 0)
        ? new DocScorer(type, sources)
        : undefined;
    // One word of several lists ranks straight from their merge.
    if (oneWordOfSeveralLists) rankMarked(sources[0]!, scratch, scorer, ranking, counts, tally, collect);
    else countAndRank(sources, scorer, ranking, counts, tally, scratch, collect);
    const { total, counted } = tally;
    attempts.push({ words: active.map((slot) => slot.word), candidates: total });
    if (options.fill && total > 0 && total < FILL_BELOW && active.length > 1) {
      return fillUp(type, active, sources, {
        leftOut,
        attempts,
        ranking,
        rankDepth,
        counts,
        tally,
        scratch,
        collect,
      });
    }
    const dropped = total > 0 || leaveOut === 'none' ? [] : wordsToLeaveOut(active, sources, leaveOut);
    if (dropped.length === 0) {
      const { unscored } = tally;
      return { searched: active, leftOut, optional: [], total, counted, attempts, sources, scorer, unscored };
    }
    leftOut.push(...dropped);
    active = active.filter((slot) => !dropped.includes(slot));
    if (active.length === 0) {
      ranking?.reset(rankDepth);
      attempts.push({ words: [], candidates: 0 });
      return {
        searched: active,
        leftOut,
        optional: [],
        total: 0,
        counted: 0,
        attempts,
        sources: [],
        scorer: undefined,
        unscored: false,
      };
    }
  }
}

/** What one attempt found: every match, those that count (see TextMatchOptions.counts), whether collected unscored. */
interface Tally {
  total: number;
  counted: number;
  unscored: boolean;
}

/**
 * Walks the matches, offering each to `ranking` with its score, and counts them into `tally`. One
 * word with one list (a single term, or its alternatives merged) is read straight through.
 */
function countAndRank(
  walkOrder: SlotSources[],
  scorer: DocScorer | undefined,
  ranking: Ranking | undefined,
  counts: Uint8Array | undefined,
  tally: Tally,
  scratch: MatchScratch,
  collect: Collected | undefined,
): void {
  if (walkOrder.length === 1 && walkOrder[0]!.sources.length === 1) {
    const source = walkOrder[0]!.sources[0]!;
    if (scorer && ranking) scorer.rankList(source, ranking);
    if (scorer && collect) scorer.collectList(source, collect);
    tally.total = source.end - source.start;
    tally.counted = counts === undefined ? tally.total : countListed(source, counts);
    return;
  }
  walkAndRank(walkOrder, [], scorer, ranking, counts, tally, scratch, collect);
}

/** The documents of a list that count. */
function countListed(source: Source, counts: Uint8Array): number {
  const { docs, end } = source;
  let counted = 0;
  for (let entry = source.start; entry < end; entry++) counted += counts[docs[entry]!]!;
  return counted;
}

/** The AND walk over `required` (smallest first), each match scored and offered, counted into `tally`. */
function walkAndRank(
  required: SlotSources[],
  optional: SlotSources[],
  scorer: DocScorer | undefined,
  ranking: Ranking | undefined,
  counts: Uint8Array | undefined,
  tally: Tally,
  scratch: MatchScratch,
  collect: Collected | undefined,
): void {
  let total = 0;
  let counted = 0;
  const ranks = scorer !== undefined && ranking !== undefined;
  // Collected matches are scored later, those the listing asks for, unless optional words must be
  // sought at each match for the scorer to see which a document lacks.
  const unscored = collect !== undefined && optional.length === 0;
  let onMatch: (doc: number) => void;
  if (unscored) {
    const { docs } = collect;
    onMatch = (doc) => {
      docs[total++] = doc;
    };
  } else if (collect !== undefined && scorer !== undefined) {
    const { docs, scores } = collect;
    onMatch = (doc) => {
      docs[total] = doc;
      scores[total++] = scorer.score(doc);
    };
  } else if (counts === undefined) {
    onMatch = ranks
      ? (doc) => {
          total++;
          // Positions and field data are read only for what can still rank.
          const score = scorer.scoreAbove(doc, ranking.floorOf(doc));
          if (score !== Number.NEGATIVE_INFINITY) ranking.offer(doc, score);
        }
      : () => {
          total++;
        };
  } else {
    onMatch = ranks
      ? (doc) => {
          total++;
          if (counts[doc] === 0) return;
          counted++;
          const score = scorer.scoreAbove(doc, ranking.floorOf(doc));
          if (score !== Number.NEGATIVE_INFINITY) ranking.offer(doc, score);
        }
      : (doc) => {
          total++;
          counted += counts[doc]!;
        };
  }
  matchAll(required, onMatch, scratch, optional, !unscored);
  tally.total = total;
  tally.counted = counts === undefined ? total : counted;
  tally.unscored = unscored;
}

/**
 * After a search that collected its matches unscored: writes the score of each of
 * docs[order[0 .. count)] (ascending, matches of that search, before the next one) to
 * scores[doc], as the search would have.
 */
export function scoreCollected(
  match: TextMatch,
  docs: Uint32Array,
  order: Uint32Array,
  count: number,
  scores: Float64Array,
): void {
  const { sources, scorer } = match;
  if (scorer === undefined) return;
  for (const slot of sources) for (const source of slot.sources) source.cursor = source.start;
  for (let i = 0; i < count; i++) {
    const doc = docs[order[i]!]!;
    for (let s = 0; s < sources.length; s++) {
      const lists = sources[s]!.sources;
      for (let l = 0; l < lists.length; l++) {
        const source = lists[l]!;
        source.cursor = seek(source.docs, source.cursor, source.end, doc);
      }
    }
    scores[doc] = scorer.score(doc);
  }
}

/**
 * A one-word search whose word has several lists: marks them, then scores each document once;
 * counts into `tally`.
 */
function rankMarked(
  slot: SlotSources,
  scratch: MatchScratch,
  scorer: DocScorer | undefined,
  ranking: Ranking | undefined,
  counts: Uint8Array | undefined,
  tally: Tally,
  collect: Collected | undefined,
): void {
  const { minDoc, maxDoc, distinct } = markSources(slot.sources, scratch);
  tally.total = distinct;
  tally.counted = distinct;
  if (distinct === 0) return;
  if (counts !== undefined) tally.counted = countMarked(scratch.seen, minDoc, maxDoc, counts);
  if (scorer && ranking) scorer.rankMarked(scratch, minDoc, maxDoc, ranking);
  else if (scorer && collect) scorer.collectMarked(scratch, minDoc, maxDoc, collect);
  else for (let word = minDoc >>> 5; word <= maxDoc >>> 5; word++) scratch.seen[word] = 0;
}

/** The marked documents that count. */
function countMarked(seen: Uint32Array, minDoc: number, maxDoc: number, counts: Uint8Array): number {
  let counted = 0;
  for (let word = minDoc >>> 5; word <= maxDoc >>> 5; word++) {
    let bits = seen[word]!;
    while (bits !== 0) {
      const low = bits & -bits;
      counted += counts[(word << 5) | (31 - Math.clz32(low))]!;
      bits ^= low;
    }
  }
  return counted;
}

/** Searches again with the most common word optional: documents that lack it rank after the rest. */
function fillUp(
  type: TypeIndex,
  active: Slot[],
  sources: SlotSources[],
  state: {
    leftOut: Slot[];
    attempts: Attempt[];
    ranking: Ranking | undefined;
    rankDepth: number;
    counts: Uint8Array | undefined;
    tally: Tally;
    scratch: MatchScratch;
    collect: Collected | undefined;
  },
): TextMatch {
  const { ranking, rankDepth, tally } = state;
  const optional = mostCommon(active);
  const required = sources.filter((source) => source.slot !== optional);
  const optionalSources = sources.filter((source) => source.slot === optional);
  ranking?.reset(rankDepth);
  const scorer = ranking || state.collect ? new DocScorer(type, sources) : undefined;
  walkAndRank(
    [...required].sort((a, b) => a.size - b.size),
    optionalSources,
    scorer,
    ranking,
    state.counts,
    tally,
    state.scratch,
    state.collect,
  );
  const { total, counted } = tally;
  state.attempts.push({
    words: required.map((source) => source.slot.word),
    optional: [optional.word],
    candidates: total,
  });
  return {
    searched: active,
    leftOut: state.leftOut,
    optional: [optional],
    total,
    counted,
    attempts: state.attempts,
    sources,
    scorer,
    unscored: tally.unscored,
  };
}

function mostCommon(slots: Slot[]): Slot {
  let common = slots[0]!;
  for (const slot of slots) if (slot.documents > common.documents) common = slot;
  return common;
}

/** The words to leave out next: every unknown one, else (if asked) the most common one. */
function wordsToLeaveOut(active: Slot[], sources: SlotSources[], leaveOut: LeaveOut): Slot[] {
  const unknown = sources.filter((source) => source.sources.length === 0).map((source) => source.slot);
  if (unknown.length > 0) return unknown;
  if (leaveOut !== 'least_informative' || active.length < 2) return [];
  return [mostCommon(active)];
}

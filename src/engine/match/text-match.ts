import type { TypeIndex } from '../engine-index.js';
import { DocScorer } from '../ranking/score.js';
import type { Ranking } from '../ranking/top-k.js';
import { matchAll } from './conjunction.js';
import type { Slot } from './expand.js';
import type { MatchScratch } from './scratch.js';
import { markSources, merged, type SlotSources, slotSources } from './sources.js';

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
  attempts: Attempt[];
  /** Scores the matches of the last attempt (for explanations); undefined without words. */
  sources: SlotSources[];
  scorer: DocScorer | undefined;
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
  const { leaveOut } = options;
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
    const scorer = ranking && active.length > 0 ? new DocScorer(type, sources) : undefined;
    // One word of several lists ranks straight from their merge.
    const total = oneWordOfSeveralLists
      ? rankMarked(sources[0]!, scratch, scorer, ranking)
      : countAndRank(sources, scorer, ranking);
    attempts.push({ words: active.map((slot) => slot.word), candidates: total });
    if (options.fill && total > 0 && total < FILL_BELOW && active.length > 1) {
      return fillUp(type, active, sources, { leftOut, attempts, ranking, rankDepth });
    }
    const dropped = total > 0 || leaveOut === 'none' ? [] : wordsToLeaveOut(active, sources, leaveOut);
    if (dropped.length === 0) {
      return { searched: active, leftOut, optional: [], total, attempts, sources, scorer };
    }
    leftOut.push(...dropped);
    active = active.filter((slot) => !dropped.includes(slot));
    if (active.length === 0) {
      ranking?.reset(rankDepth);
      attempts.push({ words: [], candidates: 0 });
      return { searched: active, leftOut, optional: [], total: 0, attempts, sources: [], scorer: undefined };
    }
  }
}

/**
 * Walks the matches, offering each to `ranking` with its score; returns their count. One word
 * with one list (a single term, or its alternatives merged) is read straight through.
 */
function countAndRank(
  walkOrder: SlotSources[],
  scorer: DocScorer | undefined,
  ranking: Ranking | undefined,
): number {
  if (walkOrder.length === 1 && walkOrder[0]!.sources.length === 1) {
    const source = walkOrder[0]!.sources[0]!;
    if (scorer && ranking) scorer.rankList(source, ranking);
    return source.end - source.start;
  }
  return walkAndRank(walkOrder, [], scorer, ranking);
}

/** The AND walk over `required` (smallest first), each match scored and offered; returns the count. */
function walkAndRank(
  required: SlotSources[],
  optional: SlotSources[],
  scorer: DocScorer | undefined,
  ranking: Ranking | undefined,
): number {
  let total = 0;
  matchAll(
    required,
    scorer && ranking
      ? (doc) => {
          total++;
          // Positions and field data are read only for what can still rank.
          const score = scorer.scoreAbove(doc, ranking.floor());
          if (score !== Number.NEGATIVE_INFINITY) ranking.offer(doc, score);
        }
      : () => {
          total++;
        },
    optional,
  );
  return total;
}

/** A one-word search whose word has several lists: marks them, then scores each document once. */
function rankMarked(
  slot: SlotSources,
  scratch: MatchScratch,
  scorer: DocScorer | undefined,
  ranking: Ranking | undefined,
): number {
  const { minDoc, maxDoc, distinct } = markSources(slot.sources, scratch);
  if (distinct === 0) return 0;
  if (scorer && ranking) scorer.rankMarked(scratch, minDoc, maxDoc, ranking);
  else for (let word = minDoc >>> 5; word <= maxDoc >>> 5; word++) scratch.seen[word] = 0;
  return distinct;
}

/** Searches again with the most common word optional: documents that lack it rank after the rest. */
function fillUp(
  type: TypeIndex,
  active: Slot[],
  sources: SlotSources[],
  state: { leftOut: Slot[]; attempts: Attempt[]; ranking: Ranking | undefined; rankDepth: number },
): TextMatch {
  const { ranking, rankDepth } = state;
  const optional = mostCommon(active);
  const required = sources.filter((source) => source.slot !== optional);
  const optionalSources = sources.filter((source) => source.slot === optional);
  ranking?.reset(rankDepth);
  const scorer = ranking ? new DocScorer(type, sources) : undefined;
  const total = walkAndRank(
    [...required].sort((a, b) => a.size - b.size),
    optionalSources,
    scorer,
    ranking,
  );
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
    attempts: state.attempts,
    sources,
    scorer,
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

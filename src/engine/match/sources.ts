import type { TypeIndex } from '../engine-index.js';
import { seek } from '../index/postings.js';
import type { Alternative, Slot } from './expand.js';
import type { MatchScratch } from './scratch.js';

/**
 * A sorted list of documents that satisfy a query word, with a cursor: one term's postings, a
 * phrase's documents, or several alternatives merged. Per entry it has a value (the posting's
 * impact; for a merged list, impact × penalty of the best alternative), the posting whose
 * positions stand for it, and which alternative it is.
 */
export interface Source {
  readonly docs: Uint32Array;
  readonly values: Float32Array;
  /** Posting per entry; undefined: the entry is a posting of the type itself. */
  readonly postingOf: Uint32Array | undefined;
  /** Alternative per entry; undefined: `alternative` for every entry. */
  readonly alternativeOf: Uint16Array | undefined;
  readonly alternative: number;
  /** Multiplies `values` (1 where they already include it). */
  readonly penalty: number;
  readonly start: number;
  readonly end: number;
  cursor: number;
}

/** A query word's sources: a document satisfies the word when one of them holds it. */
export interface SlotSources {
  readonly slot: Slot;
  readonly sources: Source[];
  /** Entries over all sources: an upper bound of the documents. */
  readonly size: number;
}

/** Seeking in a list for one candidate costs about this many list entries read in a merge. */
const SEEK_COST = 4;

export function slotSources(type: TypeIndex, slot: Slot, scratch: MatchScratch): SlotSources {
  return sourcesOf(
    slot,
    slot.alternatives.map((alternative, index) => alternativeSource(type, alternative, index, scratch)),
  );
}

/**
 * The word's sources as one merged list when that is cheaper than seeking in each of its lists
 * for `candidates` documents (always for the word that drives the walk: it reads every entry).
 */
export function merged(slotSources: SlotSources, scratch: MatchScratch, candidates = Infinity): SlotSources {
  const { sources, size } = slotSources;
  if (sources.length <= 1 || size > candidates * sources.length * SEEK_COST) return slotSources;
  return sourcesOf(slotSources.slot, [mergeSources(sources, scratch)]);
}

function sourcesOf(slot: Slot, sources: Source[]): SlotSources {
  const nonEmpty = sources.filter((source) => source.end > source.start);
  return {
    slot,
    sources: nonEmpty,
    size: nonEmpty.reduce((sum, source) => sum + source.end - source.start, 0),
  };
}

function alternativeSource(
  type: TypeIndex,
  alternative: Alternative,
  index: number,
  scratch: MatchScratch,
): Source {
  const { terms } = alternative;
  if (terms.length === 1) {
    const term = terms[0]!;
    return {
      docs: type.postings.docs,
      values: type.impacts,
      postingOf: undefined,
      alternativeOf: undefined,
      alternative: index,
      penalty: alternative.penalty,
      start: type.postings.start[term]!,
      end: type.postings.start[term + 1]!,
      cursor: type.postings.start[term]!,
    };
  }
  return phraseSource(type, terms, index, alternative.penalty, scratch);
}

/**
 * The documents holding the words of a phrase next to each other, in order. Its value per
 * document is the mean impact of its words; its first word's posting stands for its positions.
 */
function phraseSource(
  type: TypeIndex,
  terms: number[],
  alternative: number,
  penalty: number,
  scratch: MatchScratch,
): Source {
  const { start, docs, positionStart, positions } = type.postings;
  const count = terms.length;
  const cursors = terms.map((term) => start[term]!);
  const ends = terms.map((term) => start[term + 1]!);
  const capacity = Math.min(...terms.map((term, i) => ends[i]! - start[term]!));
  const { docs: outDocs, values: outValues, postings: outPostings } = scratch.list(capacity);
  let length = 0;
  walk: for (let first = cursors[0]!; first < ends[0]!; first++) {
    const doc = docs[first]!;
    for (let t = 1; t < count; t++) {
      const found = seek(docs, cursors[t]!, ends[t]!, doc);
      cursors[t] = found;
      if (found === ends[t]) break walk;
      if (docs[found] !== doc) continue walk;
    }
    cursors[0] = first;
    if (!inOrder(cursors, positionStart, positions)) continue;
    let value = 0;
    for (let t = 0; t < count; t++) value += type.impacts[t === 0 ? first : cursors[t]!]!;
    outDocs[length] = doc;
    outValues[length] = value / count;
    outPostings[length] = first;
    length++;
  }
  return {
    docs: outDocs,
    values: outValues,
    postingOf: outPostings,
    alternativeOf: undefined,
    alternative,
    penalty,
    start: 0,
    end: length,
    cursor: 0,
  };
}

/** Whether the postings at `cursors` have positions p, p + 1, p + 2, ... in that order. */
function inOrder(cursors: number[], positionStart: Uint32Array, positions: Uint16Array): boolean {
  const first = cursors[0]!;
  next: for (let i = positionStart[first]!; i < positionStart[first + 1]!; i++) {
    const at = positions[i]!;
    for (let t = 1; t < cursors.length; t++) {
      const posting = cursors[t]!;
      let found = false;
      for (let j = positionStart[posting]!; j < positionStart[posting + 1]!; j++) {
        if (positions[j] === at + t) {
          found = true;
          break;
        }
      }
      if (!found) continue next;
    }
    return true;
  }
  return false;
}

/** The span of documents a marking covers, and how many it marked. */
export interface Marked {
  minDoc: number;
  maxDoc: number;
  distinct: number;
}

/**
 * Marks every document of `sources` in the scratch bitset, keeping per document the alternative
 * whose impact × penalty is highest (the first of equals), and its posting. The caller reads the
 * marks back in document order and clears them (see mergeSources).
 */
export function markSources(sources: readonly Source[], scratch: MatchScratch): Marked {
  const { seen, best, alternative, posting } = scratch;
  let minDoc = Number.MAX_SAFE_INTEGER;
  let maxDoc = -1;
  let distinct = 0;
  for (const source of sources) {
    const { docs, values, postingOf, alternativeOf, penalty, start, end } = source;
    if (end <= start) continue;
    // Lists are ascending: their first and last documents bound the span.
    minDoc = Math.min(minDoc, docs[start]!);
    maxDoc = Math.max(maxDoc, docs[end - 1]!);
    const which = source.alternative;
    for (let at = start; at < end; at++) {
      const doc = docs[at]!;
      const value = values[at]! * penalty;
      const word = doc >>> 5;
      const bit = 1 << (doc & 31);
      const marks = seen[word]!;
      if ((marks & bit) === 0) {
        seen[word] = marks | bit;
        distinct++;
      } else if (best[doc]! >= value) continue;
      best[doc] = value;
      alternative[doc] = alternativeOf === undefined ? which : alternativeOf[at]!;
      posting[doc] = postingOf === undefined ? at : postingOf[at]!;
    }
  }
  return { minDoc, maxDoc, distinct };
}

/**
 * Merges sources into one list: per document the alternative whose impact × penalty is highest.
 * Documents are marked in a bitset and read back in order, so the cost is the entries merged
 * plus one word per 32 documents of the span they cover.
 */
function mergeSources(sources: Source[], scratch: MatchScratch): Source {
  const { minDoc, maxDoc, distinct } = markSources(sources, scratch);
  const { seen, best, alternative, posting } = scratch;
  const {
    docs: outDocs,
    values: outValues,
    postings: outPostings,
    alternatives: outAlternatives,
  } = scratch.list(distinct);
  let length = 0;
  if (distinct > 0) {
    for (let word = minDoc >>> 5; word <= maxDoc >>> 5; word++) {
      let bits = seen[word]!;
      if (bits === 0) continue;
      seen[word] = 0;
      while (bits !== 0) {
        const low = bits & -bits;
        const doc = (word << 5) | (31 - Math.clz32(low));
        bits ^= low;
        outDocs[length] = doc;
        outValues[length] = best[doc]!;
        outPostings[length] = posting[doc]!;
        outAlternatives[length] = alternative[doc]!;
        length++;
      }
    }
  }
  return {
    docs: outDocs,
    values: outValues,
    postingOf: outPostings,
    alternativeOf: outAlternatives,
    alternative: -1,
    penalty: 1,
    start: 0,
    end: length,
    cursor: 0,
  };
}

import { seek } from '../index/postings.js';
import type { MatchScratch } from './scratch.js';
import type { SlotSources, Source } from './sources.js';

/**
 * A word whose lists hold at most this many times the driving word's documents is filtered
 * through a bitset: marking its documents costs less than seeking in its lists for every
 * document of the driving word.
 */
const FILTER_RATIO = 16;

/**
 * Calls `onMatch(doc)` for every document that satisfies every slot (each slot through any of its
 * sources), in ascending order, with each source's cursor at `doc` where it holds it. Document at
 * a time: the smallest slot drives; the others are sought forward from where they stopped
 * (galloping), and a slot that lacks a document names the next one that can match (leapfrog), so
 * nothing is allocated per document. Slots not much larger than the driver are first marked in a
 * bitset (see FILTER_RATIO), and a document that one of them lacks is passed over without seeking.
 * `slots` must be ordered smallest first. The sources of `optional` slots are moved to each match
 * too, whether they hold it or not. Without `cursors`, the walk only finds the matches: a slot
 * the bitset filters is not sought at all, and cursors need not stand at each match.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: the intersection walk of every search keeps its cases in one loop, so nothing is called or allocated per document
export function matchAll(
  slots: readonly SlotSources[],
  onMatch: (doc: number) => void,
  scratch: MatchScratch,
  optional: readonly SlotSources[] = [],
  cursors = true,
): void {
  if (slots.length === 0 || slots.some((slot) => slot.sources.length === 0)) return;
  for (const slot of slots) for (const source of slot.sources) source.cursor = source.start;
  for (const slot of optional) for (const source of slot.sources) source.cursor = source.start;
  const driver = slots[0]!.sources;
  const span = markHolders(slots, scratch);
  const holders = scratch.holders;
  const filtered = span !== undefined;
  try {
    if (filtered && driver.length === 1) {
      // The filtered slots come first after the driver (slots are smallest first).
      let sought = 1;
      if (!cursors) while (sought < slots.length && filters(slots, sought)) sought++;
      walkFiltered(driver[0]!, slots, sought, holders, onMatch, optional);
      return;
    }
    let doc = firstDoc(driver);
    while (doc >= 0) {
      if (filtered && (holders[doc >>> 5]! & (1 << (doc & 31))) === 0) {
        doc = seekAll(driver, doc + 1);
        continue;
      }
      let next = -1;
      for (let s = 1; s < slots.length; s++) {
        const sources = slots[s]!.sources;
        // The smallest doc at or after `doc` this slot holds, its sources moved there.
        let lowest = Number.MAX_SAFE_INTEGER;
        for (let i = 0; i < sources.length; i++) {
          const source = sources[i]!;
          const found = seek(source.docs, source.cursor, source.end, doc);
          source.cursor = found;
          if (found < source.end) {
            const at = source.docs[found]!;
            if (at < lowest) lowest = at;
          }
        }
        if (lowest === Number.MAX_SAFE_INTEGER) return; // the slot ran out: nothing more matches
        if (lowest !== doc) {
          next = lowest;
          break;
        }
      }
      if (next < 0) {
        // Optional slots are only sought, so the scorer sees whether they hold the document.
        for (const slot of optional) {
          for (const source of slot.sources)
            source.cursor = seek(source.docs, source.cursor, source.end, doc);
        }
        onMatch(doc);
        next = doc + 1;
      }
      doc = seekAll(driver, next);
    }
  } finally {
    if (span !== undefined) holders.fill(0, span.from, span.to);
  }
}

/**
 * The walk when one list drives and the holders bitset filters (see matchAll): reads the driver's
 * documents in turn, passes over those a filtered slot lacks by their bit alone, and seeks in the
 * slots from `sought` on only for the rest. Cheaper than leapfrogging, which pays a seek for every
 * document the bitset already turned down.
 */
function walkFiltered(
  driver: Source,
  slots: readonly SlotSources[],
  sought: number,
  holders: Uint32Array,
  onMatch: (doc: number) => void,
  optional: readonly SlotSources[],
): void {
  const { docs, end } = driver;
  next: for (let at = driver.cursor; at < end; at++) {
    const doc = docs[at]!;
    if ((holders[doc >>> 5]! & (1 << (doc & 31))) === 0) continue;
    driver.cursor = at;
    for (let s = sought; s < slots.length; s++) {
      const sources = slots[s]!.sources;
      let held = false;
      let left = false;
      for (let i = 0; i < sources.length; i++) {
        const source = sources[i]!;
        const found = seek(source.docs, source.cursor, source.end, doc);
        source.cursor = found;
        if (found < source.end) {
          left = true;
          if (source.docs[found] === doc) held = true;
        }
      }
      if (!left) return; // the slot ran out: nothing more matches
      if (!held) continue next;
    }
    // Optional slots are only sought, so the scorer sees whether they hold the document.
    for (const slot of optional) {
      for (const source of slot.sources) source.cursor = seek(source.docs, source.cursor, source.end, doc);
    }
    onMatch(doc);
  }
  driver.cursor = end;
}

/**
 * Marks in `scratch.holders` the documents that every slot after the first holds, of those slots
 * small enough to filter; returns the span of words marked, or undefined when no slot filters.
 */
function markHolders(
  slots: readonly SlotSources[],
  scratch: MatchScratch,
): { from: number; to: number } | undefined {
  const { holders, wordBits } = scratch;
  let span: { from: number; to: number } | undefined;
  for (let s = 1; s < slots.length; s++) {
    const slot = slots[s]!;
    if (!filters(slots, s)) continue;
    if (span === undefined) {
      span = markDocs(slot.sources, holders);
      continue;
    }
    // Keep only what this slot holds too; its own bits are cleared on the way.
    const own = markDocs(slot.sources, wordBits);
    for (let word = span.from; word < span.to; word++) holders[word]! &= wordBits[word]!;
    wordBits.fill(0, own.from, own.to);
  }
  return span;
}

/** Whether slot s (after the driver, slots[0]) is small enough to filter through the bitset. */
function filters(slots: readonly SlotSources[], s: number): boolean {
  return slots[s]!.size <= slots[0]!.size * FILTER_RATIO;
}

/** Sets the bit of every document of `sources`; returns the span of words that may hold one. */
function markDocs(sources: readonly Source[], bits: Uint32Array): { from: number; to: number } {
  let from = bits.length;
  let to = 0;
  for (const source of sources) {
    const { docs, start, end } = source;
    if (end <= start) continue;
    from = Math.min(from, docs[start]! >>> 5);
    to = Math.max(to, (docs[end - 1]! >>> 5) + 1);
    for (let at = start; at < end; at++) {
      const doc = docs[at]!;
      bits[doc >>> 5]! |= 1 << (doc & 31);
    }
  }
  return { from, to: Math.max(from, to) };
}

/** The lowest current doc of `sources`, or -1 when all ran out. */
function firstDoc(sources: Source[]): number {
  let lowest = -1;
  for (const source of sources) {
    if (source.cursor < source.end) {
      const doc = source.docs[source.cursor]!;
      if (lowest < 0 || doc < lowest) lowest = doc;
    }
  }
  return lowest;
}

/** Moves every source to its first doc at or after `target`; returns the lowest, or -1. */
function seekAll(sources: Source[], target: number): number {
  let lowest = -1;
  for (const source of sources) {
    const found = seek(source.docs, source.cursor, source.end, target);
    source.cursor = found;
    if (found < source.end) {
      const doc = source.docs[found]!;
      if (lowest < 0 || doc < lowest) lowest = doc;
    }
  }
  return lowest;
}

/** Positions every source of `slots` at `doc` or the first doc after it (for explanations). */
export function positionAt(slots: readonly SlotSources[], doc: number): void {
  for (const slot of slots) {
    for (const source of slot.sources) source.cursor = seek(source.docs, source.start, source.end, doc);
  }
}

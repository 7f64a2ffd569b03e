import type { Interval } from '../filter/predicate.js';
import { overlaps, within } from '../filter/predicate.js';
import type { ListingScratch } from '../listing/scratch.js';
import type { FieldAccess } from '../listing/structured-index.js';
import { EDGES, NO_BIN } from './ladder.js';

/**
 * Facet counting over a listing's candidates, each facet under every filter but its own. A row
 * counts for the facet whose filter has bit `bit` when its mask holds no other bit; a document
 * counts when one of its rows does. The documents a facet reads are segment 0 (a row passes every
 * filter) and the segment of its own filter, so a facet never visits the others. Counts are of
 * tiles (documents, or rows for a variant grain), each once per value however many of its rows
 * hold the value: a "last tile" stamp per value keeps the second row of a tile from counting.
 */
export interface Candidates {
  /** Slot per candidate index. */
  readonly docs: Uint32Array;
  /** How many candidates have a row passing every filter (docFull not 0), and their indexes, ascending. */
  readonly full: number;
  readonly fullDocs: Uint32Array;
  /**
   * The candidates in segment order (see listing/segments.ts), made on the first call: most
   * facets are counted in the pass over the candidates, and ranking reads fullDocs.
   */
  ordered(): SegmentOrder;
  readonly rowStart: Uint32Array;
  /** Per row of a candidate: the filters it fails (all bits when not sold). */
  readonly rowMask: Uint32Array;
  readonly rowDoc: Uint32Array;
  /** Tiles are rows: every row counts on its own. */
  readonly variantGrain: boolean;
  readonly scratch: ListingScratch;
  /** Stamps of one count run from a base up to this many. */
  readonly tileSpace: number;
  /** Per candidate index: 0 no row passes every filter, 1 one does, 2 every sold row does. */
  readonly docFull: Uint8Array;
  /** Per document, the codes of a small row-level field its sold rows hold, as bits (see docUnionMask). */
  readonly unionOf: (access: FieldAccess) => Uint32Array | undefined;
}

/** Targets each code counts toward (option groups, buckets), 1-based: code c counts for values[offsets[c] .. offsets[c + 1]]. */
export interface CodeMap {
  readonly offsets: Uint32Array;
  readonly values: Uint32Array;
  readonly targets: number;
}

/** Candidate indexes by segment: segment s is order[segments[s] .. segments[s + 1]]. */
export interface SegmentOrder {
  readonly order: Uint32Array;
  readonly segments: Uint32Array;
}

/** The two stretches of `order` a facet with filter bit `bit` reads: segment 0 and its own. */
export function segmentsOf({ segments }: SegmentOrder, bit: number): [number, number, number, number] {
  if (bit === 0) return [segments[0]!, segments[1]!, 0, 0];
  const own = 32 - Math.clz32(bit);
  return [segments[0]!, segments[1]!, segments[own]!, segments[own + 1]!];
}

/** Counts per code (index 0: tiles without a value), or per target of `map`. */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: the facet counter's fused pass over the candidates, which the listing's redesign splits with it
export function countCodes(
  access: FieldAccess,
  bit: number,
  candidates: Candidates,
  map?: CodeMap,
): Uint32Array {
  const size = (map ? map.targets : access.dict.length) + 1;
  const counts = new Uint32Array(size);
  const { codes, offsets, values } = access;
  const { docs, rowStart, rowMask, variantGrain } = candidates;
  const ordered = candidates.ordered();
  const { order } = ordered;
  const [a0, a1, b0, b1] = segmentsOf(ordered, bit);
  const docLevel = access.level === 'doc';

  // A document holds each code once: a document-level count without a map needs no stamps.
  if (docLevel && !variantGrain && !map) {
    for (let part = 0; part < 2; part++) {
      const from = part === 0 ? a0 : b0;
      const to = part === 0 ? a1 : b1;
      if (codes) {
        for (let p = from; p < to; p++) counts[codes[docs[order[p]!]!]!]!++;
      } else {
        for (let p = from; p < to; p++) {
          const doc = docs[order[p]!]!;
          const start = offsets![doc]!;
          const end = offsets![doc + 1]!;
          if (start === end) counts[0]!++;
          for (let i = start; i < end; i++) counts[values![i]!]!++;
        }
      }
    }
    return counts;
  }

  const { stamps, base } = candidates.scratch.stampsFor(
    `${access.name}:${map ? 'map' : 'codes'}`,
    size,
    candidates.tileSpace,
  );
  const other = ~bit;
  const docFull = candidates.docFull;
  // A document whose every sold row passes every filter counts the codes its rows hold, at once.
  const unions = docLevel || variantGrain ? undefined : candidates.unionOf(access);
  const mapOffsets = map?.offsets;
  const mapValues = map?.values;

  // Row-level values counted into at most 31 targets: a tile gathers the targets of its rows as
  // bits, then counts each bit once. No stamps, no branch per value.
  if (!docLevel && !variantGrain && size <= 32) {
    const targetBits = new Uint32Array(access.dict.length + 1);
    for (let code = 1; code <= access.dict.length; code++) {
      if (mapOffsets === undefined) targetBits[code] = 1 << code;
      else
        for (let k = mapOffsets[code]!; k < mapOffsets[code + 1]!; k++)
          targetBits[code]! |= 1 << mapValues![k]!;
    }
    for (let part = 0; part < 2; part++) {
      const from = part === 0 ? a0 : b0;
      const to = part === 0 ? a1 : b1;
      for (let p = from; p < to; p++) {
        const j = order[p]!;
        const doc = docs[j]!;
        let gathered = 0;
        if (unions !== undefined && docFull[j] === 2) {
          let bits = unions[doc]!;
          if (mapOffsets === undefined) gathered = bits;
          else {
            while (bits !== 0) {
              const low = bits & -bits;
              gathered |= targetBits[31 - Math.clz32(low)]!;
              bits ^= low;
            }
          }
        } else {
          const end = rowStart[doc + 1]!;
          for (let row = rowStart[doc]!; row < end; row++) {
            if ((rowMask[row]! & other) !== 0) continue;
            if (codes) gathered |= targetBits[codes[row]!]!;
            else
              for (let i = offsets![row]!; i < offsets![row + 1]!; i++) gathered |= targetBits[values![i]!]!;
          }
        }
        while (gathered !== 0) {
          const low = gathered & -gathered;
          counts[31 - Math.clz32(low)]!++;
          gathered ^= low;
        }
      }
    }
    return counts;
  }
  for (let part = 0; part < 2; part++) {
    const from = part === 0 ? a0 : b0;
    const to = part === 0 ? a1 : b1;
    for (let p = from; p < to; p++) {
      const j = order[p]!;
      const doc = docs[j]!;
      const stamp = base + p;
      if (unions !== undefined && docFull[j] === 2) {
        let bits = unions[doc]!;
        while (bits !== 0) {
          const low = bits & -bits;
          const code = 31 - Math.clz32(low);
          bits ^= low;
          if (mapOffsets === undefined) counts[code]!++;
          else {
            for (let k = mapOffsets[code]!; k < mapOffsets[code + 1]!; k++) {
              const target = mapValues![k]!;
              if (stamps[target] !== stamp) {
                stamps[target] = stamp;
                counts[target]!++;
              }
            }
          }
        }
        continue;
      }
      if (docLevel && !variantGrain) {
        // Document-level values through a map (groups, buckets): each target once per document.
        const first = codes ? 0 : offsets![doc]!;
        const last = codes ? 1 : offsets![doc + 1]!;
        for (let i = first; i < last; i++) {
          const code = codes ? codes[doc]! : values![i]!;
          for (let k = mapOffsets![code]!; k < mapOffsets![code + 1]!; k++) {
            const target = mapValues![k]!;
            if (stamps[target] !== stamp) {
              stamps[target] = stamp;
              counts[target]!++;
            }
          }
        }
        continue;
      }
      const end = rowStart[doc + 1]!;
      for (let row = rowStart[doc]!; row < end; row++) {
        if ((rowMask[row]! & other) !== 0) continue;
        const slot = docLevel ? doc : row;
        const rowStamp = variantGrain ? base + row : stamp;
        const first = codes ? 0 : offsets![slot]!;
        const last = codes ? 1 : offsets![slot + 1]!;
        if (first === last) {
          // A multi-valued slot without values counts as "none" (code 0).
          if (mapOffsets === undefined && stamps[0] !== rowStamp) {
            stamps[0] = rowStamp;
            counts[0]!++;
          }
          continue;
        }
        for (let i = first; i < last; i++) {
          const code = codes ? codes[slot]! : values![i]!;
          if (mapOffsets === undefined) {
            if (stamps[code] !== rowStamp) {
              stamps[code] = rowStamp;
              counts[code]!++;
            }
            continue;
          }
          for (let k = mapOffsets[code]!; k < mapOffsets[code + 1]!; k++) {
            const target = mapValues![k]!;
            if (stamps[target] !== rowStamp) {
              stamps[target] = rowStamp;
              counts[target]!++;
            }
          }
        }
      }
    }
  }
  return counts;
}

export interface NumberCounts {
  min: number;
  max: number;
  /** Tiles per histogram bin (price only). */
  bins?: Uint32Array;
  /** Tiles per bucket. */
  buckets?: Uint32Array;
}

/**
 * Prices of the qualifying rows: lowest and highest, the tiles in each histogram bin (a tile with
 * several prices in every bin one of them falls in) and in each bucket.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: one pass over the candidates of a search counts the lowest, highest, bins and buckets together
export function countPrices(
  access: FieldAccess,
  bit: number,
  candidates: Candidates,
  options: { histogram: boolean; buckets?: readonly Interval[] },
): NumberCounts {
  const price = access.price!;
  const binOfRow = access.bins!;
  const { docs, rowStart, rowMask, variantGrain } = candidates;
  const ordered = candidates.ordered();
  const { order } = ordered;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const bins = options.histogram ? new Uint32Array(EDGES.length) : undefined;
  const buckets = options.buckets ? new Uint32Array(options.buckets.length) : undefined;
  const binStamps = bins
    ? candidates.scratch.stampsFor('price:bins', EDGES.length, candidates.tileSpace)
    : undefined;
  const bucketStamps = buckets
    ? candidates.scratch.stampsFor('price:buckets', buckets.length, candidates.tileSpace)
    : undefined;
  const other = ~bit;
  const [a0, a1, b0, b1] = segmentsOf(ordered, bit);
  for (let part = 0; part < 2; part++) {
    const from = part === 0 ? a0 : b0;
    const to = part === 0 ? a1 : b1;
    for (let p = from; p < to; p++) {
      const doc = docs[order[p]!]!;
      const end = rowStart[doc + 1]!;
      for (let row = rowStart[doc]!; row < end; row++) {
        if ((rowMask[row]! & other) !== 0) continue;
        const value = price[row]!;
        if (Number.isNaN(value)) continue;
        if (value < min) min = value;
        if (value > max) max = value;
        const tile = variantGrain ? row : p;
        if (bins) {
          const bin = binOfRow[row]!;
          const stamp = binStamps!.base + tile;
          if (bin !== NO_BIN && binStamps!.stamps[bin] !== stamp) {
            binStamps!.stamps[bin] = stamp;
            bins[bin]!++;
          }
        }
        if (buckets) {
          const stamp = bucketStamps!.base + tile;
          const intervals = options.buckets!;
          for (let b = 0; b < intervals.length; b++) {
            if (within(intervals[b]!, value) && bucketStamps!.stamps[b] !== stamp) {
              bucketStamps!.stamps[b] = stamp;
              buckets[b]!++;
            }
          }
        }
      }
    }
  }
  return { min, max, ...(bins ? { bins } : {}), ...(buckets ? { buckets } : {}) };
}

/** Range attributes: lowest low end, highest high end, and tiles per bucket the range meets. */
export function countRanges(
  access: FieldAccess,
  bit: number,
  candidates: Candidates,
  buckets: readonly Interval[] | undefined,
): NumberCounts {
  const low = access.low!;
  const high = access.high!;
  const counts = buckets ? new Uint32Array(buckets.length) : undefined;
  const stamped = counts
    ? candidates.scratch.stampsFor(`${access.name}:ranges`, counts.length, candidates.tileSpace)
    : undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const { docs, rowStart, rowMask, variantGrain } = candidates;
  const ordered = candidates.ordered();
  const { order } = ordered;
  const other = ~bit;
  const [a0, a1, b0, b1] = segmentsOf(ordered, bit);
  for (let part = 0; part < 2; part++) {
    const from = part === 0 ? a0 : b0;
    const to = part === 0 ? a1 : b1;
    for (let p = from; p < to; p++) {
      const doc = docs[order[p]!]!;
      for (let row = rowStart[doc]!; row < rowStart[doc + 1]!; row++) {
        if ((rowMask[row]! & other) !== 0) continue;
        const slot = access.level === 'doc' ? doc : row;
        const a = low[slot]!;
        const b = high[slot]!;
        if (Number.isNaN(a)) continue;
        if (a < min) min = a;
        if (b > max) max = b;
        if (counts) {
          const stamp = stamped!.base + (variantGrain ? row : p);
          buckets!.forEach((bucket, k) => {
            if (overlaps(bucket, a, b) && stamped!.stamps[k] !== stamp) {
              stamped!.stamps[k] = stamp;
              counts[k]!++;
            }
          });
        }
      }
    }
  }
  return { min, max, ...(counts ? { buckets: counts } : {}) };
}

import { NO_BIN } from '../facets/ladder.js';
import { type DocTests, failedTests, priceMeets, type RowTests } from './clauses.js';
import { MAX_WORDS } from './packed-rows.js';
import { countDoc, DocFacets } from './segments.js';

const NO_FAILS = new Int32Array(0);
const NO_CODES = new Uint32Array(0);
const NO_PRICES = new Float64Array(0);
const NO_BINS = new Uint16Array(0);
const NO_BYTES = new Uint8Array(0);
const NO_FACETS = new DocFacets();

/**
 * The listing's pass over its candidate documents and their rows, as one query sets it up: the
 * document-level tests, whether rows are read, which packed words it reads (PackedRows), the
 * filters it tests there and in columns, whether it counts a price range, and what it leaves: per
 * document kept whether a row passes every filter (docFull) and which filters its rows fail alone
 * (docSingles), per packed bit the documents whose counting rows hold it (bitCounts), the price
 * range and histogram. Made once and reused.
 */
export class RowPass {
  /** What the filters tell of whole documents, read inline; on top of masks marked beforehand when `marked`. */
  docTests: DocTests | undefined;
  marked = false;
  /** Rows are read: some row-level filter or facet, a sort by a row's value, or tiles that are rows. */
  readsRows = true;
  /** Document-level facets, counted per document kept (see DocFacets). */
  facets: DocFacets = NO_FACETS;
  /** Receives the indexes of the documents kept with a row passing every filter (segment 0), ascending. */
  fullDocs: Uint32Array = NO_CODES;
  /** Packed words read per row (1 to MAX_WORDS) and the words. */
  reads = 1;
  words: Uint32Array[] = [NO_CODES, NO_CODES, NO_CODES, NO_CODES];
  /** Per word, by the leading zeros of a row's mask, the bits that row counts for. */
  readonly own = new Int32Array(33 * MAX_WORDS);
  /** Filters on packed fields, two inline: the word, the chosen values' bits, the filter's bit. */
  packed = 0;
  readonly packedWord = new Int32Array(2);
  readonly packedBits = new Int32Array(2);
  readonly packedBit = new Int32Array(2);
  /** Other row tests (indexes into `tests`), two inline: codes (kind 0) or a price stretch (kind 1). */
  others = 0;
  readonly other = new Int32Array(2);
  /** Some test is read through failedTests (then every test is). */
  generic = false;
  tests: RowTests | undefined;
  rowDoc: Uint32Array = NO_CODES;
  /** Rows' masks are kept (rowMask) for what reads them after the pass. */
  keepsMasks = false;
  /**
   * Filter bits b for which a document failing b alone is settled without its rows: it stands in
   * b's segment (when it has a sold row, for the bits of needsSold).
   */
  decided = 0;
  needsSold = 0;
  docSold: Uint8Array = NO_BYTES;
  /** The price range counted in the pass: rows whose mask holds no bit but priceBit. */
  pricing = false;
  histogram = false;
  price: Float64Array = NO_PRICES;
  bins: Uint16Array = NO_BINS;
  priceBit = 0;
  stamps: Int32Array = NO_FAILS;
  stampBase = 0;
  binCounts: Uint32Array = NO_CODES;
  /** Results: the lowest and highest price counted, and tiles per packed bit. */
  lowest = Number.POSITIVE_INFINITY;
  highest = Number.NEGATIVE_INFINITY;
  readonly bitCounts = new Uint32Array(32 * MAX_WORDS);

  /** Clears what one query sets. */
  reset(): void {
    this.docTests = undefined;
    this.marked = false;
    this.readsRows = true;
    this.facets = NO_FACETS;
    this.reads = 1;
    this.own.fill(0);
    this.packed = 0;
    this.others = 0;
    this.generic = false;
    this.tests = undefined;
    this.keepsMasks = false;
    this.decided = 0;
    this.needsSold = 0;
    this.pricing = false;
    this.histogram = false;
    this.bitCounts.fill(0);
  }
}

/**
 * One pass over the candidates from[0 .. count]: marks each document with the document-level
 * filters it fails (pass.docTests, on top of docMasks[i] when pass.marked) and keeps in docs those
 * failing one at most, in order; then reads the rows of each one kept: marks each sold row with
 * the filters it fails, gathers per document the packed bits of its rows that count (mask 0 for
 * every facet, or a filter's bit alone for that filter's facet), and counts them. Without rows to
 * read (pass.readsRows false), a document passes on all its sold rows alike. Counts into
 * segments[s + 1] the documents of each segment s (see segment), lists those of segment 0 in
 * pass.fullDocs, and counts the document-level facets (pass.facets). `from` may be `docs`. Returns
 * how many documents it kept. One pass rather than one per step: each document's columns are read
 * while they are at hand.
 */
export function passCandidates(
  pass: RowPass,
  from: Uint32Array,
  count: number,
  docs: Uint32Array,
  docMasks: Uint32Array,
  rowStart: Uint32Array,
  rowMask: Uint32Array,
  docFull: Uint8Array,
  docSingles: Uint32Array,
  segments: Uint32Array,
): number {
  segments.fill(0);
  const { reads, own, bitCounts, keepsMasks, pricing, histogram, generic, rowDoc } = pass;
  const { decided, needsSold, docSold, marked, readsRows } = pass;
  const { fullDocs } = pass;
  // The document-level tests, the first three inline (see DocTests).
  const whole = pass.docTests!;
  const dn = whole.count;
  const dk0 = dn > 0 ? whole.kinds[0]! : -1;
  const dk1 = dn > 1 ? whole.kinds[1]! : -1;
  const dk2 = dn > 2 ? whole.kinds[2]! : -1;
  const dbit0 = whole.bits[0]!;
  const dbit1 = whole.bits[1]!;
  const dbit2 = whole.bits[2]!;
  const dfails0 = whole.fails[0]!;
  const dfails1 = whole.fails[1]!;
  const dfails2 = whole.fails[2]!;
  const dcodes0 = whole.codes[0]!;
  const dcodes1 = whole.codes[1]!;
  const dcodes2 = whole.codes[2]!;
  const unions0 = whole.unions[0]!;
  const unions1 = whole.unions[1]!;
  const unions2 = whole.unions[2]!;
  const wanted0 = whole.wanted[0]!;
  const wanted1 = whole.wanted[1]!;
  const wanted2 = whole.wanted[2]!;
  const tests = pass.tests!;
  // The first four document-level facets of one code per document are counted inline, others through countDoc.
  const facets = pass.facets;
  const nf = facets.count;
  const inline = Math.min(facets.fast, 4);
  const { owner } = facets;
  const c0 = inline > 0 ? facets.codes[0]! : NO_CODES;
  const c1 = inline > 1 ? facets.codes[1]! : NO_CODES;
  const c2 = inline > 2 ? facets.codes[2]! : NO_CODES;
  const c3 = inline > 3 ? facets.codes[3]! : NO_CODES;
  const n0 = inline > 0 ? facets.counts[0]! : NO_CODES;
  const n1 = inline > 1 ? facets.counts[1]! : NO_CODES;
  const n2 = inline > 2 ? facets.counts[2]! : NO_CODES;
  const n3 = inline > 3 ? facets.counts[3]! : NO_CODES;
  const p0 = pass.words[0]!;
  const p1 = reads > 1 ? pass.words[1]! : NO_CODES;
  const p2 = reads > 2 ? pass.words[2]! : NO_CODES;
  const p3 = reads > 3 ? pass.words[3]! : NO_CODES;
  const nq = pass.packed;
  const qw0 = pass.packedWord[0]!;
  const qw1 = pass.packedWord[1]!;
  const qb0 = pass.packedBits[0]!;
  const qb1 = pass.packedBits[1]!;
  const qbit0 = pass.packedBit[0]!;
  const qbit1 = pass.packedBit[1]!;
  const n = pass.others;
  const t0 = pass.other[0]!;
  const t1 = pass.other[1]!;
  const k0 = n > 0 ? tests.kinds[t0]! : -1;
  const k1 = n > 1 ? tests.kinds[t1]! : -1;
  const bit0 = n > 0 ? tests.bits[t0]! : 0;
  const bit1 = n > 1 ? tests.bits[t1]! : 0;
  const fail0 = n > 0 ? tests.fails[t0]! : NO_FAILS;
  const fail1 = n > 1 ? tests.fails[t1]! : NO_FAILS;
  const codes0 = n > 0 ? tests.codes[t0]! : NO_CODES;
  const codes1 = n > 1 ? tests.codes[t1]! : NO_CODES;
  const price0 = n > 0 ? tests.prices[t0]! : NO_PRICES;
  const price1 = n > 1 ? tests.prices[t1]! : NO_PRICES;
  const low0 = n > 0 ? tests.lows[t0]! : 0;
  const low1 = n > 1 ? tests.lows[t1]! : 0;
  const high0 = n > 0 ? tests.highs[t0]! : 0;
  const high1 = n > 1 ? tests.highs[t1]! : 0;
  const inclusive0 = n > 0 ? tests.inclusive[t0]! : 0;
  const inclusive1 = n > 1 ? tests.inclusive[t1]! : 0;
  const { price, bins, stamps, stampBase, binCounts } = pass;
  const priceOther = ~pass.priceBit;
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  let lowBin = NO_BIN;
  let highBin = -1;
  let unbinnedLowest = Number.POSITIVE_INFINITY;
  let unbinnedHighest = Number.NEGATIVE_INFINITY;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const doc = from[i]!;
    let docMask = marked ? docMasks[i]! : 0;
    if (dk0 === 0) docMask |= dfails0[dcodes0[doc]!]!;
    else if (dk0 === 1) {
      if ((unions0[doc]! & wanted0) === 0) docMask |= dbit0;
    } else if (dk0 === 2 && !priceMeets(whole, 0, doc)) docMask |= dbit0;
    if (dk1 === 0) docMask |= dfails1[dcodes1[doc]!]!;
    else if (dk1 === 1) {
      if ((unions1[doc]! & wanted1) === 0) docMask |= dbit1;
    } else if (dk1 === 2 && !priceMeets(whole, 1, doc)) docMask |= dbit1;
    if (dk2 === 0) docMask |= dfails2[dcodes2[doc]!]!;
    else if (dk2 === 1) {
      if ((unions2[doc]! & wanted2) === 0) docMask |= dbit2;
    } else if (dk2 === 2 && !priceMeets(whole, 2, doc)) docMask |= dbit2;
    if ((docMask & (docMask - 1)) !== 0) continue;
    const j = kept++;
    docs[j] = doc;
    // What its rows tell: a row passes every filter (full), else the filters a row fails alone.
    let full = false;
    let fails = 0;
    if (!readsRows) {
      // Its sold rows pass or fail alike.
      const sold = docSold[doc] === 1;
      full = sold && docMask === 0;
      fails = sold ? docMask : 0;
      docFull[j] = full ? 2 : 0;
    } else if ((docMask & decided) !== 0) {
      docFull[j] = 0;
      fails = (docMask & needsSold) !== 0 && docSold[doc] === 0 ? 0 : docMask;
    } else {
      const end = rowStart[doc + 1]!;
      // zero: a row passes every filter; dirty: the masks of sold rows; singles: masks of one bit.
      let zero = 0;
      let dirty = 0;
      let singles = 0;
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      for (let row = rowStart[doc]!; row < end; row++) {
        const w0 = p0[row]!;
        const w1 = reads > 1 ? p1[row]! : 0;
        const w2 = reads > 2 ? p2[row]! : 0;
        const w3 = reads > 3 ? p3[row]! : 0;
        // A row not sold in the channel fails everything and counts nowhere: all bits (0xffffffff).
        const out = w0 >> 31;
        let mask = docMask | out;
        if (generic) {
          if (out === 0) mask |= failedTests(tests, row, rowDoc);
        } else {
          // Without branches: a value among the chosen leaves a nonzero x, else the filter's bit is set.
          if (nq > 0) {
            const x = (qw0 === 0 ? w0 : qw0 === 1 ? w1 : qw0 === 2 ? w2 : w3) & qb0;
            mask |= ~((x | -x) >> 31) & qbit0;
            if (nq > 1) {
              const y = (qw1 === 0 ? w0 : qw1 === 1 ? w1 : qw1 === 2 ? w2 : w3) & qb1;
              mask |= ~((y | -y) >> 31) & qbit1;
            }
          }
          if (k0 === 0) mask |= fail0[codes0[row]!]!;
          else if (k0 === 1) {
            const value = price0[row]!;
            const passes =
              ((inclusive0 & 1) !== 0 ? value >= low0 : value > low0) &&
              ((inclusive0 & 2) !== 0 ? value <= high0 : value < high0);
            if (!passes) mask |= bit0;
          }
          if (k1 === 0) mask |= fail1[codes1[row]!]!;
          else if (k1 === 1) {
            const value = price1[row]!;
            const passes =
              ((inclusive1 & 1) !== 0 ? value >= low1 : value > low1) &&
              ((inclusive1 & 2) !== 0 ? value <= high1 : value < high1);
            if (!passes) mask |= bit1;
          }
        }
        if (keepsMasks) rowMask[row] = mask;
        if (pricing && (mask & priceOther) === 0) {
          // Bins follow prices: the lowest and highest prices lie in the lowest and highest bins,
          // so a price is read only in those (or without a bin: no price, or below zero).
          const bin = bins[row]!;
          if (bin === NO_BIN) {
            const value = price[row]!;
            if (value < unbinnedLowest) unbinnedLowest = value;
            if (value > unbinnedHighest) unbinnedHighest = value;
          } else {
            if (bin <= lowBin) {
              const value = price[row]!;
              if (bin < lowBin || value < lowest) lowest = value;
              lowBin = bin;
            }
            if (bin >= highBin) {
              const value = price[row]!;
              if (bin > highBin || value > highest) highest = value;
              highBin = bin;
            }
            if (histogram && stamps[bin] !== stampBase + j) {
              stamps[bin] = stampBase + j;
              binCounts[bin]!++;
            }
          }
        }
        // Without branches: keep is -1 when the mask has one bit at most, else 0; lead is 32 for mask 0.
        const rest = mask & (mask - 1);
        const keep = ~((rest | -rest) >> 31);
        const lead = Math.clz32(mask);
        zero |= lead >>> 5;
        dirty |= mask & ~out;
        singles |= mask & keep;
        a0 |= w0 & own[lead]! & keep;
        if (reads > 1) {
          a1 |= w1 & own[33 + lead]! & keep;
          if (reads > 2) {
            a2 |= w2 & own[66 + lead]! & keep;
            if (reads > 3) a3 |= w3 & own[99 + lead]! & keep;
          }
        }
      }
      full = zero !== 0;
      fails = full ? 0 : singles;
      docFull[j] = full ? (dirty === 0 ? 2 : 1) : 0;
      // Each gathered bit counts once, highest first.
      while (a0 !== 0) {
        const bit = 31 - Math.clz32(a0);
        bitCounts[bit]!++;
        a0 ^= 1 << bit;
      }
      while (a1 !== 0) {
        const bit = 31 - Math.clz32(a1);
        bitCounts[32 + bit]!++;
        a1 ^= 1 << bit;
      }
      while (a2 !== 0) {
        const bit = 31 - Math.clz32(a2);
        bitCounts[64 + bit]!++;
        a2 ^= 1 << bit;
      }
      while (a3 !== 0) {
        const bit = 31 - Math.clz32(a3);
        bitCounts[96 + bit]!++;
        a3 ^= 1 << bit;
      }
    }
    docSingles[j] = fails;
    // The segments it stands in (0 with a row passing every filter, else b + 1 for each filter b
    // a row fails alone), and the document-level facets it counts for (every one, or the facet of
    // each such filter).
    if (full) {
      fullDocs[segments[1]!++] = j;
      if (inline > 0) {
        n0[c0[doc]!]!++;
        if (inline > 1) {
          n1[c1[doc]!]!++;
          if (inline > 2) {
            n2[c2[doc]!]!++;
            if (inline > 3) n3[c3[doc]!]!++;
          }
        }
      }
      for (let f = inline; f < nf; f++) countDoc(facets, f, doc);
    } else {
      while (fails !== 0) {
        const bit = 31 - Math.clz32(fails);
        segments[bit + 2]!++;
        fails ^= 1 << bit;
        const f = owner[bit]!;
        if (f >= 0) countDoc(facets, f, doc);
      }
    }
  }
  pass.lowest = Math.min(lowest, unbinnedLowest);
  pass.highest = Math.max(highest, unbinnedHighest);
  return kept;
}

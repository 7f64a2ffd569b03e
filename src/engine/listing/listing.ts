import type { Facet } from '../../contracts/search.js';
import type { EngineIndex, TypeIndex } from '../engine-index.js';
import type { Candidates } from '../facets/count.js';
import { jointEligible, targetBitsOf } from '../facets/joint.js';
import { EDGES, NO_BIN } from '../facets/ladder.js';
import { codeMapFor, type FacetInput, presentFacet } from '../facets/present.js';
import type { FacetSpec } from '../facets/spec.js';
import type { SelectContext } from '../filter/evaluate.js';
import { stringAt } from '../index/string-table.js';
import type { OfferView } from '../offers/view.js';
import { REACHABLE_HITS, type TopK } from '../ranking/top-k.js';
import { hitFields } from '../results/fields.js';
import { type SortSpec, sortReader } from '../sort/keys.js';
import {
  buildClauses,
  type Clause,
  docTests,
  failedTests,
  keepDocuments,
  markDocuments,
  markProjection,
  rowPasses,
  rowTests,
} from './clauses.js';
import { type PackedSlot, packingKey } from './packed-rows.js';
import { segment } from './segments.js';
import type { LoadedChannel, StructuredIndex } from './structured-index.js';

const NO_FAILS = new Int32Array(0);
const NO_CODES = new Uint32Array(0);
const NO_PRICES = new Float64Array(0);
const NO_BINS = new Uint16Array(0);

/** A facet counted in the pass over rows, and where its targets lie in the packed words. */
interface JointFacet {
  input: FacetInput;
  slot: PackedSlot;
}

/** What a listing (the section that pages and carries facets) is asked for. */
export interface ListingRequest {
  page: number;
  perPage: number;
  countOnly: boolean;
  /** The request's time in ms: sale windows and dated signals are read at it. */
  time: number;
  /** Channel id; default the first. */
  channel?: string;
  /** Locale of result fields and labels; default the catalog's source locale. */
  locale?: string;
  /** Lists this category and everything below it (a category page). */
  category?: string;
  /** The shopper's choices: each field's values are alternatives, fields narrow each other. */
  filters?: Record<string, unknown>;
  /** Constraints the shopper cannot remove (rules), each a selector. */
  where?: ReadonlyArray<Record<string, unknown>>;
  /** Facets to count and show, in display order. */
  facets?: readonly FacetSpec[];
  /** Default: relevance. */
  sort?: SortSpec;
}

/** A text search's matches: ascending documents and their text scores. */
export interface TextMatches {
  docs: Uint32Array;
  scores: Float64Array;
  count: number;
}

export interface ListingHit {
  entity: string;
  variant?: string;
  fields: Record<string, unknown>;
  score: number;
}

export interface ListingResult {
  total: number;
  reachable: number;
  hits: ListingHit[];
  /** Per hit, its document (the text postings' numbering, catalog order). */
  docs: number[];
  facets: Facet[];
  /** The channel's currency. */
  currency: string;
  /** The request's filters as read, for the answer's applied filters. */
  clauses: readonly Clause[];
}

/**
 * Lists one type: candidates (text matches, the category's documents, or every document), the
 * filters, facets counted under every filter but their own, a ranking by relevance or a sort,
 * and the page's hits.
 *
 * Each filter has a bit. A pass over the candidate documents marks the document-level filters
 * each fails and keeps those failing one at most; a pass over their rows sold in the channel adds
 * the row-level filters and keeps rows failing one at most. A row whose mask is 0 matches all
 * filters on one variant; a tile matches when one of its rows does; a facet whose filter has bit
 * b counts rows whose mask has no bit but b. Everything is exact.
 */
export function executeListing(
  index: EngineIndex,
  type: TypeIndex,
  request: ListingRequest,
  text: TextMatches | undefined,
): ListingResult {
  const listing = type.listing;
  const channel = listing.channel(request.channel);
  if (channel === undefined) throw new RangeError(`the index has no channel "${request.channel}"`);
  const view = channel.offers.at(request.time);
  const context: SelectContext = {
    index: listing,
    channel,
    view,
    shared: listing.shared,
    time: request.time,
  };
  const clauses = buildClauses(request.filters, request.where ?? [], context);
  const scratch = listing.scratch;
  const { docs, docMasks, docScores, docFull, docSingles, rowMask } = scratch;
  const { rowStart, rowDoc } = listing;

  // Candidates.
  let count = 0;
  const categoryCode = request.category === undefined ? -1 : listing.categoryCode(request.category);
  if (text) {
    // Text matches come by document; the columns read slots, best in ascending order.
    const within =
      categoryCode >= 0 ? categoryTest(listing.fields.get('category')!, categoryCode) : undefined;
    const { slotBits, slotScores } = scratch;
    const { slotOfDoc } = listing;
    for (let j = 0; j < text.count; j++) {
      const slot = slotOfDoc[text.docs[j]!]!;
      if (within && !within(slot)) continue;
      slotBits[slot >>> 5]! |= 1 << (slot & 31);
      slotScores[slot] = text.scores[j]!;
    }
    for (let word = 0; word < slotBits.length; word++) {
      let bits = slotBits[word]!;
      if (bits === 0) continue;
      slotBits[word] = 0;
      while (bits !== 0) {
        const low = bits & -bits;
        const slot = (word << 5) + 31 - Math.clz32(low);
        docs[count] = slot;
        docScores[count++] = slotScores[slot]!;
        bits ^= low;
      }
    }
  }

  // Document-level filters, and what row-level ones tell of a whole document; keep documents
  // failing one at most. Most are read in one pass (keepDocuments), the others each beforehand.
  const whole = docTests(clauses, listing, channel.columns.sold);
  const source = text ? docs : categoryCode >= 0 ? listing.categoryDocs(categoryCode) : scratch.allDocs;
  if (!text) count = source.length;
  if (whole.apart.length > 0) {
    if (source !== docs) docs.set(source);
    docMasks.fill(0, 0, count);
    for (let c = 0; c < whole.apart.length; c++) {
      const clause = whole.apart[c]!;
      if (clause.level === 'doc') markDocuments(clause, docs, docMasks, count);
      else markProjection(clause, listing, docs, docMasks, count, channel.columns.sold);
    }
    count = keepDocuments(whole, docs, count, true, docs, docMasks, text ? docScores : undefined);
  } else if (whole.count > 0) {
    count = keepDocuments(whole, source, count, false, docs, docMasks, text ? docScores : undefined);
  } else {
    if (source !== docs) docs.set(source);
    docMasks.fill(0, 0, count);
  }

  // Facets, and the row-level ones of few values counted in the pass over rows below: a tile
  // gathers their targets as bits from its rows that count (mask 0 for every facet, or the
  // facet's own bit alone), then counts each bit once.
  const variantGrain = listing.data.grain === 'variant';
  const presentContext = {
    shared: listing.shared,
    locale: request.locale,
    time: request.time,
    pageCategory: request.category,
  };
  const inputs: FacetInput[] = [];
  const specs = request.facets ?? [];
  for (let f = 0; f < specs.length; f++) {
    const spec = specs[f]!;
    const clause = clauses.find((one) => one.key === spec.field);
    inputs.push({
      spec,
      access: listing.field(spec.field, channel, view),
      bit: clause?.bit ?? 0,
      choice: clause?.test?.choice,
      counted: undefined,
      ranged: undefined,
    });
  }

  // Small row-level fields are read from words packed per row (PackedRows): the joint facets'
  // targets, and for filters on them the values as bits.
  const packed = listing.packedRows(channel, view);
  const words = packed.words;
  const { own, bitCounts } = scratch;
  own.fill(0);
  bitCounts.fill(0);
  let reads = 1;
  const joint: JointFacet[] = [];
  for (let f = 0; f < inputs.length; f++) {
    const input = inputs[f]!;
    if (variantGrain || input.spec.deferred || !jointEligible(input, presentContext)) continue;
    const access = input.access!;
    const map = codeMapFor(input, presentContext);
    const targetBits = targetBitsOf(access, map);
    const width = map ? map.targets : access.dict.length;
    const slot = packed.slot(packingKey(access.name, targetBits), access.codes!, targetBits, width);
    if (slot === undefined) continue;
    joint.push({ input, slot });
    // Per word, by the leading zeros of a row's mask: the bits its row counts for (index 32,
    // mask 0: every joint facet's; a single bit: that filter's facet's).
    const bits = ((2 ** width - 1) << slot.shift) | 0;
    own[slot.word * 33 + 32]! |= bits;
    if (input.bit !== 0) own[slot.word * 33 + Math.clz32(input.bit)]! |= bits;
    reads = Math.max(reads, slot.word + 1);
  }
  // Row tests: a value of a small field among the chosen, read from the packed words (the first
  // two inline); the first two others inline (codes or a price stretch); the rest through failedTests.
  const tests = rowTests(clauses);
  const packedWord: number[] = [];
  const packedBits: number[] = [];
  const packedBit: number[] = [];
  const others: number[] = [];
  for (let t = 0; t < tests.count; t++) {
    const access = tests.clauses[t]!.test?.access;
    const chosen = tests.chosen[t]!;
    if (tests.kinds[t] === 0 && access?.codes && access.dict.length <= 31 && chosen[0] !== 1) {
      const targetBits = targetBitsOf(access, undefined);
      const key = packingKey(access.name, targetBits);
      const slot = packed.slot(key, access.codes, targetBits, access.dict.length);
      if (slot !== undefined) {
        let bits = 0;
        for (let code = 1; code < chosen.length; code++)
          if (chosen[code] === 1) bits |= 1 << (slot.shift + code - 1);
        packedWord.push(slot.word);
        packedBits.push(bits);
        packedBit.push(tests.bits[t]!);
        reads = Math.max(reads, slot.word + 1);
        continue;
      }
    }
    others.push(t);
  }
  // A price facet (range and histogram, no buckets) is counted in the pass too: rows whose mask
  // holds no bit but its filter's give the lowest and highest price and the tiles per bin.
  let priced: FacetInput | undefined;
  for (let f = 0; f < inputs.length && !variantGrain; f++) {
    const input = inputs[f]!;
    if (input.spec.deferred || input.spec.kind !== 'range' || input.access?.form !== 'price') continue;
    priced = input;
    break;
  }
  const pricing = priced !== undefined;
  const price = pricing ? priced!.access!.price! : NO_PRICES;
  const binOfRow = pricing ? priced!.access!.bins! : NO_BINS;
  const priceOther = pricing ? ~priced!.bit : 0;
  const histogram = pricing && priced!.spec.display === 'histogram';
  const binCounts = histogram ? new Uint32Array(EDGES.length) : NO_CODES;
  const binStamps = histogram ? scratch.stampsFor('price:bins', EDGES.length, count) : undefined;
  const stamps = binStamps?.stamps ?? NO_FAILS;
  const stampBase = binStamps?.base ?? 0;
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  let lowBin = NO_BIN;
  let highBin = -1;
  let unbinnedLowest = Number.POSITIVE_INFINITY;
  let unbinnedHighest = Number.NEGATIVE_INFINITY;
  // Rows' masks are kept only for what reads them after the pass.
  let keepsMasks =
    variantGrain ||
    (request.sort !== undefined && sortReader(request.sort, listing, channel, view)?.level === 'row');
  for (let f = 0; f < inputs.length && !keepsMasks; f++) {
    const input = inputs[f]!;
    const access = input.access;
    if (input.spec.deferred || input === priced || access === undefined) continue;
    if (access.level !== 'row' && access.form === 'codes') continue;
    if (!joint.some((one) => one.input === input)) keepsMasks = true;
  }
  const p1 = reads > 1 ? words[1]! : NO_CODES;
  const p2 = reads > 2 ? words[2]! : NO_CODES;
  const p3 = reads > 3 ? words[3]! : NO_CODES;
  const p0 = words[0]!;

  // Rows: unsold ones are out; row-level filters mark the others. A document's segments follow
  // from its rows: 0 when one passes every filter, k + 1 for each filter k one fails alone.
  // docFull is 2 when every sold row passes every filter (the document counts as a whole).
  // Rows are read only when something reads them: a row-level filter or facet, a sort by a
  // row's value, or tiles that are rows. Otherwise a document passes on all its sold rows alike.
  const sold = channel.columns.sold;
  const readsRows =
    tests.count > 0 ||
    variantGrain ||
    inputs.some(
      (input) => !input.spec.deferred && (input.access?.level === 'row' || input.access?.form === 'range'),
    ) ||
    (request.sort !== undefined && sortReader(request.sort, listing, channel, view)?.level === 'row');
  if (!readsRows) {
    const { docSold } = channel;
    for (let j = 0; j < count; j++) {
      const sold = docSold[docs[j]!]!;
      const docMask = docMasks[j]!;
      docFull[j] = sold === 1 && docMask === 0 ? 2 : 0;
      docSingles[j] = sold === 1 ? docMask : 0;
    }
  }
  const nq = packedWord.length;
  const qw0 = nq > 0 ? packedWord[0]! : 0;
  const qw1 = nq > 1 ? packedWord[1]! : 0;
  const qb0 = nq > 0 ? packedBits[0]! : 0;
  const qb1 = nq > 1 ? packedBits[1]! : 0;
  const qbit0 = nq > 0 ? packedBit[0]! : 0;
  const qbit1 = nq > 1 ? packedBit[1]! : 0;
  const n = others.length;
  const t0 = n > 0 ? others[0]! : -1;
  const t1 = n > 1 ? others[1]! : -1;
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
  const generic = nq > 2 || n > 2 || k0 > 1 || k1 > 1;
  for (let j = 0; readsRows && j < count; j++) {
    const doc = docs[j]!;
    const docMask = docMasks[j]!;
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
          const pass =
            ((inclusive0 & 1) !== 0 ? value >= low0 : value > low0) &&
            ((inclusive0 & 2) !== 0 ? value <= high0 : value < high0);
          if (!pass) mask |= bit0;
        }
        if (k1 === 0) mask |= fail1[codes1[row]!]!;
        else if (k1 === 1) {
          const value = price1[row]!;
          const pass =
            ((inclusive1 & 1) !== 0 ? value >= low1 : value > low1) &&
            ((inclusive1 & 2) !== 0 ? value <= high1 : value < high1);
          if (!pass) mask |= bit1;
        }
      }
      if (keepsMasks) rowMask[row] = mask;
      if (pricing && (mask & priceOther) === 0) {
        // Bins follow prices: the lowest and highest prices lie in the lowest and highest bins,
        // so a price is read only in those (or without a bin: no price, or below zero).
        const bin = binOfRow[row]!;
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
    docFull[j] = zero === 0 ? 0 : dirty === 0 ? 2 : 1;
    docSingles[j] = zero === 0 ? singles : 0;
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
  for (let f = 0; f < joint.length; f++) {
    const { input, slot } = joint[f]!;
    const counts = new Uint32Array(slot.width + 1);
    const from = slot.word * 32 + slot.shift - 1;
    for (let target = 1; target <= slot.width; target++) counts[target] = bitCounts[from + target]!;
    input.counted = counts;
  }
  if (priced !== undefined && readsRows) {
    const min = Math.min(lowest, unbinnedLowest);
    const max = Math.max(highest, unbinnedHighest);
    priced.ranged = histogram ? { min, max, bins: binCounts } : { min, max };
  }
  // Document-level facets of codes as they are: counted while the candidates are ordered.
  const docFacets = scratch.docFacets;
  docFacets.reset();
  for (let f = 0; !variantGrain && f < inputs.length; f++) {
    const input = inputs[f]!;
    const access = input.access;
    if (
      input.spec.deferred ||
      access === undefined ||
      access.level !== 'doc' ||
      access.form !== 'codes' ||
      codeMapFor(input, presentContext) !== undefined
    )
      continue;
    input.counted = docFacets.add(access, input.bit);
  }
  const order = segment(
    docFull,
    docSingles,
    docs,
    count,
    scratch.segments,
    scratch.segmentCursor,
    scratch,
    docFacets,
  );

  const candidates: Candidates = {
    docs,
    order,
    segments: scratch.segments,
    rowStart,
    rowMask,
    rowDoc,
    variantGrain,
    scratch,
    tileSpace: variantGrain ? listing.rows : scratch.segments[33]!,
    docFull,
    unionOf: (access) => listing.docUnionMask(access, sold),
  };

  // Ranking.
  const start = (request.page - 1) * request.perPage;
  const ranking = request.countOnly || start >= REACHABLE_HITS ? undefined : index.topK;
  ranking?.reset(Math.min(start + request.perPage, REACHABLE_HITS));
  const total = rank(listing, candidates, request, channel, view, text !== undefined, ranking);
  const reachable = Math.min(total, REACHABLE_HITS);

  const hits: ListingHit[] = [];
  const hitDocs: number[] = [];
  if (ranking && start < reachable) {
    const ranked = ranking.drain(index.pageDocs, index.pageScores);
    const end = Math.min(start + request.perPage, reachable, ranked);
    const rowClauses = clauses.filter((clause) => clause.level === 'row');
    const namesVariant = variantGrain || clauses.some((clause) => clause.picksVariant);
    const fieldContext = { locale: request.locale, channel, time: request.time };
    for (let rankAt = start; rankAt < end; rankAt++) {
      // Tiles were ranked by catalog numbers (documents, or rows in catalog order) so ties keep catalog order.
      const id = index.pageDocs[rankAt]!;
      const row0 = variantGrain ? listing.rowOfCatalogRow(id) : -1;
      const slot = variantGrain ? rowDoc[row0]! : listing.slotOfDoc[id]!;
      const doc = listing.docOfSlot[slot]!;
      const row = variantGrain
        ? row0
        : shownRow(slot, rowClauses, channel, view.price, listing.rowStart, rowDoc);
      const hit: ListingHit = {
        entity: `${type.type}:${stringAt(type.ids, doc)}`,
        fields: hitFields(type, doc, row, fieldContext),
        score: index.pageScores[rankAt]!,
      };
      if (namesVariant) hit.variant = stringAt(listing.data.rowIds, row);
      hits.push(hit);
      hitDocs.push(doc);
    }
  }

  const facets: Facet[] = [];
  for (let f = 0; f < inputs.length; f++) {
    const facet = presentFacet(inputs[f]!, candidates, presentContext);
    if (facet) facets.push(facet);
  }

  return { total, reachable, hits, docs: hitDocs, facets, currency: channel.columns.currency, clauses };
}

function categoryTest(
  field: { codes?: Uint32Array; offsets?: Uint32Array; values?: Uint32Array },
  code: number,
) {
  if (field.codes) {
    const codes = field.codes;
    return (doc: number) => codes[doc] === code;
  }
  const offsets = field.offsets!;
  const values = field.values!;
  return (doc: number) => {
    for (let i = offsets[doc]!; i < offsets[doc + 1]!; i++) if (values[i] === code) return true;
    return false;
  };
}

/**
 * Counts the matching tiles and offers each to `ranking`: by its sort value (a row-level value
 * reduced over the tile's matching rows), or by relevance: the text score times one plus the
 * weighted signals, or the weighted signals alone when the request has no words.
 */
function rank(
  listing: StructuredIndex,
  candidates: Candidates,
  request: ListingRequest,
  channel: LoadedChannel,
  view: OfferView,
  hasText: boolean,
  ranking: TopK | undefined,
): number {
  const { docs, order, segments, rowStart, rowMask, variantGrain, scratch } = candidates;
  const full0 = segments[0]!;
  const full1 = segments[1]!;
  let total = 0;
  if (variantGrain) {
    for (let p = full0; p < full1; p++) {
      const doc = docs[order[p]!]!;
      for (let row = rowStart[doc]!; row < rowStart[doc + 1]!; row++) if (rowMask[row] === 0) total++;
    }
  } else {
    total = full1 - full0;
  }
  if (ranking === undefined) return total;

  const signals = listing.signals.at(request.time);
  const docOfSlot = listing.docOfSlot;
  const reader = request.sort ? sortReader(request.sort, listing, channel, view) : undefined;
  const descending = request.sort?.direction === 'desc';
  const scores = scratch.docScores;
  const relevance = (j: number, doc: number) => {
    const signal = signals === undefined ? 0 : signals[doc]!;
    return hasText ? scores[j]! * (1 + signal) : signal;
  };
  const sortScore = (value: number) =>
    Number.isNaN(value) ? Number.NEGATIVE_INFINITY : descending ? value : -value;

  for (let p = full0; p < full1; p++) {
    const j = order[p]!;
    const doc = docs[j]!;
    const end = rowStart[doc + 1]!;
    if (variantGrain) {
      for (let row = rowStart[doc]!; row < end; row++) {
        if (rowMask[row] !== 0) continue;
        const score = reader
          ? sortScore(reader.value(reader.level === 'row' ? row : doc))
          : relevance(j, doc);
        ranking.offer(listing.catalogRow(row), score);
      }
      continue;
    }
    let score: number;
    if (reader === undefined) score = relevance(j, doc);
    else if (reader.level === 'doc') score = sortScore(reader.value(doc));
    else {
      let best = Number.NaN;
      for (let row = rowStart[doc]!; row < end; row++) {
        if (rowMask[row] !== 0) continue;
        const value = reader.value(row);
        if (!Number.isNaN(value) && (Number.isNaN(best) || (reader.lower ? value < best : value > best)))
          best = value;
      }
      score = sortScore(best);
    }
    ranking.offer(docOfSlot[doc]!, score);
  }
  return total;
}

/** The row a tile shows: of its rows sold and passing every row filter, the cheapest; else its first. */
function shownRow(
  doc: number,
  rowClauses: readonly Clause[],
  channel: LoadedChannel,
  price: Float64Array,
  rowStart: Uint32Array,
  rowDoc: Uint32Array,
): number {
  let best = -1;
  let bestPrice = Number.POSITIVE_INFINITY;
  for (let row = rowStart[doc]!; row < rowStart[doc + 1]!; row++) {
    if (channel.columns.sold[row] === 0) continue;
    let passes = true;
    for (let c = 0; c < rowClauses.length && passes; c++) passes = rowPasses(rowClauses[c]!, row, rowDoc);
    if (!passes) continue;
    const value = Number.isNaN(price[row]!) ? Number.POSITIVE_INFINITY : price[row]!;
    if (best < 0 || value < bestPrice) {
      best = row;
      bestPrice = value;
    }
  }
  return best >= 0 ? best : rowStart[doc]!;
}

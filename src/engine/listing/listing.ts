import type { Facet } from '../../contracts/search.js';
import type { EngineIndex, TypeIndex } from '../engine-index.js';
import type { Candidates, CodeMap, SegmentOrder } from '../facets/count.js';
import { jointEligible, targetBitsOf } from '../facets/joint.js';
import { EDGES } from '../facets/ladder.js';
import { codeMapFor, deferredFacet, type FacetInput, presentFacet } from '../facets/present.js';
import type { FacetSpec } from '../facets/spec.js';
import { withDetected } from '../filter/choice.js';
import type { SelectContext } from '../filter/evaluate.js';
import { stringAt } from '../index/string-table.js';
import type { OfferView } from '../offers/view.js';
import { REACHABLE_HITS, type TopK } from '../ranking/top-k.js';
import { hitFields, touchHitColumns } from '../results/fields.js';
import { type SortSpec, sortReader } from '../sort/keys.js';
import {
  buildClauses,
  type Clause,
  docTests,
  markDocuments,
  markProjection,
  rowPasses,
  rowTests,
} from './clauses.js';
import {
  type Merchandising,
  pageEntries,
  type StandingPin,
  slotPassesClauses,
  standingPins,
  weighCandidates,
} from './merchandise.js';
import { type PackedSlot, packingKey } from './packed-rows.js';
import { ListedRelevance, type TextSearch } from './relevance.js';
import { passCandidates, RowPass } from './row-pass.js';
import { DocFacets, segment } from './segments.js';
import type { FieldAccess, LoadedChannel, StructuredIndex } from './structured-index.js';

/** What one search sets up for its pass over rows and its document-level facets (searches run one at a time). */
const rowPass = new RowPass();
const documentFacets = new DocFacets();

/** How a field packs by its values (bit c for code c), made once per field. */
const valuePackings = new WeakMap<FieldAccess, { bits: Uint32Array; key: string }>();

function valuePacking(access: FieldAccess): { bits: Uint32Array; key: string } {
  let made = valuePackings.get(access);
  if (made === undefined) {
    made = packing(access, undefined);
    valuePackings.set(access, made);
  }
  return made;
}

/** Per code, its targets as bits, and the key the field packed so is known by (see PackedRows). */
function packing(access: FieldAccess, map: CodeMap | undefined): { bits: Uint32Array; key: string } {
  const bits = targetBitsOf(access, map);
  return { bits, key: packingKey(access.name, bits) };
}

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
  /** Choices the query's words made: read as the shopper's are (see withDetected). */
  detected?: Record<string, unknown>;
  /** Constraints the shopper cannot remove (rules), each a selector. */
  where?: ReadonlyArray<Record<string, unknown>>;
  /** Facets to count and show, in display order. */
  facets?: readonly FacetSpec[];
  /** Default: relevance. */
  sort?: SortSpec;
  /** Hides, pins and weights of the release's rules. */
  merchandising?: Merchandising | undefined;
}

export interface ListingHit {
  entity: string;
  variant?: string;
  fields: Record<string, unknown>;
  score: number;
  /** A pin placed it at this position (counted from 1 across pages). */
  pinned?: number;
  /** A paid pin placed it. */
  sponsored?: { campaign: string };
  /** The product of the boost and bury factors on its relevance, when not 1. */
  factor?: number;
}

export interface ListingResult {
  total: number;
  reachable: number;
  hits: ListingHit[];
  /** Per hit, its document (the text postings' numbering, which is the listing's slots'). */
  docs: number[];
  facets: Facet[];
  /** The channel's currency, absent when nothing names one. */
  currency?: string;
  /** The request's filters as read, for the answer's applied filters. */
  clauses: readonly Clause[];
}

/**
 * Lists one type: candidates (text matches, the category's documents, or every document), the
 * filters, facets counted under every filter but their own, a ranking by relevance or a sort,
 * and the page's hits. `search` runs the text search (absent when the query has no words).
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
  search: TextSearch | undefined,
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
  const merchandising = request.merchandising ?? {};
  const hides = merchandising.hides ?? [];
  const chosen = withDetected(request.filters, request.detected);
  const where =
    chosen.constraints.length === 0
      ? (request.where ?? [])
      : [...(request.where ?? []), ...chosen.constraints];
  const hideConstraints: Array<Record<string, unknown>> = hides.map((hide) => ({ not: hide }));
  const clauses = buildClauses(
    chosen.filters,
    hides.length === 0 ? where : [...where, ...hideConstraints],
    context,
  );
  const hideClauses =
    hides.length === 0
      ? clauses.slice(0, 0)
      : clauses.filter(
          (clause) => clause.constraint !== undefined && hideConstraints.includes(clause.constraint),
        );
  const hidden = merchandising.hidden ?? [];
  const scratch = listing.scratch;
  scratch.releaseCounts();
  const { docs, docMasks, docFull, docSingles, rowMask } = scratch;
  const { rowStart, rowDoc } = listing;
  const categoryCode = request.category === undefined ? -1 : listing.categoryCode(request.category);
  const variantGrain = listing.data.grain === 'variant';
  if (
    search &&
    categoryCode !== 0 &&
    clauses.length === 0 &&
    !variantGrain &&
    (request.facets ?? []).every((spec) => spec.deferred) &&
    (request.sort === undefined || sortReader(request.sort, listing, channel, view) === undefined) &&
    hidden.length === 0 &&
    (merchandising.pins?.length ?? 0) === 0 &&
    (merchandising.weights?.length ?? 0) === 0
  ) {
    return rankedTextListing(index, type, request, { channel, view, clauses, categoryCode }, search);
  }

  const { excluded } = scratch;
  for (const doc of hidden) if (doc < listing.documents) excluded[doc] = 1;
  const within = categoryWithin(listing, categoryCode);

  // Candidates.
  let count = 0;
  let unscored = false;
  if (search) {
    // Text matches come ascending, as the columns are read. Each score stays at its document
    // (slotScores), where ranking reads it; unscored ones are scored when they rank (below).
    const { textScores, slotScores } = scratch;
    const collected = search.collect({ docs, scores: textScores });
    unscored = collected.unscored;
    const hiding = hidden.length > 0;
    for (let j = 0; j < collected.matches; j++) {
      const doc = docs[j]!;
      if ((within && !within(doc)) || (hiding && excluded[doc] === 1)) continue;
      docs[count++] = doc;
      if (!unscored) slotScores[doc] = textScores[j]!;
    }
  }

  // Document-level filters, and what row-level ones tell of a whole document: the pass over
  // candidates (passCandidates) keeps documents failing one at most. Most are read there, inline;
  // the others each mark the candidates beforehand.
  const whole = docTests(clauses, listing, channel.columns.sold);
  let source = search ? docs : categoryCode >= 0 ? listing.categoryDocs(categoryCode) : scratch.allDocs;
  if (!search) {
    count = source.length;
    if (hidden.length > 0) {
      // Hidden entities leave the candidates before anything reads them.
      count = 0;
      for (let j = 0; j < source.length; j++) {
        const slot = source[j]!;
        if (excluded[slot] !== 1) docs[count++] = slot;
      }
      source = docs;
    }
  }
  const marked = whole.apart.length > 0;
  if (marked) {
    if (source !== docs) docs.set(source);
    source = docs;
    docMasks.fill(0, 0, count);
    for (let c = 0; c < whole.apart.length; c++) {
      const clause = whole.apart[c]!;
      if (clause.level === 'doc') markDocuments(clause, docs, docMasks, count);
      else markProjection(clause, listing, docs, docMasks, count, channel.columns.sold);
    }
  }

  // Facets, and the row-level ones of few values counted in the pass over rows below: a tile
  // gathers their targets as bits from its rows that count (mask 0 for every facet, or the facet's
  // own bit alone), then counts each bit once.
  const presentContext = {
    shared: listing.shared,
    locale: request.locale,
    time: request.time,
    pageCategory: request.category,
    categoryCode: (id: string) => listing.categoryCode(id),
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
      map: undefined,
    });
  }

  // Small row-level fields are read from words packed per row (PackedRows): the joint facets'
  // targets, and for filters on them the values as bits. The pass over rows (RowPass) reads them.
  const packed = listing.packedRows(channel, view);
  const pass = rowPass;
  pass.reset();
  const own = pass.own;
  let reads = 1;
  const joint: JointFacet[] = [];
  for (let f = 0; f < inputs.length; f++) {
    const input = inputs[f]!;
    if (variantGrain || input.spec.deferred || !jointEligible(input, presentContext)) continue;
    const access = input.access!;
    const map = codeMapFor(input, presentContext);
    const { bits: targetBits, key } = map ? packing(access, map) : valuePacking(access);
    const width = map ? map.targets : access.dict.length;
    const slot = packed.slot(key, access.codes!, targetBits, width);
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
  let others = 0;
  for (let t = 0; t < tests.count; t++) {
    const access = tests.clauses[t]!.test?.access;
    const chosen = tests.chosen[t]!;
    if (tests.kinds[t] === 0 && access?.codes && access.dict.length <= 31 && chosen[0] !== 1) {
      const { bits: targetBits, key } = valuePacking(access);
      const slot = packed.slot(key, access.codes, targetBits, access.dict.length);
      if (slot !== undefined) {
        let bits = 0;
        for (let code = 1; code < chosen.length; code++)
          if (chosen[code] === 1) bits |= 1 << (slot.shift + code - 1);
        if (pass.packed < 2) {
          pass.packedWord[pass.packed] = slot.word;
          pass.packedBits[pass.packed] = bits;
          pass.packedBit[pass.packed] = tests.bits[t]!;
        }
        pass.packed++;
        reads = Math.max(reads, slot.word + 1);
        continue;
      }
    }
    if (others < 2) pass.other[others] = t;
    if (tests.kinds[t]! > 1) pass.generic = true;
    others++;
  }
  pass.others = others;
  pass.generic ||= pass.packed > 2 || others > 2;
  pass.tests = tests;
  pass.rowDoc = rowDoc;
  pass.reads = reads;
  for (let word = 0; word < reads; word++) pass.words[word] = packed.words[word]!;
  // A price facet (range and histogram, no buckets) is counted in the pass too: rows whose mask
  // holds no bit but its filter's give the lowest and highest price and the tiles per bin.
  let priced: FacetInput | undefined;
  for (let f = 0; f < inputs.length && !variantGrain; f++) {
    const input = inputs[f]!;
    if (input.spec.deferred || input.spec.kind !== 'range' || input.access?.form !== 'price') continue;
    priced = input;
    break;
  }
  if (priced !== undefined) {
    pass.pricing = true;
    pass.price = priced.access!.price!;
    pass.bins = priced.access!.bins!;
    pass.priceBit = priced.bit;
    pass.histogram = priced.spec.display === 'histogram';
    if (pass.histogram) {
      const { stamps, base } = scratch.stampsFor('price:bins', EDGES.length, count);
      pass.stamps = stamps;
      pass.stampBase = base;
      pass.binCounts = scratch.counts(EDGES.length);
    }
  }
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
  pass.keepsMasks = keepsMasks;
  // Documents failing one filter alone (bit b) whose rows need no reading: b's facet counts them
  // at document level, and whether a row passes every other filter follows from what the filters
  // tell of whole documents (one row-level filter besides b at most, whose projection was read).
  if (!keepsMasks) {
    for (let c = 0; c < clauses.length; c++) {
      const bit = clauses[c]!.bit;
      if (priced?.bit === bit || joint.some((one) => one.input.bit === bit)) continue;
      let others = 0;
      let projected = true;
      for (let t = 0; t < tests.count; t++) {
        if (tests.bits[t] === bit) continue;
        others++;
        projected = projectsExactly(tests.clauses[t]!, listing, channel.columns.sold);
      }
      if (others > 1 || (others === 1 && !projected)) continue;
      pass.decided |= bit;
      if (others === 0) pass.needsSold |= bit;
    }
  }
  pass.docSold = channel.docSold;

  // The pass keeps the candidates failing one filter at most, then reads their rows: unsold ones
  // are out; row-level filters mark the others. A document's segments follow from its rows: 0 when
  // one passes every filter, k + 1 for each filter k one fails alone. docFull is 2 when every sold
  // row passes every filter (the document counts as a whole). Rows are read only when something
  // reads them: a row-level filter or facet, a sort by a row's value, or tiles that are rows.
  // Otherwise a document passes on all its sold rows alike.
  const sold = channel.columns.sold;
  const readsRows =
    tests.count > 0 ||
    variantGrain ||
    inputs.some(
      (input) => !input.spec.deferred && (input.access?.level === 'row' || input.access?.form === 'range'),
    ) ||
    (request.sort !== undefined && sortReader(request.sort, listing, channel, view)?.level === 'row');
  // Document-level facets of codes as they are: counted in the pass (see DocFacets).
  const docFacets = documentFacets;
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
    const expansion = access.name === 'category' ? listing.categoryExpansion() : undefined;
    input.counted = docFacets.add(access, input.bit, scratch, expansion);
  }
  pass.docTests = whole;
  pass.facets = docFacets;
  pass.fullDocs = scratch.fullDocs;
  pass.marked = marked;
  pass.readsRows = readsRows;
  count = passCandidates(
    pass,
    source,
    count,
    docs,
    docMasks,
    rowStart,
    rowMask,
    docFull,
    docSingles,
    scratch.segments,
  );
  for (let f = 0; f < joint.length; f++) {
    const { input, slot } = joint[f]!;
    const counts = scratch.counts(slot.width + 1);
    const from = slot.word * 32 + slot.shift - 1;
    for (let target = 1; target <= slot.width; target++) counts[target] = pass.bitCounts[from + target]!;
    input.counted = counts;
  }
  if (priced !== undefined && readsRows) {
    const min = pass.lowest;
    const max = pass.highest;
    priced.ranged = pass.histogram ? { min, max, bins: pass.binCounts } : { min, max };
  }
  docFacets.finish();

  // Entries of all segments together (a document stands in each of its segments).
  let entries = 0;
  for (let s = 1; s < scratch.segments.length; s++) entries += scratch.segments[s]!;
  let ordered: SegmentOrder | undefined;
  const candidates: Candidates = {
    docs,
    full: scratch.segments[1]!,
    fullDocs: scratch.fullDocs,
    ordered: () => {
      ordered ??= {
        order: segment(docFull, docSingles, count, scratch.segments, scratch.segmentCursor, scratch),
        segments: scratch.segments,
      };
      return ordered;
    },
    rowStart,
    rowMask,
    rowDoc,
    variantGrain,
    scratch,
    tileSpace: variantGrain ? listing.rows : entries,
    docFull,
    unionOf: (access) => listing.docUnionMask(access, sold),
  };

  // Ranking.
  const start = (request.page - 1) * request.perPage;
  const ranking = request.countOnly || start >= REACHABLE_HITS ? undefined : index.topK;
  // Variant tiles are offered by their rows' numbers in catalog order, which break ties themselves.
  ranking
    ?.tieOrder(variantGrain ? undefined : listing.catalogPosition)
    .reset(Math.min(start + request.perPage, REACHABLE_HITS));
  // Boosts and buries weigh the candidates; pins that stand are passed over, then placed.
  const factors = weighCandidates(
    merchandising.weights ?? [],
    context,
    docs,
    count,
    scratch.docFactors,
    scratch.weightMasks,
  )
    ? scratch.docFactors
    : undefined;
  const pins: StandingPin[] =
    ranking && merchandising.pins !== undefined && merchandising.pins.length > 0
      ? standingPins(merchandising.pins, listing, scratch.pinned, excluded, (slot, all) =>
          slotPassesClauses(slot, all ? clauses : hideClauses, listing, sold, all ? within : undefined),
        )
      : [];
  for (const doc of hidden) if (doc < listing.documents) excluded[doc] = 0;
  const pinned = pins.length > 0 ? scratch.pinned : undefined;
  // Text matches collected unscored are scored now that the tiles to rank by relevance are known.
  if (
    search !== undefined &&
    unscored &&
    ranking !== undefined &&
    (request.sort === undefined || sortReader(request.sort, listing, channel, view) === undefined)
  ) {
    search.score(docs, scratch.fullDocs, scratch.segments[1]!, scratch.slotScores);
  }
  const total = rank(
    listing,
    candidates,
    request,
    channel,
    view,
    search !== undefined,
    ranking,
    pinned,
    factors,
  );
  for (const pin of pins) scratch.pinned[pin.slot] = 0;
  const reachable = Math.min(total, REACHABLE_HITS);
  const page = pageHits(index, type, request, { channel, view, clauses }, ranking, reachable, pins, factors);

  const facets: Facet[] = [];
  for (let f = 0; f < inputs.length; f++) {
    const facet = presentFacet(inputs[f]!, candidates, presentContext);
    if (facet) facets.push(facet);
  }

  return { total, reachable, ...page, facets, ...currencyOf(channel.columns), clauses };
}

/** What a listing reads its request in: the channel, its offers at the request's time, the filters. */
interface ListingContext {
  channel: LoadedChannel;
  view: OfferView;
  clauses: readonly Clause[];
}

/**
 * A text listing whose page does not need every match (no filter, no counted facet, relevance,
 * tiles that are documents): the text search ranks by the listing's relevance as it goes, only as
 * deep as the page, with the page's floor (see ListedRelevance); what executeListing would list,
 * counted alike: matches sold in the channel (and within the category).
 */
function rankedTextListing(
  index: EngineIndex,
  type: TypeIndex,
  request: ListingRequest,
  context: ListingContext & { categoryCode: number },
  search: TextSearch,
): ListingResult {
  const listing = type.listing;
  const { channel, categoryCode } = context;
  const start = (request.page - 1) * request.perPage;
  const top =
    request.countOnly || start >= REACHABLE_HITS ? undefined : index.topK.tieOrder(listing.catalogPosition);
  const depth = Math.min(start + request.perPage, REACHABLE_HITS);
  // The documents that count: sold in the channel, and within the category when there is one.
  const within = categoryCode > 0 ? listing.categoryDocs(categoryCode) : undefined;
  let counts = channel.sellsAll ? undefined : channel.docSold;
  if (within) {
    counts = listing.scratch.docCounts;
    for (let i = 0; i < within.length; i++) counts[within[i]!] = channel.docSold[within[i]!]!;
  }
  // Without signals and with every document counting, relevance is the text score: the top-k ranks alone.
  const signals = listing.signals.at(request.time);
  const ranking =
    top && (signals !== undefined || counts !== undefined) ? new ListedRelevance(top, counts, signals) : top;
  let total: number;
  try {
    total = search.rank(ranking, depth, counts);
  } finally {
    if (within) for (let i = 0; i < within.length; i++) counts![within[i]!] = 0;
  }
  const reachable = Math.min(total, REACHABLE_HITS);
  const page = pageHits(index, type, request, context, top, reachable);
  return {
    total,
    reachable,
    ...page,
    facets: (request.facets ?? []).map(deferredFacet),
    ...currencyOf(channel.columns),
    clauses: context.clauses,
  };
}

/**
 * The page's hits from `ranking`, which holds the best tiles down to the page's last (none
 * without a ranking), and per hit its document.
 */
function pageHits(
  index: EngineIndex,
  type: TypeIndex,
  request: ListingRequest,
  { channel, view, clauses }: ListingContext,
  ranking: TopK | undefined,
  reachable: number,
  pins: readonly StandingPin[] = [],
  factors: Float64Array | undefined = undefined,
): { hits: ListingHit[]; docs: number[] } {
  const hits: ListingHit[] = [];
  const docs: number[] = [];
  const start = (request.page - 1) * request.perPage;
  if (ranking === undefined || (start >= reachable && pins.length === 0)) return { hits, docs };
  const listing = type.listing;
  const { rowDoc } = listing;
  const variantGrain = listing.data.grain === 'variant';
  const { pageDocs, pageScores } = index;
  const ranked = Math.min(ranking.drain(pageDocs, pageScores), reachable);
  // Pins stand at their positions among the ranked tiles (see pageEntries).
  const entries = pins.length === 0 ? undefined : pageEntries(pins, ranked, start, start + request.perPage);
  const end = entries === undefined ? Math.min(start + request.perPage, ranked) : start + entries.length;
  const rowClauses = clauses.filter((clause) => clause.level === 'row');
  const namesVariant = variantGrain || clauses.some((clause) => clause.picksVariant);
  const fieldContext = { locale: request.locale, channel, view };
  // Each step goes over every hit before the next, so that the hits' reads of scattered memory
  // (rows, their columns) are under way together rather than one hit after another.
  // Variant tiles were ranked by their rows' numbers in catalog order, so that ties keep catalog order.
  const { pageDocs: hitDocs, pageRows: hitRows } = listing.scratch;
  const count = Math.max(0, end - start);
  // The rank of the i-th tile of the page, or -1 for a pin.
  const rankAt = (i: number) => (entries === undefined ? start + i : (entries[i]!.rank ?? -1));
  for (let i = 0; i < count; i++) {
    const at = rankAt(i);
    if (at < 0) hitDocs[i] = entries![i]!.pin!.slot;
    else if (variantGrain) {
      hitRows[i] = listing.rowOfCatalogRow(pageDocs[at]!);
      hitDocs[i] = rowDoc[hitRows[i]!]!;
      continue;
    } else hitDocs[i] = pageDocs[at]!;
    hitRows[i] = shownRow(hitDocs[i]!, rowClauses, channel, view.price, listing.rowStart, rowDoc);
  }
  listing.scratch.touched = touchHitColumns(type, hitDocs, hitRows, count, fieldContext);
  for (let i = 0; i < count; i++) {
    const doc = hitDocs[i]!;
    const row = hitRows[i]!;
    const at = rankAt(i);
    const hit: ListingHit = {
      entity: `${type.type}:${stringAt(type.ids, doc)}`,
      fields: hitFields(type, doc, row, fieldContext),
      score: at >= 0 ? pageScores[at]! : 0,
    };
    if (namesVariant) hit.variant = stringAt(listing.data.rowIds, row);
    const pin = entries === undefined ? undefined : entries[i]!.pin;
    if (pin !== undefined) {
      hit.pinned = start + i + 1;
      if (pin.campaign !== undefined) hit.sponsored = { campaign: pin.campaign };
    } else if (factors !== undefined && factors[doc] !== 1) {
      hit.factor = factors[doc]!;
    }
    hits.push(hit);
    docs.push(doc);
  }
  return { hits, docs };
}

/** The test of a slot lying within the listed category; undefined without a category. */
function categoryWithin(listing: StructuredIndex, code: number): ((slot: number) => boolean) | undefined {
  return code >= 0 ? categoryTest(listing.fields.get('category')!, code) : undefined;
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
  pinned: Uint8Array | undefined,
  factors: Float64Array | undefined,
): number {
  // The tiles that match: the candidates with a row passing every filter (docFull), or those
  // rows when tiles are rows.
  const { docs, full, fullDocs, rowStart, rowMask, variantGrain, scratch } = candidates;
  let total = full;
  if (variantGrain) {
    total = 0;
    for (let f = 0; f < full; f++) {
      const doc = docs[fullDocs[f]!]!;
      for (let row = rowStart[doc]!; row < rowStart[doc + 1]!; row++) if (rowMask[row] === 0) total++;
    }
  }
  if (ranking === undefined) return total;

  const signals = listing.signals.at(request.time);
  const reader = request.sort ? sortReader(request.sort, listing, channel, view) : undefined;
  const descending = request.sort?.direction === 'desc';
  const scores = scratch.slotScores;
  // A factor scales relevance; without words relevance is the signal alone, so it scales one
  // plus the signal (the order of unweighted tiles stays the signal's).
  const relevance = (doc: number) => {
    const signal = signals === undefined ? 0 : signals[doc]!;
    if (factors === undefined || factors[doc] === 1) return hasText ? scores[doc]! * (1 + signal) : signal;
    return hasText ? scores[doc]! * (1 + signal) * factors[doc]! : (1 + signal) * factors[doc]! - 1;
  };
  const sortScore = (value: number) =>
    Number.isNaN(value) ? Number.NEGATIVE_INFINITY : descending ? value : -value;

  for (let f = 0; f < full; f++) {
    const doc = docs[fullDocs[f]!]!;
    if (pinned !== undefined && pinned[doc] === 1) continue;
    const end = rowStart[doc + 1]!;
    if (variantGrain) {
      for (let row = rowStart[doc]!; row < end; row++) {
        if (rowMask[row] !== 0) continue;
        const score = reader ? sortScore(reader.value(reader.level === 'row' ? row : doc)) : relevance(doc);
        ranking.offer(listing.catalogRow(row), score);
      }
      continue;
    }
    let score: number;
    if (reader === undefined) score = relevance(doc);
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
    ranking.offer(doc, score);
  }
  return total;
}

/**
 * Whether a row-level clause's projection marks exactly the documents none of whose sold rows can
 * pass it, so that a document it leaves unmarked has a sold row that passes: codes read through
 * the union of the sold rows' codes (docUnionMask). A price stretch is not exact (rows at 10 and
 * 100 meet 50 to 60 as a stretch, no row does), nor a union over every row, sold or not.
 */
function projectsExactly(clause: Clause, listing: StructuredIndex, sold: Uint8Array): boolean {
  const test = clause.test;
  if (test === undefined || test.predicate.kind !== 'codes' || test.predicate.chosen[0] === 1) return false;
  return listing.docUnionMask(test.access, sold) !== undefined;
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

function currencyOf(columns: { currency?: string }): { currency?: string } {
  return columns.currency !== undefined ? { currency: columns.currency } : {};
}

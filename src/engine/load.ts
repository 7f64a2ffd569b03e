import { FIRST_WORD_TERM } from './analysis/identifiers.js';
import { ArtifactReader } from './artifact/container.js';
import { decodeAttachments, decodeIndex } from './artifact/layout.js';
import type { EngineIndex, TypeIndex } from './engine-index.js';
import { TermDictionary } from './index/dictionary.js';
import { StemIndex } from './index/stems.js';
import { SharedView } from './listing/shared-view.js';
import { StructuredIndex } from './listing/structured-index.js';
import { MatchScratch } from './match/scratch.js';
import {
  averageFieldLengths,
  heaviestField,
  heaviestFieldLengths,
  lengthSpread,
  postingImpacts,
} from './ranking/bm25.js';
import { REACHABLE_HITS, TopK } from './ranking/top-k.js';

/**
 * What loading an artifact computes over all of its bytes: its checksum checked, and each type's
 * BM25 impacts and heaviest field lengths. prepareIndex does it apart from loadIndex, so that a
 * server can have it done on another thread and load the index on its own without a long pause.
 */
export interface PreparedIndex {
  impacts: Float32Array[];
  heaviestLengths: Uint8Array[];
}

/** Checks an artifact whole and computes its per-posting tables (see PreparedIndex). */
export function prepareIndex(bytes: Uint8Array): PreparedIndex {
  const decoded = decodeIndex(new ArtifactReader(bytes));
  return {
    impacts: decoded.types.map((data) =>
      postingImpacts(
        data.postings,
        data.fieldLengths,
        averageFieldLengths(data.fieldLengths, data.documents, data.schema.fields.length),
        data.weights,
      ),
    ),
    heaviestLengths: decoded.types.map((data) =>
      heaviestFieldLengths(data.postings, data.fieldLengths, data.weights, modifiersOf(data.schema.fields)),
    ),
  };
}

/**
 * Wraps an artifact's bytes: sections become typed-array views (after one copy if the bytes are
 * not 8-byte aligned). Nothing is parsed per document; passes over the postings compute their BM25 impacts and
 * their heaviest field's lengths.
 * Throws an Error naming the problem when the bytes are not a sound artifact of this version.
 */
export function loadIndex(bytes: Uint8Array, prepared?: PreparedIndex): EngineIndex {
  const reader = new ArtifactReader(bytes, prepared !== undefined);
  const decoded = decodeIndex(reader);
  if (prepared && prepared.impacts.length !== decoded.types.length) {
    throw new Error('the prepared tables are of another artifact');
  }
  const shared = new SharedView(decoded.shared);
  const types = decoded.types.map((data, position): TypeIndex => {
    const fieldCount = data.schema.fields.length;
    const averageLengths = averageFieldLengths(data.fieldLengths, data.documents, fieldCount);
    const dictionary = new TermDictionary(data.terms);
    const heaviest = heaviestField(data.weights);
    return {
      ...data,
      dictionary,
      impacts:
        prepared?.impacts[position] ??
        postingImpacts(data.postings, data.fieldLengths, averageLengths, data.weights),
      heaviestLengths:
        prepared?.heaviestLengths[position] ??
        heaviestFieldLengths(data.postings, data.fieldLengths, data.weights, modifiersOf(data.schema.fields)),
      averageLengths,
      tierSpread: lengthSpread(data.fieldLengths, fieldCount, heaviest, averageLengths[heaviest] ?? 1),
      stemIndexes: Object.fromEntries(
        Object.entries(data.stems).map(([language, table]) => [language, new StemIndex(table)]),
      ),
      firstWordTerm: dictionary.lowerBound(FIRST_WORD_TERM),
      hasExactFields: data.schema.fields.some((field) => field.kind === 'exact'),
      hasIdentifiers: data.schema.fields.some((field) => field.kind === 'identifier'),
      listing: new StructuredIndex(data.structured, shared),
    };
  });
  const attachments = decodeAttachments(reader);
  return {
    types,
    shared,
    attachment: (name) => attachments.get(name),
    byteLength: reader.bytes.length,
    topK: new TopK(REACHABLE_HITS),
    pageDocs: new Uint32Array(REACHABLE_HITS),
    pageScores: new Float64Array(REACHABLE_HITS),
    scratch: new MatchScratch(Math.max(0, ...types.map((type) => type.documents))),
  };
}

/** The position of the heaviest field's modifiers (see analysis/kinds.ts), -1 when none. */
function modifiersOf(fields: readonly { modifies?: number }[]): number {
  return fields.findIndex((field) => field.modifies !== undefined);
}

import { FIRST_WORD_TERM } from './analysis/identifiers.js';
import { ArtifactReader } from './artifact/container.js';
import { decodeAttachments, decodeIndex } from './artifact/layout.js';
import type { EngineIndex, TypeIndex } from './engine-index.js';
import { TermDictionary } from './index/dictionary.js';
import { StemIndex } from './index/stems.js';
import { SharedView } from './listing/shared-view.js';
import { StructuredIndex } from './listing/structured-index.js';
import { MatchScratch } from './match/scratch.js';
import { averageFieldLengths, heaviestFieldLengths, postingImpacts } from './ranking/bm25.js';
import { REACHABLE_HITS, TopK } from './ranking/top-k.js';

/**
 * Wraps an artifact's bytes: sections become typed-array views (after one copy if the bytes are
 * not 8-byte aligned). Nothing is parsed per document; passes over the postings compute their BM25 impacts and
 * their heaviest field's lengths.
 * Throws an Error naming the problem when the bytes are not a sound artifact of this version.
 */
export function loadIndex(bytes: Uint8Array): EngineIndex {
  const reader = new ArtifactReader(bytes);
  const decoded = decodeIndex(reader);
  const shared = new SharedView(decoded.shared);
  const types = decoded.types.map((data): TypeIndex => {
    const fieldCount = data.schema.fields.length;
    const averageLengths = averageFieldLengths(data.fieldLengths, data.documents, fieldCount);
    const dictionary = new TermDictionary(data.terms);
    return {
      ...data,
      dictionary,
      impacts: postingImpacts(data.postings, data.fieldLengths, averageLengths, data.weights),
      heaviestLengths: heaviestFieldLengths(
        data.postings,
        data.fieldLengths,
        data.weights,
        data.schema.fields.findIndex((field) => field.modifies !== undefined),
      ),
      averageLengths,
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

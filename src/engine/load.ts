import { ArtifactReader } from './artifact/container.js';
import { decodeIndex } from './artifact/layout.js';
import type { EngineIndex } from './engine-index.js';
import { TermDictionary } from './index/dictionary.js';
import { SharedView } from './listing/shared-view.js';
import { StructuredIndex } from './listing/structured-index.js';
import { postingImpacts } from './ranking/bm25.js';
import { REACHABLE_HITS, TopK } from './ranking/top-k.js';

/**
 * Wraps an artifact's bytes: sections become typed-array views (after one copy if the bytes are
 * not 8-byte aligned). Nothing is parsed per document; one pass over the postings computes their BM25 impacts.
 * Throws an Error naming the problem when the bytes are not a sound artifact of this version.
 */
export function loadIndex(bytes: Uint8Array): EngineIndex {
  const reader = new ArtifactReader(bytes);
  const decoded = decodeIndex(reader);
  const shared = new SharedView(decoded.shared);
  const types = decoded.types.map((data) => ({
    ...data,
    dictionary: new TermDictionary(data.terms),
    impacts: postingImpacts(data.postings, data.fieldLengths, data.documents, data.weights),
    listing: new StructuredIndex(data.structured, shared),
  }));
  return {
    types,
    shared,
    byteLength: reader.bytes.length,
    topK: new TopK(REACHABLE_HITS),
    pageDocs: new Uint32Array(REACHABLE_HITS),
    pageScores: new Float64Array(REACHABLE_HITS),
  };
}

import type { TermDictionary } from './index/dictionary.js';
import type { StemIndex } from './index/stems.js';
import type { TypeData } from './index/type-data.js';
import type { SharedView } from './listing/shared-view.js';
import type { StructuredIndex } from './listing/structured-index.js';
import type { MatchScratch } from './match/scratch.js';
import type { TopK } from './ranking/top-k.js';

/** One type's index as searched: its arrays plus what loading derives from them. */
export interface TypeIndex extends TypeData {
  readonly dictionary: TermDictionary;
  /** Per posting, its field-weighted BM25 part before idf (see ranking/bm25.ts). */
  readonly impacts: Float32Array;
  /** Per posting, its heaviest field's word count when the term is in it, else 0 (see bm25.ts). */
  readonly heaviestLengths: Uint8Array;
  /** Average token count per field, for BM25 length normalization in explanations. */
  readonly averageLengths: Float64Array;
  /** How far apart the tiers of matches are (ranking/parts.ts penaltyOf): the heaviest field's length spread. */
  readonly tierSpread: number;
  /** Per stemmed language. */
  readonly stemIndexes: Readonly<Record<string, StemIndex>>;
  /** The first term id that is a word (identifiers and exempt words sort before it). */
  readonly firstWordTerm: number;
  readonly hasExactFields: boolean;
  readonly hasIdentifiers: boolean;
  /** Rows, fields and offers as filters, facets and sorts read them. */
  readonly listing: StructuredIndex;
}

/** A loaded index: the types in section order, and scratch that every search reuses. */
export interface EngineIndex {
  readonly types: readonly TypeIndex[];
  /** Categories, brands, attributes and channels, shared by every type. */
  readonly shared: SharedView;
  /**
   * The bytes attached under `name` when the artifact was compiled (CompileOptions.attachments),
   * a view over the artifact: read it, do not change it. Undefined when the artifact holds none
   * by that name, as artifacts compiled without attachments do.
   */
  attachment(name: string): Uint8Array | undefined;
  /** Size of the artifact it was loaded from. */
  readonly byteLength: number;
  readonly topK: TopK;
  /** Where a page's hits are drained from the heap, best first. */
  readonly pageDocs: Uint32Array;
  readonly pageScores: Float64Array;
  readonly scratch: MatchScratch;
}

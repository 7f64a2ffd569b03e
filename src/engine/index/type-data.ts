import type { TypeSchema } from '../settings.js';
import type { StructuredData } from './columns-data.js';
import type { Postings } from './postings.js';
import type { StemTable } from './stems.js';
import type { StringTable } from './string-table.js';

/**
 * Everything one entity type's index holds, as flat arrays: what a TypeBuilder produces, what
 * the artifact writes, and what loading reads back (as views over the artifact's bytes).
 */
export interface TypeData {
  readonly type: string;
  readonly documents: number;
  /** Its fields, typo and prefix settings and stemmed languages. */
  readonly schema: TypeSchema;
  /** Weight per index field, in schema.fields order. */
  readonly weights: Float64Array;
  /** Sorted terms; a term's id is its position. */
  readonly terms: StringTable;
  readonly postings: Postings;
  /** Tokens per doc and field: fieldLengths[doc * fieldCount + field], for length normalization. */
  readonly fieldLengths: Uint16Array;
  /** The merchant's id per doc. */
  readonly ids: StringTable;
  /** One JSON object of result data per doc (texts in every locale; offers are in `structured`). */
  readonly stored: StringTable;
  /** Per stemmed language. */
  readonly stems: Readonly<Record<string, StemTable>>;
  /** Rows, field columns, offers per channel, signals: see columns-data.ts. */
  readonly structured: StructuredData;
}

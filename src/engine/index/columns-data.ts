import type { StringTable } from './string-table.js';

/**
 * The structured half of one type's index: variants as rows grouped under their document, one
 * column per field a filter, facet or sort reads, and per channel the offers of every row. All
 * typed arrays, written to the artifact as they are and read back as views.
 */

/** Fields are read per document (product-level) or per row (variant-level and offers). */
export type FieldLevel = 'doc' | 'row';

/**
 * What a field holds, which decides how its values compare and count: the built-in `category`,
 * `brand` and `rating`, or an attribute's type.
 */
export type FieldNature =
  | 'category'
  | 'brand'
  | 'rating'
  | 'option'
  | 'boolean'
  | 'number'
  | 'quantity'
  | 'date'
  | 'identifier'
  | 'range';

export type FieldValue = string | number | boolean;

/** The column `category` `is` reads: assigned (and smart) categories without their ancestors. */
export const CATEGORY_IS = 'category.is';

/**
 * A dictionary-encoded column over slots (documents or rows). Codes start at 1; 0 is "no value".
 * A column whose slots hold one value at most keeps one code per slot (`codes`); otherwise slot s
 * holds values[offsets[s] .. offsets[s + 1]], ascending and distinct.
 */
export interface CodeColumn {
  readonly codes?: Uint32Array;
  readonly offsets?: Uint32Array;
  readonly values?: Uint32Array;
}

export interface FieldMeta {
  readonly name: string;
  readonly level: FieldLevel;
  readonly nature: FieldNature;
  /** Values by code - 1, in value order (the options' order, numbers and dates ascending). */
  readonly dict: readonly FieldValue[];
}

export interface FieldColumn extends FieldMeta {
  readonly column: CodeColumn;
  /** Range attributes: the low and high end per slot (NaN for none); no codes. */
  readonly low?: Float64Array;
  readonly high?: Float64Array;
}

/** A duration in days no delivery reaches: "none" in the delivery columns. */
export const NO_DAYS = 0xffff;

/** One channel's offers, per row. NaN is "none" in the numbers. */
export interface ChannelColumns {
  readonly id: string;
  /** Absent when neither the channel nor any offer names one. */
  readonly currency?: string;
  /** 1 where the row is sold in the channel. */
  readonly sold: Uint8Array;
  readonly price: Float64Array;
  readonly salePrice: Float64Array;
  /** Sale prices valid only within a window: the rows, and each window's ends in ms (±Infinity open). */
  readonly windowRows: Uint32Array;
  readonly windowFrom: Float64Array;
  readonly windowUntil: Float64Array;
  /** Availability code (position in AVAILABILITIES + 1), 0 for none. */
  readonly availability: Uint8Array;
  /** Days of delivery, NO_DAYS for none. */
  readonly deliveryMin: Uint16Array;
  readonly deliveryMax: Uint16Array;
  readonly stock: Float64Array;
  /** Currency of the row's offer where it names one other than the channel's: index + 1 into `currencies`. */
  readonly currencyCodes: Uint8Array;
  readonly currencies: readonly string[];
}

export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;

/** A signal as the type holds it: raw values per document for sorts, NaN for none. */
export interface SignalColumn {
  readonly code: string;
  readonly values: Float64Array;
}

/** A dated signal weighted in relevance: its half-life is applied at the request's time. */
export interface DatedSignal {
  readonly code: string;
  readonly weight: number;
  readonly halfLifeDays: number;
  /** Sign of the age: newer is better. */
  readonly values: Float64Array;
}

/**
 * Every array indexed by document here is in the index's document order: documents sorted by
 * category (see columns-order.ts), so a category's documents are neighbours. Rows follow their documents.
 */
export interface StructuredData {
  readonly rows: number;
  /** Per document, its position in the catalog (the order the type's entities came in): ties break by it. */
  readonly catalogPosition: Uint32Array;
  /** Where each document's rows start in catalog order (by catalog position, length documents + 1). */
  readonly rowBase: Uint32Array;
  /** Rows of slot s are rowStart[s] .. rowStart[s + 1]; every document has at least one. */
  readonly rowStart: Uint32Array;
  /** The merchant's variant id per row; a document without variants has one row named by its id. */
  readonly rowIds: StringTable;
  /** Per row, the variant's own result data as JSON; empty for a document's implicit row. */
  readonly rowStored: StringTable;
  readonly fields: readonly FieldColumn[];
  readonly channels: readonly ChannelColumns[];
  readonly signals: readonly SignalColumn[];
  /** Per document, the weighted sum of its signals that do not depend on time. */
  readonly signalScore: Float32Array;
  readonly datedSignals: readonly DatedSignal[];
  /** Whether any signal is weighted for this type: relevance then reads signalScore and datedSignals. */
  readonly weighted: boolean;
  /** What a tile is. */
  readonly grain: 'product' | 'variant';
  /** types.json's result fields, or undefined for the defaults. */
  readonly resultFields: readonly string[] | undefined;
}

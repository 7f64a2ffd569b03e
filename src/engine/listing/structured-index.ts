import {
  AVAILABILITIES,
  CATEGORY_IS,
  type ChannelColumns,
  type FieldLevel,
  type FieldNature,
  type FieldValue,
  NO_DAYS,
  type StructuredData,
} from '../index/columns-data.js';
import { ChannelOffers, type OfferView } from '../offers/view.js';
import { SignalScores } from '../signals/score.js';
import { PackedRows } from './packed-rows.js';
import { ListingScratch } from './scratch.js';
import type { Expansion } from './segments.js';
import type { SharedView } from './shared-view.js';

/** What a field is, for choosing and counting: an attribute's type or a built-in field. */
export type AccessNature = FieldNature | 'price' | 'on_sale' | 'availability' | 'delivery_days';

/**
 * A field as one request reads it: the columns of its channel at its time. `codes` fields (most)
 * are dictionary-encoded, one code per slot (`codes`) or several (`offsets`, `values`); `price`
 * is a number per row with its histogram bin; `range` attributes have a low and a high end.
 */
export interface FieldAccess {
  readonly name: string;
  readonly level: FieldLevel;
  readonly form: 'codes' | 'price' | 'range';
  readonly nature: AccessNature;
  readonly dict: readonly FieldValue[];
  /** The number of each code (index = code; dates in ms), NaN where a value is no number. */
  readonly numbers: Float64Array;
  readonly codes?: Uint32Array;
  readonly offsets?: Uint32Array;
  readonly values?: Uint32Array;
  readonly price?: Float64Array;
  readonly bins?: Uint16Array;
  readonly low?: Float64Array;
  readonly high?: Float64Array;
}

function numbersOf(nature: AccessNature, dict: readonly FieldValue[]): Float64Array {
  const numbers = new Float64Array(dict.length + 1).fill(Number.NaN);
  dict.forEach((value, index) => {
    if (typeof value === 'number') numbers[index + 1] = value;
    else if (nature === 'date' && typeof value === 'string') numbers[index + 1] = Date.parse(value);
  });
  return numbers;
}

/** The codes of a row-level field that each document's rows hold: offsets per document into values. */
export interface DocUnion {
  readonly offsets: Uint32Array;
  readonly values: Uint32Array;
}

/** One channel's offer fields that do not depend on time: availability and delivery days as codes. */
export class LoadedChannel {
  readonly offers: ChannelOffers;
  readonly availability: FieldAccess;
  readonly delivery: FieldAccess;
  /** Per document, 1 when one of its rows is sold in the channel. */
  readonly docSold: Uint8Array;
  /** Every document has a row sold in the channel. */
  readonly sellsAll: boolean;

  constructor(
    readonly columns: ChannelColumns,
    rowStart: Uint32Array,
  ) {
    this.offers = new ChannelOffers(columns);
    const documents = rowStart.length - 1;
    this.docSold = new Uint8Array(documents);
    let sold = 0;
    for (let doc = 0; doc < documents; doc++) {
      for (let row = rowStart[doc]!; row < rowStart[doc + 1]!; row++)
        this.docSold[doc]! |= columns.sold[row]!;
      sold += this.docSold[doc]!;
    }
    this.sellsAll = sold === documents;
    const availability = new Uint32Array(columns.availability);
    this.availability = {
      name: 'availability',
      level: 'row',
      form: 'codes',
      nature: 'availability',
      dict: AVAILABILITIES,
      numbers: numbersOf('availability', AVAILABILITIES),
      codes: availability,
    };
    // delivery_days reads the latest day of delivery.
    const days = [...new Set(columns.deliveryMax)].filter((day) => day !== NO_DAYS).sort((a, b) => a - b);
    const codeOf = new Map(days.map((day, index) => [day, index + 1]));
    const codes = new Uint32Array(columns.deliveryMax.length);
    for (let row = 0; row < codes.length; row++) codes[row] = codeOf.get(columns.deliveryMax[row]!) ?? 0;
    this.delivery = {
      name: 'delivery_days',
      level: 'row',
      form: 'codes',
      nature: 'delivery_days',
      dict: days,
      numbers: numbersOf('delivery_days', days),
      codes,
    };
  }

  get id(): string {
    return this.columns.id;
  }
}

const ON_SALE_DICT: readonly FieldValue[] = [true, false];

/**
 * A type's structured half as searches read it: the loaded columns plus what loading derives
 * (the document of each row, numbers of dictionary values, per channel offer views). Columns are
 * indexed by document, in category order (see columns-order.ts); the listing calls a document's
 * place in its arrays its slot, which is its number in the text half too.
 */
export class StructuredIndex {
  readonly documents: number;
  readonly rows: number;
  readonly rowStart: Uint32Array;
  /** The document (slot) of each row. */
  readonly rowDoc: Uint32Array;
  /** Per document, its position in the catalog: ties break by it. */
  readonly catalogPosition: Uint32Array;
  /** The document at each catalog position. */
  readonly documentAt: Uint32Array;
  readonly fields: ReadonlyMap<string, FieldAccess>;
  readonly channels: readonly LoadedChannel[];
  readonly signals: SignalScores;
  #scratch: ListingScratch | undefined;
  readonly #viewFields = new WeakMap<OfferView, { price: FieldAccess; onSale: FieldAccess }>();
  readonly #unions = new WeakMap<Uint32Array, DocUnion>();
  readonly #unionMasks = new WeakMap<Uint32Array, WeakMap<Uint8Array, Uint32Array>>();
  readonly #priceRanges = new WeakMap<Float64Array, { low: Float64Array; high: Float64Array }>();
  #expansion: Expansion | null | undefined;
  readonly #packed = new WeakMap<OfferView, PackedRows>();
  private categoryPostings: { starts: Uint32Array; docs: Uint32Array } | undefined;
  private categoryCodes: Map<string, number> | undefined;

  constructor(
    readonly data: StructuredData,
    readonly shared: SharedView,
  ) {
    this.documents = data.rowStart.length - 1;
    this.rows = data.rows;
    this.rowStart = data.rowStart;
    this.rowDoc = new Uint32Array(data.rows);
    for (let doc = 0; doc < this.documents; doc++) {
      this.rowDoc.fill(doc, data.rowStart[doc]!, data.rowStart[doc + 1]!);
    }
    this.catalogPosition = data.catalogPosition;
    this.documentAt = new Uint32Array(this.documents).fill(0xffffffff);
    for (let doc = 0; doc < this.documents; doc++) {
      const position = data.catalogPosition[doc]!;
      if (position >= this.documents || this.documentAt[position] !== 0xffffffff) {
        throw new Error('index artifact is corrupt: its catalog positions are not an order of the documents');
      }
      this.documentAt[position] = doc;
    }
    const fields = new Map<string, FieldAccess>();
    for (const field of data.fields) {
      const base = { name: field.name, level: field.level, nature: field.nature, dict: field.dict };
      fields.set(
        field.name,
        field.low
          ? { ...base, form: 'range', numbers: new Float64Array(1), low: field.low, high: field.high! }
          : { ...base, form: 'codes', numbers: numbersOf(field.nature, field.dict), ...field.column },
      );
    }
    this.fields = fields;
    this.channels = data.channels.map((columns) => new LoadedChannel(columns, data.rowStart));
    this.signals = new SignalScores(data);
  }

  /** Scratch arrays of the type's size, made on the first listing. */
  get scratch(): ListingScratch {
    this.#scratch ??= new ListingScratch(this.documents, this.rows);
    return this.#scratch;
  }

  /** The first row of a document, as the row a hit without a listing shows. */
  firstRow(doc: number): number {
    return this.rowStart[doc]!;
  }

  /** A row's number in catalog order: ties between variant tiles break by it. */
  catalogRow(row: number): number {
    const doc = this.rowDoc[row]!;
    return this.data.rowBase[this.catalogPosition[doc]!]! + row - this.rowStart[doc]!;
  }

  /** The row at a catalog-order row number. */
  rowOfCatalogRow(catalogRow: number): number {
    const base = this.data.rowBase;
    let low = 0;
    let high = this.documents - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (base[middle]! <= catalogRow) low = middle;
      else high = middle - 1;
    }
    return this.rowStart[this.documentAt[low]!]! + catalogRow - base[low]!;
  }

  channel(id: string | undefined): LoadedChannel | undefined {
    return id === undefined ? this.channels[0] : this.channels.find((channel) => channel.id === id);
  }

  /** The field `name` as read in `channel` under `view` (the channel's offers at the request's time). */
  field(name: string, channel: LoadedChannel, view: OfferView): FieldAccess | undefined {
    switch (name) {
      case 'price':
        return this.viewFields(view).price;
      case 'on_sale':
        return this.viewFields(view).onSale;
      case 'availability':
        return channel.availability;
      case 'delivery_days':
        return channel.delivery;
      default:
        return this.fields.get(name);
    }
  }

  private viewFields(view: OfferView): { price: FieldAccess; onSale: FieldAccess } {
    let fields = this.#viewFields.get(view);
    if (fields === undefined) {
      fields = {
        price: {
          name: 'price',
          level: 'row',
          form: 'price',
          nature: 'price',
          dict: [],
          numbers: new Float64Array(1),
          price: view.price,
          bins: view.bins,
        },
        onSale: {
          name: 'on_sale',
          level: 'row',
          form: 'codes',
          nature: 'on_sale',
          dict: ON_SALE_DICT,
          numbers: numbersOf('on_sale', ON_SALE_DICT),
          codes: view.onSale,
        },
      };
      this.#viewFields.set(view, fields);
    }
    return fields;
  }

  /** The small row-level fields packed per row for `view` (`channel` at a time), see PackedRows. */
  packedRows(channel: LoadedChannel, view: OfferView): PackedRows {
    let packed = this.#packed.get(view);
    if (packed === undefined) {
      packed = new PackedRows(this.rows, channel.columns.sold);
      this.#packed.set(view, packed);
    }
    return packed;
  }

  /**
   * A row-level codes field seen per document: the codes any of its rows holds. A document missing
   * a code misses it on every row, so filters test documents by it before they look at rows. Built
   * once per column.
   */
  docUnion(access: FieldAccess): DocUnion {
    const key = access.codes ?? access.values!;
    let union = this.#unions.get(key);
    if (union !== undefined) return union;
    const stamps = new Uint32Array(access.dict.length + 1);
    const offsets = new Uint32Array(this.documents + 1);
    const values: number[] = [];
    const { codes } = access;
    for (let doc = 0; doc < this.documents; doc++) {
      const stamp = doc + 1;
      for (let row = this.rowStart[doc]!; row < this.rowStart[doc + 1]!; row++) {
        if (codes) {
          const code = codes[row]!;
          if (code > 0 && stamps[code] !== stamp) {
            stamps[code] = stamp;
            values.push(code);
          }
        } else {
          for (let i = access.offsets![row]!; i < access.offsets![row + 1]!; i++) {
            const code = access.values![i]!;
            if (stamps[code] !== stamp) {
              stamps[code] = stamp;
              values.push(code);
            }
          }
        }
      }
      offsets[doc + 1] = values.length;
    }
    union = { offsets, values: Uint32Array.from(values) };
    this.#unions.set(key, union);
    return union;
  }

  /**
   * For a row-level codes field of at most 31 values: per document, the codes its sold rows hold
   * as bits (bit c for code c). A document's rows are then read at once when they all count alike.
   * Built once per column and channel; undefined for larger dictionaries.
   */
  docUnionMask(access: FieldAccess, sold: Uint8Array): Uint32Array | undefined {
    if (access.level !== 'row' || access.dict.length > 31 || access.form !== 'codes') return undefined;
    const key = access.codes ?? access.values!;
    let bySold = this.#unionMasks.get(key);
    if (bySold === undefined) {
      bySold = new WeakMap();
      this.#unionMasks.set(key, bySold);
    }
    let masks = bySold.get(sold);
    if (masks !== undefined) return masks;
    masks = new Uint32Array(this.documents);
    const { codes, offsets, values } = access;
    for (let doc = 0; doc < this.documents; doc++) {
      let bits = 0;
      for (let row = this.rowStart[doc]!; row < this.rowStart[doc + 1]!; row++) {
        if (sold[row] === 0) continue;
        if (codes) bits |= codes[row]! === 0 ? 0 : 1 << codes[row]!;
        else for (let i = offsets![row]!; i < offsets![row + 1]!; i++) bits |= 1 << values![i]!;
      }
      masks[doc] = bits;
    }
    bySold.set(sold, masks);
    return masks;
  }

  /** Per document, the lowest and highest price of its rows (NaN without one). Built once per view. */
  docPrices(price: Float64Array): { low: Float64Array; high: Float64Array } {
    let range = this.#priceRanges.get(price);
    if (range !== undefined) return range;
    const low = new Float64Array(this.documents).fill(Number.NaN);
    const high = new Float64Array(this.documents).fill(Number.NaN);
    for (let doc = 0; doc < this.documents; doc++) {
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      for (let row = this.rowStart[doc]!; row < this.rowStart[doc + 1]!; row++) {
        const value = price[row]!;
        if (value < min) min = value;
        if (value > max) max = value;
      }
      if (min <= max) {
        low[doc] = min;
        high[doc] = max;
      }
    }
    range = { low, high };
    this.#priceRanges.set(price, range);
    return range;
  }

  /**
   * `category` (each document's categories and everything above them) as it follows from
   * `category.is` when every document has one category: per code, the `category` values of
   * every document assigned that code. Undefined when some document has several or its values
   * differ. Checked once.
   */
  categoryExpansion(): Expansion | undefined {
    if (this.#expansion === undefined) {
      this.#expansion = null;
      const within = this.fields.get('category');
      const is = this.fields.get(CATEGORY_IS);
      if (within?.offsets && within.values && is?.codes) {
        const codes = is.codes;
        const sets = new Map<number, readonly number[]>();
        let consistent = true;
        for (let doc = 0; doc < this.documents && consistent; doc++) {
          const own = Array.from(within.values.subarray(within.offsets[doc]!, within.offsets[doc + 1]!));
          const known = sets.get(codes[doc]!);
          if (known === undefined) sets.set(codes[doc]!, own);
          else consistent = known.length === own.length && known.every((value, i) => value === own[i]);
        }
        if (consistent) {
          const offsets = new Uint32Array(is.dict.length + 2);
          const values: number[] = [];
          for (let code = 0; code <= is.dict.length; code++) {
            values.push(...(sets.get(code) ?? []));
            offsets[code + 1] = values.length;
          }
          this.#expansion = { codes, offsets, values: Uint32Array.from(values) };
        }
      }
    }
    return this.#expansion ?? undefined;
  }

  /** The documents `category within` the category of `code` holds, ascending. */
  categoryDocs(code: number): Uint32Array {
    this.categoryPostings ??= invert(this.fields.get('category')!, this.documents);
    const { starts, docs } = this.categoryPostings;
    return code <= 0 || code + 1 >= starts.length
      ? new Uint32Array(0)
      : docs.subarray(starts[code]!, starts[code + 1]!);
  }

  /** The code of a category id in `category` (and `category.is`), or 0. */
  categoryCode(id: string): number {
    this.categoryCodes ??= new Map(
      this.fields.get('category')!.dict.map((value, index) => [String(value), index + 1]),
    );
    return this.categoryCodes.get(id) ?? 0;
  }
}

/** Per code, the slots that hold it (ascending): starts[code] .. starts[code + 1] of docs. */
function invert(field: FieldAccess, slots: number): { starts: Uint32Array; docs: Uint32Array } {
  const starts = new Uint32Array(field.dict.length + 2);
  const each = (visit: (slot: number, code: number) => void) => {
    if (field.codes) {
      for (let slot = 0; slot < slots; slot++) if (field.codes[slot]! > 0) visit(slot, field.codes[slot]!);
    } else {
      const { offsets, values } = field;
      for (let slot = 0; slot < slots; slot++)
        for (let i = offsets![slot]!; i < offsets![slot + 1]!; i++) visit(slot, values![i]!);
    }
  };
  each((_, code) => {
    starts[code + 1]!++;
  });
  for (let code = 1; code < starts.length; code++) starts[code]! += starts[code - 1]!;
  const next = starts.slice();
  const docs = new Uint32Array(starts[starts.length - 1]!);
  each((slot, code) => {
    docs[next[code]!++] = slot;
  });
  return { starts, docs };
}

export { CATEGORY_IS };

import type { EngineIndex, TypeIndex } from '../engine-index.js';
import { AVAILABILITIES, type ChannelColumns, NO_DAYS } from '../index/columns-data.js';
import { stringAt } from '../index/string-table.js';
import { StructuredIndex } from '../listing/structured-index.js';
import { type OfferChange, patchedOffer } from './patch.js';
import type { RowOffer } from './resolve.js';

export interface OverlaidIndex {
  index: EngineIndex;
  /** Changes written to a row. */
  applied: number;
  /** Changes naming a type, entity, variant or channel the index does not hold. */
  missing: number;
}

/** A channel's columns being changed: copies, so the index they came from stays as it was. */
class ChannelEdit {
  readonly sold: Uint8Array;
  readonly price: Float64Array;
  readonly salePrice: Float64Array;
  readonly availability: Uint8Array;
  readonly deliveryMin: Uint16Array;
  readonly deliveryMax: Uint16Array;
  readonly stock: Float64Array;
  readonly currencyCodes: Uint8Array;
  readonly currencies: string[];
  /** Sale windows by row, as [from, until]. */
  readonly windows = new Map<number, [number, number]>();

  constructor(readonly columns: ChannelColumns) {
    this.sold = columns.sold.slice();
    this.price = columns.price.slice();
    this.salePrice = columns.salePrice.slice();
    this.availability = columns.availability.slice();
    this.deliveryMin = columns.deliveryMin.slice();
    this.deliveryMax = columns.deliveryMax.slice();
    this.stock = columns.stock.slice();
    this.currencyCodes = columns.currencyCodes.slice();
    this.currencies = [...columns.currencies];
    columns.windowRows.forEach((row, index) => {
      this.windows.set(row, [columns.windowFrom[index]!, columns.windowUntil[index]!]);
    });
  }

  offerAt(row: number): RowOffer {
    const offer: RowOffer = { sold: this.sold[row] === 1 };
    const number = (value: number) => (Number.isNaN(value) ? undefined : value);
    const price = number(this.price[row]!);
    if (price !== undefined) offer.price = price;
    const sale = number(this.salePrice[row]!);
    if (sale !== undefined) {
      offer.salePrice = sale;
      const window = this.windows.get(row);
      if (window && Number.isFinite(window[0])) offer.saleFrom = window[0];
      if (window && Number.isFinite(window[1])) offer.saleUntil = window[1];
    }
    const currency = this.currencyCodes[row]!;
    if (currency > 0) offer.currency = this.currencies[currency - 1]!;
    const availability = this.availability[row]!;
    if (availability > 0) offer.availability = AVAILABILITIES[availability - 1]!;
    if (this.deliveryMin[row] !== NO_DAYS) offer.deliveryMin = this.deliveryMin[row]!;
    if (this.deliveryMax[row] !== NO_DAYS) offer.deliveryMax = this.deliveryMax[row]!;
    const stock = number(this.stock[row]!);
    if (stock !== undefined) offer.stock = stock;
    return offer;
  }

  /** Writes an offer to the row as the compiler does (see ChannelBuilder in columns-type-builder.ts). */
  write(row: number, offer: RowOffer): void {
    this.sold[row] = offer.sold ? 1 : 0;
    this.price[row] = offer.price ?? Number.NaN;
    this.salePrice[row] = offer.salePrice ?? Number.NaN;
    if (offer.salePrice !== undefined && (offer.saleFrom !== undefined || offer.saleUntil !== undefined)) {
      this.windows.set(row, [
        offer.saleFrom ?? Number.NEGATIVE_INFINITY,
        offer.saleUntil ?? Number.POSITIVE_INFINITY,
      ]);
    } else this.windows.delete(row);
    this.availability[row] = offer.availability ? AVAILABILITIES.indexOf(offer.availability) + 1 : 0;
    this.deliveryMin[row] = Math.min(offer.deliveryMin ?? NO_DAYS, NO_DAYS);
    this.deliveryMax[row] = Math.min(offer.deliveryMax ?? NO_DAYS, NO_DAYS);
    this.stock[row] = offer.stock ?? Number.NaN;
    let code = 0;
    if (offer.currency !== undefined && offer.currency !== this.columns.currency) {
      let index = this.currencies.indexOf(offer.currency);
      if (index < 0) index = this.currencies.push(offer.currency) - 1;
      code = index + 1;
    }
    this.currencyCodes[row] = code;
  }

  build(): ChannelColumns {
    const rows = [...this.windows.keys()].sort((a, b) => a - b);
    return {
      ...this.columns,
      sold: this.sold,
      price: this.price,
      salePrice: this.salePrice,
      windowRows: Uint32Array.from(rows),
      windowFrom: Float64Array.from(rows, (row) => this.windows.get(row)![0]),
      windowUntil: Float64Array.from(rows, (row) => this.windows.get(row)![1]),
      availability: this.availability,
      deliveryMin: this.deliveryMin,
      deliveryMax: this.deliveryMax,
      stock: this.stock,
      currencyCodes: this.currencyCodes,
      currencies: this.currencies,
    };
  }
}

/**
 * The index with offers changed, without rebuilding anything but the changed channels' columns
 * and what loading derives from them (offer views, availability and delivery codes): the text
 * half, the other columns and the stored results are shared with the index given, which stays as
 * it was. Changes apply in order, each over what the ones before wrote.
 */
export function applyOffers(index: EngineIndex, changes: readonly OfferChange[]): OverlaidIndex {
  const edits = new Map<TypeIndex, Map<string, ChannelEdit>>();
  let applied = 0;
  let missing = 0;
  for (const change of changes) {
    const type = index.types.find((candidate) => candidate.type === change.type);
    const row =
      type &&
      variantRows(index, change.type, change.variant).find((found) => found.entity === change.entity)?.row;
    const columns = type?.listing.data.channels.find((channel) => channel.id === change.channel);
    if (!type || row === undefined || !columns) {
      missing++;
      continue;
    }
    let channels = edits.get(type);
    if (!channels) {
      channels = new Map();
      edits.set(type, channels);
    }
    let edit = channels.get(change.channel);
    if (!edit) {
      edit = new ChannelEdit(columns);
      channels.set(change.channel, edit);
    }
    edit.write(row, patchedOffer(edit.offerAt(row), change.patch));
    applied++;
  }
  if (edits.size === 0) return { index, applied, missing };
  const types = index.types.map((type): TypeIndex => {
    const channels = edits.get(type);
    if (!channels) return type;
    const data = {
      ...type.listing.data,
      channels: type.listing.data.channels.map((columns) => channels.get(columns.id)?.build() ?? columns),
    };
    return { ...type, structured: data, listing: new StructuredIndex(data, index.shared) };
  });
  return { index: { ...index, types }, applied, missing };
}

/** Per type's row ids: each variant id's row, or rows when several documents share it. */
const variantLookups = new WeakMap<object, Map<string, number | number[]>>();

function variantLookup(type: TypeIndex): Map<string, number | number[]> {
  // Keyed by the row ids, which an index with offers applied shares with the one it came from.
  const { rowIds } = type.listing.data;
  let lookup = variantLookups.get(rowIds);
  if (!lookup) {
    lookup = new Map();
    for (let row = 0; row < type.listing.rows; row++) {
      const id = stringAt(rowIds, row);
      const known = lookup.get(id);
      if (known === undefined) lookup.set(id, row);
      else if (typeof known === 'number') lookup.set(id, [known, row]);
      else known.push(row);
    }
    variantLookups.set(rowIds, lookup);
  }
  return lookup;
}

/**
 * The rows of a type whose variant id is `variant` (a document without variants: its own id),
 * with the entity each belongs to. The lookup is made on the first call for a loaded index.
 */
export function variantRows(
  index: EngineIndex,
  typeCode: string,
  variant: string,
): ReadonlyArray<{ entity: string; row: number }> {
  const type = index.types.find((candidate) => candidate.type === typeCode);
  if (!type) return [];
  const found = variantLookup(type).get(variant);
  if (found === undefined) return [];
  const rows = typeof found === 'number' ? [found] : found;
  return rows.map((row) => ({ entity: stringAt(type.ids, type.listing.rowDoc[row]!), row }));
}

/**
 * The first end of a sale window after `time` in any channel of any type: when what a compile
 * decided at `time` from the offers (smart categories over price or on_sale) may change.
 */
export function nextSaleWindowEnd(index: EngineIndex, time: number): number | undefined {
  let next = Number.POSITIVE_INFINITY;
  for (const type of index.types) {
    for (const channel of type.listing.data.channels) {
      for (const ends of [channel.windowFrom, channel.windowUntil]) {
        for (const end of ends) if (end > time && end < next) next = end;
      }
    }
  }
  return Number.isFinite(next) ? next : undefined;
}

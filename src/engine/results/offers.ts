import type { EngineIndex } from '../engine-index.js';
import { AVAILABILITIES, NO_DAYS } from '../index/columns-data.js';
import { documentOfId } from '../index/id-lookup.js';
import { stringAt } from '../index/string-table.js';
import type { LoadedChannel } from '../listing/structured-index.js';

/** One variant's offer (a document without variants has one, named by its id) in a channel at a time. */
export interface RowOffer {
  /** The variant id, or the entity's own for its implicit variant. */
  id: string;
  /** Sold in the channel. */
  sold: boolean;
  price?: number;
  /** Present only while it holds: within its sale window at the time asked. */
  salePrice?: number;
  /** The end of the sale window, in ms, where the sale price holds and its window closes. */
  saleUntil?: number;
  onSale: boolean;
  /** Percent of the regular price, while on sale. */
  discount?: number;
  /** Absent when neither the row nor its channel names one. */
  currency?: string;
  availability?: (typeof AVAILABILITIES)[number];
  stock?: number;
  delivery?: { min: number; max: number };
}

export interface EntityOffers {
  channel: string;
  /** Every variant in catalog order, sold in the channel or not. */
  rows: RowOffer[];
  /** The variant a tile shows: of those sold, the cheapest (by the price paid); -1 when none is sold. */
  tile: number;
}

/** Per channel, the sale window of each row that has one: its index into the window columns. */
const windowsOf = new WeakMap<LoadedChannel, Map<number, number>>();

function windowIndex(channel: LoadedChannel, row: number): number | undefined {
  let windows = windowsOf.get(channel);
  if (windows === undefined) {
    windows = new Map();
    const rows = channel.columns.windowRows;
    for (let i = 0; i < rows.length; i++) windows.set(rows[i]!, i);
    windowsOf.set(channel, windows);
  }
  return windows.get(row);
}

/**
 * The offers of one entity (`type`, merchant `id`) in a channel (default the first) at a time, as
 * tiles read them: the price paid is the sale price within its window. Undefined when the index
 * holds no such entity or no such channel.
 */
export function entityOffers(
  index: EngineIndex,
  type: string,
  id: string,
  context: { channel?: string; time: number },
): EntityOffers | undefined {
  const typeIndex = index.types.find((one) => one.type === type);
  if (typeIndex === undefined) return undefined;
  const doc = documentOfId(typeIndex.ids, id);
  if (doc === undefined) return undefined;
  const { listing } = typeIndex;
  const channel = listing.channel(context.channel);
  if (channel === undefined) return undefined;
  const view = channel.offers.at(context.time);
  const { columns } = channel;
  const rows: RowOffer[] = [];
  let tile = -1;
  let tilePrice = Number.POSITIVE_INFINITY;
  const first = listing.rowStart[doc]!;
  // Rows of a document follow its variants' catalog order.
  for (let row = first; row < listing.rowStart[doc + 1]!; row++) {
    const sold = columns.sold[row] === 1;
    const offer: RowOffer = {
      id: stringAt(listing.data.rowIds, row),
      sold,
      onSale: sold && view.onSale[row] === 1,
      currency:
        columns.currencyCodes[row]! > 0
          ? columns.currencies[columns.currencyCodes[row]! - 1]!
          : columns.currency,
    };
    const price = columns.price[row]!;
    if (!Number.isNaN(price)) offer.price = price;
    if (view.saleValid[row] === 1) {
      offer.salePrice = columns.salePrice[row]!;
      const window = windowIndex(channel, row);
      const until = window === undefined ? Number.POSITIVE_INFINITY : columns.windowUntil[window]!;
      if (Number.isFinite(until)) offer.saleUntil = until;
    }
    if (offer.onSale) offer.discount = Math.round(view.discount[row]! * 100) / 100;
    const availability = columns.availability[row]!;
    if (availability > 0) offer.availability = AVAILABILITIES[availability - 1];
    if (!Number.isNaN(columns.stock[row]!)) offer.stock = columns.stock[row]!;
    if (columns.deliveryMax[row] !== NO_DAYS) {
      offer.delivery = { min: columns.deliveryMin[row]!, max: columns.deliveryMax[row]! };
    }
    if (sold) {
      const paid = Number.isNaN(view.price[row]!) ? Number.POSITIVE_INFINITY : view.price[row]!;
      if (tile < 0 || paid < tilePrice) {
        tile = rows.length;
        tilePrice = paid;
      }
    }
    rows.push(offer);
  }
  return { channel: channel.id, rows, tile };
}

/**
 * How many entities of a type lie in a category or below it (smart categories included), or 0
 * for a category none of them is in.
 */
export function categorySize(index: EngineIndex, type: string, category: string): number {
  const listing = index.types.find((one) => one.type === type)?.listing;
  if (listing === undefined || !listing.fields.has('category')) return 0;
  const code = listing.categoryCode(category);
  return code === 0 ? 0 : listing.categoryDocs(code).length;
}

/** Whether a channel (default the first) sells one of an entity's variants; false for an entity the index lacks. */
export function isSold(index: EngineIndex, type: string, id: string, channel: string | undefined): boolean {
  const typeIndex = index.types.find((one) => one.type === type);
  const doc = typeIndex === undefined ? undefined : documentOfId(typeIndex.ids, id);
  if (typeIndex === undefined || doc === undefined) return false;
  return typeIndex.listing.channel(channel)?.docSold[doc] === 1;
}

/** The channels that sell one of an entity's variants, in channel order; undefined for an entity the index lacks. */
export function soldChannels(index: EngineIndex, type: string, id: string): string[] | undefined {
  const typeIndex = index.types.find((one) => one.type === type);
  const doc = typeIndex === undefined ? undefined : documentOfId(typeIndex.ids, id);
  if (typeIndex === undefined || doc === undefined) return undefined;
  return typeIndex.listing.channels
    .filter((channel) => channel.docSold[doc] === 1)
    .map((channel) => channel.id);
}

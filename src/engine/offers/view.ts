import { countAtOrBefore } from '../../lib/sorted.js';
import { binOf, NO_BIN } from '../facets/ladder.js';
import type { ChannelColumns } from '../index/columns-data.js';

/** `on_sale` codes per row: the field's dictionary is [true, false]; 0 for a row not sold. */
export const ON_SALE = 1;
export const NOT_ON_SALE = 2;

/**
 * One channel's offers as they stand at one time: the price a shopper pays (the sale price while
 * it is valid and below the price), whether the row is on sale, its discount in percent of the
 * regular price, and the histogram bin of its price. Sale windows change these only at their ends,
 * so a view serves every request between two ends (an epoch).
 */
export interface OfferView {
  readonly epoch: number;
  readonly price: Float64Array;
  readonly onSale: Uint32Array;
  readonly discount: Float64Array;
  readonly bins: Uint16Array;
  /** 1 where the row's sale price holds: it has one, and its window (if any) holds the time. */
  readonly saleValid: Uint8Array;
}

const KEPT_VIEWS = 4;

export class ChannelOffers {
  /** Every finite end of a sale window, ascending and distinct. */
  private readonly ends: Float64Array;
  private readonly views = new Map<number, OfferView>();
  /** The view asked for last (the most recent of `views`). */
  private latest: OfferView | undefined;

  constructor(readonly columns: ChannelColumns) {
    const ends = new Set<number>();
    for (const time of columns.windowFrom) if (Number.isFinite(time)) ends.add(time);
    for (const time of columns.windowUntil) if (Number.isFinite(time)) ends.add(time);
    this.ends = Float64Array.from([...ends].sort((a, b) => a - b));
  }

  /** The epoch of `time`: how many window ends lie at or before it. */
  epochOf(time: number): number {
    return countAtOrBefore(this.ends, time);
  }

  /** The view at `time`, built once per epoch and kept for the few most recent epochs. */
  at(time: number): OfferView {
    const epoch = this.epochOf(time);
    // Most requests fall in the epoch of the one before: no reordering then.
    if (this.latest?.epoch === epoch) return this.latest;
    let view = this.views.get(epoch);
    if (view === undefined) {
      view = this.build(epoch, time);
      if (this.views.size >= KEPT_VIEWS) this.views.delete(this.views.keys().next().value!);
    } else {
      this.views.delete(epoch);
    }
    this.views.set(epoch, view);
    this.latest = view;
    return view;
  }

  private build(epoch: number, time: number): OfferView {
    const { sold, price: regular, salePrice, windowRows, windowFrom, windowUntil } = this.columns;
    const rows = regular.length;
    const price = new Float64Array(rows);
    const onSale = new Uint32Array(rows);
    const discount = new Float64Array(rows);
    const bins = new Uint16Array(rows);
    const valid = new Uint8Array(rows);
    const set = (row: number, saleValid: boolean) => {
      valid[row] = saleValid ? 1 : 0;
      if (sold[row] === 0) {
        price[row] = Number.NaN;
        onSale[row] = 0;
        discount[row] = 0;
        bins[row] = NO_BIN;
        return;
      }
      const base = regular[row]!;
      const sale = salePrice[row]!;
      const reduced = saleValid && sale < base;
      const paid = saleValid && (Number.isNaN(base) || sale < base) ? sale : base;
      price[row] = paid;
      onSale[row] = reduced ? ON_SALE : NOT_ON_SALE;
      discount[row] = reduced ? ((base - sale) / base) * 100 : 0;
      bins[row] = binOf(paid);
    };
    for (let row = 0; row < rows; row++) set(row, !Number.isNaN(salePrice[row]!));
    for (let i = 0; i < windowRows.length; i++) {
      set(windowRows[i]!, windowFrom[i]! <= time && time < windowUntil[i]!);
    }
    return { epoch, price, onSale, discount, bins, saleValid: valid };
  }
}

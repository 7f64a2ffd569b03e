import type { LoadedChannel, StructuredIndex } from '../listing/structured-index.js';
import type { OfferView } from '../offers/view.js';

/** A sort of ranking.json: what it orders by and which way. */
export interface SortSpec {
  /** `price`, `delivery_days`, `discount`, `attributes.<code>` or `signals.<code>`. */
  by: string;
  direction: 'asc' | 'desc';
}

/**
 * How a tile's sort value is read: per row (offers, variant-level attributes), reduced over the
 * tile's rows that pass every filter, or per document. A tile sorts by the price it is offered
 * from (its lowest), its fastest delivery, its biggest discount, and by the lowest (ascending) or
 * highest (descending) value of an attribute. Tiles without a value come last either way.
 */
export interface SortReader {
  readonly level: 'doc' | 'row';
  /** Reduce row values by the lower (true) or the higher. */
  readonly lower: boolean;
  value(slot: number): number;
}

/** The reader of a sort, or undefined when the type cannot sort by it (the sort is then relevance). */
export function sortReader(
  sort: SortSpec,
  index: StructuredIndex,
  channel: LoadedChannel,
  view: OfferView,
): SortReader | undefined {
  const ascending = sort.direction === 'asc';
  switch (sort.by) {
    case 'price': {
      const price = view.price;
      return { level: 'row', lower: true, value: (row) => price[row]! };
    }
    case 'discount': {
      const discount = view.discount;
      return { level: 'row', lower: false, value: (row) => discount[row]! };
    }
    case 'delivery_days': {
      const { codes, numbers } = channel.delivery;
      return { level: 'row', lower: true, value: (row) => numbers[codes![row]!]! };
    }
  }
  if (sort.by.startsWith('signals.')) {
    const code = sort.by.slice('signals.'.length);
    const values = index.data.signals.find((signal) => signal.code === code)?.values;
    return values ? { level: 'doc', lower: ascending, value: (doc) => values[doc]! } : undefined;
  }
  if (sort.by.startsWith('attributes.')) {
    const field = index.fields.get(sort.by.slice('attributes.'.length));
    if (field === undefined || field.form !== 'codes') return undefined;
    const { codes, offsets, values, numbers } = field;
    if (codes) return { level: field.level, lower: ascending, value: (slot) => numbers[codes[slot]!]! };
    return {
      level: field.level,
      lower: ascending,
      value: (slot) => {
        let best = Number.NaN;
        for (let i = offsets![slot]!; i < offsets![slot + 1]!; i++) {
          const number = numbers[values![i]!]!;
          if (Number.isNaN(best) || (ascending ? number < best : number > best)) best = number;
        }
        return best;
      },
    };
  }
  return undefined;
}

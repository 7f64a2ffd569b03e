import type { Availability } from '../../contracts/catalog-entity.js';
import { Growable } from './growable.js';
import type { ShownOffer } from './offer.js';

/**
 * Per-document values as typed arrays, one slot per doc id, for filters, facets and sorts to
 * read without touching stored fields. NaN (numbers) and 0 (codes) mean "none".
 */
export interface OfferColumns {
  readonly price: Float64Array;
  readonly salePrice: Float64Array;
  readonly availability: Uint8Array;
}

/** Availability codes: position in this list plus one; 0 is none. */
export const AVAILABILITY_CODES: readonly Availability[] = [
  'in_stock',
  'out_of_stock',
  'preorder',
  'backorder',
];

export function availabilityCode(availability: Availability | undefined): number {
  return availability === undefined ? 0 : AVAILABILITY_CODES.indexOf(availability) + 1;
}

export class OfferColumnsBuilder {
  private readonly price = new Growable((n) => new Float64Array(n));
  private readonly salePrice = new Growable((n) => new Float64Array(n));
  private readonly availability = new Growable((n) => new Uint8Array(n));

  add(offer: ShownOffer): void {
    this.price.push(offer.price ?? Number.NaN);
    this.salePrice.push(offer.sale_price ?? Number.NaN);
    this.availability.push(availabilityCode(offer.availability));
  }

  build(): OfferColumns {
    return {
      price: this.price.toArray(),
      salePrice: this.salePrice.toArray(),
      availability: this.availability.toArray(),
    };
  }
}

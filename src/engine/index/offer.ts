import type { Availability, CatalogEntity } from '../../contracts/catalog-entity.js';

/** The offer a tile shows until channels are modelled: price, sale price, currency, availability. */
export interface ShownOffer {
  price?: number;
  sale_price?: number;
  currency?: string;
  availability?: Availability;
}

type OfferSource = ShownOffer | undefined;

/**
 * Each offer field from the first place that has it: the entity's inline fields, its first
 * variant's inline fields, that variant's first offer, then the entity's first offer.
 */
export function shownOffer(entity: CatalogEntity): ShownOffer {
  const variant = entity.variants?.[0];
  const sources: OfferSource[] = [entity, variant, variant?.offers?.[0], entity.offers?.[0]];
  const offer: ShownOffer = {};
  const price = first(sources, (source) => source.price);
  if (price !== undefined) offer.price = price;
  const salePrice = first(sources, (source) => source.sale_price);
  if (salePrice !== undefined) offer.sale_price = salePrice;
  const currency = first(sources, (source) => source.currency);
  if (currency !== undefined) offer.currency = currency;
  const availability = first(sources, (source) => source.availability);
  if (availability !== undefined) offer.availability = availability;
  return offer;
}

function first<T>(sources: OfferSource[], read: (source: ShownOffer) => T | undefined): T | undefined {
  for (const source of sources) {
    if (source === undefined) continue;
    const value = read(source);
    if (value !== undefined) return value;
  }
  return undefined;
}

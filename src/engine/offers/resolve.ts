import type { Availability, CatalogEntity, Offer, Variant } from '../../contracts/catalog-entity.js';

/** What one row sells in one channel, read from the catalog at compile time. */
export interface RowOffer {
  sold: boolean;
  price?: number;
  salePrice?: number;
  /** The sale price's window in ms; either end may be open (absent). */
  saleFrom?: number;
  saleUntil?: number;
  currency?: string;
  availability?: Availability;
  stock?: number;
  deliveryMin?: number;
  deliveryMax?: number;
}

type OfferFields = Omit<Offer, 'channel'>;

const OFFER_FIELDS = [
  'price',
  'sale_price',
  'sale_window',
  'currency',
  'availability',
  'stock',
  'delivery_days',
] as const;

// Rows are resolved per channel for every row of the catalog: plain loops, no closure per call.

function carriesOffer(fields: OfferFields | undefined): boolean {
  if (fields === undefined) return false;
  for (const field of OFFER_FIELDS) if (fields[field] !== undefined) return true;
  return false;
}

function offerFor(offers: readonly Offer[] | undefined, channel: string): Offer | undefined {
  if (offers === undefined) return undefined;
  for (const offer of offers) if (offer.channel === channel) return offer;
  return undefined;
}

/** The first of `sources` that writes `field`. */
function firstWriting<K extends keyof OfferFields>(
  sources: readonly OfferFields[],
  field: K,
): OfferFields | undefined {
  for (const source of sources) if (source[field] !== undefined) return source;
  return undefined;
}

/** Whether the entity writes any offer at all: one that writes none is sold, without a price, everywhere. */
export function writesOffers(entity: CatalogEntity): boolean {
  if (carriesOffer(entity) || (entity.offers?.length ?? 0) > 0) return true;
  return (entity.variants ?? []).some(
    (variant) => carriesOffer(variant) || (variant.offers?.length ?? 0) > 0,
  );
}

/**
 * The offer of a row (a variant, or the entity's implicit row) in a channel. Each field comes from
 * the most specific place that writes it: the variant's offer for the channel, the variant's own
 * fields, the entity's offer for the channel, the entity's own fields. A sale price keeps the
 * window written beside it. The row is sold in the channel when one of those places exists, or
 * when the entity writes no offers at all.
 */
export function rowOffer(
  entity: CatalogEntity,
  variant: Variant | undefined,
  channel: string,
  offers: boolean,
): RowOffer {
  const sources: OfferFields[] = [];
  const variantOffer = offerFor(variant?.offers, channel);
  if (variantOffer) sources.push(variantOffer);
  if (variant && carriesOffer(variant)) sources.push(variant);
  const entityOffer = offerFor(entity.offers, channel);
  if (entityOffer) sources.push(entityOffer);
  if (carriesOffer(entity)) sources.push(entity);

  const resolved: RowOffer = { sold: sources.length > 0 || !offers };
  const price = firstWriting(sources, 'price')?.price;
  if (price !== undefined) resolved.price = price;
  const sale = firstWriting(sources, 'sale_price');
  if (sale?.sale_price !== undefined) {
    resolved.salePrice = sale.sale_price;
    const from = sale.sale_window?.from;
    const until = sale.sale_window?.until;
    if (from !== undefined) resolved.saleFrom = Date.parse(from);
    if (until !== undefined) resolved.saleUntil = Date.parse(until);
  }
  const currency = firstWriting(sources, 'currency')?.currency;
  if (currency !== undefined) resolved.currency = currency;
  const availability = firstWriting(sources, 'availability')?.availability;
  if (availability !== undefined) resolved.availability = availability;
  const stock = firstWriting(sources, 'stock')?.stock;
  if (stock !== undefined) resolved.stock = stock;
  const delivery = firstWriting(sources, 'delivery_days')?.delivery_days;
  if (delivery !== undefined) {
    resolved.deliveryMin = delivery.min;
    resolved.deliveryMax = delivery.max;
  }
  return resolved;
}

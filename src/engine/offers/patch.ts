import type { Availability } from '../../contracts/catalog-entity.js';
import type { RowOffer } from './resolve.js';

/**
 * What an offers update writes over a row's offer in one channel, field by field: a field absent
 * keeps what the row has; `salePrice: null` ends the sale, `saleWindow: null` makes the sale price
 * hold at every time. Times are ms; either end of a window may be open.
 */
export interface OfferPatch {
  price?: number;
  salePrice?: number | null;
  saleWindow?: { from?: number; until?: number } | null;
  currency?: string;
  availability?: Availability;
  stock?: number;
  deliveryDays?: { min: number; max: number };
}

/** An offers update of one row of one entity in one channel. */
export interface OfferChange {
  type: string;
  entity: string;
  /** The row's variant id; a document without variants has one row named by its own id. */
  variant: string;
  channel: string;
  patch: OfferPatch;
}

/** The key a change of one row in one channel is found by. */
export function offerKey(type: string, entity: string, variant: string, channel: string): string {
  return JSON.stringify([type, entity, variant, channel]);
}

/** The row's offer with the patch written over it: a row given an offer in a channel is sold there. */
export function patchedOffer(offer: RowOffer, patch: OfferPatch): RowOffer {
  const next: RowOffer = { ...offer, sold: true };
  if (patch.price !== undefined) next.price = patch.price;
  if (patch.salePrice === null) {
    delete next.salePrice;
    delete next.saleFrom;
    delete next.saleUntil;
  } else if (patch.salePrice !== undefined) next.salePrice = patch.salePrice;
  if (patch.saleWindow === null) {
    delete next.saleFrom;
    delete next.saleUntil;
  } else if (patch.saleWindow !== undefined) {
    if (patch.saleWindow.from !== undefined) next.saleFrom = patch.saleWindow.from;
    else delete next.saleFrom;
    if (patch.saleWindow.until !== undefined) next.saleUntil = patch.saleWindow.until;
    else delete next.saleUntil;
  }
  if (patch.currency !== undefined) next.currency = patch.currency;
  if (patch.availability !== undefined) next.availability = patch.availability;
  if (patch.stock !== undefined) next.stock = patch.stock;
  if (patch.deliveryDays !== undefined) {
    next.deliveryMin = patch.deliveryDays.min;
    next.deliveryMax = patch.deliveryDays.max;
  }
  return next;
}

/** The offer fields of an offers update as the contract writes them (see OfferUpdate). */
export interface OfferFields {
  price?: number;
  sale_price?: number | null;
  sale_window?: { from?: string; until?: string } | null;
  currency?: string;
  availability?: Availability;
  stock?: number;
  delivery_days?: { min: number; max: number };
}

/** The patch an update's fields make. */
export function patchOf(fields: OfferFields): OfferPatch {
  const patch: OfferPatch = {};
  if (fields.price !== undefined) patch.price = fields.price;
  if (fields.sale_price !== undefined) patch.salePrice = fields.sale_price;
  if (fields.sale_window === null) patch.saleWindow = null;
  else if (fields.sale_window !== undefined) {
    const { from, until } = fields.sale_window;
    patch.saleWindow = {
      ...(from !== undefined ? { from: Date.parse(from) } : {}),
      ...(until !== undefined ? { until: Date.parse(until) } : {}),
    };
  }
  if (fields.currency !== undefined) patch.currency = fields.currency;
  if (fields.availability !== undefined) patch.availability = fields.availability;
  if (fields.stock !== undefined) patch.stock = fields.stock;
  if (fields.delivery_days !== undefined) patch.deliveryDays = fields.delivery_days;
  return patch;
}

/** A kept offers update (its row and the fields sent) as the engine applies it. */
export function offerChangeOf(row: {
  type: string;
  entity: string;
  variant: string;
  channel: string;
  fields: Record<string, unknown>;
}): OfferChange {
  return {
    type: row.type,
    entity: row.entity,
    variant: row.variant,
    channel: row.channel,
    patch: patchOf(row.fields as OfferFields),
  };
}

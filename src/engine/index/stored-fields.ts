import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { pickLocalized } from './fields.js';
import type { ShownOffer } from './offer.js';
import { type StringTable, stringAt } from './string-table.js';

/**
 * The fields a hit carries, fixed at compile time in the source locale. Absent values are left
 * out, never null. Offer fields appear on any type that has them (products, in practice).
 */
export function resultFields(
  entity: CatalogEntity,
  offer: ShownOffer,
  locale: string | undefined,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const title = pickLocalized(entity.title, locale);
  if (title !== undefined) fields.title = title;
  // A category names its page by `path`; other types by `url`.
  const url = pickLocalized(entity.url ?? entity.path, locale);
  if (url !== undefined) fields.url = url;
  const image = entity.image ?? entity.images?.[0] ?? entity.variants?.[0]?.image ?? entity.logo;
  if (image !== undefined) fields.image = image;
  if (entity.brand !== undefined) fields.brand = entity.brand;
  if (offer.price !== undefined) fields.price = offer.price;
  if (offer.sale_price !== undefined) fields.sale_price = offer.sale_price;
  if (offer.currency !== undefined) fields.currency = offer.currency;
  if (offer.availability !== undefined) fields.availability = offer.availability;
  return fields;
}

/** Decodes one document's fields: done for returned hits only, never at load. */
export function readResultFields(stored: StringTable, doc: number): Record<string, unknown> {
  return JSON.parse(stringAt(stored, doc)) as Record<string, unknown>;
}

import type { CatalogEntity, Offer } from '../../contracts/catalog-entity.js';
import type { Random } from './random.js';

/**
 * The demo shop's extras on top of the generated catalog (`shop: true`): a popularity signal
 * (sales in the last 30 days) on every product, and offers per channel where a shop has them:
 * every 50th product of one size is sold in the web shop only, every 97th to business customers
 * only, and every 389th in no channel: its only offer is for an outlet channel the shop no longer
 * runs (channels.json does not list it), so the product stays in the catalog and nobody sells it.
 * They draw from their own random stream, so the products are otherwise those of the plain catalog.
 */
export function withShopExtras(entity: CatalogEntity, n: number, random: Random): CatalogEntity {
  const product: CatalogEntity = { ...entity, signals: { sales_30d: Math.floor(random.next() ** 2 * 500) } };
  if (entity.variants !== undefined) return product;
  const only = n % 389 === 0 ? ['outlet'] : n % 97 === 0 ? ['b2b'] : n % 50 === 0 ? ['web'] : undefined;
  if (only === undefined) return product;
  const { price, sale_price, sale_window, currency, availability, stock, delivery_days, ...rest } = product;
  const offer = { price, sale_price, sale_window, currency, availability, stock, delivery_days };
  const written = Object.fromEntries(Object.entries(offer).filter(([, value]) => value !== undefined));
  return { ...rest, offers: only.map((channel) => ({ channel, ...written }) as Offer) };
}

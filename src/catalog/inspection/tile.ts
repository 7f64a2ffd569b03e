import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type { Tile } from '../../contracts/inspection.js';

/**
 * A product as one tile of a listing shows it: its title, photo and brand, the lowest price of
 * its offers (and the lowest reduced one), in stock when any variant is, and the values its
 * variants offer for each attribute they differ by.
 */
export function tileOf(product: CatalogEntity): Tile {
  const tile: Tile = { entity: `${product.type}:${product.id}` };
  const title = textOf(product.title);
  if (title !== undefined) tile.title = title;
  const image = product.image ?? product.variants?.find((variant) => variant.image)?.image;
  if (image !== undefined) tile.image = image;
  const url = textOf(product.url);
  if (url !== undefined) tile.url = url;
  if (product.brand !== undefined) tile.brand = product.brand;
  const offers = product.variants && product.variants.length > 0 ? product.variants : [product];
  const prices = offers.map((offer) => offer.price).filter((price): price is number => price !== undefined);
  const sales = offers
    .map((offer) => offer.sale_price)
    .filter((price): price is number => price !== undefined);
  if (prices.length > 0) tile.price = Math.min(...prices);
  if (sales.length > 0) tile.sale_price = Math.min(...sales);
  const currency = offers.find((offer) => offer.currency)?.currency;
  if (currency !== undefined) tile.currency = currency;
  const availabilities = offers.map((offer) => offer.availability).filter((value) => value !== undefined);
  if (availabilities.length > 0) {
    tile.availability = availabilities.includes('in_stock') ? 'in_stock' : availabilities[0]!;
  }
  if (product.variants && product.variants.length > 0) {
    tile.variants = product.variants.length;
    const choices: Record<string, string[]> = {};
    for (const code of product.varies_by ?? []) {
      const values: string[] = [];
      for (const variant of product.variants) {
        const value = variant.attributes?.[code];
        if (value !== undefined && !values.includes(String(value))) values.push(String(value));
      }
      if (values.length > 0) choices[code] = values;
    }
    if (Object.keys(choices).length > 0) tile.choices = choices;
  }
  return tile;
}

function textOf(text: CatalogEntity['title']): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  return Object.values(text)[0];
}

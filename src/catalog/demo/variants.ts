import type { Availability, CatalogEntity, Variant } from '../../contracts/catalog-entity.js';
import type { Department } from './brands.js';
import type { Random } from './random.js';
import { COLORS } from './words.js';

/**
 * The benchmark shop's extras on top of the demo catalog (`variants: true`): every product sells
 * 1 to 6 variants that carry their own color (fashion: sizes, all in the product's color; the
 * rest: colors), each with its own price, availability and delivery; and every product writes
 * ranking signals. They draw from their own random stream, so the products are otherwise those
 * of the demo catalog with the same seed.
 */

const DAY_MS = 86_400_000;
const SIGNALS_FROM = Date.UTC(2024, 0, 1);

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

function availability(random: Random): Pick<Variant, 'availability' | 'delivery_days'> {
  const roll = random.next();
  const state: Availability =
    roll < 0.8 ? 'in_stock' : roll < 0.87 ? 'out_of_stock' : roll < 0.95 ? 'backorder' : 'preorder';
  switch (state) {
    case 'in_stock':
      return { availability: state, delivery_days: { min: 1, max: random.int(2, 4) } };
    case 'backorder':
      return { availability: state, delivery_days: { min: 7, max: 14 } };
    case 'preorder':
      return { availability: state, delivery_days: { min: 14, max: 30 } };
    case 'out_of_stock':
      return { availability: state };
  }
}

/** Turns a demo product into the benchmark shop's: variants with colors, prices of their own, signals. */
export function withBenchExtras(
  entity: CatalogEntity,
  department: Department,
  random: Random,
): CatalogEntity {
  const attributes = { ...entity.attributes };
  const color = String(attributes.color);
  delete attributes.color;
  const count = random.int(1, 6);
  const variants: Variant[] = [];
  const base = entity.variants?.[0] ?? entity;
  const price = base.price ?? 10;
  const sale = base.sale_price;
  if (entity.variants) {
    // Fashion: a run of its sizes, 1 to 6 of them, all in the product's color.
    for (const variant of entity.variants.slice(0, count)) {
      variants.push({ ...variant, attributes: { ...variant.attributes, color } });
    }
  } else {
    const colors = [
      color,
      ...random.sample(
        COLORS[department].filter((one) => one !== color),
        count - 1,
      ),
    ];
    colors.forEach((one, index) => {
      const variantPrice =
        index === 0 ? price : cents(Math.floor(price * (0.9 + 0.3 * random.next())) + 0.99);
      const variant: Variant = {
        id: `${entity.id}-${index + 1}`,
        attributes: { color: one },
        price: variantPrice,
        currency: 'EUR',
        ...availability(random),
      };
      if (sale !== undefined && variantPrice > sale) {
        variant.sale_price = cents(sale * (variantPrice / price));
        if (base.sale_window) variant.sale_window = base.sale_window;
      }
      variants.push(variant);
    });
  }
  const product: CatalogEntity = { ...entity, attributes, variants };
  for (const field of [
    'price',
    'sale_price',
    'sale_window',
    'currency',
    'availability',
    'delivery_days',
  ] as const) {
    delete product[field];
  }
  product.varies_by = entity.variants ? ['size'] : ['color'];
  const reviews = Math.floor(random.next() ** 3 * 400);
  product.signals = {
    sales_30d: Math.floor(random.next() ** 2 * 500),
    reviews,
    first_on_sale: new Date(SIGNALS_FROM + random.int(0, 540) * DAY_MS).toISOString().replace('.000Z', 'Z'),
  };
  if (reviews > 0) product.signals.rating = Math.round((2.5 + 2.5 * random.next() ** 0.5) * 10) / 10;
  return product;
}

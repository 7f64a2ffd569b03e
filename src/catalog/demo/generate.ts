import type { Availability, CatalogEntity, Variant } from '../../contracts/catalog-entity.js';
import { BRANDS, type DemoBrand } from './brands.js';
import { CATEGORIES, type DemoCategory, type ProductSpec } from './categories.js';
import { Random } from './random.js';
import { withShopExtras } from './shop-extras.js';
import { withBenchExtras } from './variants.js';
import { BENEFITS, CLOSERS, COLLECTIONS, COLORS, SERIES, TITLE_MEASURES, USES } from './words.js';

export interface GenerateOptions {
  products: number;
  /** Same seed, same catalog. Default 1. */
  seed?: number;
  /**
   * The benchmark shop: every product sells 1 to 6 variants with colors (see variants.ts) and
   * writes signals. Off by default, which is the demo shop's catalog.
   */
  variants?: boolean;
  /**
   * The demo shop: every product writes a popularity signal, and a few are sold in one channel
   * only, or in none (see shop-extras.ts). Off by default.
   */
  shop?: boolean;
  /**
   * The day the catalog is made for (the demo shop: the day it is loaded): sale windows are laid
   * over the half years before and after it, so sales run on that day as every day a shop has
   * some. Without it the windows lie in 2025, the same catalog on any day (benchmarks, tests).
   */
  today?: Date;
}

/** Brands a leaf category carries: a shop stocks a few brands per shelf, not all of them. */
const BRANDS_PER_LEAF = 8;
const DAY_MS = 86_400_000;
const SALES_FROM_2025 = Date.UTC(2025, 0, 1);
const SALES_SPAN_DAYS = 365;

interface Shelf {
  category: DemoCategory;
  spec: ProductSpec;
  brands: DemoBrand[];
}

/**
 * A deterministic demo catalog of an electronics, home and fashion shop: the category tree
 * (parents first), the brands, then `products` products. The products of a smaller catalog are
 * the first products of a larger one with the same seed.
 */
export function* generateCatalog(options: GenerateOptions): Generator<CatalogEntity> {
  const seed = options.seed ?? 1;
  yield* categoryEntities();
  for (const brands of Object.values(BRANDS)) {
    for (const brand of brands)
      yield { type: 'brand', id: slug(brand.name), title: brand.name, aliases: brand.aliases };
  }
  const shelves = stockShelves(new Random(seed ^ 0x5eed));
  const random = new Random(seed);
  const extras = options.variants ? new Random(seed ^ 0x7a41) : undefined;
  const shop = options.shop ? new Random(seed ^ 0x5409) : undefined;
  const salesFrom = options.today === undefined ? SALES_FROM_2025 : salesAround(options.today);
  for (let n = 1; n <= options.products; n++) {
    const shelf = random.pick(shelves);
    const entity = product(n, shelf, random, salesFrom);
    const shown = shop ? withShopExtras(entity, n, shop) : entity;
    yield extras ? withBenchExtras(shown, shelf.category.department, extras) : shown;
  }
}

function categoryEntities(): CatalogEntity[] {
  const paths = new Map<string, string>();
  return CATEGORIES.map((category) => {
    const path = `${category.parent ? paths.get(category.parent) : '/c'}/${category.id}`;
    paths.set(category.id, path);
    const entity: CatalogEntity = { type: 'category', id: category.id, title: category.title, path };
    if (category.parent) entity.parent = category.parent;
    return entity;
  });
}

function stockShelves(random: Random): Shelf[] {
  return CATEGORIES.flatMap((category) =>
    category.products
      ? [
          {
            category,
            spec: category.products,
            brands: random.sample(BRANDS[category.department], BRANDS_PER_LEAF),
          },
        ]
      : [],
  );
}

/** The first day sale windows may open: half the span before `today`'s day (UTC). */
function salesAround(today: Date): number {
  const day = Math.floor(today.getTime() / DAY_MS) * DAY_MS;
  return day - Math.floor(SALES_SPAN_DAYS / 2) * DAY_MS;
}

function product(n: number, shelf: Shelf, random: Random, salesFrom: number): CatalogEntity {
  const { category, spec } = shelf;
  const id = `P${100000 + n}`;
  const brand = random.pick(shelf.brands).name;
  const kind = random.pick(spec.kinds);
  const color = random.pick(COLORS[category.department]);
  const material = random.pick(spec.materials);
  const measure = spec.measure ? random.pick(spec.measure.values) : undefined;
  const fashion = category.department === 'fashion';
  const model = fashion ? random.pick(COLLECTIONS) : modelNumber(random);

  const titleWords = fashion ? [brand, model, kind, color] : [brand, kind, model];
  if (!fashion && measure && spec.measure && TITLE_MEASURES.has(spec.measure.code)) titleWords.push(measure);
  if (!fashion) titleWords.push(color);
  const title = titleWords.join(' ');
  const handle = `${slug(title)}-${id.toLowerCase()}`;

  const attributes: Record<string, string> = { color, material };
  if (measure && spec.measure) attributes[spec.measure.code] = measure;

  const entity: CatalogEntity = {
    type: 'product',
    id,
    title,
    description: description(random, { brand, kind, model, color, material, spec, category }),
    brand,
    categories: [category.id],
    keywords: [...random.sample(spec.keywords, random.int(2, 4)), color.toLowerCase()],
    image: `https://images.example.com/products/${handle}.jpg`,
    url: `/p/${handle}`,
    attributes,
  };
  const offer = offerFields(random, spec, salesFrom);
  if (spec.sizes) {
    entity.varies_by = ['size'];
    entity.variants = sizeVariants(random, id, spec.sizes, offer);
  } else {
    Object.assign(entity, offer, availabilityFields(random));
  }
  return entity;
}

const MODEL_LETTERS = [...'ABCDEFGHJKLMNPRSTVXZ'];

/**
 * Model numbers like "XR-5200", "XR5200" or "XR-5200B", sometimes with a series word: the joined
 * forms are single tokens, so the vocabulary keeps growing with the catalog as real ones do.
 */
function modelNumber(random: Random): string {
  const letters = `${random.pick(MODEL_LETTERS)}${random.pick(MODEL_LETTERS)}`;
  const digits = `${random.int(1, 9)}${random.int(0, 9)}${random.pick(['00', '50', '10', '90', '25', '75'])}`;
  const form = random.next();
  const code =
    form < 0.5
      ? `${letters}-${digits}`
      : form < 0.8
        ? `${letters}${digits}`
        : `${letters}-${digits}${random.pick(MODEL_LETTERS)}`;
  return random.chance(0.35) ? `${code} ${random.pick(SERIES)}` : code;
}

interface Described {
  brand: string;
  kind: string;
  model: string;
  color: string;
  material: string;
  spec: ProductSpec;
  category: DemoCategory;
}

function description(random: Random, item: Described): string {
  const [first, second] = random.sample(item.spec.features, 2);
  const sentences = [
    `The ${item.brand} ${item.model} ${item.kind} brings ${first} and ${second}.`,
    `Made for ${random.pick(USES[item.category.department])}, it ${random.pick(BENEFITS[item.category.department])}.`,
  ];
  if (random.chance(0.5)) sentences.push(`Finished in ${item.color.toLowerCase()} ${item.material}.`);
  if (random.chance(0.5)) sentences.push(random.pick(CLOSERS));
  return sentences.join(' ');
}

interface OfferFields {
  price: number;
  sale_price?: number;
  sale_window?: { from: string; until: string };
  currency: string;
}

function offerFields(random: Random, spec: ProductSpec, salesFrom: number): OfferFields {
  const [low, high] = spec.price;
  // Skewed toward the cheap end, as shelves are; prices end in .99.
  const base = low + (high - low) * random.next() ** 2;
  const price = cents(Math.floor(base) + 0.99);
  const offer: OfferFields = { price, currency: 'EUR' };
  if (random.chance(0.2)) {
    offer.sale_price = cents(price * (0.65 + 0.25 * random.next()));
    const from = salesFrom + random.int(0, SALES_SPAN_DAYS - 1) * DAY_MS;
    offer.sale_window = { from: timestamp(from), until: timestamp(from + random.int(14, 120) * DAY_MS) };
  }
  return offer;
}

function availabilityFields(random: Random): Pick<CatalogEntity, 'availability' | 'delivery_days'> {
  const roll = random.next();
  const availability: Availability =
    roll < 0.8 ? 'in_stock' : roll < 0.87 ? 'out_of_stock' : roll < 0.95 ? 'backorder' : 'preorder';
  switch (availability) {
    case 'in_stock':
      return { availability, delivery_days: { min: 1, max: random.int(2, 4) } };
    case 'backorder':
      return { availability, delivery_days: { min: 7, max: 14 } };
    case 'preorder':
      return { availability, delivery_days: { min: 14, max: 30 } };
    case 'out_of_stock':
      return { availability };
  }
}

/** A run of 3 to 6 neighbouring sizes, each a variant with the product's price. */
function sizeVariants(random: Random, id: string, sizes: string[], offer: OfferFields): Variant[] {
  const count = Math.min(sizes.length, random.int(3, 6));
  const first = random.int(0, sizes.length - count);
  return sizes.slice(first, first + count).map((size) => ({
    id: `${id}-${size}`,
    attributes: { size },
    ...offer,
    ...availabilityFields(random),
  }));
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type {
  AttributesFile,
  CategoriesFile,
  ChannelsFile,
  RankingFile,
  RoutesFile,
  Rule,
  SynonymsFile,
  TestsFile,
  TypesFile,
} from '../contracts/release-files/index.js';
import type { SearchRequest } from '../contracts/search.js';
import { validateRelease } from '../release/validate.js';
import type { Plan, SearchPlan } from './plan.js';
import { compilePlanner, type Planner } from './planner.js';
import { buildVocabulary, type Vocabulary } from './vocabulary.js';

/**
 * A sports and electronics shop for the planner's tests: English and German, running shoes and
 * sneakers, phones, televisions and headphones, brands with aliases, colors with aliases and
 * groups, sizes, storage and screen sizes with units, a waterproof flag. Tests add the rules they
 * exercise; every release a test plans with is checked as a publish would check it.
 */

export const NOW = new Date('2026-03-02T10:00:00Z');

const channels: ChannelsFile = {
  channels: [
    { id: 'web', locales: ['en', 'de'], currency: 'EUR' },
    { id: 'ch', locales: ['de-CH'], currency: 'CHF' },
  ],
  context: [{ key: 'customer_group', values: ['retail', 'business'] }, { key: 'device' }],
};

const types: TypesFile = {
  types: [
    { code: 'product', label: 'Products', offers: true },
    { code: 'category', label: 'Categories' },
    { code: 'brand', label: 'Brands' },
    { code: 'gift_card', label: 'Gift cards', offers: true },
    { code: 'guide', label: 'Guides' },
  ],
};

export const SHOP_ATTRIBUTES: AttributesFile = {
  attributes: [
    {
      code: 'color',
      label: { en: 'Color', de: 'Farbe' },
      type: 'option',
      options: [
        { value: 'Red', label: { en: 'Red', de: 'Rot' }, aliases: ['crimson'] },
        { value: 'Black', label: { en: 'Black', de: 'Schwarz' } },
        { value: 'White', label: { en: 'White', de: 'Weiß' } },
        { value: 'Navy', label: { en: 'Navy', de: 'Marineblau' }, aliases: ['navy blue'] },
        { value: 'Blue', label: { en: 'Blue', de: 'Blau' } },
        { value: 'Sage', label: { en: 'Sage', de: 'Salbei' } },
      ],
      groups: [{ code: 'blue_tones', label: { en: 'Blues', de: 'Blautöne' }, values: ['Navy', 'Blue'] }],
    },
    { code: 'size', label: { en: 'Size', de: 'Größe' }, type: 'option', level: 'variant' },
    {
      code: 'storage',
      label: { en: 'Storage', de: 'Speicher' },
      type: 'quantity',
      unit: 'gb',
      sortable: true,
    },
    {
      code: 'memory_card',
      label: 'Memory card',
      type: 'option',
      options: [{ value: '128 GB' }, { value: '256 GB' }],
    },
    {
      code: 'screen_size',
      label: { en: 'Screen size', de: 'Bildschirmdiagonale' },
      type: 'quantity',
      unit: 'in',
    },
    { code: 'width', label: { en: 'Width', de: 'Breite' }, type: 'quantity', unit: 'cm' },
    { code: 'waterproof', label: { en: 'Waterproof', de: 'Wasserdicht' }, type: 'boolean' },
    { code: 'mpn', label: 'MPN', type: 'identifier' },
  ],
};

const categories: CategoriesFile = {
  default: {
    facets: ['category', 'brand', { field: 'price', kind: 'range' }, 'color'],
    sort: { default: 'relevance', options: ['relevance', 'price_asc', 'price_desc'] },
  },
  nodes: [
    { category: 'shoes', facets: ['category', 'brand', 'size', 'color', { field: 'price', kind: 'range' }] },
    { category: 'sneakers', sort: { default: 'newest', options: ['newest', 'relevance', 'price_asc'] } },
    {
      category: 'televisions',
      facets: [
        'brand',
        {
          field: 'screen_size',
          kind: 'buckets',
          buckets: [
            { to: 50, label: { en: 'Under 50 in', de: 'Unter 50 Zoll' } },
            { from: 50, to: 65, label: { en: '50 to 64 in', de: '50 bis 64 Zoll' } },
            { from: 65, label: { en: '65 in and more', de: 'Ab 65 Zoll' } },
          ],
        },
      ],
    },
  ],
};

const ranking: RankingFile = {
  strengths: {
    boost: { slight: 1.2, medium: 1.5, strong: 2.5 },
    bury: { slight: 0.8, medium: 0.6, strong: 0.3 },
  },
  sorts: [
    {
      code: 'price_asc',
      label: { en: 'Price: low to high', de: 'Preis: aufsteigend' },
      by: 'price',
      direction: 'asc',
    },
    {
      code: 'price_desc',
      label: { en: 'Price: high to low', de: 'Preis: absteigend' },
      by: 'price',
      direction: 'desc',
    },
    { code: 'newest', label: { en: 'Newest', de: 'Neueste' }, by: 'attributes.storage', direction: 'desc' },
  ],
  sections: ['product', 'category', 'brand'],
};

const synonyms: SynonymsFile = {
  dictionaries: {
    en: { groups: [{ words: ['tv', 'television'] }, { words: ['trainers', 'sneakers'] }] },
    de: { groups: [{ words: ['fernseher', 'tv'] }] },
  },
};

const routes: RoutesFile = {
  search: { path: { en: '/search', de: '/suche' } },
  brands: { path: { en: '/brands/{brand}', de: '/marken/{brand}' } },
};

const category = (
  id: string,
  title: CatalogEntity['title'],
  path: CatalogEntity['path'],
  parent?: string,
) => ({
  type: 'category',
  id,
  title,
  path,
  ...(parent !== undefined ? { parent } : {}),
});

/** The catalog behind the vocabulary: categories, brands and a product or two on each shelf. */
export const SHOP_CATALOG: CatalogEntity[] = [
  category('sports', { en: 'Sports', de: 'Sport' }, { en: '/c/sports', de: '/k/sport' }),
  category('shoes', { en: 'Shoes', de: 'Schuhe' }, { en: '/c/shoes', de: '/k/schuhe' }, 'sports'),
  category(
    'running-shoes',
    { en: 'Running Shoes', de: 'Laufschuhe' },
    { en: '/c/shoes/running-shoes', de: '/k/schuhe/laufschuhe' },
    'shoes',
  ),
  category(
    'sneakers',
    { en: 'Sneakers', de: 'Sneaker' },
    { en: '/c/shoes/sneakers', de: '/k/schuhe/sneaker' },
    'shoes',
  ),
  category(
    'electronics',
    { en: 'Electronics', de: 'Elektronik' },
    { en: '/c/electronics', de: '/k/elektronik' },
  ),
  category(
    'smartphones',
    { en: 'Smartphones', de: 'Smartphones' },
    { en: '/c/smartphones', de: '/k/smartphones' },
    'electronics',
  ),
  category(
    'televisions',
    { en: 'Televisions', de: 'Fernseher' },
    { en: '/c/tv', de: '/k/fernseher' },
    'electronics',
  ),
  category(
    'headphones',
    { en: 'Headphones', de: 'Kopfhörer' },
    { en: '/c/headphones', de: '/k/kopfhoerer' },
    'electronics',
  ),
  category(
    'memory-cards',
    { en: 'Memory Cards', de: 'Speicherkarten' },
    { en: '/c/memory-cards', de: '/k/speicherkarten' },
    'electronics',
  ),
  category('desks', { en: 'Desks', de: 'Schreibtische' }, { en: '/c/desks', de: '/k/schreibtische' }),
  {
    ...category(
      'gifts',
      { en: 'Gift Cards', de: 'Gutscheine' },
      { en: '/c/gift-cards', de: '/k/gutscheine' },
    ),
    channels: ['web'],
  },
  { type: 'brand', id: 'nike', title: 'Nike', aliases: ['nikey'] },
  { type: 'brand', id: 'adidas', title: 'Adidas' },
  { type: 'brand', id: 'apple', title: 'Apple' },
  { type: 'brand', id: 'samsung', title: 'Samsung' },
  { type: 'brand', id: 'sony', title: 'Sony' },
  {
    type: 'product',
    id: 'pegasus-41',
    title: 'Nike Pegasus 41 Running Shoe',
    brand: 'Nike',
    categories: ['running-shoes'],
    attributes: { color: 'Red', waterproof: false },
    variants: [
      { id: 'pegasus-41-42', attributes: { size: '42' }, price: 49 },
      { id: 'pegasus-41-43', attributes: { size: '43' }, price: 49 },
    ],
  },
  {
    type: 'product',
    id: 'air-force-1',
    title: 'Nike Air Force 1',
    brand: 'nike',
    categories: ['sneakers'],
    attributes: { color: 'White' },
    variants: [{ id: 'air-force-1-44', attributes: { size: '44' }, price: 119 }],
  },
  {
    type: 'product',
    id: 'ultraboost',
    title: 'Adidas Ultraboost',
    brand: 'Adidas',
    categories: ['running-shoes'],
    attributes: { color: ['Black', 'Navy'] },
    price: 179,
  },
  {
    type: 'product',
    id: 'iphone-16',
    title: 'Apple iPhone 16',
    brand: 'Apple',
    categories: ['smartphones'],
    attributes: { storage: 128, color: 'Black' },
    price: 949,
  },
  {
    type: 'product',
    id: 'iphone-15',
    title: 'Apple iPhone 15',
    brand: 'Apple',
    categories: ['smartphones'],
    attributes: { storage: 128, color: 'Blue' },
    price: 799,
  },
  {
    type: 'product',
    id: 'galaxy-s24',
    title: 'Samsung Galaxy S24',
    brand: 'Samsung',
    categories: ['smartphones'],
    attributes: { storage: 256 },
    price: 899,
  },
  {
    type: 'product',
    id: 'sd-128',
    title: 'Samsung EVO 128 GB',
    brand: 'Samsung',
    categories: ['memory-cards'],
    attributes: { memory_card: '128 GB' },
    price: 19,
  },
  {
    type: 'product',
    id: 'bravia-55',
    title: 'Sony Bravia 55',
    brand: 'Sony',
    categories: ['televisions'],
    attributes: { screen_size: 55, width: 123 },
    price: 1099,
  },
  {
    type: 'product',
    id: 'wh-1000',
    title: 'Sony WH-1000XM5',
    brand: 'Sony',
    categories: ['headphones'],
    attributes: { color: 'Sage', waterproof: true },
    price: 349,
  },
  {
    type: 'product',
    id: 'standing-desk',
    title: 'Standing Desk',
    brand: 'Flexi',
    categories: ['desks'],
    attributes: { width: 140 },
    price: 399,
  },
  { type: 'gift_card', id: 'gift-50', title: 'Gift Card 50', categories: ['gifts'], price: 50 },
];

export type ShopFiles = Record<string, Record<string, unknown>>;

/** The shop's release files with these rules and tests. */
function shopFiles(rules: Rule[] = [], tests: TestsFile['tests'] = []): ShopFiles {
  return {
    'channels.json': channels,
    'types.json': types,
    'attributes.json': SHOP_ATTRIBUTES,
    'categories.json': categories,
    'ranking.json': ranking,
    'rules.json': { rules },
    'synonyms.json': synonyms,
    'routes.json': routes,
    'tests.json': { tests },
  };
}

let vocabulary: Vocabulary | undefined;

export function shopVocabulary(): Vocabulary {
  vocabulary ??= buildVocabulary(SHOP_CATALOG, SHOP_ATTRIBUTES.attributes);
  return vocabulary;
}

/** A planner of the shop with these rules; throws when the release would not publish. */
export function shopPlanner(rules: Rule[] = [], tests: TestsFile['tests'] = []): Planner {
  const files = shopFiles(rules, tests);
  const check = validateRelease(files);
  if (!check.ok) throw new Error(`the test release has violations: ${JSON.stringify(check.violations)}`);
  return compilePlanner(files, shopVocabulary());
}

/** Plans one request at NOW (or the request's own time) with the trace. */
export function planWith(rules: Rule[], request: SearchRequest): Plan {
  return shopPlanner(rules).plan(request, { arrival: NOW, trace: true });
}

/** The same, for a request that must be answered with results. */
export function searchWith(rules: Rule[], request: SearchRequest): SearchPlan {
  const plan = planWith(rules, request);
  if (plan.kind !== 'search')
    throw new Error(`expected results, got a redirect to ${JSON.stringify(plan.redirect)}`);
  return plan;
}

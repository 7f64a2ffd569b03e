import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type { Attribute } from '../../contracts/release-files/index.js';
import type { EngineSettings } from '../settings.js';

/**
 * A small shop for the structured half's tests: a category tree, two brands, options with
 * swatches and groups, variants that differ in size and color, offers in two channels with sales.
 */
export const attributes: Attribute[] = [
  {
    code: 'color',
    label: { en: 'Color', de: 'Farbe' },
    type: 'option',
    level: 'variant',
    options: [
      { value: 'Red', label: { en: 'Red', de: 'Rot' }, swatch: '#c00', image: 'https://img.example/red.png' },
      { value: 'Blue', label: { en: 'Blue', de: 'Blau' }, swatch: '#00c', description: 'A deep blue' },
      { value: 'Navy', label: { en: 'Navy', de: 'Marine' }, swatch: '#004' },
      { value: 'Green', label: { en: 'Green', de: 'Grün' }, swatch: '#0c0' },
    ],
    groups: [{ code: 'blues', label: { en: 'Blues', de: 'Blautöne' }, values: ['Blue', 'Navy'] }],
  },
  {
    code: 'size',
    label: { en: 'Size', de: 'Größe' },
    type: 'option',
    level: 'variant',
    options: [{ value: 'S' }, { value: 'M' }, { value: 'L' }, { value: 'XL' }],
  },
  { code: 'material', label: 'Material', type: 'option' },
  { code: 'weight', label: 'Weight', type: 'quantity', unit: 'kg', sortable: true },
  { code: 'released', label: 'Released', type: 'date', sortable: true },
  { code: 'eco', label: 'Eco', type: 'boolean' },
  { code: 'width', label: 'Width', type: 'range', unit: 'cm' },
  { code: 'gtin', label: 'GTIN', type: 'identifier', filterable: true },
];

export const settings: EngineSettings = {
  locale: 'en',
  attributes,
  channels: [
    { id: 'web', locales: ['en', 'de'], currency: 'EUR' },
    { id: 'ch', locales: ['de-CH'], currency: 'CHF' },
  ],
  signals: [
    { code: 'sales', direction: 'higher_is_better', normalize: 'percentile' },
    {
      code: 'stars',
      direction: 'higher_is_better',
      normalize: { damped: { count_signal: 'reviews', prior_count: 10 } },
    },
    { code: 'reviews', direction: 'higher_is_better', normalize: 'percentile' },
    { code: 'first_sold', direction: 'newer_is_better', normalize: { half_life_days: 30 } },
  ],
  signalWeights: { product: { sales: 1 } },
  types: {
    product: {
      resultFields: [
        'title',
        'url',
        'image',
        'brand',
        'price',
        'sale_price',
        'currency',
        'availability',
        'stock',
        'delivery_days',
        'attributes.color',
        'attributes.size',
        'categories',
        'rating',
        'signals.sales',
      ],
    },
  },
};

const category = (id: string, title: string, parent?: string): CatalogEntity => ({
  type: 'category',
  id,
  title: { en: title, de: `${title} (de)` },
  ...(parent ? { parent } : {}),
});

export const catalog: CatalogEntity[] = [
  category('fashion', 'Fashion'),
  category('women', 'Women', 'fashion'),
  category('dresses', 'Dresses', 'women'),
  category('men', 'Men', 'fashion'),
  category('shirts', 'Shirts', 'men'),
  category('home', 'Home'),
  category('lamps', 'Lamps', 'home'),
  { type: 'brand', id: 'acme', title: 'Acme', logo: 'https://img.example/acme.svg' },
  { type: 'brand', id: 'nordic', title: 'Nordic Co' },
  // d1: three sizes, all red: a SKU counter would count it three times under Red.
  {
    type: 'product',
    id: 'd1',
    title: { en: 'Summer Dress', de: 'Sommerkleid' },
    brand: 'Acme',
    categories: ['dresses'],
    attributes: { material: 'cotton', weight: '0.4 kg', released: '2025-03-01', eco: true, gtin: '400-1234' },
    signals: { sales: 50, stars: 4.5, reviews: 100, rating: 4.5 },
    variants: [
      {
        id: 'd1-s',
        attributes: { size: 'S', color: 'Red' },
        price: 40,
        currency: 'EUR',
        availability: 'in_stock',
        delivery_days: { min: 1, max: 2 },
      },
      {
        id: 'd1-m',
        attributes: { size: 'M', color: 'Red' },
        price: 40,
        currency: 'EUR',
        availability: 'in_stock',
        delivery_days: { min: 1, max: 2 },
      },
      {
        id: 'd1-l',
        attributes: { size: 'L', color: 'Red' },
        price: 44,
        currency: 'EUR',
        availability: 'out_of_stock',
      },
    ],
  },
  // d2: size M is blue, size L is red: "M and red" must not match it.
  {
    type: 'product',
    id: 'd2',
    title: 'Evening Dress',
    brand: 'Nordic Co',
    categories: ['dresses'],
    attributes: { material: 'silk', weight: 0.6, released: '2025-06-01' },
    signals: { sales: 10, stars: 5, reviews: 1 },
    variants: [
      {
        id: 'd2-m',
        url: '/p/d2?size=m',
        attributes: { size: 'M', color: 'Blue' },
        price: 120,
        sale_price: 90,
        sale_window: { from: '2025-07-01T00:00:00Z', until: '2025-08-01T00:00:00Z' },
        availability: 'in_stock',
        delivery_days: { min: 3, max: 5 },
      },
      {
        id: 'd2-l',
        attributes: { size: 'L', color: 'Red' },
        price: 130,
        availability: 'preorder',
        delivery_days: { min: 10, max: 20 },
      },
    ],
  },
  // s1: a shirt in navy, two sizes; sold in both channels at different prices.
  {
    type: 'product',
    id: 's1',
    title: 'Oxford Shirt',
    brand: 'acme',
    categories: [{ id: 'shirts', primary: true }],
    attributes: { material: 'cotton', weight: 0.3, eco: false },
    signals: { sales: 30, first_sold: '2025-06-20T00:00:00Z' },
    variants: [
      {
        id: 's1-m',
        attributes: { size: 'M', color: 'Navy' },
        offers: [
          {
            channel: 'web',
            price: 55,
            availability: 'in_stock',
            stock: 4,
            delivery_days: { min: 1, max: 3 },
          },
          { channel: 'ch', price: 60, currency: 'CHF', availability: 'backorder' },
        ],
      },
      {
        id: 's1-xl',
        attributes: { size: 'XL', color: 'Navy' },
        offers: [{ channel: 'web', price: 55, sale_price: 35, availability: 'in_stock', stock: 1 }],
      },
    ],
  },
  // l1: a lamp without variants, only on the web.
  {
    type: 'product',
    id: 'l1',
    title: 'Brass Lamp',
    brand: 'Nordic Co',
    categories: ['lamps'],
    attributes: { material: 'brass', weight: '2500 g', width: { min: 20, max: 30 }, color: 'Green' },
    signals: { sales: 5 },
    offers: [{ channel: 'web', price: 80, availability: 'in_stock', delivery_days: { min: 2, max: 4 } }],
  },
  // l2: a lamp in both channels through its inline offer.
  {
    type: 'product',
    id: 'l2',
    title: 'Paper Lamp',
    brand: 'Acme',
    categories: ['lamps'],
    attributes: { material: 'paper', weight: 0.8, width: '40-50 cm' },
    price: 19.99,
    currency: 'EUR',
    availability: 'backorder',
    delivery_days: { min: 7, max: 14 },
  },
];

/** A time inside d2's July sale window, and one before it. */
export const JULY = Date.parse('2025-07-15T00:00:00Z');
export const JUNE = Date.parse('2025-06-15T00:00:00Z');

import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { compileReleaseIndex } from '../../src/control/indexer/release-index.js';
import { loadIndex } from '../../src/engine/index.js';
import { type LiveState, liveStateOf } from '../../src/query/live-index.js';

/**
 * A small electronics and fashion shop for storefront pages: two channels (one in English and
 * German), categories with a path per locale (one only in the second channel), brands with and
 * without a page, products with photos, details of every attribute type, variants, sales and
 * offers per channel, and routes.json with every kind of route.
 */
export const pagesCatalog: CatalogEntity[] = [
  {
    type: 'category',
    id: 'electronics',
    title: { en: 'Electronics', de: 'Elektronik' },
    path: { en: '/c/electronics', de: '/de/k/elektronik' },
  },
  {
    type: 'category',
    id: 'televisions',
    parent: 'electronics',
    title: { en: 'Televisions', de: 'Fernseher' },
    path: { en: '/c/electronics/tv', de: '/de/k/elektronik/fernseher' },
  },
  {
    type: 'category',
    id: 'headphones',
    parent: 'electronics',
    title: { en: 'Headphones', de: 'Kopfhörer' },
    path: { en: '/c/electronics/headphones', de: '/de/k/elektronik/kopfhoerer' },
  },
  { type: 'category', id: 'fashion', title: 'Fashion', path: '/c/fashion' },
  { type: 'category', id: 'shirts', parent: 'fashion', title: 'Shirts', path: '/c/fashion/shirts' },
  { type: 'category', id: 'trade', title: 'Trade only', path: '/c/trade', channels: ['b2b'] },
  {
    type: 'brand',
    id: 'sonora',
    title: 'Sonora',
    logo: 'https://img.example/sonora.svg',
    aliases: ['sonora audio'],
  },
  { type: 'brand', id: 'lumen', title: 'Lumen' },
  {
    type: 'product',
    id: 'tv-55',
    title: { en: 'Sonora OLED TV 55', de: 'Sonora OLED-Fernseher 55' },
    description: { en: 'A bright OLED television.', de: 'Ein heller OLED-Fernseher.' },
    url: { en: '/p/sonora-oled-55', de: '/de/p/sonora-oled-55' },
    image: 'https://img.example/tv-55.jpg',
    images: ['https://img.example/tv-55-side.jpg', 'https://img.example/tv-55.jpg'],
    brand: 'Sonora',
    categories: [{ id: 'televisions', primary: true }, 'electronics'],
    attributes: {
      color: 'Black',
      screen_size: '55 in',
      weight: '18500 g',
      smart: 'yes',
      gtin: '4006381333931',
      released: '2025-03-01',
      viewing: { min: 1.5, max: 3 },
      notes: { en: 'Wall mount included', de: 'Wandhalterung inklusive' },
      undeclared: 'left out',
    },
    price: 999,
    sale_price: 799,
    sale_window: { from: '2026-01-01T00:00:00Z', until: '2026-02-01T00:00:00Z' },
    currency: 'EUR',
    availability: 'in_stock',
    stock: 12,
    delivery_days: { min: 2, max: 4 },
  },
  {
    type: 'product',
    id: 'tv-65',
    title: 'Lumen QLED TV 65',
    url: '/p/lumen-qled-65',
    brand: 'Lumen',
    categories: ['televisions'],
    attributes: { color: 'Silver', screen_size: 65 },
    price: 1299,
    currency: 'EUR',
    availability: 'backorder',
    delivery_days: { min: 7, max: 7 },
  },
  {
    type: 'product',
    id: 'tv-43',
    title: 'Sonora LED TV 43',
    url: '/p/sonora-led-43',
    brand: 'sonora audio',
    categories: ['televisions'],
    attributes: { color: 'Black', screen_size: 43 },
    price: 399,
    currency: 'EUR',
  },
  {
    type: 'product',
    id: 'buds',
    title: 'Nordlicht Earbuds',
    url: '/p/nordlicht-earbuds',
    brand: 'Nordlicht',
    categories: ['headphones'],
    attributes: { color: 'White' },
    offers: [{ channel: 'web', price: 59, currency: 'EUR', availability: 'in_stock' }],
  },
  {
    type: 'product',
    id: 'shirt',
    title: 'Linen Shirt',
    url: '/p/linen-shirt',
    image: 'https://img.example/shirt.jpg',
    brand: 'Lumen',
    categories: ['shirts'],
    attributes: { color: 'White' },
    varies_by: ['size'],
    variants: [
      {
        id: 'shirt-l',
        url: '/p/linen-shirt?size=l',
        attributes: { size: 'L' },
        offers: [{ channel: 'web', price: 49, currency: 'EUR', availability: 'in_stock' }],
      },
      {
        id: 'shirt-s',
        url: '/p/linen-shirt-s',
        image: 'https://img.example/shirt-s.jpg',
        attributes: { size: 'S' },
        offers: [{ channel: 'web', price: 45, currency: 'EUR', availability: 'in_stock' }],
      },
      {
        id: 'shirt-m',
        title: 'Linen Shirt M',
        attributes: { size: 'M' },
        offers: [{ channel: 'web', price: 47, currency: 'EUR', availability: 'out_of_stock' }],
      },
      {
        id: 'shirt-xl',
        attributes: { size: 'XL' },
        offers: [{ channel: 'b2b', price: 40, currency: 'EUR' }],
      },
    ],
  },
];

export const pagesRelease: Record<string, Record<string, unknown>> = {
  'channels.json': {
    channels: [
      { id: 'web', locales: ['en', 'de'], currency: 'EUR' },
      { id: 'b2b', locales: ['en'], currency: 'EUR' },
    ],
  },
  'attributes.json': {
    attributes: [
      {
        code: 'color',
        label: { en: 'Color', de: 'Farbe' },
        type: 'option',
        options: [
          { value: 'Black', label: { en: 'Black', de: 'Schwarz' }, swatch: '#000000' },
          { value: 'Silver', label: { en: 'Silver', de: 'Silber' } },
          { value: 'White', label: { en: 'White', de: 'Weiß' } },
        ],
      },
      {
        code: 'size',
        label: { en: 'Size', de: 'Größe' },
        type: 'option',
        level: 'variant',
        options: [{ value: 'S' }, { value: 'M' }, { value: 'L' }, { value: 'XL' }],
      },
      {
        code: 'screen_size',
        label: { en: 'Screen size', de: 'Bildschirmdiagonale' },
        type: 'quantity',
        unit: 'in',
      },
      { code: 'weight', label: { en: 'Weight', de: 'Gewicht' }, type: 'quantity', unit: 'kg' },
      { code: 'smart', label: 'Smart TV', type: 'boolean' },
      {
        code: 'gtin',
        label: 'GTIN',
        type: 'identifier',
        description: { en: 'The barcode number.', de: 'Die Nummer des Strichcodes.' },
      },
      { code: 'released', label: { en: 'Released', de: 'Erschienen' }, type: 'date' },
      { code: 'viewing', label: { en: 'Viewing distance', de: 'Sehabstand' }, type: 'range', unit: 'm' },
      { code: 'notes', label: { en: 'Notes', de: 'Hinweise' }, type: 'text' },
    ],
  },
  'categories.json': {
    default: {
      facets: ['category', 'brand', { field: 'price', kind: 'range' }, 'color'],
      sort: { default: 'relevance', options: ['relevance', 'price_asc'] },
    },
    nodes: [
      {
        category: 'televisions',
        facets: [
          'brand',
          {
            field: 'screen_size',
            kind: 'buckets',
            buckets: [
              { to: 50, label: 'Under 50 in' },
              { from: 50, to: 65, label: '50 to 64 in' },
              { from: 65, label: '65 in and more' },
            ],
          },
          'color',
        ],
        sort: { options: ['relevance', 'price_asc', 'price_desc'] },
        filter_pages: [['brand'], ['brand', 'screen_size']],
      },
      { category: 'fashion', filter_pages: [] },
    ],
  },
  'ranking.json': {
    sorts: [
      {
        code: 'price_asc',
        label: { en: 'Price: low to high', de: 'Preis aufsteigend' },
        by: 'price',
        direction: 'asc',
      },
      { code: 'price_desc', label: 'Price: high to low', by: 'price', direction: 'desc' },
    ],
  },
  'routes.json': {
    search: { path: { en: '/search', de: '/suche' }, query_parameter: 'q' },
    brands: { path: { en: '/brands/{brand}', de: '/marken/{brand}' } },
    parameters: { page: 'p', sort: 'order' },
    filter_pages: [['brand'], ['color'], ['brand', 'screen_size']],
    legacy: [
      { from: '/shop/tv.html', to: 'category:televisions' },
      { from: '/angebote/tv', to: '/shop/tv.html' },
      { from: '/marke/sonora', to: 'brand:sonora' },
      { from: '/artikel/4711', to: 'product:tv-55' },
      { from: '/service/returns.php', to: '/help/returns' },
      { from: '/blog/best-tvs', to: 'https://blog.example.com/best-tvs' },
      { from: '/index.php?page=headphones', to: 'category:headphones' },
      { from: '/summer-sale-2024', gone: true },
      { from: '/old-sale', to: '/summer-sale-2024' },
      { from: '/c/trade-old', to: 'category:trade' },
    ],
    titles: { search: { en: 'Search results', de: 'Suchergebnisse' } },
  },
};

/** The shop live, as a query node holds it, read with `files` (default the shop's release). */
export async function pagesLiveState(
  files: Record<string, unknown> = pagesRelease,
  catalog: CatalogEntity[] = pagesCatalog,
): Promise<LiveState> {
  const index = loadIndex(await compileReleaseIndex(catalog, files));
  return liveStateOf(
    {
      runId: 1,
      artifact: 'a',
      release: 'r1',
      snapshot: 's1',
      releaseFiles: files,
      generation: 0,
      offersApplied: 0,
    },
    index,
  );
}

import { attributes, catalog } from '../../src/engine/listing/fixture.test-support.js';

/**
 * A small fashion and home shop with variants, two channels and sales, and a release that uses
 * every facet kind: the catalog of the engine's structured tests, served through the stack.
 */
export const structuredCatalog = catalog;

export const structuredRelease: Record<string, unknown> = {
  'channels.json': {
    channels: [
      { id: 'web', locales: ['en', 'de'], currency: 'EUR' },
      { id: 'ch', locales: ['de-CH'], currency: 'CHF' },
    ],
  },
  'types.json': {
    types: [
      {
        code: 'product',
        label: 'Products',
        offers: true,
        result_fields: [
          'title',
          'url',
          'brand',
          'price',
          'sale_price',
          'currency',
          'availability',
          'attributes.color',
        ],
      },
      { code: 'category', label: 'Categories' },
      { code: 'brand', label: 'Brands' },
    ],
  },
  'attributes.json': { attributes },
  'categories.json': {
    default: {
      facets: [
        { field: 'category', kind: 'hierarchical' },
        { field: 'brand', search: true, limit: 1, display: 'images' },
        { field: 'price', kind: 'range', display: 'histogram' },
        {
          field: 'on_sale',
          kind: 'toggle',
          description: { en: 'Reduced items only', de: 'Nur reduzierte Artikel' },
        },
        'availability',
        {
          field: 'delivery_days',
          kind: 'buckets',
          buckets: [
            { to: 3, label: { en: 'Within 2 days', de: 'Innerhalb von 2 Tagen' } },
            { to: 8, label: { en: 'Within a week', de: 'Innerhalb einer Woche' } },
          ],
        },
        { field: 'color', kind: 'swatch' },
        {
          field: 'size',
          order: 'value_order',
          display: 'buttons',
          headings: [{ label: { en: 'Letters', de: 'Buchstaben' }, values: ['S', 'M', 'L', 'XL'] }],
        },
        { field: 'material', custom_display: 'material-chips' },
        { field: 'released', kind: 'relative', buckets: [{ from: -60, to: 1, label: 'New' }] },
      ],
      sort: { default: 'relevance', options: ['relevance', 'price_asc', 'price_desc'] },
    },
    nodes: [
      {
        category: 'fashion',
        facets: [
          'category',
          'brand',
          { field: 'size', single: true },
          { field: 'color', kind: 'swatch', show: 'groups' },
          { field: 'price', kind: 'range', display: 'slider' },
        ],
        groups: [
          {
            group: 'fit',
            label: { en: 'Fit', de: 'Passform' },
            facets: ['size', 'color'],
            display: 'finder',
          },
        ],
        sort: { default: 'price_asc', options: ['price_asc', 'relevance', 'newest'] },
      },
      { category: 'home', where: { material: 'cotton', brand: 'acme' } },
    ],
  },
  'ranking.json': {
    signals: [{ code: 'sales', direction: 'higher_is_better', normalize: 'percentile' }],
    weights: { product: { sales: 1 } },
    sorts: [
      {
        code: 'price_asc',
        label: { en: 'Price: low to high', de: 'Preis aufsteigend' },
        by: 'price',
        direction: 'asc',
      },
      {
        code: 'price_desc',
        label: { en: 'Price: high to low', de: 'Preis absteigend' },
        by: 'price',
        direction: 'desc',
      },
      {
        code: 'newest',
        label: { en: 'Newest', de: 'Neueste' },
        by: 'attributes.released',
        direction: 'desc',
      },
    ],
  },
};

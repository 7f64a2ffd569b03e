import type { Violation } from '../../contracts/problem.js';
import type {
  AttributesFile,
  CategoriesFile,
  ChannelsFile,
  FeedFile,
  RankingFile,
  RoutesFile,
  RulesFile,
  SynonymsFile,
  TestsFile,
  TypesFile,
} from '../../contracts/release-files/index.js';
import { validateRelease } from '../validate.js';

/** A fashion shop's whole release, every file typed so a test changes one member and sees it refused. */
export interface ShopFiles {
  'channels.json': ChannelsFile;
  'types.json': TypesFile;
  'attributes.json': AttributesFile;
  'categories.json': CategoriesFile;
  'ranking.json': RankingFile;
  'rules.json': RulesFile;
  'synonyms.json': SynonymsFile;
  'routes.json': RoutesFile;
  'feed.json': FeedFile;
  'tests.json': TestsFile;
}

const swatch = (value: string, color: string) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
  swatch: color,
  image: `https://cdn.example.com/swatches/${value}.png`,
});

const SHOP: ShopFiles = {
  'channels.json': {
    channels: [
      { id: 'web', label: 'Web shop', locales: ['en', 'de'], currency: 'EUR' },
      { id: 'uk', label: { en: 'United Kingdom' }, locales: ['en-GB'], currency: 'GBP' },
    ],
    context: [{ key: 'device', values: ['mobile', 'desktop'] }, { key: 'customer_group' }],
  },
  'types.json': {
    types: [
      {
        code: 'product',
        label: 'Products',
        offers: true,
        grain: 'variant',
        search: {
          fields: [
            { field: 'title', weight: 10 },
            { field: 'brand', weight: 5 },
            { field: 'attributes.material', weight: 2 },
            { field: 'attributes.mpn', weight: 8 },
          ],
          typos: { one_typo_min_letters: 4, two_typos_min_letters: 8, exempt: ['mpn'] },
        },
        result_fields: [
          'title',
          'url',
          'image',
          'price',
          'sale_price',
          'brand',
          'attributes.color',
          'rating',
        ],
      },
      { code: 'category', label: 'Categories' },
      { code: 'brand', label: 'Brands' },
      {
        code: 'guide',
        label: { en: 'Style guides', de: 'Stilberatung' },
        search: {
          fields: [
            { field: 'title', weight: 3 },
            { field: 'body', weight: 1 },
          ],
        },
        result_fields: ['title', 'url', 'image'],
      },
    ],
  },
  'attributes.json': {
    attributes: [
      {
        code: 'color',
        label: { en: 'Colour', de: 'Farbe' },
        type: 'option',
        level: 'variant',
        options: [
          swatch('black', '#000000'),
          swatch('navy', '#1f2a44'),
          swatch('red', '#c0392b'),
          swatch('white', '#ffffff'),
        ],
        groups: [{ code: 'dark', label: 'Dark colours', values: ['black', 'navy'] }],
      },
      {
        code: 'size',
        label: 'Size',
        type: 'option',
        level: 'variant',
        options: [{ value: 'XS' }, { value: 'S' }, { value: 'M' }, { value: 'L' }, { value: 'XL' }],
        groups: [
          { code: 'small', label: 'Small', values: ['XS', 'S'] },
          { code: 'large', label: 'Large', values: ['L', 'XL'] },
        ],
      },
      { code: 'material', label: 'Material', type: 'text' },
      { code: 'organic', label: 'Organic cotton', type: 'boolean' },
      { code: 'weight', label: 'Weight', type: 'quantity', unit: 'g', sortable: true },
      { code: 'inseam', label: 'Inseam', type: 'range', unit: 'cm' },
      { code: 'release_date', label: 'Released', type: 'date', sortable: true },
      { code: 'mpn', label: 'Manufacturer part number', type: 'identifier' },
      { code: 'fit', label: 'Fit', type: 'option', filterable: false },
    ],
  },
  'categories.json': {
    default: {
      facets: [
        'category',
        { field: 'brand', display: 'images', search: true },
        { field: 'price', display: 'histogram' },
        { field: 'color', kind: 'swatch', display: 'grades' },
        {
          field: 'size',
          display: 'buttons',
          order: 'value_order',
          headings: [
            { label: 'Small', values: ['XS', 'S'] },
            { label: 'Regular', values: ['M', 'L', 'XL'] },
          ],
        },
        'on_sale',
        'availability',
        {
          field: 'delivery_days',
          kind: 'buckets',
          buckets: [
            { to: 2, label: 'Tomorrow' },
            { to: 4, label: 'Within 3 days' },
            { from: 4, label: 'Later' },
          ],
        },
        {
          field: 'rating',
          kind: 'buckets',
          display: 'stars',
          buckets: [
            { from: 3, label: '3 stars and up' },
            { from: 4, label: '4 stars and up' },
          ],
        },
        { field: 'weight', display: 'slider' },
        {
          field: 'release_date',
          kind: 'relative',
          buckets: [
            { from: -30, label: 'Last 30 days' },
            { from: -7, label: 'Last week' },
          ],
        },
        'organic',
        { field: 'inseam', kind: 'range', display: 'slider' },
      ],
      groups: [
        { group: 'fit_finder', label: 'Find your fit', facets: ['size', 'inseam'], display: 'finder' },
      ],
      sort: {
        default: 'relevance',
        options: ['relevance', 'price_asc', 'price_desc', 'newest', 'bestselling'],
      },
    },
    nodes: [
      {
        category: 'women',
        facets: ['category', 'brand', 'price', { field: 'size', show: 'groups' }, 'color'],
        sort: { default: 'newest', options: ['newest', 'price_asc', 'price_desc'] },
        filter_pages: [['brand'], ['color', 'brand']],
      },
      {
        category: 'sale',
        where: {
          on_sale: true,
          any: [{ price: { lt: 50 } }, { brand: ['acme', 'northwind'] }],
          not: { availability: 'out_of_stock' },
        },
        filter_pages: [],
      },
      {
        category: 'long-jeans',
        where: {
          category: { within: 'jeans' },
          inseam: { between: [80, 90] },
          release_date: { gte: '2026-01-01' },
        },
      },
    ],
  },
  'ranking.json': {
    signals: [
      { code: 'sales_30d', direction: 'higher_is_better', normalize: 'percentile' },
      {
        code: 'rating_avg',
        direction: 'higher_is_better',
        normalize: { damped: { count_signal: 'rating_count', prior_count: 10 } },
      },
      { code: 'first_seen', direction: 'newer_is_better', normalize: { half_life_days: 30 } },
    ],
    weights: { product: { sales_30d: 2, rating_avg: 1, first_seen: 0.5 }, guide: { first_seen: 1 } },
    strengths: {
      boost: { slight: 1.2, medium: 1.5, strong: 2 },
      bury: { slight: 0.8, medium: 0.5, strong: 0.25 },
    },
    sorts: [
      { code: 'price_asc', label: 'Price: low to high', by: 'price', direction: 'asc' },
      { code: 'price_desc', label: 'Price: high to low', by: 'price', direction: 'desc' },
      { code: 'newest', label: 'Newest', by: 'attributes.release_date', direction: 'desc' },
      { code: 'bestselling', label: 'Bestselling', by: 'signals.sales_30d', direction: 'desc' },
      { code: 'lightest', label: 'Lightest', by: 'attributes.weight', direction: 'asc' },
    ],
    sections: ['product', 'guide', 'category'],
  },
  'rules.json': {
    rules: [
      {
        id: 'summer-sale-banner',
        description: 'Summer sale banner on the sale page',
        schedule: { from: '2026-06-01T00:00:00+02:00', until: '2026-07-01T00:00:00+02:00' },
        when: { on: 'category_page', category: { is: 'sale' }, channel: ['web', 'uk'], locale: ['en', 'de'] },
        then: {
          place: [
            {
              slot: 'top',
              kind: 'banner',
              title: 'Summer sale',
              link: '/sale/summer',
              image: { url: 'https://cdn.example.com/summer.jpg', alt: 'Summer sale' },
            },
            {
              slot: 'grid',
              position: 5,
              kind: 'card',
              title: 'Free returns',
              link: 'https://help.example.com/returns',
            },
          ],
        },
      },
      {
        id: 'jeans-means-category',
        description: 'Jeans names the jeans category, navy the colour',
        when: { query: { contains: 'jeans' } },
        then: {
          resolve: [
            { term: 'jeans', as: { category: 'jeans' } },
            { term: 'navy', as: { color: 'navy' } },
            { term: 'north', as: 'text' },
          ],
          rewrite: { remove: ['cheap'] },
        },
      },
      {
        id: 'women-merchandising',
        description: 'Bestsellers first on the women page',
        when: { on: 'category_page', category: { within: 'women' }, context: { device: 'mobile' } },
        then: {
          pin: [
            { entity: 'product:sku-1001', position: 1 },
            { entity: 'product:sku-1002', position: 2, sponsored: { campaign: 'acme-spring' } },
          ],
          boost: [{ where: { brand: 'acme' }, type: 'product', strength: 'medium' }],
          bury: [{ entities: ['product:sku-2001', 'product:sku-2002'], strength: 'slight' }],
          hide: [{ entity: 'product:sku-9999' }],
        },
      },
      {
        id: 'returns-redirect',
        description: 'Returns questions go to the help page',
        when: { query: { is: ['returns', 'return policy'] } },
        then: { redirect: { url: '/help/returns' } },
      },
      {
        id: 'nike-brand-page',
        description: 'Nike goes to its brand page, black first',
        when: { query: { is: 'nike' } },
        then: { redirect: { to: 'brand:nike', filters: { color: 'black' } } },
      },
      {
        id: 'organic-only',
        description: 'Organic searches show organic products and guides',
        enabled: false,
        when: {
          resolved: { filters: { organic: true }, complete: true },
          not: { locale: 'de' },
          any: [{ channel: 'web' }, { on: 'autocomplete' }],
        },
        then: {
          filter: { type: 'product', where: { organic: true, availability: ['in_stock', 'preorder'] } },
          sections: ['product', 'guide'],
        },
      },
    ],
  },
  'synonyms.json': {
    dictionaries: {
      en: {
        groups: [{ words: ['tee', 't-shirt', 'tshirt'] }, { words: ['trousers', 'pants'] }],
        one_way: [{ from: 'denim', to: ['jeans'] }],
        never: [{ words: ['jumper', 'dress'] }],
      },
      de: { groups: [{ words: ['Pulli', 'Pullover'] }] },
    },
  },
  'routes.json': {
    search: { path: { en: '/search', de: '/suche' }, query_parameter: 'q' },
    brands: { path: '/brands/{brand}' },
    parameters: { page: 'page', sort: 'order' },
    filter_pages: [['brand'], ['brand', 'color'], ['color']],
    legacy: [
      { from: '/old-sale', to: '/sale' },
      { from: '/catalog/item-1001', to: 'product:sku-1001' },
      { from: '/winter-2019', gone: true },
      { from: '/lookbook', to: 'https://lookbook.example.com/' },
    ],
  },
  'feed.json': {
    columns: [
      { column: 'SKU', to: 'id' },
      { column: 'Parent SKU', to: 'group_id' },
      { column: 'Name', to: 'title', locale: 'en' },
      { column: 'Weight (g)', to: 'attributes.weight', unit: 'g' },
      { column: 'Colour', to: 'attributes.color' },
      { column: 'Internal *', to: 'ignore' },
      { column: 'attr_*', to: 'attributes.*' },
    ],
    delimiter: ';',
    decimal: ',',
    currency: 'EUR',
    locale: 'en',
  },
  'tests.json': {
    tests: [
      {
        id: 'navy-jeans-resolves',
        request: { query: 'navy jeans', channel: 'web', locale: 'en' },
        expect: {
          resolved: { category: 'jeans', filters: { color: 'navy' }, text: '', complete: true },
          rules: { applied: ['jeans-means-category'], not_applied: ['returns-redirect'] },
        },
      },
      {
        id: 'returns-redirects',
        request: { query: 'returns' },
        expect: { redirect: { url: '/help/returns' } },
      },
      {
        id: 'women-pins-first',
        request: {
          on: 'category_page',
          category: 'women',
          channel: 'uk',
          locale: 'en-GB',
          context: { device: 'desktop', customer_group: 'members' },
          filters: { size: ['M'] },
          sort: 'newest',
        },
        expect: {
          sections: ['product'],
          results: {
            top: 5,
            first: 'product:sku-1001',
            contains: ['product:sku-1002'],
            excludes: ['product:sku-9999'],
            all: { size: 'M' },
            none: { availability: 'out_of_stock' },
          },
        },
      },
    ],
  },
};

/** A fresh copy of the shop's release, for a test to change. */
export function fashionShop(): ShopFiles {
  return structuredClone(SHOP);
}

/** What validateRelease refuses the files for; none when it accepts them. */
export function violationsOf(files: Partial<ShopFiles>): Violation[] {
  const check = validateRelease(files);
  return check.ok ? [] : check.violations;
}

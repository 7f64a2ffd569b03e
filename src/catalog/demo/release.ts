import type {
  AttributesFile,
  CategoriesFile,
  ChannelsFile,
  FeedFile,
  RankingFile,
  RoutesFile,
  Rule,
  SynonymsFile,
  TestsFile,
  TypesFile,
} from '../../contracts/release-files/index.js';
import { SEASONAL_SALE_RULE, saleWindow, seasonalSale } from './season.js';

/**
 * The demo shop's release: every release file, written for the catalog `generateCatalog` makes
 * with seed 1 (the category ids of categories.ts, the brands of brands.ts, the attribute codes and
 * values generate.ts writes, and products of the first 3,000). Each file is a JSON object by name,
 * as a shop sends it to `POST /api/v1/releases`; docs/release-files.md explains every member.
 */

/** Where the management API serves the schemas at its default port; see demoReleaseFilesAt. */
const SCHEMAS = 'http://127.0.0.1:8090/schemas';

const channels = {
  $schema: `${SCHEMAS}/channels.json`,
  channels: [
    {
      id: 'web',
      label: { en: 'Web shop', de: 'Webshop' },
      locales: ['en', 'de'],
      currency: 'EUR',
    },
    {
      id: 'b2b',
      label: { en: 'Business customers', de: 'Geschäftskunden' },
      locales: ['en'],
      currency: 'EUR',
    },
  ],
} satisfies ChannelsFile;

const types = {
  $schema: `${SCHEMAS}/types.json`,
  types: [
    {
      code: 'product',
      label: { en: 'Products', de: 'Produkte' },
      offers: true,
      grain: 'product',
      search: {
        fields: [
          { field: 'title', weight: 10 },
          { field: 'brand', weight: 8 },
          { field: 'keywords', weight: 5 },
          { field: 'attributes.color', weight: 4 },
          { field: 'attributes.material', weight: 3 },
          { field: 'attributes.size', weight: 2 },
          { field: 'description', weight: 1 },
        ],
        typos: {
          enabled: true,
          one_typo_min_letters: 5,
          two_typos_min_letters: 9,
          exempt: ['size', 'channels'],
        },
        prefix: true,
      },
      result_fields: [
        'title',
        'url',
        'image',
        'brand',
        'price',
        'sale_price',
        'currency',
        'availability',
        'delivery_days',
        'attributes.color',
      ],
    },
    {
      code: 'category',
      label: { en: 'Categories', de: 'Kategorien' },
      search: { fields: [{ field: 'title', weight: 10 }], typos: { one_typo_min_letters: 4 } },
      result_fields: ['title', 'url'],
    },
    {
      code: 'brand',
      label: { en: 'Brands', de: 'Marken' },
      search: { fields: [{ field: 'title', weight: 10 }] },
      result_fields: ['title'],
    },
  ],
} satisfies TypesFile;

const attributes = {
  $schema: `${SCHEMAS}/attributes.json`,
  attributes: [
    {
      code: 'color',
      label: { en: 'Color', de: 'Farbe' },
      type: 'option',
      sources: ['color', 'colour', 'Farbe'],
      options: [
        { value: 'Black', label: { en: 'Black', de: 'Schwarz' }, aliases: ['jet black'], swatch: '#1a1a1a' },
        { value: 'White', label: { en: 'White', de: 'Weiß' }, swatch: '#ffffff' },
        {
          value: 'Cream',
          label: { en: 'Cream', de: 'Creme' },
          aliases: ['ivory', 'off-white'],
          swatch: '#f3ead3',
        },
        { value: 'Silver', label: { en: 'Silver', de: 'Silber' }, swatch: '#c0c0c0' },
        { value: 'Stone', label: { en: 'Stone', de: 'Steingrau' }, aliases: ['taupe'], swatch: '#a8a195' },
        {
          value: 'Space Grey',
          label: { en: 'Space Grey', de: 'Spacegrau' },
          aliases: ['space gray'],
          swatch: '#717378',
        },
        {
          value: 'Graphite',
          label: { en: 'Graphite', de: 'Graphit' },
          aliases: ['dark grey', 'dark gray'],
          swatch: '#41424c',
        },
        {
          value: 'Charcoal',
          label: { en: 'Charcoal', de: 'Anthrazit' },
          aliases: ['anthracite'],
          swatch: '#36454f',
        },
        { value: 'Blue', label: { en: 'Blue', de: 'Blau' }, swatch: '#2f5fb3' },
        {
          value: 'Navy',
          label: { en: 'Navy', de: 'Marineblau' },
          aliases: ['navy blue', 'dark blue'],
          swatch: '#1f2a44',
        },
        {
          value: 'Sage',
          label: { en: 'Sage', de: 'Salbeigrün' },
          aliases: ['sage green'],
          swatch: '#9caf88',
        },
        { value: 'Olive', label: { en: 'Olive', de: 'Oliv' }, swatch: '#6b6b2f' },
        {
          value: 'Forest Green',
          label: { en: 'Forest Green', de: 'Waldgrün' },
          aliases: ['dark green'],
          swatch: '#2e5c3a',
        },
        { value: 'Sand', label: { en: 'Sand', de: 'Sand' }, swatch: '#d8c3a0' },
        { value: 'Natural', label: { en: 'Natural', de: 'Natur' }, swatch: '#e6d8bd' },
        { value: 'Beige', label: { en: 'Beige', de: 'Beige' }, swatch: '#d9c7a7' },
        { value: 'Camel', label: { en: 'Camel', de: 'Camel' }, aliases: ['tan'], swatch: '#c19a6b' },
        {
          value: 'Terracotta',
          label: { en: 'Terracotta', de: 'Terrakotta' },
          aliases: ['rust'],
          swatch: '#c8643b',
        },
        { value: 'Red', label: { en: 'Red', de: 'Rot' }, swatch: '#c62828' },
        {
          value: 'Burgundy',
          label: { en: 'Burgundy', de: 'Bordeaux' },
          aliases: ['wine red'],
          swatch: '#800020',
        },
        { value: 'Rose', label: { en: 'Rose', de: 'Rosé' }, aliases: ['pink'], swatch: '#e8b4b8' },
      ],
      groups: [
        {
          code: 'light_tones',
          label: { en: 'White and cream', de: 'Weiß und Creme' },
          values: ['White', 'Cream'],
        },
        {
          code: 'grey_tones',
          label: { en: 'Greys', de: 'Grautöne' },
          values: ['Silver', 'Stone', 'Space Grey', 'Graphite', 'Charcoal'],
        },
        { code: 'blue_tones', label: { en: 'Blues', de: 'Blautöne' }, values: ['Blue', 'Navy'] },
        {
          code: 'green_tones',
          label: { en: 'Greens', de: 'Grüntöne' },
          values: ['Sage', 'Olive', 'Forest Green'],
        },
        {
          code: 'earth_tones',
          label: { en: 'Earth tones', de: 'Erdtöne' },
          values: ['Sand', 'Natural', 'Beige', 'Camel', 'Terracotta'],
        },
        {
          code: 'red_tones',
          label: { en: 'Reds and pinks', de: 'Rot- und Rosatöne' },
          values: ['Red', 'Burgundy', 'Rose'],
        },
      ],
    },
    {
      code: 'material',
      label: { en: 'Material', de: 'Material' },
      type: 'option',
      sources: ['material', 'Material'],
      options: [
        { value: 'aluminium', label: { en: 'Aluminium', de: 'Aluminium' }, aliases: ['aluminum'] },
        { value: 'bamboo', label: { en: 'Bamboo', de: 'Bambus' } },
        { value: 'boucle', label: { en: 'Bouclé', de: 'Bouclé' }, aliases: ['bouclé'] },
        { value: 'brass', label: { en: 'Brass', de: 'Messing' } },
        { value: 'canvas', label: { en: 'Canvas', de: 'Canvas' } },
        { value: 'cast iron', label: { en: 'Cast iron', de: 'Gusseisen' } },
        { value: 'ceramic', label: { en: 'Ceramic', de: 'Keramik' } },
        { value: 'copper', label: { en: 'Copper', de: 'Kupfer' } },
        { value: 'cotton', label: { en: 'Cotton', de: 'Baumwolle' } },
        { value: 'denim', label: { en: 'Denim', de: 'Denim' } },
        { value: 'fabric', label: { en: 'Fabric', de: 'Stoff' } },
        { value: 'flannel', label: { en: 'Flannel', de: 'Flanell' } },
        { value: 'glass', label: { en: 'Glass', de: 'Glas' } },
        { value: 'leather', label: { en: 'Leather', de: 'Leder' }, aliases: ['genuine leather'] },
        { value: 'linen', label: { en: 'Linen', de: 'Leinen' } },
        { value: 'magnesium', label: { en: 'Magnesium', de: 'Magnesium' } },
        { value: 'mesh', label: { en: 'Mesh', de: 'Netzgewebe' } },
        { value: 'metal', label: { en: 'Metal', de: 'Metall' } },
        { value: 'nylon', label: { en: 'Nylon', de: 'Nylon' } },
        { value: 'oak', label: { en: 'Oak', de: 'Eiche' } },
        { value: 'organic cotton', label: { en: 'Organic cotton', de: 'Bio-Baumwolle' } },
        { value: 'plastic', label: { en: 'Plastic', de: 'Kunststoff' } },
        { value: 'polycarbonate', label: { en: 'Polycarbonate', de: 'Polycarbonat' } },
        { value: 'polyester', label: { en: 'Polyester', de: 'Polyester' } },
        { value: 'rattan', label: { en: 'Rattan', de: 'Rattan' } },
        { value: 'rubber', label: { en: 'Rubber', de: 'Gummi' } },
        { value: 'silicone', label: { en: 'Silicone', de: 'Silikon' } },
        { value: 'silk', label: { en: 'Silk', de: 'Seide' } },
        { value: 'stainless steel', label: { en: 'Stainless steel', de: 'Edelstahl' }, aliases: ['inox'] },
        { value: 'steel', label: { en: 'Steel', de: 'Stahl' } },
        { value: 'suede', label: { en: 'Suede', de: 'Wildleder' } },
        { value: 'titanium', label: { en: 'Titanium', de: 'Titan' } },
        { value: 'tritan', label: { en: 'Tritan', de: 'Tritan' } },
        {
          value: 'vegan leather',
          label: { en: 'Vegan leather', de: 'Veganes Leder' },
          aliases: ['faux leather', 'pu leather'],
        },
        { value: 'velvet', label: { en: 'Velvet', de: 'Samt' } },
        { value: 'viscose', label: { en: 'Viscose', de: 'Viskose' } },
        { value: 'walnut', label: { en: 'Walnut', de: 'Nussbaum' } },
        { value: 'wood', label: { en: 'Wood', de: 'Holz' } },
        { value: 'wool', label: { en: 'Wool', de: 'Wolle' } },
      ],
    },
    {
      code: 'size',
      label: { en: 'Size', de: 'Größe' },
      type: 'option',
      level: 'variant',
      description: {
        en: 'Clothing, shoe and waist sizes of fashion variants; bed linen sizes of bedding.',
        de: 'Konfektions-, Schuh- und Bundgrößen; bei Bettwäsche die Maße.',
      },
      sources: ['size', 'Größe'],
      options: [
        { value: 'XS' },
        { value: 'S' },
        { value: 'M' },
        { value: 'L' },
        { value: 'XL' },
        { value: 'XXL' },
        { value: '28' },
        { value: '30' },
        { value: '32' },
        { value: '34' },
        { value: '36' },
        { value: '37' },
        { value: '38' },
        { value: '39' },
        { value: '40' },
        { value: '41' },
        { value: '42' },
        { value: '43' },
        { value: '44' },
        { value: '45' },
        { value: '46' },
        { value: '135 x 200 cm' },
        { value: '155 x 220 cm' },
        { value: '200 x 200 cm' },
        { value: '240 x 220 cm' },
      ],
    },
    {
      code: 'battery_life',
      label: { en: 'Battery life', de: 'Akkulaufzeit' },
      type: 'option',
      sources: ['battery_life'],
      options: [
        { value: '20 h', label: { en: '20 hours', de: '20 Stunden' } },
        { value: '30 h', label: { en: '30 hours', de: '30 Stunden' } },
        { value: '40 h', label: { en: '40 hours', de: '40 Stunden' } },
        { value: '60 h', label: { en: '60 hours', de: '60 Stunden' } },
      ],
    },
    {
      code: 'power',
      label: { en: 'Power', de: 'Leistung' },
      type: 'quantity',
      unit: 'w',
      sources: ['power_w'],
    },
    {
      code: 'channels',
      label: { en: 'Audio channels', de: 'Audiokanäle' },
      type: 'option',
      sources: ['channels'],
      options: [{ value: '2.1' }, { value: '3.1' }, { value: '5.1' }, { value: '7.1.4' }],
    },
    {
      code: 'storage',
      label: { en: 'Storage', de: 'Speicher' },
      type: 'quantity',
      unit: 'gb',
      sources: ['storage'],
    },
    {
      code: 'screen_size',
      label: { en: 'Screen size', de: 'Bildschirmdiagonale' },
      type: 'quantity',
      unit: 'in',
      sortable: true,
      sources: ['screen_size_in'],
    },
    {
      code: 'resolution',
      label: { en: 'Resolution', de: 'Auflösung' },
      type: 'option',
      sources: ['resolution'],
      options: [
        { value: '20 MP', label: { en: '20 megapixels', de: '20 Megapixel' } },
        { value: '24 MP', label: { en: '24 megapixels', de: '24 Megapixel' } },
        { value: '33 MP', label: { en: '33 megapixels', de: '33 Megapixel' } },
        { value: '45 MP', label: { en: '45 megapixels', de: '45 Megapixel' } },
      ],
    },
    {
      code: 'capacity',
      label: { en: 'Capacity', de: 'Kapazität' },
      type: 'option',
      description: {
        en: 'Water tank of kettles and coffee machines, memory of storage media.',
        de: 'Wassertank bei Wasserkochern und Kaffeemaschinen, Speicher bei Speichermedien.',
      },
      sources: ['capacity'],
      options: [
        { value: '0.8 l' },
        { value: '1 l' },
        { value: '1.2 l' },
        { value: '1.5 l' },
        { value: '1.7 l' },
        { value: '1.8 l' },
        { value: '64 GB' },
        { value: '128 GB' },
        { value: '256 GB' },
        { value: '512 GB' },
        { value: '1 TB' },
        { value: '2 TB' },
      ],
    },
    {
      code: 'diameter',
      label: { en: 'Diameter', de: 'Durchmesser' },
      type: 'quantity',
      unit: 'cm',
      sources: ['diameter_cm'],
    },
    {
      code: 'width',
      label: { en: 'Width', de: 'Breite' },
      type: 'quantity',
      unit: 'cm',
      sources: ['width_cm'],
    },
    {
      code: 'case_size',
      label: { en: 'Case size', de: 'Gehäusegröße' },
      type: 'quantity',
      unit: 'mm',
      sources: ['case_size_mm'],
    },
  ],
} satisfies AttributesFile;

/** Facets most listings start from; a node that names its own replaces them. */
const CATEGORY_FACET = { field: 'category', kind: 'hierarchical' } as const;
const BRAND_FACET = { field: 'brand', search: true, limit: 12 } as const;
const PRICE_FACET = { field: 'price', kind: 'range', display: 'histogram' } as const;
const SALE_FACET = {
  field: 'on_sale',
  kind: 'toggle',
  description: { en: 'Reduced items only', de: 'Nur reduzierte Artikel' },
} as const;
const COLOR_FACET = { field: 'color', kind: 'swatch' } as const;

const categories = {
  $schema: `${SCHEMAS}/categories.json`,
  default: {
    facets: [
      CATEGORY_FACET,
      BRAND_FACET,
      PRICE_FACET,
      SALE_FACET,
      { field: 'availability', kind: 'list', single: false },
      {
        field: 'delivery_days',
        kind: 'buckets',
        buckets: [
          { to: 3, label: { en: 'Within 2 days', de: 'Innerhalb von 2 Tagen' } },
          { to: 8, label: { en: 'Within a week', de: 'Innerhalb einer Woche' } },
        ],
      },
      COLOR_FACET,
      'material',
    ],
    sort: {
      default: 'relevance',
      options: ['relevance', 'price_asc', 'price_desc', 'discount', 'fastest_delivery'],
    },
  },
  nodes: [
    {
      category: 'electronics',
      facets: [CATEGORY_FACET, BRAND_FACET, PRICE_FACET, SALE_FACET, 'availability', COLOR_FACET],
      filter_pages: [['brand']],
    },
    {
      category: 'headphones',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'battery_life', order: 'value_order', display: 'buttons' },
        COLOR_FACET,
        SALE_FACET,
        'availability',
      ],
    },
    {
      category: 'speakers',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'power', kind: 'range', display: 'slider' },
        COLOR_FACET,
        SALE_FACET,
      ],
    },
    {
      category: 'soundbars',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'channels', order: 'value_order' },
        COLOR_FACET,
        SALE_FACET,
      ],
    },
    {
      category: 'laptops',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'storage', kind: 'list', order: 'value_order' },
        COLOR_FACET,
        'material',
        SALE_FACET,
      ],
    },
    {
      category: 'smartphones',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'storage', kind: 'list', order: 'value_order' },
        COLOR_FACET,
        SALE_FACET,
      ],
    },
    {
      category: 'monitors',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'screen_size', kind: 'range', display: 'slider' },
        COLOR_FACET,
        SALE_FACET,
      ],
    },
    {
      category: 'tv-video',
      // Soundbars are bought with televisions: the TV & Video page lists them besides its own.
      where: { category: { is: 'soundbars' } },
    },
    {
      category: 'televisions',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        {
          field: 'screen_size',
          kind: 'buckets',
          buckets: [
            { to: 50, label: { en: 'Under 50 in', de: 'Unter 50 Zoll' } },
            { from: 50, to: 65, label: { en: '50 to 64 in', de: '50 bis 64 Zoll' } },
            { from: 65, label: { en: '65 in and more', de: 'Ab 65 Zoll' } },
          ],
        },
        PRICE_FACET,
        COLOR_FACET,
        SALE_FACET,
        'availability',
      ],
      groups: [
        {
          group: 'tv_finder',
          label: { en: 'Find your TV', de: 'Finden Sie Ihren Fernseher' },
          facets: ['brand', 'screen_size'],
          display: 'finder',
        },
      ],
      sort: {
        default: 'relevance',
        options: ['relevance', 'price_asc', 'price_desc', 'screen_size_desc', 'discount'],
      },
      filter_pages: [['brand'], ['screen_size'], ['brand', 'screen_size']],
    },
    {
      category: 'storage',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'capacity', order: 'value_order' },
        SALE_FACET,
      ],
    },
    {
      category: 'coffee-machines',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'capacity', order: 'value_order' },
        COLOR_FACET,
        'material',
        SALE_FACET,
      ],
    },
    {
      category: 'kettles',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'capacity', order: 'value_order' },
        COLOR_FACET,
        'material',
        SALE_FACET,
      ],
    },
    {
      category: 'cookware',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'diameter', kind: 'list', order: 'value_order', display: 'buttons' },
        'material',
        SALE_FACET,
      ],
    },
    {
      category: 'desks',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'width', kind: 'list', order: 'value_order' },
        'material',
        COLOR_FACET,
      ],
    },
    {
      category: 'bedding',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        { field: 'size', order: 'value_order', single: true },
        'material',
        COLOR_FACET,
        PRICE_FACET,
        SALE_FACET,
      ],
    },
    {
      category: 'fashion',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        {
          field: 'size',
          order: 'value_order',
          display: 'buttons',
          headings: [
            { label: { en: 'Clothing', de: 'Bekleidung' }, values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
            {
              label: { en: 'Shoes and waist', de: 'Schuhe und Bundweite' },
              values: [
                '28',
                '30',
                '32',
                '34',
                '36',
                '37',
                '38',
                '39',
                '40',
                '41',
                '42',
                '43',
                '44',
                '45',
                '46',
              ],
            },
          ],
        },
        { field: 'color', kind: 'swatch', show: 'groups' },
        'material',
        PRICE_FACET,
        SALE_FACET,
      ],
      filter_pages: [['brand'], ['color']],
    },
    {
      category: 'watches',
      facets: [
        CATEGORY_FACET,
        BRAND_FACET,
        PRICE_FACET,
        { field: 'case_size', kind: 'list', order: 'value_order', display: 'buttons' },
        'material',
        COLOR_FACET,
      ],
    },
  ],
} satisfies CategoriesFile;

const ranking = {
  $schema: `${SCHEMAS}/ranking.json`,
  // Popular products rank a little higher: the demo shop writes each product's sales of the
  // last 30 days.
  signals: [{ code: 'sales_30d', direction: 'higher_is_better', normalize: 'percentile' }],
  weights: { product: { sales_30d: 0.3 } },
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
    {
      code: 'discount',
      label: { en: 'Biggest discount', de: 'Höchster Rabatt' },
      by: 'discount',
      direction: 'desc',
    },
    {
      code: 'fastest_delivery',
      label: { en: 'Fastest delivery', de: 'Schnellste Lieferung' },
      by: 'delivery_days',
      direction: 'asc',
    },
    {
      code: 'screen_size_desc',
      label: { en: 'Largest screen', de: 'Größte Bildschirmdiagonale' },
      by: 'attributes.screen_size',
      direction: 'desc',
    },
  ],
  sections: ['product', 'brand', 'category'],
} satisfies RankingFile;

/**
 * A rule as rules.json holds it. The static type of a boost or bury target does not carry its
 * `strength` (the schema does), so it is added here.
 */
type Target = NonNullable<Rule['then']['hide']>[number];
type WeightedTarget = Target & { strength: 'slight' | 'medium' | 'strong' };
type DemoRule = Omit<Rule, 'then'> & {
  then: Omit<Rule['then'], 'boost' | 'bury'> & { boost?: WeightedTarget[]; bury?: WeightedTarget[] };
};

const rules = (today: Date) =>
  ({
    $schema: `${SCHEMAS}/rules.json`,
    rules: [
      {
        id: 'redirect-returns',
        description: 'Shoppers asking about returns go to the returns help page.',
        when: { on: 'search', query: { is: ['returns', 'return policy', 'refund', 'retoure'] } },
        then: { redirect: { url: '/help/returns' } },
      },
      {
        id: 'resolve-ambiguous-terms',
        description: '"natural" stays a word ("natural sound"), "sage" means the color Sage.',
        when: { locale: 'en' },
        then: {
          resolve: [
            { term: 'natural', as: 'text' },
            { term: 'sage', as: { color: 'Sage' } },
          ],
        },
      },
      {
        id: 'rewrite-cheap',
        description: 'Drops "cheap" and its kin: they would only match descriptions, never products.',
        when: { query: { contains: ['cheap', 'cheapest', 'budget', 'billig'] } },
        then: { rewrite: { remove: ['cheap', 'cheapest', 'budget', 'billig'] } },
      },
      {
        id: 'hide-recalled',
        description: 'Terrazo RC-9200F kettle recalled by the supplier: off every page until the fix ships.',
        then: { hide: [{ entities: ['product:P100233'] }] },
      },
      {
        id: 'filter-vegan',
        description: 'A search for "vegan" lists only products of vegan materials.',
        when: { on: ['search', 'autocomplete'], query: { contains: 'vegan' } },
        then: { filter: { type: 'product', where: { material: ['vegan leather', 'canvas', 'mesh'] } } },
      },
      {
        id: 'pin-headphones',
        description: 'Headphones page: our two best sellers first, the Sonora earbuds campaign at 4.',
        when: { on: 'category_page', category: { is: 'headphones' } },
        then: {
          pin: [
            { entity: 'product:P100137', position: 1 },
            { entity: 'product:P100201', position: 2 },
            {
              entity: 'product:P101051',
              position: 4,
              sponsored: { campaign: `sonora-earbuds-${today.getUTCFullYear()}` },
            },
          ],
        },
      },
      {
        id: 'tv-partner-brand',
        description: 'Televisions: our partner brand Sonora up, TVs we cannot ship soon down.',
        when: {
          on: ['search', 'category_page'],
          any: [{ resolved: { category: 'televisions' } }, { category: { within: 'televisions' } }],
        },
        then: {
          boost: [{ where: { brand: 'Sonora' }, strength: 'medium' }],
          bury: [{ where: { availability: ['backorder', 'preorder'] }, type: 'product', strength: 'slight' }],
        },
      },
      seasonalSale(today),
      {
        id: 'autocomplete-sections',
        description: 'While typing, categories and brands come before products.',
        when: { on: 'autocomplete' },
        then: { sections: ['category', 'brand', 'product'] },
      },
      {
        id: 'black-friday',
        description: 'Black Friday teaser: switched on by hand on the day.',
        enabled: false,
        then: {
          place: [
            {
              slot: 'top',
              kind: 'banner',
              title: {
                en: 'Black Friday: our lowest prices of the year',
                de: 'Black Friday: unsere tiefsten Preise',
              },
              link: '/sale',
            },
          ],
          boost: [{ where: { on_sale: true }, strength: 'strong' }],
        },
      },
    ],
  }) satisfies { $schema: string; rules: DemoRule[] };

const synonyms = {
  $schema: `${SCHEMAS}/synonyms.json`,
  dictionaries: {
    en: {
      groups: [
        { words: ['tv', 'television'] },
        { words: ['sofa', 'couch', 'settee'] },
        { words: ['laptop', 'notebook'] },
        { words: ['vacuum', 'hoover'] },
        { words: ['projector', 'beamer'] },
        { words: ['earbuds', 'earphones', 'in-ear headphones'] },
      ],
      one_way: [
        { from: 'audio', to: ['headphones', 'speaker', 'soundbar'] },
        { from: 'coffee', to: ['espresso'] },
        { from: 'desk chair', to: ['office chair'] },
      ],
      never: [{ words: ['sage', 'sale'] }, { words: ['boots', 'books'] }],
    },
    de: {
      groups: [
        { words: ['fernseher', 'tv', 'television'] },
        { words: ['kopfhörer', 'headphones'] },
        { words: ['lautsprecher', 'speaker'] },
        { words: ['kaffeemaschine', 'coffee machine'] },
        { words: ['wasserkocher', 'kettle'] },
        { words: ['staubsauger', 'vacuum'] },
        { words: ['schuhe', 'shoes'] },
        { words: ['kleid', 'dress'] },
        { words: ['jacke', 'jacket'] },
        { words: ['tasche', 'bag'] },
        { words: ['lampe', 'lamp'] },
        { words: ['hemd', 'shirt'] },
        { words: ['uhr', 'watch'] },
      ],
      one_way: [
        { from: 'handy', to: ['smartphone'] },
        { from: 'beamer', to: ['projector'] },
      ],
      never: [{ words: ['handy', 'hand'] }],
    },
  },
} satisfies SynonymsFile;

const routes = {
  $schema: `${SCHEMAS}/routes.json`,
  search: { path: { en: '/search', de: '/suche' }, query_parameter: 'q' },
  brands: { path: { en: '/brands/{brand}', de: '/marken/{brand}' } },
  parameters: { page: 'page', sort: 'sort' },
  filter_pages: [['brand'], ['color'], ['screen_size'], ['brand', 'screen_size']],
  // Every kind of old URL: moved to a category, a brand or a product page, to a path, to another
  // site, matched with its parameters, moved in a chain, gone, and moved to a page gone since.
  legacy: [
    { from: '/shop/headphones.html', to: 'category:headphones' },
    { from: '/shop/tv.html', to: 'category:televisions' },
    { from: '/angebote/fernseher', to: '/shop/tv.html' },
    { from: '/marke/sonora', to: 'brand:sonora' },
    { from: '/artikel/100137', to: 'product:P100137' },
    { from: '/service/returns.php', to: '/help/returns' },
    { from: '/index.php?cat=kettles', to: 'category:kettles' },
    { from: '/blog/best-tvs-2024', to: 'https://blog.example.com/best-tvs-2024' },
    { from: '/summer-sale-2024', gone: true },
    { from: '/sale', to: '/summer-sale-2024' },
  ],
  titles: { search: { en: 'Search results', de: 'Suchergebnisse' } },
} satisfies RoutesFile;

// How a file is split and how its numbers are written is left to the bytes (sniffed per file):
// a shop's CSV with commas and one with semicolons both read with the demo's mapping.
const feed = {
  $schema: `${SCHEMAS}/feed.json`,
  encoding: 'utf-8',
  header_row: 1,
  locale: 'en',
  currency: 'EUR',
  columns: [
    { column: 'product_id', to: 'id' },
    { column: 'variant_id', to: 'variant_id' },
    { column: 'title', to: 'title' },
    { column: 'title_de', to: 'title', locale: 'de' },
    { column: 'description', to: 'description' },
    { column: 'description_de', to: 'description', locale: 'de' },
    { column: 'url', to: 'url' },
    { column: 'image_url', to: 'image' },
    { column: 'extra_image_*', to: 'images' },
    { column: 'brand', to: 'brand' },
    { column: 'category_ids', to: 'categories', separator: '|' },
    { column: 'tags', to: 'keywords', separator: ',' },
    { column: 'price', to: 'price' },
    { column: 'sale_price', to: 'sale_price' },
    { column: 'sale_from', to: 'sale_from' },
    { column: 'sale_until', to: 'sale_until' },
    { column: 'currency', to: 'currency' },
    { column: 'availability', to: 'availability' },
    { column: 'stock', to: 'stock' },
    { column: 'delivery_days', to: 'delivery_days' },
    { column: 'color', to: 'attributes.color' },
    { column: 'material', to: 'attributes.material' },
    { column: 'size', to: 'attributes.size' },
    { column: 'battery_life', to: 'attributes.battery_life' },
    { column: 'power_w', to: 'attributes.power', unit: 'w' },
    { column: 'channels', to: 'attributes.channels' },
    { column: 'storage', to: 'attributes.storage' },
    { column: 'screen_size_in', to: 'attributes.screen_size', unit: 'in' },
    { column: 'resolution', to: 'attributes.resolution' },
    { column: 'capacity', to: 'attributes.capacity' },
    { column: 'diameter_cm', to: 'attributes.diameter', unit: 'cm' },
    { column: 'width_cm', to: 'attributes.width', unit: 'cm' },
    { column: 'case_size_mm', to: 'attributes.case_size', unit: 'mm' },
    { column: 'cost_price', to: 'ignore' },
    { column: 'supplier_*', to: 'ignore' },
  ],
} satisfies FeedFile;

const tests = (today: Date) =>
  ({
    $schema: `${SCHEMAS}/tests.json`,
    tests: [
      {
        id: 'returns-go-to-help',
        description: 'A question about returns lands on the help page.',
        request: { query: 'returns' },
        expect: { redirect: { url: '/help/returns' }, rules: { applied: ['redirect-returns'] } },
      },
      {
        id: 'cheap-is-dropped',
        description: '"cheap headphones" searches the headphones category, without the word cheap.',
        request: { query: 'cheap headphones', redirect: false },
        expect: {
          resolved: { category: 'headphones', complete: true },
          rules: { applied: ['rewrite-cheap'] },
          results: { top: 24, all: { category: { within: 'headphones' } } },
        },
      },
      {
        id: 'sage-is-a-color',
        description: '"sage kettle" finds the Sage kettles only.',
        request: { query: 'sage kettle', redirect: false },
        expect: {
          resolved: { category: 'kettles', filters: { color: 'Sage' } },
          rules: { applied: ['resolve-ambiguous-terms'] },
          results: { all: { color: 'Sage' }, contains: ['product:P101057'] },
        },
      },
      {
        id: 'recalled-kettle-hidden',
        description: 'The recalled Terrazo kettle is found nowhere.',
        request: { query: 'terrazo kettle', redirect: false },
        expect: {
          rules: { applied: ['hide-recalled'] },
          results: { top: 50, excludes: ['product:P100233'], contains: ['product:P100559'] },
        },
      },
      {
        id: 'vegan-bags',
        description: '"vegan bag" lists no leather.',
        request: { query: 'vegan bag' },
        expect: {
          rules: { applied: ['filter-vegan'] },
          results: {
            top: 24,
            all: { material: ['vegan leather', 'canvas', 'mesh'] },
            none: { material: 'leather' },
          },
        },
      },
      {
        id: 'headphones-page-pins',
        description:
          'The headphones page opens with the two pinned best sellers and shows the sponsored earbuds.',
        request: { on: 'category_page', category: 'headphones' },
        expect: {
          rules: { applied: ['pin-headphones'] },
          results: { top: 4, first: 'product:P100137', contains: ['product:P100201', 'product:P101051'] },
        },
      },
      {
        id: 'televisions-partner-brand',
        description: 'A search for televisions favours Sonora and stays within televisions.',
        request: { query: 'television', redirect: false },
        expect: {
          resolved: { category: 'televisions', complete: true },
          rules: { applied: ['tv-partner-brand'], not_applied: ['pin-headphones'] },
          results: { top: 24, all: { category: { within: 'televisions' } } },
        },
      },
      {
        id: 'sale-runs-today',
        description: 'The seasonal sale shows its banner on the day the demo was made for.',
        request: { on: 'category_page', category: 'sofas', time: noonOf(today) },
        expect: { rules: { applied: [SEASONAL_SALE_RULE] } },
      },
      {
        id: 'sale-over-at-its-end',
        description: 'The seasonal sale has ended when its schedule does.',
        request: { on: 'category_page', category: 'sofas', time: saleWindow(today).until.toISOString() },
        expect: { rules: { not_applied: [SEASONAL_SALE_RULE] } },
      },
      {
        id: 'black-friday-stays-off',
        description: 'The Black Friday teaser is switched off until the day.',
        request: { on: 'category_page', category: 'electronics' },
        expect: { rules: { not_applied: ['black-friday'] } },
      },
      {
        id: 'autocomplete-categories-first',
        description: 'While typing "lamp", categories and brands come before products.',
        request: { on: 'autocomplete', query: 'lamp' },
        expect: { sections: ['category', 'brand', 'product'], rules: { applied: ['autocomplete-sections'] } },
      },
      {
        id: 'german-headphones',
        description: '"Kopfhörer" in the German shop finds headphones.',
        request: { query: 'kopfhörer', locale: 'de', redirect: false },
        expect: {
          results: { top: 100, all: { category: { within: 'headphones' } }, contains: ['product:P100005'] },
        },
      },
    ],
  }) satisfies TestsFile;

/** Noon UTC of a day: a time inside it whatever the shop's zone. */
function noonOf(day: Date): string {
  return `${day.toISOString().slice(0, 10)}T12:00:00Z`;
}

/**
 * Every release file of the demo shop, by name, dated from `today` (the day the demo is loaded):
 * the seasonal sale runs then (see season.ts) and the tests check it on that day.
 */
export function demoRelease(today: Date): Record<string, Record<string, unknown>> {
  return {
    'channels.json': channels,
    'types.json': types,
    'attributes.json': attributes,
    'categories.json': categories,
    'ranking.json': ranking,
    'rules.json': rules(today),
    'synonyms.json': synonyms,
    'routes.json': routes,
    'feed.json': feed,
    'tests.json': tests(today),
  };
}

/** The demo release made for the day this module was loaded (tests and benchmarks). */
export const demoReleaseFiles = demoRelease(new Date());

/**
 * The demo shop's release files for `today` (see demoRelease) with `$schema` naming the schemas
 * where a running management API serves them (`schemas`, such as `http://127.0.0.1:41234/schemas`),
 * so an editor opening a file of the demo release loads its schema from the stack that stored it.
 */
export function demoReleaseFilesAt(schemas: string, today: Date): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(demoRelease(today)).map(([name, file]) => [
      name,
      '$schema' in file ? { ...file, $schema: `${schemas}/${name}` } : file,
    ]),
  );
}

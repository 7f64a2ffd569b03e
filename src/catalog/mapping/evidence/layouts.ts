import { normalizeName } from '../names.js';
import type { ColumnProfile } from '../profile.js';
import { type Field, type Vote, WEIGHTS } from './votes.js';

/**
 * The standard export layouts of shop platforms, recognised by their header signatures: columns
 * that platform's exporter always writes, together named by no other. Each layout says what its
 * columns hold as the platform documents them, including the columns that decide a row's listing
 * and its variant model. The column names are the exporters' own (normalized), never a shop's.
 */
interface Layout {
  name: string;
  /** Every one of these (normalized) names is a column of the export. */
  signature: string[];
  columns: [name: string | RegExp, field: Field, why: string, settings?: Vote['settings']][];
}

const BOOKKEEPING = "the platform's own bookkeeping, which search does not use";
const SIZES = 'the same photo in another size';

const LAYOUTS: Layout[] = [
  {
    // WooCommerce's product CSV exporter (WC_Product_CSV_Exporter's default columns).
    name: "WooCommerce's product export",
    signature: ['type', 'sku', 'parent', 'regular_price', 'visibility_in_catalog'],
    columns: [
      [
        'id',
        'ignore',
        "WordPress's number of the row; products are named by their SKU, as Parent names them",
      ],
      [
        'type',
        'item_kind',
        'the row kind: simple and variable rows are products, variation rows their variants',
      ],
      ['sku', 'id', 'the product id, by which variation rows name their product in Parent'],
      ['name', 'title', 'the product name'],
      ['published', 'status', '1 published; 0 private, -1 draft and 2 pending are not for sale'],
      ['visibility_in_catalog', 'visibility', '"hidden" products are listed nowhere'],
      ['short_description', 'ignore', 'the teaser shown beside the description, which is searched'],
      ['description', 'description', 'the product description'],
      ['date_sale_price_starts', 'sale_from', 'the start of the sale'],
      ['date_sale_price_ends', 'sale_until', 'the end of the sale'],
      ['in_stock', 'availability', 'whether the product is in stock'],
      ['stock', 'stock', 'the stock'],
      ['regular_price', 'price', 'the regular price'],
      ['sale_price', 'sale_price', 'the reduced price'],
      [
        'categories',
        'categories',
        'categories separated by ",", each a path split at ">"',
        { separator: ',' },
      ],
      ['tags', 'keywords', 'tags separated by ","', { separator: ',' }],
      ['images', 'images', 'photo addresses separated by ",", the first the main one', { separator: ',' }],
      ['parent', 'group_id', 'the SKU of the product a variation row belongs to'],
      ['brands', 'brand', 'the brand'],
      [
        /^(?:is_featured|low_stock_amount|backorders_allowed|sold_individually|allow_customer_reviews|purchase_note|download_limit|download_expiry_days|grouped_products|upsells|cross_sells|external_url|button_text|position|attribute_\d+_(?:visible|global|default))$/,
        'ignore',
        BOOKKEEPING,
      ],
    ],
  },
  {
    // Magento 2 (Adobe Commerce) System > Export, entity "Products" (catalog_product).
    name: "Magento 2's catalog product export",
    signature: ['sku', 'store_view_code', 'attribute_set_code', 'product_type', 'product_websites'],
    columns: [
      ['sku', 'id', 'the product id, by which configurable_variations names variants'],
      [
        'store_view_code',
        'item_kind',
        "a filled store view code marks a row of one store view's changed values, which repeats a product",
      ],
      ['product_type', 'item_kind', 'the product kind (simple, configurable, bundle...)'],
      ['name', 'title', 'the product name'],
      ['description', 'description', 'the product description'],
      ['product_online', 'status', '1 enabled, 2 disabled'],
      [
        'visibility',
        'visibility',
        '"Not Visible Individually" rows are shown only as a configurable product\'s variants',
      ],
      ['price', 'price', 'the price'],
      ['special_price', 'sale_price', 'the special (reduced) price'],
      ['special_price_from_date', 'sale_from', 'the start of the special price'],
      ['special_price_to_date', 'sale_until', 'the end of the special price'],
      [
        'categories',
        'categories',
        'categories separated by ",", each a path split at "/" under the shop\'s root',
        { separator: ',' },
      ],
      [
        'base_image',
        'image',
        "the main photo, a path under the shop's media folder /media/catalog/product",
        { prefix: '/media/catalog/product' },
      ],
      [
        'additional_images',
        'images',
        'further photos separated by ",", paths under /media/catalog/product',
        { separator: ',', prefix: '/media/catalog/product' },
      ],
      ['additional_attributes', 'attribute_pairs', "the product's attributes as name=value pairs"],
      ['qty', 'stock', 'the stock'],
      ['is_in_stock', 'availability', 'whether the product is in stock'],
      [
        'configurable_variations',
        'variants',
        'the variants of a configurable product, by sku, with their choices',
      ],
      [/^(?:small_image|thumbnail_image|swatch_image)$/, 'ignore', SIZES],
      [
        /^(?:attribute_set_code|product_websites|short_description|url_key|.*_label|.*_labels|created_at|updated_at|new_from_date|new_to_date|display_product_options_in|map_price|msrp_price|map_enabled|gift_message_available|custom_design.*|custom_layout_update|page_layout|product_options_container|msrp_display_actual_price_type|out_of_stock_qty|use_config_.*|is_qty_decimal|allow_backorders|min_cart_qty|max_cart_qty|notify_on_stock_below|manage_stock|qty_increments|enable_qty_increments|is_decimal_divided|website_id|related_.*|crosssell_.*|upsell_.*|hide_from_product_page|custom_options|bundle_.*|associated_skus|downloadable_.*|configurable_variation_labels)$/,
        'ignore',
        BOOKKEEPING,
      ],
    ],
  },
  {
    // Shopware 6 Settings > Import/Export, the default product profile.
    name: "Shopware 6's product export",
    signature: ['parent_id', 'product_number', 'manufacturer_name', 'active'],
    columns: [
      ['id', 'id', "the product's id, by which variant rows name their product in parent_id"],
      ['parent_id', 'group_id', 'the id of the product a variant row belongs to'],
      ['active', 'status', '1 active, 0 inactive'],
      ['name', 'title', "the product name (empty on variants, which take their product's)"],
      ['description', 'description', 'the product description'],
      ['price_gross', 'price', 'the price with tax, which shoppers see'],
      ['list_price_gross', 'price', 'the list price with tax, above the price when reduced'],
      [/^(?:list_)?price_net$/, 'ignore', 'the price net of tax; shoppers see the price with tax'],
      ['cover_media_url', 'image', 'the main photo'],
      ['manufacturer_name', 'brand', 'the manufacturer'],
      ['stock', 'stock', 'the stock'],
      ['categories', 'ignore', 'category ids, which name no category'],
      [
        /^(?:cover_media_(?:id|title|alt)|manufacturer_id|sales_channel|tax_id|option_ids|property_ids)$/,
        'ignore',
        BOOKKEEPING,
      ],
    ],
  },
  {
    // BigCommerce Products > Export, the "Bulk Edit" template.
    name: "BigCommerce's product export",
    signature: ['item_type', 'product_id', 'product_name', 'product_code_sku'],
    columns: [
      [
        'item_type',
        'item_kind',
        'Product rows are products, SKU rows the variants of the product above, Rule rows price rules',
      ],
      ['product_id', 'id', 'the product id'],
      ['product_name', 'title', 'the product name; a SKU row writes its choices there'],
      ['brand_name', 'brand', 'the brand'],
      ['product_description', 'description', 'the product description'],
      ['price', 'price', 'the price'],
      ['sale_price', 'sale_price', 'the sale price (0 when none)'],
      ['retail_price', 'ignore', "the manufacturer's suggested price shown beside the shop's own"],
      ['product_visible', 'visibility', 'N hides the product'],
      ['current_stock_level', 'stock', 'the stock'],
      ['category', 'categories', 'categories separated by ";", each a path split at "/"', { separator: ';' }],
      ['product_image_file_1', 'image', 'the main photo'],
      [/^product_image_file_\d+$/, 'images', 'a further photo'],
      ['search_keywords', 'keywords', 'keywords separated by ","', { separator: ',' }],
      ['product_url', 'url', "the product page's address"],
      [
        /^(?:product_type|option_set|option_set_align|allow_purchases|product_availability|track_inventory|low_stock_level|page_title|show_product_condition|sort_order|redirect_old_url|product_image_(?:id|description|is_thumbnail|sort)_\d+|gps_.*)$/,
        'ignore',
        BOOKKEEPING,
      ],
    ],
  },
  {
    // Shopify Products > Export (the product CSV).
    name: "Shopify's product export",
    signature: ['handle', 'variant_price'],
    columns: [
      ['handle', 'group_id', 'the product a row belongs to'],
      ['status', 'status', 'active products are sold; draft and archived ones are not'],
      ['published', 'status', 'FALSE: not published on the online store'],
    ],
  },
  {
    // Google Merchant Center product data specification, as a feed or tab-separated text.
    name: 'a Google merchant feed',
    signature: ['id', 'title', 'link', 'image_link', 'availability', 'price'],
    columns: [
      ['id', 'id', "the offer's id"],
      ['item_group_id', 'group_id', 'the product an offer is a variant of'],
      ['additional_image_link', 'images', 'further photos'],
    ],
  },
];

/** The layout whose signature the columns show, if any. */
export function recognizeLayout(columns: ColumnProfile[]): Layout | undefined {
  const names = new Set(columns.map((column) => normalizeName(column.name)));
  return LAYOUTS.find((layout) => layout.signature.every((name) => names.has(name)));
}

/** The layout's votes for the columns it knows. */
export function layoutVotes(layout: Layout | undefined, columns: ColumnProfile[]): Vote[] {
  if (!layout) return [];
  const votes: Vote[] = [];
  for (const column of columns) {
    const name = normalizeName(column.name);
    const known = layout.columns.find(([pattern]) =>
      typeof pattern === 'string' ? pattern === name : pattern.test(name),
    );
    if (!known) continue;
    const [, field, why, settings] = known;
    votes.push({
      column,
      field,
      weight: WEIGHTS.layout,
      reader: 'layout',
      says: `in ${layout.name} it holds ${why}`,
      ...(settings ? { settings } : {}),
    });
  }
  return votes;
}

/** The sentence that names the layout for the mapping as a whole. */
export function layoutNote(layout: Layout): string {
  return `The columns are ${layout.name} (it has ${layout.signature.map((name) => `"${name}"`).join(', ')}): its columns are read as that platform documents them, and columns it does not know by their names and values.`;
}

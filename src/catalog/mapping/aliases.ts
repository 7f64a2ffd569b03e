/**
 * The names shop systems give their columns, by what they hold. Names are compared normalized
 * (see normalizeName): "Variant Compare At Price", "variantCompareAtPrice" and
 * "g:variant_compare_at_price" are one name. Within a field, earlier names win when an export has
 * several: `title` beats `name`, which in Icecat's export is the part number.
 */
export type AliasField =
  | 'type'
  | 'id'
  | 'group_id'
  | 'variant_id'
  | 'title'
  | 'description'
  | 'url'
  | 'image'
  | 'images'
  | 'brand'
  | 'categories'
  | 'category_level'
  | 'keywords'
  | 'price'
  | 'sale_price'
  | 'sale_from'
  | 'sale_until'
  | 'currency'
  | 'availability'
  | 'stock'
  | 'delivery_days'
  | 'rating'
  | 'signal'
  | 'identifier'
  | 'ignore';

const NAMES: Record<AliasField, string[]> = {
  type: ['type', 'entity_type', 'record_type'],
  id: [
    'id',
    'product_id',
    'productid',
    'pid',
    'item_id',
    'offer_id',
    'article_id',
    'article_number',
    'artikelnummer',
    'product_code',
    'item_number',
    'product_number',
    'sku',
    'code',
    'uid',
    'guid',
    'index',
  ],
  group_id: [
    'item_group_id',
    'group_id',
    'product_group_id',
    'parent_id',
    'parent_sku',
    'parent_product_id',
    'master_id',
    'style_id',
    'handle',
  ],
  variant_id: ['variant_id', 'variant_sku', 'variation_id', 'child_sku', 'variant_code', 'sku_id'],
  title: [
    'title',
    'product_title',
    'product_name',
    'productname',
    'item_name',
    'item_title',
    'name',
    'product',
    'bezeichnung',
    'titel',
    'produktname',
    'nom',
  ],
  description: [
    'description',
    'body_html',
    'body',
    'product_description',
    'long_description',
    'full_description',
    'short_description',
    'desc',
    'summary',
    'content',
    'beschreibung',
  ],
  url: [
    'url',
    'link',
    'product_url',
    'product_link',
    'permalink',
    'deeplink',
    'deep_link',
    'page_url',
    'canonical_url',
  ],
  image: [
    'image',
    'image_url',
    'image_link',
    'image_src',
    'main_image',
    'main_image_url',
    'featured_image',
    'picture',
    'picture_url',
    'photo',
    'img',
    'img_url',
    'thumbnail',
    'variant_image',
  ],
  images: [
    'additional_image_link',
    'additional_images',
    'additional_image_urls',
    'images',
    'image_urls',
    'gallery',
    'extra_images',
    'other_images',
  ],
  brand: [
    'brand',
    'brand_name',
    'manufacturer',
    'vendor',
    'supplier',
    'designer',
    'designer_name',
    'make',
    'marke',
    'hersteller',
    'maker',
  ],
  categories: [
    'categories',
    'category',
    'category_path',
    'product_category',
    'category_name',
    'categorie',
    'kategorie',
    'kategorien',
    'main_category',
    'breadcrumb',
    'breadcrumbs',
    'department',
    'product_type',
    'collection',
    'collections',
    'taxonomy',
  ],
  category_level: [
    'sub_category',
    'subcategory',
    'sub_sub_category',
    'subsubcategory',
    'sub_type',
    'subtype',
  ],
  keywords: ['keywords', 'tags', 'keyword', 'tag', 'search_terms', 'search_keywords', 'schlagworte'],
  price: [
    'price',
    'regular_price',
    'list_price',
    'retail_price',
    'market_price',
    'mrp',
    'msrp',
    'rrp',
    'uvp',
    'compare_at_price',
    'variant_compare_at_price',
    'original_price',
    'old_price',
    'was_price',
    'base_price',
    'normal_price',
    'price_amount',
    'price_value',
    'variant_price',
    'preis',
  ],
  sale_price: [
    'sale_price',
    'discounted_price',
    'discount_price',
    'special_price',
    'offer_price',
    'reduced_price',
    'selling_price',
    'final_price',
    'promo_price',
    'promotional_price',
    'deal_price',
    'current_price',
    'sale_price_amount',
  ],
  sale_from: [
    'sale_from',
    'sale_start',
    'sale_starts_at',
    'sale_price_effective_date',
    'special_from_date',
    'special_price_from',
  ],
  sale_until: ['sale_until', 'sale_end', 'sale_ends_at', 'special_to_date', 'special_price_to'],
  currency: ['currency', 'currency_code', 'price_currency', 'waehrung', 'wahrung'],
  availability: [
    'availability',
    'stock_status',
    'availability_status',
    'in_stock',
    'instock',
    'is_in_stock',
    'available',
    'is_available',
    'out_of_stock',
    'is_out_of_stock',
    'sold_out',
    'is_sold_out',
  ],
  stock: [
    'stock',
    'quantity',
    'qty',
    'inventory',
    'inventory_quantity',
    'inventory_qty',
    'variant_inventory_qty',
    'stock_quantity',
    'stock_qty',
    'stock_level',
    'on_hand',
    'bestand',
  ],
  delivery_days: [
    'delivery_days',
    'delivery_time',
    'lead_time',
    'lead_time_days',
    'shipping_days',
    'lieferzeit',
  ],
  rating: [
    'rating',
    'product_rating',
    'average_rating',
    'avg_rating',
    'overall_rating',
    'customer_rating',
    'review_rating',
    'star_rating',
    'stars',
    'ratings',
  ],
  signal: [
    'popularity',
    'sales_rank',
    'bestseller_rank',
    'best_seller_rank',
    'rank',
    'ranking',
    'sales',
    'units_sold',
    'sold',
    'sales_count',
    'orders',
    'order_count',
    'views',
    'view_count',
    'page_views',
    'clicks',
    'review_count',
    'reviews_count',
    'reviews',
    'num_reviews',
    'number_of_reviews',
    'rating_count',
    'ratings_count',
  ],
  identifier: [
    'ean',
    'ean13',
    'gtin',
    'gtin8',
    'gtin12',
    'gtin13',
    'gtin14',
    'upc',
    'isbn',
    'isbn13',
    'mpn',
    'barcode',
    'variant_barcode',
    'asin',
    'model_number',
    'part_number',
    'manufacturer_part_number',
    'uniq_id',
  ],
  ignore: [
    'cost',
    'cost_price',
    'cost_per_item',
    'purchase_price',
    'wholesale_price',
    'margin',
    'profit',
    'published_scope',
    'gift_card',
    'image_position',
    'image_alt_text',
    'seo_title',
    'seo_description',
    'meta_title',
    'meta_description',
    'meta_keywords',
    'variant_inventory_tracker',
    'inventory_tracker',
    'variant_inventory_policy',
    'inventory_policy',
    'template_suffix',
    'mobile_link',
    'identifier_exists',
  ],
};

/** Why a field's known name is left out, for the sentence a merchandiser reads. */
export const IGNORED_BECAUSE: Record<string, string> = {
  cost: 'the purchase cost, which shoppers must never see',
  cost_price: 'the purchase cost, which shoppers must never see',
  cost_per_item: 'the purchase cost, which shoppers must never see',
  purchase_price: 'the purchase cost, which shoppers must never see',
  wholesale_price: 'the purchase cost, which shoppers must never see',
  margin: 'the margin, which shoppers must never see',
  profit: 'the margin, which shoppers must never see',
};

export interface Alias {
  field: AliasField;
  /** Place in the field's list: lower is the likelier name. */
  rank: number;
}

const LOOKUP = new Map<string, Alias>();
for (const [field, names] of Object.entries(NAMES) as [AliasField, string[]][]) {
  names.forEach((name, rank) => {
    if (!LOOKUP.has(name)) LOOKUP.set(name, { field, rank });
  });
}

const CATEGORY_LEVEL = /^(?:sub_)*(?:category|categories|cat|level)_?(?:lvl|level)?_?(\d)$/;

/**
 * The field a (normalized) column name is a known name of. Shopify's `variant_` prefix and a
 * JSON path's `product.` wrapper are looked through when the whole name is not known.
 */
export function aliasOf(name: string): Alias | undefined {
  const known = LOOKUP.get(name);
  if (known) return known;
  if (CATEGORY_LEVEL.test(name)) return { field: 'category_level', rank: 0 };
  for (const prefix of ['variant_', 'product_', 'item_']) {
    if (name.startsWith(prefix)) {
      const inner = LOOKUP.get(name.slice(prefix.length));
      if (inner) return { field: inner.field, rank: inner.rank + 0.5 };
    }
  }
  return undefined;
}

/** The level a category level column names, when its name says it ("categories_lvl2" is 2). */
export function categoryLevelOf(name: string): number | undefined {
  const match = CATEGORY_LEVEL.exec(name);
  if (match) return Number(match[1]);
  if (/^sub_sub_|^subsub/.test(name)) return 3;
  if (/^sub_?(?:category|type)$/.test(name)) return 2;
  return undefined;
}

/**
 * Names of availability columns that ask whether a product is sold out, in English and the
 * languages exports are often written in (German, Dutch, Spanish, Italian, French), so a column a
 * mapping sends to availability under such a name reads yes as out of stock.
 */
export function asksSoldOut(name: string): boolean {
  return /(?:^|_)(?:out_of_stock|outofstock|sold_out|soldout|ausverkauft|vergriffen|uitverkocht|agotado|esaurito|epuise)$/.test(
    name,
  );
}

const SHIPPING_TAX =
  /(?:^|_)(?:shipping|shipment|ships|freight|tax|taxes|taxable|vat|fulfillment|fulfilment|handling_time|transit_time|requires_shipping|weight_unit|grams)(?:_|$)/;
const ADS =
  /^google_shopping|^google_product_category$|(?:^|_)(?:adwords|ads|custom_label|promotion_id|excluded_destination|included_destination|shopping_ads_excluded_country|pause|utm|campaign)(?:_|$)/;

/** Shipping, tax or advertising data: what search neither finds nor shows. */
export function shippingTaxOrAds(name: string): 'shipping or tax' | 'advertising' | undefined {
  if (ADS.test(name)) return 'advertising';
  if (SHIPPING_TAX.test(name) && !LOOKUP.has(name)) return 'shipping or tax';
  return undefined;
}

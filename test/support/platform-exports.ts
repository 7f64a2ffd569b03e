import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Table, toCsv, toTsv, toWindows1252 } from '../../src/catalog/testing/exports.js';
import { PACKAGE_ROOT } from '../../src/lib/package-root.js';

/**
 * Shop platforms' standard product exports, written from real products in each platform's
 * documented layout: WooCommerce's product CSV exporter, Magento 2's catalog product export,
 * Shopware 6's default product profile, PrestaShop's product CSV (French labels, Windows-1252),
 * BigCommerce's bulk edit export, Shopify's product CSV and a Google merchant feed as tab-separated
 * text. The committed fixtures (test/data/exports) are written by this module from the committed
 * samples of MR PORTER and Best Buy products (`npx tsx test/support/platform-exports.ts`); the
 * generalisation tests write the same layouts from products of ../shared/data nobody looked at
 * while the mapping rules were chosen.
 */

/** A product as a shop holds it, before a platform writes it. */
export interface ShopProduct {
  sku: string;
  title: string;
  brand: string;
  description?: string;
  /** The category path, top first. */
  categories: string[];
  price: number;
  salePrice?: number;
  image: string;
  colour?: string;
  /** Sizes the product's variants come in; none for a product without variants. */
  sizes: string[];
  stock: number;
  /** Draft (not for sale), hidden (not listed), or listed. */
  state: 'listed' | 'draft' | 'hidden';
}

interface MrPorterRecord {
  id: string;
  name: string;
  designerName: string;
  price: string;
  colour: string;
  sizes: string[];
  categories: string[];
  imageURL: string;
}

interface BestBuyRecord {
  name: string;
  description: string;
  brand: string;
  categories: string[];
  price: number;
  image: string;
}

/**
 * Products from MR PORTER records (three sizes each: variants) and Best Buy records (none). Every
 * third product is reduced by 20 %; the fifth is a draft and the ninth hidden, so every export
 * holds products that must not be listed.
 */
export function shopProducts(fashion: MrPorterRecord[], electronics: BestBuyRecord[]): ShopProduct[] {
  const products: ShopProduct[] = [
    ...fashion.map((record) => ({
      sku: `MRP-${record.id}`,
      title: record.name,
      brand: record.designerName,
      categories: record.categories,
      price: Number(record.price),
      image: record.imageURL.startsWith('//') ? `https:${record.imageURL}` : record.imageURL,
      colour: record.colour,
      sizes: record.sizes.slice(0, 3),
      stock: 0,
      state: 'listed' as const,
    })),
    ...electronics.map((record, position) => ({
      // Best Buy names some products alike: the SKU tells them apart by their place too.
      sku: `BBY-${createHash('sha1').update(`${position} ${record.name}`).digest('hex').slice(0, 8).toUpperCase()}`,
      title: record.name,
      brand: record.brand,
      description: record.description,
      categories: record.categories,
      price: record.price,
      image: record.image,
      sizes: [],
      stock: 0,
      state: 'listed' as const,
    })),
  ];
  return products.map((product, index) => {
    const shaped: ShopProduct = { ...product, stock: 3 + ((index * 7) % 20) };
    if (index % 3 === 2) shaped.salePrice = Math.round(product.price * 80) / 100;
    if (index % 9 === 4) shaped.state = 'draft';
    if (index % 9 === 8) shaped.state = 'hidden';
    return shaped;
  });
}

/** How a platform writes a product export. */
export interface Platform {
  name: string;
  folder: string;
  file: string;
  contentType: string;
  /** The states the platform's export can write: others are written as listed. */
  states: ShopProduct['state'][];
  write(products: ShopProduct[]): Buffer;
}

const money = (value: number | undefined, digits = 2) => (value === undefined ? '' : value.toFixed(digits));
const uuid = (text: string) => createHash('md5').update(text).digest('hex');

/** WooCommerce's product CSV exporter: a variable row, then its variation rows naming it in Parent. */
function wooCommerce(products: ShopProduct[]): Buffer {
  const header = [
    'ID',
    'Type',
    'SKU',
    'GTIN, UPC, EAN, or ISBN',
    'Name',
    'Published',
    'Is featured?',
    'Visibility in catalog',
    'Short description',
    'Description',
    'Date sale price starts',
    'Date sale price ends',
    'Tax status',
    'Tax class',
    'In stock?',
    'Stock',
    'Low stock amount',
    'Backorders allowed?',
    'Sold individually?',
    'Weight (kg)',
    'Length (cm)',
    'Width (cm)',
    'Height (cm)',
    'Allow customer reviews?',
    'Purchase note',
    'Sale price',
    'Regular price',
    'Categories',
    'Tags',
    'Shipping class',
    'Images',
    'Download limit',
    'Download expiry days',
    'Parent',
    'Grouped products',
    'Upsells',
    'Cross-sells',
    'External URL',
    'Button text',
    'Position',
    'Brands',
    'Attribute 1 name',
    'Attribute 1 value(s)',
    'Attribute 1 visible',
    'Attribute 1 global',
    'Attribute 2 name',
    'Attribute 2 value(s)',
    'Attribute 2 visible',
    'Attribute 2 global',
  ];
  const rows: Table = [header];
  let id = 100;
  const row = (cells: Record<string, string | number>) =>
    rows.push(header.map((column) => String(cells[column] ?? '')));
  for (const product of products) {
    const published = product.state === 'draft' ? -1 : 1;
    const visibility = product.state === 'hidden' ? 'hidden' : 'visible';
    // WooCommerce lists a product's category with every category above it.
    const categories = product.categories.map((_, depth) =>
      product.categories.slice(0, depth + 1).join(' > '),
    );
    const common = {
      Name: product.title,
      Published: published,
      'Is featured?': 0,
      'Visibility in catalog': visibility,
      'Tax status': 'taxable',
      'Allow customer reviews?': 1,
      Position: 0,
    };
    const parentId = id++;
    if (product.sizes.length === 0) {
      row({
        ...common,
        ID: parentId,
        Type: 'simple',
        SKU: product.sku,
        // WooCommerce writes line breaks in descriptions as the two characters \n.
        Description: (product.description ?? '').replace(/\. /g, '.\\n'),
        'In stock?': 1,
        Stock: product.stock,
        'Sale price': money(product.salePrice),
        'Regular price': money(product.price),
        Categories: categories.join(', '),
        Images: product.image,
        Brands: product.brand,
      });
      continue;
    }
    row({
      ...common,
      ID: parentId,
      Type: 'variable',
      SKU: product.sku,
      'In stock?': 1,
      Categories: categories.join(', '),
      Images: product.image,
      Brands: product.brand,
      'Attribute 1 name': 'Size',
      'Attribute 1 value(s)': product.sizes.join(', '),
      'Attribute 1 visible': 1,
      'Attribute 1 global': 1,
      'Attribute 2 name': 'Color',
      'Attribute 2 value(s)': product.colour ?? '',
      'Attribute 2 visible': 1,
      'Attribute 2 global': 1,
    });
    product.sizes.forEach((size, position) => {
      row({
        ...common,
        Name: `${product.title} - ${size}`,
        ID: id++,
        Type: 'variation',
        SKU: `${product.sku}-${size}`,
        'In stock?': 1,
        Stock: product.stock,
        'Sale price': money(product.salePrice),
        'Regular price': money(product.price),
        Images: product.image,
        Parent: product.sku,
        Position: position + 1,
        'Attribute 1 name': 'Size',
        'Attribute 1 value(s)': size,
        'Attribute 1 global': 1,
      });
    });
  }
  return Buffer.from(`\ufeff${toCsv(rows)}`);
}

/** A media path as Magento keeps it: the file under two folders named by its first letters. */
export function magentoMedia(product: ShopProduct): string {
  const file = `${product.sku.toLowerCase()}.jpg`;
  return `/${file[0]}/${file[1]}/${file}`;
}

/** Magento 2's catalog product export: simple children first, then the configurable listing them. */
function magento(products: ShopProduct[]): Buffer {
  const header = [
    'sku',
    'store_view_code',
    'attribute_set_code',
    'product_type',
    'categories',
    'product_websites',
    'name',
    'description',
    'short_description',
    'weight',
    'product_online',
    'tax_class_name',
    'visibility',
    'price',
    'special_price',
    'special_price_from_date',
    'special_price_to_date',
    'url_key',
    'meta_title',
    'meta_keywords',
    'meta_description',
    'base_image',
    'base_image_label',
    'small_image',
    'small_image_label',
    'thumbnail_image',
    'thumbnail_image_label',
    'swatch_image',
    'swatch_image_label',
    'created_at',
    'updated_at',
    'new_from_date',
    'new_to_date',
    'display_product_options_in',
    'map_price',
    'msrp_price',
    'map_enabled',
    'gift_message_available',
    'custom_design',
    'custom_design_from',
    'custom_design_to',
    'custom_layout_update',
    'page_layout',
    'product_options_container',
    'msrp_display_actual_price_type',
    'country_of_manufacture',
    'additional_attributes',
    'qty',
    'out_of_stock_qty',
    'use_config_min_qty',
    'is_qty_decimal',
    'allow_backorders',
    'use_config_backorders',
    'min_cart_qty',
    'use_config_min_sale_qty',
    'max_cart_qty',
    'use_config_max_sale_qty',
    'is_in_stock',
    'notify_on_stock_below',
    'use_config_notify_stock_qty',
    'manage_stock',
    'use_config_manage_stock',
    'use_config_qty_increments',
    'qty_increments',
    'use_config_enable_qty_inc',
    'enable_qty_increments',
    'is_decimal_divided',
    'website_id',
    'related_skus',
    'related_position',
    'crosssell_skus',
    'crosssell_position',
    'upsell_skus',
    'upsell_position',
    'additional_images',
    'additional_image_labels',
    'hide_from_product_page',
    'custom_options',
    'bundle_price_type',
    'bundle_sku_type',
    'bundle_price_view',
    'bundle_weight_type',
    'bundle_values',
    'bundle_shipment_type',
    'associated_skus',
    'configurable_variations',
    'configurable_variation_labels',
  ];
  const rows: Table = [header];
  const row = (cells: Record<string, string | number>) =>
    rows.push(header.map((column) => String(cells[column] ?? '')));
  const stock = (product: ShopProduct) => ({
    qty: product.stock,
    is_in_stock: 1,
    use_config_min_qty: 1,
    use_config_backorders: 1,
    use_config_manage_stock: 1,
    manage_stock: 1,
    website_id: 0,
  });
  const base = (product: ShopProduct) => ({
    attribute_set_code: 'Default',
    product_websites: 'base',
    product_online: product.state === 'draft' ? 2 : 1,
    tax_class_name: 'Taxable Goods',
    created_at: '3/14/24, 9:12 AM',
    updated_at: '3/14/24, 9:12 AM',
    display_product_options_in: 'Block after Info Column',
    gift_message_available: 'Use config',
    msrp_display_actual_price_type: 'Use config',
  });
  for (const product of products) {
    const media = magentoMedia(product);
    const images = {
      base_image: media,
      small_image: media,
      thumbnail_image: media,
      base_image_label: product.title,
    };
    const categories = `Default Category/${product.categories.join('/')}`;
    const sale: Record<string, string> =
      product.salePrice !== undefined ? { special_price: money(product.salePrice) } : {};
    if (product.sizes.length === 0) {
      row({
        ...base(product),
        ...images,
        ...stock(product),
        ...sale,
        sku: product.sku,
        product_type: 'simple',
        categories,
        name: product.title,
        description: `<p>${product.description ?? ''}</p>`,
        weight: 1,
        visibility: product.state === 'hidden' ? 'Not Visible Individually' : 'Catalog, Search',
        price: money(product.price),
        url_key: product.sku.toLowerCase(),
        additional_attributes: `manufacturer=${product.brand}`,
      });
      continue;
    }
    for (const size of product.sizes) {
      row({
        ...base(product),
        ...images,
        ...stock(product),
        ...sale,
        sku: `${product.sku}-${size}`,
        product_type: 'simple',
        categories,
        name: `${product.title}-${size}`,
        weight: 1,
        visibility: 'Not Visible Individually',
        price: money(product.price),
        url_key: `${product.sku}-${size}`.toLowerCase(),
        additional_attributes: `color=${product.colour},manufacturer=${product.brand},size=${size}`,
      });
    }
    row({
      ...base(product),
      ...images,
      ...stock(product),
      sku: product.sku,
      product_type: 'configurable',
      categories,
      name: product.title,
      visibility: product.state === 'hidden' ? 'Not Visible Individually' : 'Catalog, Search',
      url_key: product.sku.toLowerCase(),
      additional_attributes: `manufacturer=${product.brand}`,
      configurable_variations: product.sizes
        .map((size) => `sku=${product.sku}-${size},size=${size}`)
        .join('|'),
      configurable_variation_labels: 'size=Size',
    });
  }
  // A store view's copy of the first product: its name for French shoppers, nothing else.
  const first = products[0]!;
  row({ sku: first.sku, store_view_code: 'fr', name: `${first.title} (FR)` });
  return Buffer.from(toCsv(rows));
}

/** Shopware 6's default product profile: semicolons, a parent row, variant rows naming it by id. */
function shopware(products: ShopProduct[]): Buffer {
  const header = [
    'id',
    'parent_id',
    'product_number',
    'active',
    'stock',
    'name',
    'description',
    'price_net',
    'price_gross',
    'purchase_prices_net',
    'purchase_prices_gross',
    'tax_id',
    'tax_rate',
    'tax_name',
    'cover_media_id',
    'cover_media_url',
    'cover_media_title',
    'cover_media_alt',
    'manufacturer_id',
    'manufacturer_name',
    'categories',
    'sales_channel',
    'list_price_net',
    'list_price_gross',
  ];
  const rows: Table = [header];
  const row = (cells: Record<string, string | number>) =>
    rows.push(header.map((column) => String(cells[column] ?? '')));
  const tax = { tax_id: uuid('tax 19'), tax_rate: 19, tax_name: 'Standard rate' };
  for (const product of products) {
    const gross = product.salePrice ?? product.price;
    const prices = {
      price_net: money(gross / 1.19),
      price_gross: money(gross),
      purchase_prices_net: money((product.price * 0.4) / 1.19),
      purchase_prices_gross: money(product.price * 0.4),
      ...(product.salePrice !== undefined
        ? { list_price_net: money(product.price / 1.19), list_price_gross: money(product.price) }
        : {}),
    };
    const id = uuid(product.sku);
    row({
      id,
      product_number: product.sku,
      active: product.state === 'draft' ? 0 : 1,
      stock: product.sizes.length > 0 ? 0 : product.stock,
      name: product.title,
      description: product.description ?? '',
      ...prices,
      ...tax,
      cover_media_id: uuid(product.image),
      cover_media_url: product.image,
      cover_media_title: product.title,
      manufacturer_id: uuid(product.brand),
      manufacturer_name: product.brand,
      categories: product.categories.map((name) => uuid(name)).join('|'),
      sales_channel: product.state === 'hidden' ? '' : uuid('Storefront'),
    });
    // Variants inherit what they leave empty (name, prices, photo) from their product.
    for (const size of product.sizes) {
      row({
        id: uuid(`${product.sku}-${size}`),
        parent_id: id,
        product_number: `${product.sku}.${size}`,
        active: 1,
        stock: product.stock,
      });
    }
  }
  return Buffer.from(toCsv(rows, ';'));
}

/** PrestaShop's product CSV: French labels, semicolons, Windows-1252, HTML descriptions over several lines. */
function prestaShop(products: ShopProduct[]): Buffer {
  const header = [
    'ID',
    'Actif (0/1)',
    'Nom *',
    'Catégories (x,y,z...)',
    'Prix HT',
    'Prix TTC',
    'ID règle de taxes',
    'En solde (0/1)',
    'Montant de la réduction',
    'Pourcentage de réduction',
    'Réduction de (aaaa-mm-jj)',
    'Réduction à (aaaa-mm-jj)',
    'Référence n°',
    'Marque',
    'EAN13',
    'Poids',
    'Quantité',
    'Résumé',
    'Description',
    'Mots-clés',
    'URL réécrite',
    'Visibilité',
    'URL des images (x,y,z...)',
    'État',
  ];
  const rows: Table = [header];
  products.forEach((product, index) => {
    const percent = product.salePrice !== undefined && index % 2 === 0;
    const amount =
      product.salePrice !== undefined && !percent ? product.price - product.salePrice : undefined;
    const cells: Record<string, string | number> = {
      ID: index + 1,
      'Actif (0/1)': product.state === 'draft' ? 0 : 1,
      'Nom *': product.title,
      'Catégories (x,y,z...)': product.categories.join(','),
      'Prix HT': money(product.price / 1.2, 6).replace('.', ','),
      'Prix TTC': money(product.price).replace('.', ','),
      'ID règle de taxes': 1,
      'En solde (0/1)': product.salePrice !== undefined ? 1 : 0,
      'Montant de la réduction': amount !== undefined ? money(amount).replace('.', ',') : '',
      'Pourcentage de réduction': percent ? 20 : '',
      'Réduction de (aaaa-mm-jj)': product.salePrice !== undefined ? '2024-01-01' : '',
      'Réduction à (aaaa-mm-jj)': product.salePrice !== undefined ? '2099-12-31' : '',
      'Référence n°': product.sku,
      Marque: product.brand,
      Poids: '0,5',
      Quantité: product.stock,
      Résumé: `<p>${product.title}</p>`,
      Description: `<p>${(product.description ?? product.title).replace(/\. /g, '.</p>\n<p>')}</p>`,
      'Mots-clés': product.categories.at(-1) ?? '',
      'URL réécrite': product.sku.toLowerCase(),
      Visibilité: product.state === 'hidden' ? 'none' : 'both',
      'URL des images (x,y,z...)': product.image,
      État: 'new',
    };
    rows.push(header.map((column) => String(cells[column] ?? '')));
  });
  return toWindows1252(toCsv(rows, ';'));
}

/** BigCommerce's bulk edit export: a Product row, its SKU rows naming their choices, a Rule row. */
function bigCommerce(products: ShopProduct[]): Buffer {
  const header = [
    'Item Type',
    'Product ID',
    'Product Name',
    'Product Type',
    'Product Code/SKU',
    'Bin Picking Number',
    'Brand Name',
    'Option Set',
    'Option Set Align',
    'Product Description',
    'Price',
    'Cost Price',
    'Retail Price',
    'Sale Price',
    'Fixed Shipping Cost',
    'Free Shipping',
    'Product Warranty',
    'Product Weight',
    'Allow Purchases?',
    'Product Visible?',
    'Product Availability',
    'Track Inventory',
    'Current Stock Level',
    'Low Stock Level',
    'Category',
    'Product Image ID - 1',
    'Product Image File - 1',
    'Product Image Description - 1',
    'Product Image Is Thumbnail - 1',
    'Product Image Sort - 1',
    'Search Keywords',
    'Page Title',
    'Meta Keywords',
    'Meta Description',
    'Product Condition',
    'Show Product Condition?',
    'Sort Order',
    'Product Tax Class',
    'Product UPC/EAN',
    'Product URL',
    'Redirect Old URL?',
    'GPS Global Trade Item Number',
    'GPS Manufacturer Part Number',
  ];
  const rows: Table = [header];
  const row = (cells: Record<string, string | number>) =>
    rows.push(header.map((column) => String(cells[column] ?? '')));
  products.forEach((product, index) => {
    row({
      'Item Type': 'Product',
      'Product ID': 100 + index,
      'Product Name': product.title,
      'Product Type': 'P',
      'Product Code/SKU': product.sku,
      'Brand Name': product.brand,
      'Option Set': product.sizes.length > 0 ? 'Sizes' : '',
      'Product Description': `<p>${product.description ?? ''}</p>`,
      Price: money(product.price, 4),
      'Cost Price': money(product.price * 0.4, 4),
      'Retail Price': money(product.price * 1.1, 4),
      'Sale Price': money(product.salePrice ?? 0, 4),
      'Fixed Shipping Cost': '0.0000',
      'Free Shipping': 'N',
      'Product Weight': '1.0000',
      'Allow Purchases?': 'Y',
      'Product Visible?': product.state === 'hidden' ? 'N' : 'Y',
      'Track Inventory': product.sizes.length > 0 ? 'by option' : 'by product',
      'Current Stock Level': product.sizes.length > 0 ? 0 : product.stock,
      'Low Stock Level': 0,
      Category: product.categories.join('/'),
      'Product Image ID - 1': 1000 + index,
      'Product Image File - 1': product.image,
      'Product Image Is Thumbnail - 1': 'Y',
      'Product Image Sort - 1': 0,
      'Search Keywords': product.categories.at(-1) ?? '',
      'Product Condition': 'New',
      'Show Product Condition?': 'N',
      'Sort Order': 0,
      'Product Tax Class': 'Default Tax Class',
      'Product URL': `/${product.sku.toLowerCase()}/`,
      'Redirect Old URL?': 'N',
    });
    for (const size of product.sizes) {
      row({
        'Item Type': 'SKU',
        'Product Name': `[RB]Size=${size}`,
        'Product Code/SKU': `${product.sku}-${size}`,
        'Current Stock Level': product.stock,
        'Low Stock Level': 0,
      });
    }
    if (product.sizes.length > 0)
      row({ 'Item Type': 'Rule', 'Product Name': `[RB]Size=${product.sizes[0]}`, Price: '[ADD]5' });
  });
  return Buffer.from(toCsv(rows));
}

/** Shopify's product CSV: rows of a Handle, the first with the product's fields and its status. */
function shopify(products: ShopProduct[]): Buffer {
  const header = [
    'Handle',
    'Title',
    'Body (HTML)',
    'Vendor',
    'Product Category',
    'Type',
    'Tags',
    'Published',
    'Option1 Name',
    'Option1 Value',
    'Option2 Name',
    'Option2 Value',
    'Option3 Name',
    'Option3 Value',
    'Variant SKU',
    'Variant Grams',
    'Variant Inventory Tracker',
    'Variant Inventory Qty',
    'Variant Inventory Policy',
    'Variant Fulfillment Service',
    'Variant Price',
    'Variant Compare At Price',
    'Variant Requires Shipping',
    'Variant Taxable',
    'Variant Barcode',
    'Image Src',
    'Image Position',
    'Image Alt Text',
    'Gift Card',
    'SEO Title',
    'SEO Description',
    'Variant Image',
    'Variant Weight Unit',
    'Cost per item',
    'Status',
  ];
  const rows: Table = [header];
  const row = (cells: Record<string, string | number>) =>
    rows.push(header.map((column) => String(cells[column] ?? '')));
  for (const product of products) {
    const handle = product.sku.toLowerCase();
    const offer = (sku: string) => ({
      'Variant SKU': sku,
      'Variant Grams': 500,
      'Variant Inventory Tracker': 'shopify',
      'Variant Inventory Qty': product.stock,
      'Variant Inventory Policy': 'deny',
      'Variant Fulfillment Service': 'manual',
      'Variant Price': money(product.salePrice ?? product.price),
      'Variant Compare At Price': product.salePrice !== undefined ? money(product.price) : '',
      'Variant Requires Shipping': 'TRUE',
      'Variant Taxable': 'TRUE',
      'Variant Weight Unit': 'kg',
      'Cost per item': money(product.price * 0.4),
    });
    const sizes = product.sizes.length > 0 ? product.sizes : ['Default Title'];
    sizes.forEach((size, index) => {
      const first = index === 0;
      row({
        Handle: handle,
        ...(first
          ? {
              Title: product.title,
              'Body (HTML)': `<p>${product.description ?? ''}</p>`,
              Vendor: product.brand,
              'Product Category': product.categories.join(' > '),
              Type: product.categories.at(-1) ?? '',
              Tags: product.colour ?? '',
              // Shopify has no hidden products: a product kept off the store is archived.
              Published: product.state === 'listed' ? 'TRUE' : 'FALSE',
              'Option1 Name': product.sizes.length > 0 ? 'Size' : 'Title',
              'Image Src': product.image,
              'Image Position': 1,
              'Gift Card': 'FALSE',
              Status:
                product.state === 'draft' ? 'draft' : product.state === 'hidden' ? 'archived' : 'active',
            }
          : {}),
        'Option1 Value': size,
        ...offer(product.sizes.length > 0 ? `${product.sku}-${size}` : product.sku),
      });
    });
  }
  return Buffer.from(toCsv(rows));
}

/** A Google merchant feed as tab-separated text: one row per offer, variants by item_group_id. */
function googleFeed(products: ShopProduct[]): Buffer {
  const header = [
    'id',
    'item_group_id',
    'title',
    'description',
    'link',
    'image_link',
    'availability',
    'price',
    'sale_price',
    'brand',
    'condition',
    'google_product_category',
    'product_type',
    'color',
    'size',
    'gender',
    'shipping',
  ];
  const rows: Table = [header];
  for (const product of products) {
    const cells = (id: string, size?: string) => ({
      id,
      item_group_id: size ? product.sku : '',
      title: product.title,
      description: product.description ?? product.title,
      link: `https://shop.example/products/${product.sku.toLowerCase()}`,
      image_link: product.image,
      availability: 'in_stock',
      price: `${money(product.price)} EUR`,
      sale_price: product.salePrice !== undefined ? `${money(product.salePrice)} EUR` : '',
      brand: product.brand,
      condition: 'new',
      google_product_category: product.sizes.length > 0 ? 'Apparel & Accessories > Clothing' : 'Electronics',
      product_type: product.categories.join(' > '),
      color: product.colour ?? '',
      size: size ?? '',
      gender: product.sizes.length > 0 ? 'male' : '',
      shipping: 'DE:::4.95 EUR',
    });
    const offers =
      product.sizes.length > 0
        ? product.sizes.map((size) => cells(`${product.sku}-${size}`, size))
        : [cells(product.sku)];
    for (const offer of offers)
      rows.push(header.map((column) => String(offer[column as keyof typeof offer] ?? '')));
  }
  return toTsv(rows);
}

export const PLATFORMS: Platform[] = [
  {
    name: 'WooCommerce',
    folder: 'woocommerce',
    file: 'wc-product-export.csv',
    contentType: 'text/csv',
    states: ['listed', 'draft', 'hidden'],
    write: wooCommerce,
  },
  {
    name: 'Magento 2',
    folder: 'magento2',
    file: 'catalog_product.csv',
    contentType: 'text/csv',
    states: ['listed', 'draft', 'hidden'],
    write: magento,
  },
  {
    name: 'Shopware 6',
    folder: 'shopware6',
    file: 'product-export.csv',
    contentType: 'text/csv',
    states: ['listed', 'draft'],
    write: shopware,
  },
  {
    name: 'PrestaShop',
    folder: 'prestashop',
    file: 'products.csv',
    contentType: 'text/csv',
    states: ['listed', 'draft', 'hidden'],
    write: prestaShop,
  },
  {
    name: 'BigCommerce',
    folder: 'bigcommerce',
    file: 'products-bulk-edit.csv',
    contentType: 'text/csv',
    states: ['listed', 'hidden'],
    write: bigCommerce,
  },
  {
    name: 'Shopify',
    folder: 'shopify',
    file: 'products_export.csv',
    contentType: 'text/csv',
    states: ['listed', 'draft', 'hidden'],
    write: shopify,
  },
  {
    name: 'Google merchant feed',
    folder: 'google-merchant',
    file: 'products.tsv',
    contentType: 'text/tab-separated-values',
    states: ['listed'],
    write: googleFeed,
  },
];

/** The products a platform's export holds: states it cannot write are written as listed. */
export function productsFor(platform: Platform, products: ShopProduct[]): ShopProduct[] {
  return products.map((product) =>
    platform.states.includes(product.state) ? product : { ...product, state: 'listed' },
  );
}

export const FIXTURES = join(PACKAGE_ROOT, 'test', 'data', 'exports');
const SAMPLES = join(PACKAGE_ROOT, 'test', 'data', 'catalogs');

/** The products of a platform's committed fixture: its own slice of the committed samples. */
export function fixtureProducts(index: number): ShopProduct[] {
  const fashion = JSON.parse(
    readFileSync(join(SAMPLES, 'mrporter-fashion', 'data.json'), 'utf8'),
  ) as MrPorterRecord[];
  const electronics = JSON.parse(
    readFileSync(join(SAMPLES, 'bestbuy', 'ecommerce.json'), 'utf8'),
  ) as BestBuyRecord[];
  return shopProducts(fashion.slice(index * 8, index * 8 + 8), electronics.slice(index * 6, index * 6 + 6));
}

function writeFixtures(): void {
  PLATFORMS.forEach((platform, index) => {
    const folder = join(FIXTURES, platform.folder);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, platform.file), platform.write(productsFor(platform, fixtureProducts(index))));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFixtures();

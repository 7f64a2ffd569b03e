/**
 * Storefront pages: what a product page shows, what a URL is (resolve), the robots.txt lines,
 * the category tree and a page's settings with their origins. Pure: the query node serves them.
 */

export { categoryTree } from './category-tree.js';
export { type PageSettingsQuestion, pageSettingsAnswer } from './page-settings-answer.js';
export { answerProduct, type ProductLookup, productPage } from './product-answer.js';
export {
  encodeProductRecords,
  NO_PRODUCT_RECORDS,
  PRODUCT_RECORDS_ATTACHMENT,
  type ProductRecord,
  ProductRecords,
  productRecordAttachments,
  productRecordsOf,
} from './product-records.js';
export { decidePage, type PageDecision } from './resolve/decide.js';
export { robotsLines } from './robots.js';
export { type PagePlace, Storefront, type StorefrontSource } from './storefront.js';

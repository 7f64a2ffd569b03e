import { releaseView } from '../../release/release-view.js';

/** Selector fields whose values depend on the time through the offers: a sale window changes them. */
const OFFER_TIME_FIELDS = new Set(['price', 'on_sale']);

/**
 * Whether the release's smart categories (categories.json nodes with `where`) read the offers'
 * prices or sales: those are decided when the indexes are built, so a sale window that opens or
 * closes, or an offers update, changes them only through a new build.
 */
export function smartCategoriesReadOffers(files: Record<string, unknown>): boolean {
  const nodes = releaseView(files).categories.nodes ?? [];
  return nodes.some((node) => node.where !== undefined && namesField(node.where));
}

function namesField(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(namesField);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => OFFER_TIME_FIELDS.has(key) || namesField(inner));
}

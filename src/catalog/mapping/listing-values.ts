import type { Cell } from '../readers/rows.js';

/**
 * What the columns that decide whether a row is listed say, read by value. The words are the ones
 * shop systems write in their status, visibility and row kind columns, in the languages exports
 * are written in; they name a state of a product, never a product, so they hold in any shop.
 */

/** A row a status column lets through (`on`) or keeps out (`off`). */
export type StatusValue = 'on' | 'off';

const ON = new Set([
  '1',
  'yes',
  'y',
  'true',
  'active',
  'enabled',
  'enable',
  'published',
  'publish',
  'visible',
  'online',
  'live',
  'aktiv',
  'ja',
  'actif',
  'oui',
  'activo',
  'si',
  'sí',
  'actief',
]);
const OFF = new Set([
  '0',
  // Status codes other than 1 are states a product is not sold in: WooCommerce writes -1 for a
  // draft and 2 for a product pending review, Magento 2 writes 2 for a disabled one.
  '-1',
  '2',
  'no',
  'n',
  'false',
  'draft',
  'archived',
  'inactive',
  'disabled',
  'disable',
  'private',
  'pending',
  'hidden',
  'offline',
  'unpublished',
  'deleted',
  'entwurf',
  'archiviert',
  'inaktiv',
  'deaktiviert',
  'nein',
  'brouillon',
  'inactif',
  'non',
  'borrador',
  'inactivo',
  'concept',
  'inactief',
  'nee',
]);

/** What a status cell says: `on` for a product the shop sells, `off` for a draft or disabled one. */
export function parseStatus(cell: Cell): StatusValue | undefined {
  if (typeof cell === 'boolean') return cell ? 'on' : 'off';
  if (typeof cell === 'number') return cell === 1 ? 'on' : 'off';
  if (typeof cell !== 'string') return undefined;
  const word = cell.trim().toLowerCase();
  if (ON.has(word)) return 'on';
  if (OFF.has(word)) return 'off';
  return undefined;
}

/** A row a visibility column shows in listings (`shown`) or keeps out of them (`hidden`). */
export type VisibilityValue = 'shown' | 'hidden';

const SHOWN = new Set([
  'visible',
  'catalog',
  'search',
  'catalog_search',
  'search_catalog',
  'both',
  'everywhere',
  'shop',
  '1',
  'yes',
  'y',
  'true',
  'sichtbar',
  'zichtbaar',
  'visible_partout',
]);
const HIDDEN = new Set([
  'hidden',
  'none',
  'not_visible',
  'not_visible_individually',
  'invisible',
  '0',
  'no',
  'n',
  'false',
  'nowhere',
  'nicht_sichtbar',
  'unsichtbar',
  'verborgen',
  'onzichtbaar',
  'masque',
  'nulle_part',
  'oculto',
]);

/** What a visibility cell says: Magento's "Catalog, Search" is shown, "Not Visible Individually" hidden. */
export function parseVisibility(cell: Cell): VisibilityValue | undefined {
  if (typeof cell === 'boolean') return cell ? 'shown' : 'hidden';
  if (typeof cell === 'number') return cell === 0 ? 'hidden' : 'shown';
  if (typeof cell !== 'string') return undefined;
  const word = wordsOf(cell);
  if (SHOWN.has(word)) return 'shown';
  if (HIDDEN.has(word)) return 'hidden';
  return undefined;
}

/** What a row is: a product, a variant of one, or something else (a price rule, a store view's copy). */
export type ItemKind = 'product' | 'variant' | 'other';

const PRODUCT_KINDS = new Set([
  'product',
  'simple',
  'variable',
  'configurable',
  'bundle',
  'grouped',
  'external',
  'virtual',
  'downloadable',
  'parent',
  'main',
  'master',
  'physical',
  'digital',
  'kit',
  'produkt',
  'artikel',
  'produit',
  'producto',
]);
const VARIANT_KINDS = new Set([
  'variation',
  'variant',
  'sku',
  'child',
  'combination',
  'variante',
  'declinaison',
]);

/**
 * The kind a row kind cell names. WooCommerce writes several kinds in one cell ("simple,
 * downloadable, virtual"): the first decides. Any other filled value marks a row that is neither.
 */
export function parseItemKind(cell: Cell): ItemKind {
  const text = typeof cell === 'string' ? cell : String(cell);
  const first = wordsOf(text.split(',')[0] ?? '');
  if (PRODUCT_KINDS.has(first)) return 'product';
  if (VARIANT_KINDS.has(first)) return 'variant';
  return 'other';
}

/** Whether most values of a column read as one of these kinds of listing values. */
export function readsAs(values: Iterable<[string, number]>, read: (text: string) => unknown): number {
  let passed = 0;
  let total = 0;
  for (const [text, count] of values) {
    total += count;
    if (read(text) !== undefined) passed += count;
  }
  return total === 0 ? 0 : passed / total;
}

/**
 * Words a row holds in place of a product when it sums the rows above it (an ERP's or a
 * spreadsheet's totals line). No product is named "Total" alone, so the rule holds in any shop.
 */
const TOTAL =
  /^(?:grand\s+|sub-?\s*)?totals?:?$|^(?:gesamt(?:summe)?|summe|zwischensumme|totaal|subtotaal|total\s+g[ée]n[ée]ral|sous-total|suma|importe\s+total)$/i;

export function isTotalWord(text: string): boolean {
  return TOTAL.test(text.trim());
}

function wordsOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

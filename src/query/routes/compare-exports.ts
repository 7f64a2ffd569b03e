import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type { CompareAnswer } from '../../contracts/imports.js';

/** What a catalog offers for comparison: its products and what shoppers could filter them by. */
export interface CatalogFacts {
  products: Set<string>;
  attributes: Set<string>;
  filters: Set<string>;
}

/** Product ids listed in an answer: enough to recognize the change, never the whole catalog. */
const LISTED_IDS = 50;

/** Attribute types that are never a filter unless attributes.json says otherwise. */
const NOT_FILTERS = new Set(['text', 'identifier']);

interface DeclaredAttribute {
  code: string;
  type?: string;
  filterable?: boolean;
}

/**
 * The facts of a catalog read with its release: product ids, the attribute codes products and
 * their variants carry, and the filters: built-in fields some product fills, and attributes that
 * attributes.json (the release's, else the one derived from the export) lets shoppers filter by.
 * Entities are taken one at a time, so a catalog streamed from a large export is never held whole.
 */
export async function catalogFacts(
  entities: Iterable<CatalogEntity> | AsyncIterable<CatalogEntity>,
  attributesFiles: readonly unknown[],
): Promise<CatalogFacts> {
  const declared = new Map<string, DeclaredAttribute>();
  for (const file of [...attributesFiles].reverse()) {
    for (const attribute of attributeList(file)) declared.set(attribute.code, attribute);
  }
  const products = new Set<string>();
  const attributes = new Set<string>();
  const builtIns = new Set<string>();
  for await (const entity of entities) {
    if (entity.type !== 'product') continue;
    products.add(entity.id);
    for (const code of Object.keys(entity.attributes ?? {})) attributes.add(code);
    noteBuiltIns(entity, builtIns);
    for (const variant of entity.variants ?? []) {
      for (const code of Object.keys(variant.attributes ?? {})) attributes.add(code);
      noteBuiltIns(variant, builtIns);
    }
  }
  const filters = new Set(builtIns);
  for (const code of attributes) {
    const attribute = declared.get(code);
    const filterable = attribute?.filterable ?? !NOT_FILTERS.has(attribute?.type ?? 'option');
    if (filterable) filters.add(code);
  }
  return { products, attributes, filters };
}

/** The draft against what is live; without a live catalog everything is new. */
export function compareFacts(draft: CatalogFacts, live: CatalogFacts | undefined): CompareAnswer {
  const before = live ?? {
    products: new Set<string>(),
    attributes: new Set<string>(),
    filters: new Set<string>(),
  };
  const added = difference(draft.products, before.products);
  const removed = difference(before.products, draft.products);
  return {
    products: {
      added: { count: added.length, first: added.slice(0, LISTED_IDS) },
      removed: { count: removed.length, first: removed.slice(0, LISTED_IDS) },
      kept: before.products.size - removed.length,
      live: before.products.size,
    },
    attributes: {
      new: difference(draft.attributes, before.attributes),
      gone: difference(before.attributes, draft.attributes),
    },
    filters: {
      new: difference(draft.filters, before.filters),
      gone: difference(before.filters, draft.filters),
    },
  };
}

function noteBuiltIns(holder: Record<string, unknown>, builtIns: Set<string>): void {
  const offers = Array.isArray(holder.offers) ? (holder.offers as Record<string, unknown>[]) : [];
  const has = (field: string) =>
    holder[field] !== undefined || offers.some((offer) => offer[field] !== undefined);
  if (Array.isArray(holder.categories) && holder.categories.length > 0) builtIns.add('category');
  if (holder.brand !== undefined) builtIns.add('brand');
  if (has('price')) builtIns.add('price');
  if (has('sale_price')) builtIns.add('on_sale');
  if (has('availability')) builtIns.add('availability');
  if (has('delivery_days')) builtIns.add('delivery_days');
}

function attributeList(file: unknown): DeclaredAttribute[] {
  const list = (file as { attributes?: unknown } | undefined)?.attributes;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is DeclaredAttribute =>
      typeof item === 'object' && item !== null && typeof item.code === 'string',
  );
}

function difference(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((value) => !b.has(value)).sort();
}

import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { Attribute } from '../contracts/release-files/index.js';
import { analyzeWords } from '../engine/analysis/analyze.js';
import { fold } from '../engine/analysis/fold.js';
import { isFilterable } from '../release/checks/fields.js';
import type { LocalizedText } from './localized.js';

/**
 * What a query can name: categories, brands and the values of filterable attributes. Resolution
 * reads nothing else of the catalog, so the engine can provide the same from its index and a
 * draft's tests run against a vocabulary built from any catalog.
 */
export interface Vocabulary {
  categories: ReadonlyMap<string, VocabularyCategory>;
  brands: ReadonlyMap<string, VocabularyBrand>;
  /** Filterable option, boolean and quantity attributes, by code. */
  attributes: ReadonlyMap<string, VocabularyAttribute>;
}

export interface VocabularyCategory {
  id: string;
  parent?: string;
  title?: LocalizedText;
  /** Its page's URL path, per locale. */
  path?: LocalizedText;
  /** The channels it exists in; absent: every channel. */
  channels?: readonly string[];
  /** The entity types assigned to it or below it, the most frequent first. */
  holds: readonly string[];
}

export interface VocabularyBrand {
  id: string;
  name: string;
  aliases: readonly string[];
  /** What a `brand` filter names it by: the brand as the catalog's products write it. */
  value: string;
  /** A brand entity exists, so the brand has a page of its own. */
  page: boolean;
}

export interface VocabularyOption {
  value: string;
  label?: LocalizedText;
  aliases: readonly string[];
  /**
   * Its words name a kind of product rather than a property (see KIND_NAME_SHARE): they stay
   * text, and only its aliases name it.
   */
  namesKind?: true;
}

export interface VocabularyGroup {
  code: string;
  label: LocalizedText;
  values: readonly string[];
}

export interface VocabularyAttribute {
  code: string;
  label: LocalizedText;
  type: 'option' | 'boolean' | 'quantity';
  /** The unit of a quantity. */
  unit?: string;
  options: readonly VocabularyOption[];
  groups: readonly VocabularyGroup[];
  /** Categories whose entities carry a value of it, as assigned (not their ancestors). */
  categories: ReadonlySet<string>;
  /** A flag whose label's words name a kind of product (see KIND_NAME_SHARE): they stay text. */
  labelNamesKind?: true;
}

type DetectableType = VocabularyAttribute['type'];
const DETECTABLE: readonly string[] = ['option', 'boolean', 'quantity'] satisfies DetectableType[];

interface AttributeDraft {
  attribute: VocabularyAttribute;
  options: VocabularyOption[];
  known: Set<string>;
  categories: Set<string>;
  /** Entities carrying each option value (a flag's: true). */
  carriers: Map<string | true, number>;
}

/**
 * An option value (or a flag's label) is read from a query's words as a filter only while the
 * entities carrying it are at least this share of the entities whose texts hold its words. A
 * filter keeps its carriers alone: when most of what the words find does not carry the value, the
 * words name a kind of product, as "mouse" does in a shop whose `type` says "Mouse" of one adapter
 * among hundreds of mice, and read as a filter they would hide nearly all of it.
 */
export const KIND_NAME_SHARE = 0.5;

/**
 * Builds the vocabulary of a catalog read with attributes.json: categories and brands from their
 * entities, brands products name without an entity of their own, option values attributes.json
 * declares and those products carry besides, and for each attribute the categories carrying it.
 */
export function buildVocabulary(
  entities: Iterable<CatalogEntity>,
  attributes: readonly Attribute[],
): Vocabulary {
  const drafts = new Map<string, AttributeDraft>();
  for (const attribute of attributes) {
    if (!DETECTABLE.includes(attribute.type) || !isFilterable(attribute) || drafts.has(attribute.code))
      continue;
    const options = (attribute.options ?? []).map((option) => ({
      value: option.value,
      ...(option.label !== undefined ? { label: option.label } : {}),
      aliases: option.aliases ?? [],
    }));
    const categories = new Set<string>();
    drafts.set(attribute.code, {
      attribute: {
        code: attribute.code,
        label: attribute.label,
        type: attribute.type as DetectableType,
        ...(attribute.unit !== undefined ? { unit: attribute.unit } : {}),
        options,
        groups: attribute.groups ?? [],
        categories,
      },
      options,
      known: new Set(options.map((option) => option.value)),
      categories,
      carriers: new Map(),
    });
  }
  const holding = new Map<string, number>();

  const categoryEntities: CatalogEntity[] = [];
  const brandEntities: CatalogEntity[] = [];
  const typesByCategory = new Map<string, Map<string, number>>();
  const brandNames: string[] = [];
  for (const entity of entities) {
    if (entity.type === 'category') categoryEntities.push(entity);
    else if (entity.type === 'brand') brandEntities.push(entity);
    const assigned = (entity.categories ?? []).map((link) => (typeof link === 'string' ? link : link.id));
    for (const category of assigned) {
      const counts = typesByCategory.get(category) ?? new Map<string, number>();
      counts.set(entity.type, (counts.get(entity.type) ?? 0) + 1);
      typesByCategory.set(category, counts);
    }
    if (entity.brand !== undefined) brandNames.push(entity.brand);
    const carried = new Set<string>();
    for (const values of [
      entity.attributes,
      ...(entity.variants ?? []).map((variant) => variant.attributes),
    ]) {
      if (values !== undefined) noteValues(drafts, values, assigned, carried);
    }
    if (drafts.size > 0) noteWords(entity, holding);
  }
  for (const draft of drafts.values()) markKindNames(draft, holding);
  return {
    categories: categoryTree(categoryEntities, typesByCategory),
    brands: brandList(brandEntities, brandNames),
    attributes: new Map([...drafts].map(([code, draft]) => [code, draft.attribute])),
  };
}

/**
 * Notes the option values and flags an entity or one of its variants carries, each counted once
 * per entity: `carried` holds what the entity's rows counted so far.
 */
function noteValues(
  drafts: Map<string, AttributeDraft>,
  values: Record<string, unknown>,
  categories: string[],
  carried: Set<string>,
) {
  const carry = (draft: AttributeDraft, value: string | true) => {
    const key = `${draft.attribute.code}\u0000${value}`;
    if (carried.has(key)) return;
    carried.add(key);
    draft.carriers.set(value, (draft.carriers.get(value) ?? 0) + 1);
  };
  for (const [code, value] of Object.entries(values)) {
    const draft = drafts.get(code);
    if (draft === undefined || value === undefined) continue;
    for (const category of categories) draft.categories.add(category);
    if (draft.attribute.type === 'boolean' && value === true) carry(draft, true);
    if (draft.attribute.type !== 'option') continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one !== 'string') continue;
      carry(draft, one);
      if (draft.known.has(one)) continue;
      draft.known.add(one);
      draft.options.push({ value: one, aliases: [] });
    }
  }
}

/** Counts, per word of the entity's texts (title, description, keywords, attribute values), the entities that hold it. */
function noteWords(entity: CatalogEntity, holding: Map<string, number>): void {
  const texts: string[] = [];
  for (const text of [entity.title, entity.description, entity.keywords]) collectTexts(text, texts);
  for (const values of [entity.attributes, ...(entity.variants ?? []).map((variant) => variant.attributes)])
    for (const value of Object.values(values ?? {})) collectTexts(value, texts);
  const words = new Set<string>();
  for (const text of texts) for (const word of wordsOf(text)) words.add(word);
  for (const word of words) holding.set(word, (holding.get(word) ?? 0) + 1);
}

function collectTexts(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectTexts(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) collectTexts(item, out);
}

/** Words of letters only, folded: names of kinds and properties, not codes or numbers. */
function wordsOf(text: string): string[] {
  return analyzeWords(text).words.filter((word) => LETTERS.test(word));
}
const LETTERS = /^\p{L}+$/u;

/**
 * Marks the option values (and a flag's label) whose words more entities hold than KIND_NAME_SHARE
 * allows for their carriers. A multi-word value is held by at most as many entities as its rarest
 * word, which bounds what its words find.
 */
function markKindNames(draft: AttributeDraft, holding: ReadonlyMap<string, number>): void {
  const namesKind = (text: string, carriers: number): boolean => {
    const words = wordsOf(text);
    if (words.length === 0) return false;
    const held = Math.min(...words.map((word) => holding.get(word) ?? 0));
    return carriers < KIND_NAME_SHARE * held;
  };
  if (draft.attribute.type === 'boolean') {
    const { label } = draft.attribute;
    const labels = typeof label === 'string' ? [label] : Object.values(label);
    if (labels.some((text) => namesKind(text, draft.carriers.get(true) ?? 0)))
      draft.attribute.labelNamesKind = true;
    return;
  }
  for (const option of draft.options) {
    const carriers = draft.carriers.get(option.value) ?? 0;
    const { label } = option;
    const labels = label === undefined ? [] : typeof label === 'string' ? [label] : Object.values(label);
    if ([option.value, ...labels].some((text) => namesKind(text, carriers))) option.namesKind = true;
  }
}

/** Categories with the types of what is assigned to them or below them. */
function categoryTree(
  entities: CatalogEntity[],
  typesByCategory: Map<string, Map<string, number>>,
): Map<string, VocabularyCategory> {
  const parents = new Map(entities.map((entity) => [entity.id, entity.parent]));
  const totals = new Map<string, Map<string, number>>();
  for (const [category, counts] of typesByCategory) {
    // Walk up the tree; a cycle in a broken catalog stops at the first repeat.
    const seen = new Set<string>();
    for (let at: string | undefined = category; at !== undefined && !seen.has(at); at = parents.get(at)) {
      seen.add(at);
      const total = totals.get(at) ?? new Map<string, number>();
      for (const [type, count] of counts) total.set(type, (total.get(type) ?? 0) + count);
      totals.set(at, total);
    }
  }
  const tree = new Map<string, VocabularyCategory>();
  for (const entity of entities) {
    const held = [...(totals.get(entity.id) ?? [])].sort((a, b) => b[1] - a[1]).map(([type]) => type);
    tree.set(entity.id, {
      id: entity.id,
      ...(entity.parent !== undefined ? { parent: entity.parent } : {}),
      ...(entity.title !== undefined ? { title: entity.title } : {}),
      ...(entity.path !== undefined ? { path: entity.path } : {}),
      ...(entity.channels !== undefined ? { channels: entity.channels } : {}),
      holds: held,
    });
  }
  return tree;
}

/**
 * Brand entities, and the brands products name that no entity stands for. A product names its
 * brand by name or id; a `brand` filter names it the way the products do.
 */
function brandList(entities: CatalogEntity[], productBrands: string[]): Map<string, VocabularyBrand> {
  const brands = new Map<string, VocabularyBrand>();
  const byName = new Map<string, VocabularyBrand>();
  for (const entity of entities) {
    const title = entity.title;
    const name = typeof title === 'string' ? title : (Object.values(title ?? {})[0] ?? entity.id);
    const brand: VocabularyBrand = {
      id: entity.id,
      name,
      aliases: entity.aliases ?? [],
      value: name,
      page: true,
    };
    brands.set(entity.id, brand);
    byName.set(fold(entity.id), brand);
    byName.set(fold(name), brand);
  }
  const valued = new Set<VocabularyBrand>();
  for (const written of productBrands) {
    const known = byName.get(fold(written));
    if (known !== undefined) {
      if (!valued.has(known)) {
        known.value = written;
        valued.add(known);
      }
      continue;
    }
    const brand: VocabularyBrand = { id: written, name: written, aliases: [], value: written, page: false };
    brands.set(written, brand);
    byName.set(fold(written), brand);
    valued.add(brand);
  }
  return brands;
}

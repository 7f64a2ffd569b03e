import type { Violation } from '../contracts/problem.js';
import { fold } from '../engine/analysis/fold.js';
import { type EngineIndex, holdsEntity } from '../engine/index.js';
import { type CatalogHoldings, declaredValues, namesNotHeld } from '../release/catalog-names.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * What a catalog holds, read from its vocabulary (categories, brands, option values) and its index
 * (entities by `type:id`). Option values a release's attributes.json declares count as held: a
 * shop may name a value before its first product carries it.
 */
export function catalogHoldings(
  vocabulary: Vocabulary,
  index: EngineIndex,
  files: Record<string, unknown>,
): CatalogHoldings {
  const brands = new Set<string>();
  const brandPages = new Set<string>();
  for (const brand of vocabulary.brands.values()) {
    for (const name of [brand.id, brand.name, brand.value, ...brand.aliases]) brands.add(fold(name));
    if (brand.page) brandPages.add(brand.id);
  }
  const declared = declaredValues(files);
  const optionValues = new Map<string, Set<string>>();
  for (const [code, attribute] of vocabulary.attributes) {
    if (attribute.type !== 'option') continue;
    const values = new Set<string>();
    for (const option of attribute.options) values.add(option.value.toLowerCase());
    for (const group of attribute.groups) values.add(group.code.toLowerCase());
    optionValues.set(code, values);
  }
  return {
    category: (id) => vocabulary.categories.has(id),
    brand: (name) => brands.has(fold(name)),
    value(attribute, value) {
      const carried = optionValues.get(attribute);
      const own = declared.get(attribute);
      // Only option values are names; numbers, dates and attributes the catalog was not read with are not told apart.
      if (carried === undefined && own === undefined) return undefined;
      const lower = value.toLowerCase();
      return carried?.has(lower) === true || own?.has(lower) === true;
    },
    entity(reference) {
      if (holdsEntity(index, reference)) return true;
      // Categories and brands without an index of their type are known by the vocabulary.
      const colon = reference.indexOf(':');
      const type = reference.slice(0, colon);
      const id = reference.slice(colon + 1);
      if (index.types.some((one) => one.type === type)) return false;
      if (type === 'category') return vocabulary.categories.has(id);
      if (type === 'brand') return brandPages.has(id);
      return false;
    },
  };
}

/** The names release files give the catalog that it does not hold, each a violation with a sentence. */
export function missingCatalogNames(
  files: Record<string, unknown>,
  vocabulary: Vocabulary,
  index: EngineIndex,
): Violation[] {
  return namesNotHeld(files, catalogHoldings(vocabulary, index, files));
}

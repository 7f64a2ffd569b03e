import type { Violation } from '../contracts/problem.js';
import type { Rule } from '../contracts/release-files/index.js';
import { type Path, pointer } from './checks/check.js';
import { isShopLink } from './checks/known.js';
import { releaseView } from './release-view.js';

/**
 * What release files name in the catalog: categories, brands, attribute values and entities.
 * Catalogs change under a release (a feed drops a category, a product is sold out for good), so
 * an index run builds with names the catalog no longer holds and lists them as warnings; storing
 * or publishing a release refuses the names the live catalog lacks. tests.json is not read here:
 * its expectations guard the catalog themselves.
 */

export type CatalogNameKind = 'category' | 'brand' | 'value' | 'entity';

export interface CatalogName {
  file: string;
  pointer: string;
  kind: CatalogNameKind;
  /** A category id, a brand as written, an attribute value, or an entity `type:id`. */
  name: string;
  /** For a value: the attribute it is a value of. */
  attribute?: string;
}

/** What a catalog holds, as the checks ask it. */
export interface CatalogHoldings {
  category(id: string): boolean;
  brand(name: string): boolean;
  /** Whether the attribute has the value; undefined when its values are not names the catalog holds (numbers, dates). */
  value(attribute: string, value: string): boolean | undefined;
  entity(reference: string): boolean;
}

type Condition = NonNullable<Rule['when']>;
type Effects = Rule['then'];
type Add = (kind: CatalogNameKind, path: Path, name: string, attribute?: string) => void;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every name the files give the catalog, in file order. The files must have passed validation. */
export function catalogNames(files: Record<string, unknown>): CatalogName[] {
  const view = releaseView(files);
  const names: CatalogName[] = [];
  const adder =
    (file: string): Add =>
    (kind, path, name, attribute) =>
      names.push({ file, pointer: pointer(...path), kind, name, ...(attribute ? { attribute } : {}) });

  const categories = adder('categories.json');
  view.categories.nodes?.forEach((node, index) => {
    categories('category', ['nodes', index, 'category'], node.category);
    if (node.where !== undefined) selectorNames(node.where, ['nodes', index, 'where'], categories);
  });

  const rules = adder('rules.json');
  view.rules.rules.forEach((rule, index) => {
    if (rule.when !== undefined) conditionNames(rule.when, ['rules', index, 'when'], rules);
    effectNames(rule.then, ['rules', index, 'then'], rules);
  });

  const routes = adder('routes.json');
  view.routes.legacy?.forEach((route, index) => {
    if (route.to !== undefined && !isShopLink(route.to) && route.to.includes(':'))
      routes('entity', ['legacy', index, 'to'], route.to);
  });
  return names;
}

/** The names of `catalogNames` that the catalog does not hold, each as a sentence. */
export function namesNotHeld(files: Record<string, unknown>, holdings: CatalogHoldings): Violation[] {
  const violations: Violation[] = [];
  for (const name of catalogNames(files)) {
    const message = notHeldMessage(name, holdings);
    if (message !== undefined) violations.push({ file: name.file, pointer: name.pointer, message });
  }
  return violations;
}

function notHeldMessage(name: CatalogName, holdings: CatalogHoldings): string | undefined {
  switch (name.kind) {
    case 'category':
      return holdings.category(name.name)
        ? undefined
        : `"${name.name}" is no category of the catalog, so this matches nothing: name a category the catalog holds, or remove it.`;
    case 'brand':
      return holdings.brand(name.name)
        ? undefined
        : `No product of the catalog is of the brand "${name.name}", so this matches nothing: name a brand the catalog holds, or remove it.`;
    case 'value':
      return holdings.value(name.attribute!, name.name) !== false
        ? undefined
        : `No product of the catalog has "${name.name}" as its ${name.attribute}, so this matches nothing: name a value the catalog holds, or remove it.`;
    case 'entity':
      return holdings.entity(name.name)
        ? undefined
        : `The catalog holds no "${name.name}", so this acts on nothing: name an entity the catalog holds, or remove it.`;
  }
}

/** A selector's names: categories by id, brands, and plain values of attributes (comparisons name none). */
function selectorNames(selector: Record<string, unknown>, path: Path, add: Add): void {
  for (const [key, value] of Object.entries(selector)) {
    const at = [...path, key];
    if (key === 'any' || key === 'all') {
      if (Array.isArray(value))
        value.forEach((item, index) => {
          if (isObject(item)) selectorNames(item, [...at, index], add);
        });
    } else if (key === 'not') {
      if (isObject(value)) selectorNames(value, at, add);
    } else if (key === 'category') {
      if (!isObject(value)) continue;
      const mode = 'is' in value ? 'is' : 'within';
      idNames(value[mode], [...at, mode], (one, idPath) => add('category', idPath, one));
    } else if (typeof value === 'string') {
      valueName(key, value, at, add);
    } else if (Array.isArray(value)) {
      value.forEach((one, index) => {
        if (typeof one === 'string') valueName(key, one, [...at, index], add);
      });
    }
  }
}

function valueName(field: string, value: string, path: Path, add: Add): void {
  if (field === 'brand') add('brand', path, value);
  else add('value', path, value, field);
}

/** One id or a list of them, each with its pointer. */
function idNames(ids: unknown, path: Path, each: (id: string, path: Path) => void): void {
  if (typeof ids === 'string') each(ids, path);
  else if (Array.isArray(ids))
    ids.forEach((id, index) => {
      if (typeof id === 'string') each(id, [...path, index]);
    });
}

function conditionNames(condition: Condition, path: Path, add: Add): void {
  if (condition.category !== undefined) {
    const mode = 'is' in condition.category ? 'is' : 'within';
    const ids = 'is' in condition.category ? condition.category.is : condition.category.within;
    idNames(ids, [...path, 'category', mode], (one, idPath) => add('category', idPath, one));
  }
  const resolved = condition.resolved;
  if (resolved?.category !== undefined) add('category', [...path, 'resolved', 'category'], resolved.category);
  if (resolved?.filters !== undefined) selectorNames(resolved.filters, [...path, 'resolved', 'filters'], add);
  for (const combinator of ['any', 'all'] as const) {
    condition[combinator]?.forEach((inner, index) => {
      conditionNames(inner, [...path, combinator, index], add);
    });
  }
  if (condition.not !== undefined) conditionNames(condition.not, [...path, 'not'], add);
}

function effectNames(effects: Effects, path: Path, add: Add): void {
  effects.resolve?.forEach(({ as }, index) => {
    if (as === 'text') return;
    for (const [field, value] of Object.entries(as)) {
      if (typeof value !== 'string') continue;
      const at = [...path, 'resolve', index, 'as', field];
      if (field === 'category') add('category', at, value);
      else valueName(field, value, at, add);
    }
  });
  const redirect = effects.redirect;
  if (redirect !== undefined && 'to' in redirect) {
    add('entity', [...path, 'redirect', 'to'], redirect.to);
    if (redirect.filters !== undefined)
      selectorNames(redirect.filters, [...path, 'redirect', 'filters'], add);
  }
  if (effects.filter !== undefined) selectorNames(effects.filter.where, [...path, 'filter', 'where'], add);
  for (const kind of ['hide', 'boost', 'bury'] as const) {
    effects[kind]?.forEach((target, index) => {
      const at = [...path, kind, index];
      if ('entity' in target) add('entity', [...at, 'entity'], target.entity);
      if ('entities' in target)
        target.entities.forEach((one, oneIndex) => {
          add('entity', [...at, 'entities', oneIndex], one);
        });
      if ('where' in target) selectorNames(target.where, [...at, 'where'], add);
    });
  }
  effects.pin?.forEach((pin, index) => {
    add('entity', [...path, 'pin', index, 'entity'], pin.entity);
  });
}

/**
 * The option values and group codes attributes.json declares, lowercased, by option attribute: a
 * release may name them before a product carries one.
 */
export function declaredValues(files: Record<string, unknown>): Map<string, Set<string>> {
  const declared = new Map<string, Set<string>>();
  for (const attribute of releaseView(files).attributeList) {
    if (attribute.type !== 'option') continue;
    const values = new Set<string>();
    for (const option of attribute.options ?? []) values.add(option.value.toLowerCase());
    for (const group of attribute.groups ?? []) values.add(group.code.toLowerCase());
    declared.set(attribute.code, values);
  }
  return declared;
}

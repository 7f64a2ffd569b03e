import { type StringTable, stringAt } from './string-table.js';

const lookups = new WeakMap<StringTable, Map<string, number>>();

/**
 * The document of an entity id in a type's id table, or undefined. The map is made on the first
 * lookup of a loaded index (rules name a few entities; most searches never ask), then kept.
 */
export function documentOfId(ids: StringTable, id: string): number | undefined {
  let lookup = lookups.get(ids);
  if (lookup === undefined) {
    lookup = new Map();
    const count = ids.offsets.length - 1;
    for (let doc = 0; doc < count; doc++) lookup.set(stringAt(ids, doc), doc);
    lookups.set(ids, lookup);
  }
  return lookup.get(id);
}

import type { Bitset } from '../bitset/bitset.js';
import { CodeColumnBuilder, listedOrder } from '../index/columns-builder.js';
import { ancestorsOf, type CompileContext } from '../index/columns-catalog.js';
import { CATEGORY_IS, type FieldColumn, type StructuredData } from '../index/columns-data.js';
import { channelsOf, type StructuredSettings } from '../index/columns-settings.js';
import { SharedView } from '../listing/shared-view.js';
import { StructuredIndex } from '../listing/structured-index.js';
import { SelectorError } from './choice.js';
import { documentsOf, selectRows } from './evaluate.js';

/** Appends the codes of slot `slot` of `field`, translated by `codeOf` (indexed by old code). */
function appendSlotCodes(field: FieldColumn, slot: number, codeOf: readonly number[], out: number[]): void {
  const { codes, offsets, values } = field.column;
  if (codes) {
    if (codes[slot]! > 0) out.push(codeOf[codes[slot]!]!);
    return;
  }
  for (let i = offsets![slot]!; i < offsets![slot + 1]!; i++) out.push(codeOf[values![i]!]!);
}

/** Each code of `field`'s dictionary (from 1) as `builder` numbers its value. */
function translation(field: FieldColumn, builder: CodeColumnBuilder): number[] {
  return [0, ...field.dict.map((value) => builder.code(String(value)))];
}

/**
 * Smart categories (categories.json nodes with `where`), decided when the index is compiled: a
 * document belongs to the node, and so to everything above it, when one of its rows matches the
 * selector in some channel at the compile's time. `category` and `category.is` gain the members.
 * A node of a category the catalog does not hold is left out, and a category its selector names
 * that the catalog does not hold matches nothing: the index run reports both as warnings. Another
 * selector the engine cannot read throws SelectorError at `/<position in the list>/where/...`.
 */
export function withSmartCategories(
  data: StructuredData,
  settings: StructuredSettings,
  context: CompileContext,
): StructuredData {
  const smart = settings.smartCategories ?? [];
  if (smart.length === 0 || data.rowStart.length <= 1) return data;
  const shared = new SharedView({
    catalog: context.catalog,
    attributes: settings.attributes ?? [],
    channels: channelsOf(settings),
  });
  const index = new StructuredIndex(data, shared);
  const members = new Map<string, Bitset>();
  const within = data.fields.find((field) => field.name === 'category')!;
  const is = data.fields.find((field) => field.name === CATEGORY_IS)!;
  // A category the catalog holds: an entity of its own, or one its entities are assigned to.
  const held = new Set([
    ...context.catalog.categories.map((category) => category.id),
    ...within.dict.map(String),
  ]);
  for (const [position, node] of smart.entries()) {
    // A node of a category the catalog no longer holds has no page to add members to.
    if (!held.has(node.category)) continue;
    for (const channel of index.channels) {
      const view = channel.offers.at(context.time);
      let rows: ReturnType<typeof selectRows>;
      try {
        rows = selectRows(node.where, {
          index,
          channel,
          view,
          shared,
          time: context.time,
          unknownCategories: 'match_nothing',
        });
      } catch (error) {
        // The pointer names the smart category in the settings' list, so a caller can name its source.
        if (error instanceof SelectorError)
          throw new SelectorError(`/${position}/where${error.pointer}`, error.message);
        throw error;
      }
      const docs = documentsOf(rows, index);
      const known = members.get(node.category);
      members.set(node.category, known ? known.or(docs) : docs);
    }
  }

  const dict = [...new Set([...within.dict.map(String), ...members.keys()])];
  const ancestors = ancestorsOf(context.catalog.categories);
  const withinBuilder = new CodeColumnBuilder();
  const isBuilder = new CodeColumnBuilder();
  for (const id of dict) {
    withinBuilder.code(id);
    isBuilder.code(id);
  }
  // Codes are translated once per value, not looked up per document.
  const isCode = translation(is, isBuilder);
  const withinCode = translation(within, withinBuilder);
  const smartMembers = [...members].map(([category, docs]) => ({
    docs,
    code: isBuilder.code(category),
    expanded: [category, ...(ancestors.get(category) ?? [])].map((id) => withinBuilder.code(id)),
  }));
  const direct: number[] = [];
  const expanded: number[] = [];
  for (let doc = 0; doc < index.documents; doc++) {
    direct.length = 0;
    expanded.length = 0;
    appendSlotCodes(is, doc, isCode, direct);
    appendSlotCodes(within, doc, withinCode, expanded);
    for (const member of smartMembers) {
      if (!member.docs.has(doc)) continue;
      direct.push(member.code);
      for (const code of member.expanded) expanded.push(code);
    }
    isBuilder.addCodes(direct);
    withinBuilder.addCodes(expanded);
  }
  const order = listedOrder(dict);
  const replaced: Record<string, FieldColumn> = {
    category: { ...within, ...withinBuilder.build(order) },
    [CATEGORY_IS]: { ...is, ...isBuilder.build(order) },
  };
  return { ...data, fields: data.fields.map((field) => replaced[field.name] ?? field) };
}

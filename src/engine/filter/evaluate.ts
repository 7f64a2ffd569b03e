import { Bitset } from '../bitset/bitset.js';
import type { FieldAccess, LoadedChannel, StructuredIndex } from '../listing/structured-index.js';
import type { OfferView } from '../offers/view.js';
import { type Choice, COMBINATORS, pointerOf, readChoice, SelectorError } from './choice.js';
import { type BindContext, bind, overlaps, type Predicate, within } from './predicate.js';

/** Where a selector is read: the index, the request's channel and its offers at the request's time. */
export interface SelectContext extends BindContext {
  index: StructuredIndex;
  channel: LoadedChannel;
  view: OfferView;
}

/** A field of a selector with the choice bound to it. */
export interface FieldTest {
  field: string;
  access: FieldAccess;
  choice: Choice;
  predicate: Predicate;
  pointer: string;
}

/** Whether `slot` (a document or a row, as the field's level says) passes. */
export function slotPasses(access: FieldAccess, predicate: Predicate, slot: number): boolean {
  switch (predicate.kind) {
    case 'codes': {
      const chosen = predicate.chosen;
      if (access.codes) return chosen[access.codes[slot]!] === 1;
      const start = access.offsets![slot]!;
      const end = access.offsets![slot + 1]!;
      if (start === end) return chosen[0] === 1;
      for (let i = start; i < end; i++) if (chosen[access.values![i]!] === 1) return true;
      return false;
    }
    case 'price': {
      const price = access.price![slot]!;
      if (Number.isNaN(price)) return predicate.none;
      for (const interval of predicate.intervals) if (within(interval, price)) return true;
      return false;
    }
    case 'range': {
      const low = access.low![slot]!;
      const high = access.high![slot]!;
      if (Number.isNaN(low)) return predicate.none;
      for (const interval of predicate.intervals) if (overlaps(interval, low, high)) return true;
      return false;
    }
  }
}

/** Binds one field of a selector, refusing a field that is neither built in nor a filterable attribute. */
export function fieldTest(field: string, value: unknown, pointer: string, context: SelectContext): FieldTest {
  const name = field === 'category' && isIs(value) ? 'category.is' : field;
  const access = context.index.field(name, context.channel, context.view);
  if (access === undefined) {
    throw new SelectorError(
      pointer,
      `"${field}" is neither a built-in field nor a filterable attribute: use category, brand, price, on_sale, availability, delivery_days, rating or an attribute of attributes.json.`,
    );
  }
  const choice = readChoice(field, value, pointer);
  return { field, access, choice, predicate: bind(access, choice, pointer, context), pointer };
}

function isIs(value: unknown): boolean {
  return value !== null && typeof value === 'object' && 'is' in value;
}

/**
 * The rows a selector matches. Fields of a document apply to each of its rows, so a document
 * matches when one of its rows matches the whole selector (the contract's "one variant matches
 * all of them"); rows not sold in the channel match nothing.
 */
export function selectRows(selector: Record<string, unknown>, context: SelectContext, pointer = ''): Bitset {
  const { index } = context;
  const rows = Bitset.full(index.rows);
  for (const [key, value] of Object.entries(selector)) {
    const at = `${pointer}${pointerOf(key)}`;
    if (COMBINATORS.has(key)) {
      rows.and(combine(key, value, context, at));
      continue;
    }
    const test = fieldTest(key, value, at, context);
    rows.and(testRows(test, index));
  }
  const sold = context.channel.columns.sold;
  for (let row = 0; row < index.rows; row++)
    if (sold[row] === 0 && rows.has(row)) rows.words[row >>> 5]! &= ~(1 << (row & 31));
  return rows;
}

function combine(key: string, value: unknown, context: SelectContext, pointer: string): Bitset {
  const isSelector = (one: unknown): one is Record<string, unknown> =>
    one !== null && typeof one === 'object' && !Array.isArray(one);
  if (key === 'not') {
    if (!isSelector(value))
      throw new SelectorError(
        pointer,
        `"not" is a selector: write an object keyed by field, such as { "brand": "nike" }.`,
      );
    return selectRows(value, context, pointer).not();
  }
  if (!Array.isArray(value) || value.length === 0)
    throw new SelectorError(pointer, `"${key}" takes a list of at least one selector: write [{ ... }].`);
  let result: Bitset | undefined;
  value.forEach((item, i) => {
    if (!isSelector(item))
      throw new SelectorError(
        `${pointer}/${i}`,
        `Each item of "${key}" is a selector: write an object keyed by field, such as { "brand": "nike" }.`,
      );
    const rows = selectRows(item, context, `${pointer}/${i}`);
    result = result === undefined ? rows : key === 'any' ? result.or(rows) : result.and(rows);
  });
  return result!;
}

/** The rows a bound field passes: a document's field passes for each of its rows. */
export function testRows(test: FieldTest, index: StructuredIndex): Bitset {
  const rows = new Bitset(index.rows);
  if (test.access.level === 'row') {
    for (let row = 0; row < index.rows; row++)
      if (slotPasses(test.access, test.predicate, row)) rows.add(row);
    return rows;
  }
  const { rowStart } = index;
  for (let doc = 0; doc < index.documents; doc++) {
    if (!slotPasses(test.access, test.predicate, doc)) continue;
    for (let row = rowStart[doc]!; row < rowStart[doc + 1]!; row++) rows.add(row);
  }
  return rows;
}

/** The documents one of whose rows is in `rows`. */
export function documentsOf(rows: Bitset, index: StructuredIndex): Bitset {
  const docs = new Bitset(index.documents);
  const { rowDoc } = index;
  for (let row = 0; row < index.rows; row++) if (rows.has(row)) docs.add(rowDoc[row]!);
  return docs;
}

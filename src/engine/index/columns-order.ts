import type { CatalogInfo } from './columns-catalog.js';
import type { ChannelColumns, CodeColumn, FieldColumn, StructuredData } from './columns-data.js';
import type { StringTable } from './string-table.js';

/**
 * A type's documents are numbered in category order: sorted by where their primary category
 * stands in the tree (depth first, catalog order among siblings), then by catalog order. A
 * category page's documents are then one stretch of every column, which the processor reads in
 * order instead of jumping across the whole catalog, and a text search's matches come in the
 * order the columns are read. Rows follow their documents. `catalogPosition` keeps each
 * document's place in the catalog and `rowBase` where its rows start in catalog order: ties
 * break by catalog order.
 */

/** Depth-first position of each category id. */
function treeOrder(catalog: CatalogInfo): Map<string, number> {
  const known = new Set(catalog.categories.map((category) => category.id));
  const children = new Map<string, string[]>();
  for (const category of catalog.categories) {
    const parent = category.parent !== undefined && known.has(category.parent) ? category.parent : '';
    const list = children.get(parent) ?? [];
    children.set(parent, list);
    list.push(category.id);
  }
  const order = new Map<string, number>();
  const stack = [...(children.get('') ?? [])].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (order.has(id)) continue;
    order.set(id, order.size);
    stack.push(...[...(children.get(id) ?? [])].reverse());
  }
  // Categories in a cycle (no root above them) come after the tree.
  for (const category of catalog.categories) if (!order.has(category.id)) order.set(category.id, order.size);
  return order;
}

/**
 * Per document in category order, the catalog position (arrival order) of the one it is:
 * documents sorted by their primary category's tree position, then by how many rows they have, stable. A pass over a category's rows then meets documents of one row count in
 * long runs, where the end of each document's rows is predicted.
 */
export function categoryOrder(
  primary: readonly (string | undefined)[],
  catalog: CatalogInfo,
  rowStart: Uint32Array,
): Uint32Array {
  const positions = treeOrder(catalog);
  const unknown = positions.size;
  const keys = primary.map((id, doc) => {
    const position = id === undefined ? unknown + 1 : (positions.get(id) ?? unknown);
    return position * ROW_COUNT_KEYS + Math.min(rowStart[doc + 1]! - rowStart[doc]!, ROW_COUNT_KEYS - 1);
  });
  const counts = new Uint32Array((unknown + 2) * ROW_COUNT_KEYS + 1);
  for (const key of keys) counts[key + 1]!++;
  for (let key = 1; key < counts.length; key++) counts[key]! += counts[key - 1]!;
  const arrivalOf = new Uint32Array(primary.length);
  keys.forEach((key, arrived) => {
    arrivalOf[counts[key]!++] = arrived;
  });
  return arrivalOf;
}

/** Row counts told apart in the order; documents with more rows sort with the last. */
const ROW_COUNT_KEYS = 16;

/** The strings of `table` in `order`: string i is table's string order[i]. */
export function permuteTable(table: StringTable, order: Uint32Array): StringTable {
  const offsets = new Uint32Array(order.length + 1);
  for (let i = 0; i < order.length; i++) {
    const from = order[i]!;
    offsets[i + 1] = offsets[i]! + table.offsets[from + 1]! - table.offsets[from]!;
  }
  const bytes = new Uint8Array(offsets[order.length]!);
  for (let i = 0; i < order.length; i++) {
    const from = order[i]!;
    copyRange(table.bytes, table.offsets[from]!, table.offsets[from + 1]!, bytes, offsets[i]!);
  }
  return { bytes, offsets };
}

/** Below this many elements a loop copies faster than making a view to copy from. */
const SHORT_COPY = 64;

/** Copies source[start .. end] to target from `at`. */
function copyRange<T extends Uint8Array | Uint32Array>(
  source: T,
  start: number,
  end: number,
  target: T,
  at: number,
): void {
  if (end - start < SHORT_COPY) for (let i = start; i < end; i++) target[at++] = source[i]!;
  else target.set(source.subarray(start, end), at);
}

function permuteColumn(column: CodeColumn, order: Uint32Array): CodeColumn {
  if (column.codes) {
    const codes = new Uint32Array(order.length);
    for (let i = 0; i < order.length; i++) codes[i] = column.codes[order[i]!]!;
    return { codes };
  }
  if (!column.offsets || !column.values) return column;
  const offsets = new Uint32Array(order.length + 1);
  for (let i = 0; i < order.length; i++) {
    const from = order[i]!;
    offsets[i + 1] = offsets[i]! + column.offsets[from + 1]! - column.offsets[from]!;
  }
  const values = new Uint32Array(offsets[order.length]!);
  for (let i = 0; i < order.length; i++) {
    const from = order[i]!;
    copyRange(column.values, column.offsets[from]!, column.offsets[from + 1]!, values, offsets[i]!);
  }
  return { offsets, values };
}

/** The elements of `array` in `order`: element i is array[order[i]]. */
export function permute<T extends Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array>(
  array: T,
  order: Uint32Array,
): T {
  const out = new (array.constructor as new (length: number) => T)(order.length);
  for (let i = 0; i < order.length; i++) out[i] = array[order[i]!]!;
  return out;
}

/** Groups of `width` elements of `array` in `order`: group i is array's group order[i]. */
export function permuteGroups(array: Uint16Array, width: number, order: Uint32Array): Uint16Array {
  const out = new Uint16Array(order.length * width);
  for (let i = 0; i < order.length; i++) {
    const from = order[i]! * width;
    for (let k = 0; k < width; k++) out[i * width + k] = array[from + k]!;
  }
  return out;
}

function permuteChannel(
  channel: ChannelColumns,
  rowOrder: Uint32Array,
  newRowOfOld: Uint32Array,
): ChannelColumns {
  const windows = [...channel.windowRows.keys()].sort(
    (a, b) => newRowOfOld[channel.windowRows[a]!]! - newRowOfOld[channel.windowRows[b]!]!,
  );
  return {
    ...channel,
    sold: permute(channel.sold, rowOrder),
    price: permute(channel.price, rowOrder),
    salePrice: permute(channel.salePrice, rowOrder),
    windowRows: Uint32Array.from(windows, (i) => newRowOfOld[channel.windowRows[i]!]!),
    windowFrom: Float64Array.from(windows, (i) => channel.windowFrom[i]!),
    windowUntil: Float64Array.from(windows, (i) => channel.windowUntil[i]!),
    availability: permute(channel.availability, rowOrder),
    deliveryMin: permute(channel.deliveryMin, rowOrder),
    deliveryMax: permute(channel.deliveryMax, rowOrder),
    stock: permute(channel.stock, rowOrder),
    currencyCodes: permute(channel.currencyCodes, rowOrder),
  };
}

/** The data, built in catalog order, laid out in category order (`arrivalOf`, see categoryOrder). */
export function inCategoryOrder(data: StructuredData, arrivalOf: Uint32Array): StructuredData {
  const documents = arrivalOf.length;
  const rowStart = new Uint32Array(documents + 1);
  const rowOrder = new Uint32Array(data.rows);
  const newRowOfOld = new Uint32Array(data.rows);
  let next = 0;
  for (let doc = 0; doc < documents; doc++) {
    const arrived = arrivalOf[doc]!;
    for (let row = data.rowStart[arrived]!; row < data.rowStart[arrived + 1]!; row++) {
      rowOrder[next] = row;
      newRowOfOld[row] = next++;
    }
    rowStart[doc + 1] = next;
  }
  const fields: FieldColumn[] = data.fields.map((field) => {
    const order = field.level === 'doc' ? arrivalOf : rowOrder;
    if (field.low && field.high) {
      return { ...field, low: permute(field.low, order), high: permute(field.high, order) };
    }
    return { ...field, column: permuteColumn(field.column, order) };
  });
  const signals = data.signals.map((signal) => ({ ...signal, values: permute(signal.values, arrivalOf) }));
  const datedSignals = data.datedSignals.map((dated) => ({
    ...dated,
    values: signals.find((signal) => signal.code === dated.code)!.values,
  }));
  return {
    ...data,
    rowStart,
    rowIds: permuteTable(data.rowIds, rowOrder),
    rowStored: permuteTable(data.rowStored, rowOrder),
    fields,
    channels: data.channels.map((channel) => permuteChannel(channel, rowOrder, newRowOfOld)),
    signals,
    signalScore: permute(data.signalScore, arrivalOf),
    datedSignals,
    catalogPosition: arrivalOf,
    rowBase: data.rowStart,
  };
}

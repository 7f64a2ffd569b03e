import type { CodeColumn, FieldValue } from './columns-data.js';
import { Growable } from './growable.js';

/** Orders two values of a dictionary; the codes of the built column follow this order. */
export type ValueOrder = (a: FieldValue, b: FieldValue) => number;

/**
 * Collects one dictionary-encoded column slot by slot (documents or rows, in order). Codes are
 * handed out as values are first seen and renumbered in value order when the column is built.
 */
export class CodeColumnBuilder {
  /** Keyed by the value itself: a Map tells `1`, `'1'` and `true` apart, as the codes must. */
  private readonly codeOf = new Map<FieldValue, number>();
  private readonly dict: FieldValue[] = [];
  private readonly offsets = new Growable((n) => new Uint32Array(n));
  private readonly values = new Growable((n) => new Uint32Array(n));
  private multi = false;

  constructor() {
    this.offsets.push(0);
  }

  get slots(): number {
    return this.offsets.length - 1;
  }

  /** Appends a slot holding `values` (repeats count once). */
  addSlot(values: readonly FieldValue[]): void {
    const start = this.values.length;
    for (const value of values) this.addToSlot(start, this.code(value));
    this.endSlot(start);
  }

  /**
   * Appends a slot holding the values of `codes`, as code() handed them out (repeats count once):
   * for builders that translate another column's codes once instead of looking up every value.
   */
  addCodes(codes: ArrayLike<number>, count = codes.length): void {
    const start = this.values.length;
    for (let i = 0; i < count; i++) this.addToSlot(start, codes[i]!);
    this.endSlot(start);
  }

  private addToSlot(start: number, code: number): void {
    for (let i = start; i < this.values.length; i++) if (this.values.array[i] === code) return;
    this.values.push(code);
  }

  private endSlot(start: number): void {
    if (this.values.length - start > 1) this.multi = true;
    this.offsets.push(this.values.length);
  }

  /** Appends `count` empty slots. */
  addEmpty(count: number): void {
    for (let i = 0; i < count; i++) this.offsets.push(this.values.length);
  }

  /** The first-seen code of `value`, handing out a new one when it is new. */
  code(value: FieldValue): number {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      this.dict.push(value);
      code = this.dict.length;
      this.codeOf.set(value, code);
    }
    return code;
  }

  /** The codes of slot s, first-seen numbering (for builders that read back what they wrote). */
  slotCodes(slot: number): Uint32Array {
    return this.values.array.subarray(this.offsets.array[slot]!, this.offsets.array[slot + 1]!);
  }

  firstSeenDict(): readonly FieldValue[] {
    return this.dict;
  }

  build(order: ValueOrder): { dict: FieldValue[]; column: CodeColumn } {
    const sorted = this.dict.map((_, index) => index).sort((a, b) => order(this.dict[a]!, this.dict[b]!));
    const remap = new Uint32Array(this.dict.length + 1);
    sorted.forEach((firstSeen, position) => {
      remap[firstSeen + 1] = position + 1;
    });
    const dict = sorted.map((index) => this.dict[index]!);
    const slots = this.slots;
    const offsets = this.offsets.array;
    const values = this.values.array;
    if (!this.multi) {
      const codes = new Uint32Array(slots);
      for (let slot = 0; slot < slots; slot++) {
        if (offsets[slot + 1]! > offsets[slot]!) codes[slot] = remap[values[offsets[slot]!]!]!;
      }
      return { dict, column: { codes } };
    }
    const out = new Uint32Array(this.values.length);
    for (let slot = 0; slot < slots; slot++) {
      const start = offsets[slot]!;
      const end = offsets[slot + 1]!;
      for (let i = start; i < end; i++) out[i] = remap[values[i]!]!;
      out.subarray(start, end).sort();
    }
    return { dict, column: { offsets: offsets.slice(0, slots + 1), values: out } };
  }
}

/** Value order where nothing more is known: numbers ascending, then text by code point, false before true. */
export const naturalOrder: ValueOrder = (a, b) => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Order by a list of known values first (in the list's order), then the rest naturally. */
export function listedOrder(listed: readonly FieldValue[]): ValueOrder {
  const rank = new Map<FieldValue, number>(listed.map((value, index) => [value, index]));
  return (a, b) => {
    const x = rank.get(a);
    const y = rank.get(b);
    if (x !== undefined && y !== undefined) return x - y;
    if (x !== undefined) return -1;
    if (y !== undefined) return 1;
    return naturalOrder(a, b);
  };
}

import { type StringTable, stringAt, stringCount } from './string-table.js';

const encoder = new TextEncoder();

/**
 * Compares byte ranges. UTF-8 bytes compare in code point order, the order terms are sorted in,
 * so a term is found without decoding any other.
 */
export function compareBytes(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): number {
  const aLength = aEnd - aStart;
  const bLength = bEnd - bStart;
  const common = Math.min(aLength, bLength);
  for (let i = 0; i < common; i++) {
    const difference = a[aStart + i]! - b[bStart + i]!;
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

/**
 * The sorted term dictionary of one type: term ids are positions in code point order, so terms
 * sharing a prefix form one id range (for prefix search and, later, a Levenshtein automaton).
 */
export class TermDictionary {
  /** Scratch for the UTF-8 bytes of the term being looked up, grown when a longer one comes. */
  private probe = new Uint8Array(256);

  constructor(readonly table: StringTable) {}

  get size(): number {
    return stringCount(this.table);
  }

  term(id: number): string {
    return stringAt(this.table, id);
  }

  /** The id of `term`, or -1 when the type has no such term. */
  lookup(term: string): number {
    if (term.length * 3 > this.probe.length) this.probe = new Uint8Array(term.length * 3);
    const probeLength = encoder.encodeInto(term, this.probe).written;
    const { bytes, offsets } = this.table;
    let low = 0;
    let high = offsets.length - 2;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = compareBytes(bytes, offsets[middle]!, offsets[middle + 1]!, this.probe, 0, probeLength);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}

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
 * sharing a prefix form one id range (for prefix search and the Levenshtein automaton's walk).
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
    const length = this.encode(term);
    const id = this.lowerBoundBytes(this.probe, 0, length, 0, this.size);
    if (id < this.size) {
      const { bytes, offsets } = this.table;
      if (compareBytes(bytes, offsets[id]!, offsets[id + 1]!, this.probe, 0, length) === 0) return id;
    }
    return -1;
  }

  /** The first id whose term is not below `term` in code point order. */
  lowerBound(term: string): number {
    return this.lowerBoundBytes(this.probe, 0, this.encode(term), 0, this.size);
  }

  /** The ids [from, to) of the terms that start with `prefix` (the prefix itself included). */
  prefixRange(prefix: string): [number, number] {
    const length = this.encode(prefix);
    const from = this.lowerBoundBytes(this.probe, 0, length, 0, this.size);
    return [from, this.prefixEnd(this.probe, 0, length, from, this.size)];
  }

  /**
   * The first id in [from, to) whose term does not start with bytes[start .. end], given that the
   * terms in [from, to) that do form one run at its start.
   */
  prefixEnd(bytes: Uint8Array, start: number, end: number, from: number, to: number): number {
    const { bytes: terms, offsets } = this.table;
    const length = end - start;
    let low = from;
    let high = to;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const termStart = offsets[middle]!;
      const termLength = Math.min(offsets[middle + 1]! - termStart, length);
      // Compare the term's first `length` bytes with the prefix: at or below it stays in the run.
      const order = compareBytes(terms, termStart, termStart + termLength, bytes, start, end);
      if (order === 0 && termLength === length) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private lowerBoundBytes(bytes: Uint8Array, start: number, end: number, from: number, to: number): number {
    const { bytes: terms, offsets } = this.table;
    let low = from;
    let high = to;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareBytes(terms, offsets[middle]!, offsets[middle + 1]!, bytes, start, end) < 0)
        low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Whether some term starts with `prefix`, and whether one is `prefix` itself: the id of that
   * term, else -1 when terms continue it, else -2.
   */
  lookupPrefix(prefix: string): number {
    const length = this.encode(prefix);
    const id = this.lowerBoundBytes(this.probe, 0, length, 0, this.size);
    if (id === this.size) return -2;
    const { bytes, offsets } = this.table;
    const start = offsets[id]!;
    const termLength = offsets[id + 1]! - start;
    if (termLength < length || compareBytes(bytes, start, start + length, this.probe, 0, length) !== 0)
      return -2;
    return termLength === length ? id : -1;
  }

  /** Writes `term` as UTF-8 into the probe; returns its length. */
  private encode(term: string): number {
    const length = term.length;
    if (length * 3 > this.probe.length) this.probe = new Uint8Array(length * 3);
    // Query words are short and mostly ASCII: copied here, they skip a call into the encoder,
    // which costs more than the copy.
    const probe = this.probe;
    for (let i = 0; i < length; i++) {
      const code = term.charCodeAt(i);
      if (code >= 0x80) return encoder.encodeInto(term, probe).written;
      probe[i] = code;
    }
    return length;
  }
}

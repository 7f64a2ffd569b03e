import { grown } from './growable.js';

/** The first code unit whose UTF-16 order differs from code point (and UTF-8 byte) order. */
const HIGH_UNIT = 0xd800;

/**
 * Term ids while a type is built, by open addressing over the terms' UTF-16 code units: a word
 * is looked up by its place in the folded text it comes from, so indexing a catalog allocates
 * no string per word, only one per distinct term (when the table is read out at the end).
 */
export class TermTable {
  /** The code units of every term, end to end; term id `i` is chars[start[i] .. start[i + 1]]. */
  private chars: Uint16Array = new Uint16Array(1 << 16);
  private start: Uint32Array = new Uint32Array(1 << 12);
  private hashes: Uint32Array = new Uint32Array(1 << 12);
  /** Open-addressing slots holding term id + 1 (0 is empty). */
  private slots: Uint32Array = new Uint32Array(1 << 13);
  size = 0;
  /**
   * Whether a term has a code unit from U+D800 on (surrogates and above), where the order of
   * UTF-16 code units stops being that of code points.
   */
  hasHighUnits = false;

  /** The id of `prefix` (a namespace character, or 0 for none) + text[from .. to], added if new. */
  idOf(text: string, from: number, to: number, prefix = 0): number {
    let hash = 0x811c9dc5;
    if (prefix !== 0) hash = Math.imul(hash ^ prefix, 0x01000193);
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash >>>= 0;
    const length = to - from + (prefix === 0 ? 0 : 1);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const held = this.slots[slot]!;
      if (held === 0) break;
      const id = held - 1;
      if (this.hashes[id] === hash && this.equals(id, text, from, to, prefix, length)) return id;
      slot = (slot + 1) & mask;
    }
    return this.add(text, from, to, prefix, length, hash, slot);
  }

  /** The id of a whole string. */
  idOfString(term: string): number {
    return this.idOf(term, 0, term.length);
  }

  /** One term as a string. */
  text(id: number): string {
    let text = '';
    for (let at = this.start[id]!; at < this.start[id + 1]!; at++)
      text += String.fromCharCode(this.chars[at]!);
    return text;
  }

  /** Every term as a string, by id. */
  terms(): string[] {
    const terms: string[] = new Array(this.size);
    const decoder = new TextDecoder('utf-16le');
    for (let id = 0; id < this.size; id++) {
      terms[id] = decoder.decode(this.chars.subarray(this.start[id]!, this.start[id + 1]!));
    }
    return terms;
  }

  private equals(
    id: number,
    text: string,
    from: number,
    to: number,
    prefix: number,
    length: number,
  ): boolean {
    let at = this.start[id]!;
    if (this.start[id + 1]! - at !== length) return false;
    if (prefix !== 0 && this.chars[at++] !== prefix) return false;
    for (let i = from; i < to; i++) if (this.chars[at++] !== text.charCodeAt(i)) return false;
    return true;
  }

  private add(
    text: string,
    from: number,
    to: number,
    prefix: number,
    length: number,
    hash: number,
    slot: number,
  ): number {
    const id = this.size++;
    if (id + 2 > this.start.length) {
      this.start = grown(this.start, id + 2);
      this.hashes = grown(this.hashes, id + 2);
    }
    let at = this.start[id]!;
    if (at + length > this.chars.length) this.chars = grown(this.chars, at + length);
    if (prefix !== 0) this.chars[at++] = prefix;
    for (let i = from; i < to; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= HIGH_UNIT) this.hasHighUnits = true;
      this.chars[at++] = unit;
    }
    this.start[id + 1] = at;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    // Keep the table at most half full.
    if (this.size * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Uint32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = this.hashes[id]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }
}

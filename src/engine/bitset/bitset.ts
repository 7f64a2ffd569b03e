/**
 * Sets of documents or rows as dense bit words: bit i of word i >>> 5. The engine keeps them for
 * selectors that are not a plain field choice (`any`, `all`, `not`, smart categories), where a
 * set is combined with others as a whole.
 */
export class Bitset {
  readonly words: Uint32Array;

  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    set.trim();
    return set;
  }

  has(i: number): boolean {
    return ((this.words[i >>> 5]! >>> (i & 31)) & 1) === 1;
  }

  add(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }

  and(other: Bitset): this {
    const words = this.words;
    const theirs = other.words;
    for (let i = 0; i < words.length; i++) words[i]! &= theirs[i]!;
    return this;
  }

  or(other: Bitset): this {
    const words = this.words;
    const theirs = other.words;
    for (let i = 0; i < words.length; i++) words[i]! |= theirs[i]!;
    return this;
  }

  not(): this {
    const words = this.words;
    for (let i = 0; i < words.length; i++) words[i] = ~words[i]!;
    this.trim();
    return this;
  }

  count(): number {
    let total = 0;
    const words = this.words;
    for (let i = 0; i < words.length; i++) total += popcount(words[i]!);
    return total;
  }

  /** Clears the bits past `size` in the last word. */
  private trim(): void {
    const rest = this.size & 31;
    if (rest !== 0) this.words[this.words.length - 1]! &= (1 << rest) - 1;
  }
}

export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

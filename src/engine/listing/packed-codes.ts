/** At most this many words per row: fields that do not fit are counted on their own. */
export const MAX_WORDS = 4;

/** Where a packed field's targets lie: bits shift .. shift + width - 1 of word `word`, target t at bit shift + t - 1. */
export interface PackedSlot {
  readonly word: number;
  readonly shift: number;
  readonly width: number;
}

/**
 * Small row-level facets laid side by side in 32-bit words, one word per row: the targets (values,
 * option groups or buckets) a row counts for as bits. The listing's pass over rows then gathers
 * every such facet of a tile with one read per word instead of two reads per facet. A field is
 * packed on its first use and stays; one set of words serves one offer view (on_sale changes with
 * it), built lazily from the columns.
 */
export class PackedCodes {
  readonly words: Uint32Array[] = [];
  private readonly used: number[] = [];
  private readonly slots = new Map<string, PackedSlot | null>();

  constructor(private readonly rows: number) {}

  /**
   * The slot of `key` (a field and how its codes map to targets), packing `codes` through
   * `targetBits` (bit t for target t, 1-based) on first use; undefined where the words are full.
   */
  slot(key: string, codes: Uint32Array, targetBits: Uint32Array, width: number): PackedSlot | undefined {
    const known = this.slots.get(key);
    if (known !== undefined) return known ?? undefined;
    let word = this.used.findIndex((bits) => bits + width <= 32);
    if (word < 0 && this.words.length < MAX_WORDS && width <= 32) {
      word = this.words.length;
      this.words.push(new Uint32Array(this.rows));
      this.used.push(0);
    }
    if (word < 0) {
      this.slots.set(key, null);
      return undefined;
    }
    const shift = this.used[word]!;
    this.used[word] = shift + width;
    const into = this.words[word]!;
    for (let row = 0; row < this.rows; row++) into[row]! |= (targetBits[codes[row]!]! >>> 1) << shift;
    const slot = { word, shift, width };
    this.slots.set(key, slot);
    return slot;
  }
}

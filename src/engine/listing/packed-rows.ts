/** Words per row at most: fields that do not fit are read from their columns. */
export const MAX_WORDS = 4;
/** The first word's top bit: the row is not sold in the channel. */
const UNSOLD = 0x80000000;

/** Where a packed field's targets lie: bits shift .. shift + width - 1 of word `word`, target t at bit shift + t - 1. */
export interface PackedSlot {
  readonly word: number;
  readonly shift: number;
  readonly width: number;
}

/**
 * Small row-level fields laid side by side in 32-bit words, per row the targets (values, option
 * groups or buckets) it counts for as bits, and in the first word's top bit whether it is not
 * sold. The listing's pass over rows reads a row's words and finds in them whether it is sold,
 * whether it passes the filters on these fields (a value chosen: a bit among the chosen ones) and
 * which targets it counts for, instead of reading a column per filter and two per facet. A field
 * is packed on first use and stays; one set of words serves one offer view (on_sale changes with
 * it), built lazily from the columns.
 */
export class PackedRows {
  readonly words: Uint32Array[];
  private readonly used: number[];
  private readonly slots = new Map<string, PackedSlot | null>();

  constructor(
    private readonly rows: number,
    sold: Uint8Array,
  ) {
    const first = new Uint32Array(rows);
    for (let row = 0; row < rows; row++) if (sold[row] === 0) first[row] = UNSOLD;
    this.words = [first];
    this.used = [0];
  }

  /**
   * The slot of `key` (a field and how its codes map to targets), packing `codes` through
   * `targetBits` (bit t for target t, 1-based) on first use; undefined where the words are full.
   */
  slot(key: string, codes: Uint32Array, targetBits: Uint32Array, width: number): PackedSlot | undefined {
    const known = this.slots.get(key);
    if (known !== undefined) return known ?? undefined;
    // 31 bits a word: the first keeps its top bit for "not sold", and gathered bits stay positive.
    let word = this.used.findIndex((bits) => bits + width <= 31);
    if (word < 0 && this.words.length < MAX_WORDS && width <= 31) {
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

/** Per code, its targets as bits (bit t for target t, 1-based), and the key a field packed so is known by. */
export function packingKey(name: string, targetBits: Uint32Array): string {
  return `${name}:${targetBits.join(',')}`;
}

type GrowingArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/** A copy of `array` with room for `size` entries, and at least twice its own. */
export function grown<T extends GrowingArray>(array: T, size: number): T {
  const next = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2));
  (next as Uint8Array).set(array as Uint8Array);
  return next;
}

/** A typed array that grows by doubling while a builder appends to it. */
export class Growable<T extends GrowingArray> {
  array: T;
  length = 0;

  constructor(make: (capacity: number) => T, capacity = 1024) {
    this.array = make(capacity);
  }

  push(value: number): void {
    if (this.length === this.array.length) this.reserve(this.length + 1);
    this.array[this.length++] = value;
  }

  /** Appends `count` zeros and returns the index of the first. */
  extend(count: number): number {
    const first = this.length;
    this.reserve(first + count);
    this.length += count;
    return first;
  }

  /** The filled part, as an array of its own (the spare capacity is left behind). */
  toArray(): T {
    return this.array.slice(0, this.length) as T;
  }

  private reserve(capacity: number): void {
    if (capacity > this.array.length) this.array = grown(this.array, capacity);
  }
}

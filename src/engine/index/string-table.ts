import { grown } from './growable.js';

/**
 * Many strings in two arrays: their UTF-8 bytes end to end, and n + 1 offsets into them. A string
 * is decoded only when asked for, so loading never touches the strings themselves.
 */
export interface StringTable {
  readonly bytes: Uint8Array;
  readonly offsets: Uint32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function buildStringTable(strings: readonly string[]): StringTable {
  const builder = new StringTableBuilder();
  for (const text of strings) builder.push(text);
  return builder.build();
}

export function joinEncoded(encoded: readonly Uint8Array[]): StringTable {
  const offsets = new Uint32Array(encoded.length + 1);
  let total = 0;
  for (let i = 0; i < encoded.length; i++) {
    total += encoded[i]!.length;
    offsets[i + 1] = total;
  }
  const bytes = new Uint8Array(total);
  for (let i = 0; i < encoded.length; i++) bytes.set(encoded[i]!, offsets[i]!);
  return { bytes, offsets };
}

/**
 * Builds a string table as strings arrive, encoding each into one growing byte array, so a
 * catalog's strings are not all kept on the JavaScript heap until the end.
 */
export class StringTableBuilder {
  private bytes = new Uint8Array(1 << 16);
  private length = 0;
  private offsets = new Uint32Array(1 << 12);
  private count = 0;

  push(text: string): void {
    // Many rows store nothing: an empty string needs only its offset.
    if (text.length > 0) this.write(text);
    if (this.count + 2 > this.offsets.length) this.offsets = grown(this.offsets, this.count + 2);
    this.offsets[++this.count] = this.length;
  }

  private write(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (this.length + text.length * 3 > this.bytes.length) {
      this.bytes = grown(this.bytes, this.length + text.length * 3);
    }
    this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
  }

  build(): StringTable {
    return { bytes: this.bytes.slice(0, this.length), offsets: this.offsets.slice(0, this.count + 1) };
  }
}

export function stringCount(table: StringTable): number {
  return table.offsets.length - 1;
}

export function stringAt(table: StringTable, index: number): string {
  const { bytes, offsets } = table;
  const start = offsets[index]!;
  const end = offsets[index + 1]!;
  // Loaded tables are Buffers (see artifact/layout.ts): they decode a range without a view of it.
  // utf8Slice is what toString('utf8', start, end) calls after checking its arguments, which cost
  // as much again for the short strings of hits.
  return bytes instanceof Buffer
    ? (bytes as Buffer & Utf8Slicing).utf8Slice(start, end)
    : decoder.decode(bytes.subarray(start, end));
}

/** Node's Buffer method behind toString('utf8'), not in its type declarations. */
interface Utf8Slicing {
  utf8Slice(start: number, end: number): string;
}

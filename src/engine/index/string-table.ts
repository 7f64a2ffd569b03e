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
  return joinEncoded(strings.map((text) => encoder.encode(text)));
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

export function stringCount(table: StringTable): number {
  return table.offsets.length - 1;
}

export function stringAt(table: StringTable, index: number): string {
  return decoder.decode(table.bytes.subarray(table.offsets[index]!, table.offsets[index + 1]!));
}

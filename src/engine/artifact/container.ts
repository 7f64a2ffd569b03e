import { crc32 } from 'node:zlib';

/**
 * The artifact's container: named typed arrays in one byte array.
 *
 *   0   8  magic "AISLEIDX"
 *   8   4  format version
 *   12  4  section count
 *   16  4  total byte length
 *   20  4  CRC-32 of every byte except these four
 *   24  .  section table: per section u32 offset, u32 byte length, u8 element kind, u8 name
 *          length, the name in UTF-8; each entry padded to 4 bytes
 *   .   .  the sections, each starting on an 8-byte boundary
 *
 * All numbers are little endian, so on the little-endian hosts Node runs on a section is read
 * by a typed-array view over the bytes, without copying or parsing.
 */
export const MAGIC = 'AISLEIDX';
export const FORMAT_VERSION = 5;

const HEADER_BYTES = 24;
const CHECKSUM_AT = 20;
const ALIGNMENT = 8;

export type SectionArray = Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array;

/** Element kinds, coded by position + 1. */
const KINDS = [Uint8Array, Uint16Array, Uint32Array, Float32Array, Float64Array] as const;
type Kind = (typeof KINDS)[number];

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function assertLittleEndianHost(): void {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    throw new Error('index artifacts are little endian; this host is big endian');
  }
}

function align(offset: number): number {
  return Math.ceil(offset / ALIGNMENT) * ALIGNMENT;
}

function kindOf(array: SectionArray): number {
  const kind = KINDS.findIndex((arrayType) => array instanceof arrayType);
  if (kind < 0) throw new TypeError('unsupported section array type');
  return kind + 1;
}

export function writeArtifact(sections: ReadonlyArray<readonly [string, SectionArray]>): Uint8Array {
  assertLittleEndianHost();
  const names = sections.map(([name]) => encoder.encode(name));
  let tableEnd = HEADER_BYTES;
  for (const name of names) {
    if (name.length > 255) throw new RangeError('section name longer than 255 bytes');
    tableEnd += Math.ceil((10 + name.length) / 4) * 4;
  }
  const offsets: number[] = [];
  let end = align(tableEnd);
  for (const [, array] of sections) {
    offsets.push(end);
    end = align(end + array.byteLength);
  }
  if (end > 0xffffffff) throw new RangeError('index artifact larger than 4 GiB');

  const bytes = new Uint8Array(end);
  const view = new DataView(bytes.buffer);
  bytes.set(encoder.encode(MAGIC), 0);
  view.setUint32(8, FORMAT_VERSION, true);
  view.setUint32(12, sections.length, true);
  view.setUint32(16, end, true);
  let at = HEADER_BYTES;
  sections.forEach(([, array], i) => {
    const name = names[i]!;
    view.setUint32(at, offsets[i]!, true);
    view.setUint32(at + 4, array.byteLength, true);
    view.setUint8(at + 8, kindOf(array));
    view.setUint8(at + 9, name.length);
    bytes.set(name, at + 10);
    at += Math.ceil((10 + name.length) / 4) * 4;
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offsets[i]!);
  });
  view.setUint32(CHECKSUM_AT, checksum(bytes), true);
  return bytes;
}

function checksum(bytes: Uint8Array): number {
  return crc32(bytes.subarray(CHECKSUM_AT + 4), crc32(bytes.subarray(0, CHECKSUM_AT)));
}

interface SectionEntry {
  offset: number;
  byteLength: number;
  kind: number;
}

/** Bytes of an artifact's header that artifactFormat reads. */
export const FORMAT_HEADER_BYTES = 12;

/**
 * The format version an artifact's header names (FORMAT_VERSION for one this version reads), or
 * undefined when the bytes are no aisle artifact: its first FORMAT_HEADER_BYTES are enough.
 */
export function artifactFormat(bytes: Uint8Array): number | undefined {
  if (bytes.length < FORMAT_HEADER_BYTES || decoder.decode(bytes.subarray(0, 8)) !== MAGIC) return undefined;
  return new DataView(bytes.buffer, bytes.byteOffset, FORMAT_HEADER_BYTES).getUint32(8, true);
}

/** Reads sections of an artifact, checking the container before any section is handed out. */
export class ArtifactReader {
  readonly bytes: Uint8Array;
  private readonly entries = new Map<string, SectionEntry>();

  /** `verified`: the checksum was checked already (by prepareIndex, on another thread). */
  constructor(input: Uint8Array, verified = false) {
    assertLittleEndianHost();
    // Typed-array views need aligned offsets: copy once when the input is not 8-byte aligned.
    this.bytes = input.byteOffset % ALIGNMENT === 0 ? input : input.slice();
    const bytes = this.bytes;
    if (bytes.length < HEADER_BYTES || decoder.decode(bytes.subarray(0, 8)) !== MAGIC) {
      throw new Error('not an aisle index artifact: the AISLEIDX header is missing');
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const version = view.getUint32(8, true);
    if (version !== FORMAT_VERSION) {
      throw new Error(
        `index artifact format ${version} is not supported; this version reads ${FORMAT_VERSION}`,
      );
    }
    const length = view.getUint32(16, true);
    if (length !== bytes.length) {
      throw new Error(
        `index artifact is truncated or padded: header says ${length} bytes, got ${bytes.length}`,
      );
    }
    if (!verified && view.getUint32(CHECKSUM_AT, true) !== checksum(bytes)) {
      throw new Error('index artifact is corrupt: checksum mismatch');
    }
    const count = view.getUint32(12, true);
    let at = HEADER_BYTES;
    for (let i = 0; i < count; i++) {
      if (at + 10 > length) throw new Error('index artifact is corrupt: section table runs past the end');
      const offset = view.getUint32(at, true);
      const byteLength = view.getUint32(at + 4, true);
      const kind = view.getUint8(at + 8);
      const nameLength = view.getUint8(at + 9);
      const name = decoder.decode(bytes.subarray(at + 10, at + 10 + nameLength));
      const arrayType = KINDS[kind - 1];
      if (
        arrayType === undefined ||
        offset % ALIGNMENT !== 0 ||
        offset + byteLength > length ||
        byteLength % arrayType.BYTES_PER_ELEMENT !== 0 ||
        this.entries.has(name)
      ) {
        throw new Error(`index artifact is corrupt: bad section entry "${name}"`);
      }
      this.entries.set(name, { offset, byteLength, kind });
      at += Math.ceil((10 + nameLength) / 4) * 4;
    }
  }

  uint8(name: string): Uint8Array {
    return this.section(name, Uint8Array);
  }

  uint16(name: string): Uint16Array {
    return this.section(name, Uint16Array);
  }

  uint32(name: string): Uint32Array {
    return this.section(name, Uint32Array);
  }

  float32(name: string): Float32Array {
    return this.section(name, Float32Array);
  }

  float64(name: string): Float64Array {
    return this.section(name, Float64Array);
  }

  /** The names of the sections, in the order of the section table. */
  names(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** A view over the section's bytes, of the kind it was written as. */
  private section<K extends Kind>(name: string, arrayType: K): InstanceType<K> {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new Error(`index artifact lacks section "${name}"`);
    if (KINDS[entry.kind - 1] !== arrayType) {
      throw new Error(`index artifact section "${name}" is not a ${arrayType.name}`);
    }
    return new arrayType(
      this.bytes.buffer as ArrayBuffer,
      this.bytes.byteOffset + entry.offset,
      entry.byteLength / arrayType.BYTES_PER_ELEMENT,
    ) as InstanceType<K>;
  }
}

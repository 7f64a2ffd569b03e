import { type ExportLimits, tooCompressed, tooLargeDecompressed, tooManyEntries } from '../limits.js';
import { noCatalog } from '../refusal.js';

/**
 * A zip archive's central directory, read before a byte of it is inflated: what every entry says
 * it holds, so that an archive is refused from what it declares (too many entries, too many bytes
 * once inflated, a part unfolding far more than text does) instead of after inflating it. The
 * directory sits at the archive's end, so its bytes are read twice without inflating anything:
 * once to find the end record in the last 64 KB, once to gather the directory it points to.
 * Declarations may lie; the inflating reader holds every entry to what it declares (zip-limits.ts).
 */

/**
 * Entries a workbook may have. A workbook holds a few parts per sheet and picture; ten thousand
 * is more than any shop's export, and an archive of hundreds of thousands of entries costs minutes
 * to walk through before its data would even begin.
 */
export const MAX_ENTRIES = 10_000;
/**
 * How many times its compressed size a large part may unfold to. Text and XML deflate five to
 * thirty times, a very regular sheet perhaps a hundred; deflate itself reaches about a thousand
 * only on repeated filler, which is what an archive built to exhaust memory holds.
 */
export const MAX_RATIO = 200;
/** Below this a part is not held to MAX_RATIO: inflating it costs little whatever it holds. */
const RATIO_FLOOR_BYTES = 16 * 1024 * 1024;
/** A directory of MAX_ENTRIES entries with long names stays far below this. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

/** The end-of-central-directory record's fixed part, and the most a comment adds to it. */
const END_RECORD = 22;
const END_SEARCH = END_RECORD + 0xffff + 20 + 56;
const END_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ENTRY_SIGNATURE = 0x02014b50;
const MAX_32 = 0xffffffff;

/** What the directory declares each entry inflates to, by name (the largest, for a repeated name). */
export type DeclaredSizes = ReadonlyMap<string, number>;

/**
 * Reads the directory of the archive `open` hands out and refuses it (422) past the limits; answers
 * the sizes it declares.
 */
export async function checkZipDirectory(
  open: () => AsyncIterable<Uint8Array>,
  limits: ExportLimits,
): Promise<DeclaredSizes> {
  const { tail, length } = await lastBytes(open(), END_SEARCH);
  const end = endRecord(tail, length);
  if (end.entries > MAX_ENTRIES) throw tooManyEntries(end.entries, MAX_ENTRIES);
  if (end.size > MAX_DIRECTORY_BYTES)
    throw unreadable('its central directory is larger than any workbook has');
  if (end.offset + end.size > length) throw unreadable('its central directory lies past its end');
  const directory = await bytesAt(open(), end.offset, end.size);
  return declaredSizes(directory, limits);
}

const unreadable = (cause: string) =>
  noCatalog(`it starts like a zip archive but is no readable workbook: ${cause}`);

async function lastBytes(
  pieces: AsyncIterable<Uint8Array>,
  keep: number,
): Promise<{ tail: Buffer; length: number }> {
  let kept: Buffer = Buffer.alloc(0);
  let length = 0;
  for await (const piece of pieces) {
    length += piece.length;
    kept = Buffer.concat([kept, piece]);
    if (kept.length > 2 * keep) kept = kept.subarray(kept.length - keep);
  }
  return { tail: kept.subarray(Math.max(0, kept.length - keep)), length };
}

async function bytesAt(pieces: AsyncIterable<Uint8Array>, offset: number, size: number): Promise<Buffer> {
  const gathered = Buffer.alloc(size);
  let at = 0;
  for await (const piece of pieces) {
    const from = Math.max(0, offset - at);
    const to = Math.min(piece.length, offset + size - at);
    if (from < to)
      Buffer.from(piece.buffer, piece.byteOffset, piece.length).copy(gathered, at + from - offset, from, to);
    at += piece.length;
    if (at >= offset + size) break;
  }
  return gathered;
}

interface EndRecord {
  entries: number;
  size: number;
  offset: number;
}

/** The end record (ZIP64's when the classic one says to look there), searched from the end. */
function endRecord(tail: Buffer, length: number): EndRecord {
  const tailStart = length - tail.length;
  for (let at = tail.length - END_RECORD; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== END_SIGNATURE) continue;
    if (at + END_RECORD + tail.readUInt16LE(at + 20) > tail.length) continue;
    const classic = {
      entries: tail.readUInt16LE(at + 10),
      size: tail.readUInt32LE(at + 12),
      offset: tail.readUInt32LE(at + 16),
    };
    if (classic.entries !== 0xffff && classic.size !== MAX_32 && classic.offset !== MAX_32) return classic;
    const locator = at - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) return classic;
    const zip64 = Number(tail.readBigUInt64LE(locator + 8)) - tailStart;
    if (zip64 < 0 || zip64 + 56 > tail.length || tail.readUInt32LE(zip64) !== ZIP64_END_SIGNATURE)
      throw unreadable('its ZIP64 end record cannot be found');
    return {
      entries: Number(tail.readBigUInt64LE(zip64 + 32)),
      size: Number(tail.readBigUInt64LE(zip64 + 40)),
      offset: Number(tail.readBigUInt64LE(zip64 + 48)),
    };
  }
  throw unreadable('it has no central directory at its end');
}

/**
 * Each entry's declared sizes, refused past the limits. The entries are counted by walking the
 * directory: the end record's count has 16 bits, and an archive of more entries written without
 * ZIP64 states the count modulo 65,536.
 */
function declaredSizes(directory: Buffer, limits: ExportLimits): DeclaredSizes {
  const entries: Array<{ name: string; inflated: number; compressed: number }> = [];
  for (let at = 0; at < directory.length; ) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== ENTRY_SIGNATURE)
      throw unreadable('its central directory is damaged');
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directory.length) throw unreadable('its central directory is damaged');
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    entries.push({
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      ...zip64Sizes(extra, directory.readUInt32LE(at + 24), directory.readUInt32LE(at + 20)),
    });
    at = next;
  }
  if (entries.length > MAX_ENTRIES) throw tooManyEntries(entries.length, MAX_ENTRIES);
  const sizes = new Map<string, number>();
  let total = 0;
  for (const { name, inflated, compressed } of entries) {
    total += inflated;
    if (total > limits.bytes) throw tooLargeDecompressed(limits);
    if (inflated > RATIO_FLOOR_BYTES && inflated > MAX_RATIO * compressed)
      throw tooCompressed(name, Math.round(inflated / Math.max(1, compressed)), MAX_RATIO);
    sizes.set(name, Math.max(sizes.get(name) ?? 0, inflated));
  }
  return sizes;
}

/** An entry's sizes, read from its ZIP64 extra field where the 32-bit ones say so. */
function zip64Sizes(
  extra: Buffer,
  inflated: number,
  compressed: number,
): { inflated: number; compressed: number } {
  if (inflated !== MAX_32 && compressed !== MAX_32) return { inflated, compressed };
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const read = () => {
        if (field + 8 > at + 4 + size || field + 8 > extra.length)
          throw unreadable('its central directory is damaged');
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      const sixtyFourInflated = inflated === MAX_32 ? read() : inflated;
      const sixtyFourCompressed = compressed === MAX_32 ? read() : compressed;
      return { inflated: sixtyFourInflated, compressed: sixtyFourCompressed };
    }
    at += 4 + size;
  }
  throw unreadable('its central directory is damaged');
}

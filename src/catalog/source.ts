import { pipeline, Readable, type TransformOptions } from 'node:stream';
import { createGunzip, type ZlibOptions } from 'node:zlib';
import { DEFAULT_EXPORT_LIMITS, type ExportLimits, tooLargeDecompressed } from './limits.js';
import { noCatalog, parserSaid } from './refusal.js';

/** Pieces a kept byte array is handed out in, so that parsers see a large file as a stream. */
const PIECE_BYTES = 1 << 20;

/** zlib hands its options to the Transform stream it is, whose buffer sizes its own types omit. */
const ONE_PIECE_AHEAD: ZlibOptions & TransformOptions = { writableHighWaterMark: 1 };

/**
 * An export's bytes, kept once as they arrived (compressed if they were) and handed out from the
 * start as often as a pass over the rows needs them. Reading a file in several passes keeps memory
 * near the file's own size instead of holding every parsed row.
 */
export interface ByteSource {
  /** The bytes were gzip-compressed; `open()` hands them out decompressed. */
  readonly gzip: boolean;
  /**
   * The size of the export once decompressed: for gzip, as its trailer states it until a pass has
   * read it to the end, which counts it (a trailer may lie).
   */
  readonly size: number;
  /** What the readers may read of it; `open()` refuses past `limits.bytes`. */
  readonly limits: ExportLimits;
  /** The export's bytes, decompressed, from the first one. */
  open(): AsyncIterable<Uint8Array>;
  /** Bytes the pass opened last has handed out so far. */
  readonly handedOut: number;
}

/**
 * An export kept elsewhere (a file in the blob store) that can be read from its start as often as
 * needed, so that its bytes are never held in memory.
 */
export interface ExportFile {
  /** Its size as kept (compressed, if it is). */
  bytes: number;
  open(): AsyncIterable<Uint8Array>;
}

export async function keepSource(
  source: Uint8Array | AsyncIterable<Uint8Array> | ExportFile,
  limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
): Promise<ByteSource> {
  let raw: () => AsyncIterable<Uint8Array>;
  let gzip: boolean;
  let size: number;
  if (isExportFile(source)) {
    raw = () => source.open();
    gzip = isGzip(await firstPiece(source.open()));
    // A file's trailer is not read: the compressed size stands for it until a pass has counted.
    size = source.bytes;
  } else {
    const pieces = source instanceof Uint8Array ? [source] : await collect(source);
    raw = () => handOut(pieces);
    gzip = isGzip(pieces.find((piece) => piece.length > 0));
    size = gzip ? gzipSize(pieces) : total(pieces);
  }
  let handedOut = 0;
  async function* counted(): AsyncIterable<Uint8Array> {
    handedOut = 0;
    for await (const chunk of gzip ? gunzip(raw()) : raw()) {
      handedOut += chunk.length;
      if (handedOut > limits.bytes) throw tooLargeDecompressed(limits);
      yield chunk;
    }
    size = handedOut;
  }
  return {
    gzip,
    limits,
    get size() {
      return size;
    },
    get handedOut() {
      return handedOut;
    },
    open: counted,
  };
}

/**
 * Decompressed bytes; a damaged or cut-off gzip is a body that holds no export. The streams are
 * joined by `pipeline`, so a failure on either side ends both and reaches the reader, and a reader
 * that stops early stops the decompression.
 */
async function* gunzip(compressed: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  // A kilobyte of gzip can inflate to a megabyte: what the streams take in ahead of the reader is
  // kept to one piece each way, so a reader that stops at a limit stops the reading near it. (The
  // defaults, 16 pieces and 64 KiB since Node.js 22, would inflate a bomb's hundred megabytes more.)
  const inflate = createGunzip(ONE_PIECE_AHEAD);
  pipeline(Readable.from(compressed, { highWaterMark: 1 }), inflate, () => {
    // Whatever failed reaches the loop below through `inflate`, which pipeline destroys with it.
  });
  try {
    yield* inflate;
  } catch (error) {
    throw noCatalog(`it is gzip-compressed but cannot be decompressed: ${parserSaid(error)}`);
  }
}

function isExportFile(source: unknown): source is ExportFile {
  return typeof (source as ExportFile).open === 'function';
}

function isGzip(first: Uint8Array | undefined): boolean {
  return first !== undefined && first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b;
}

async function firstPiece(pieces: AsyncIterable<Uint8Array>): Promise<Uint8Array | undefined> {
  for await (const piece of pieces) if (piece.length > 0) return piece;
  return undefined;
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  for await (const piece of source) pieces.push(piece);
  return pieces;
}

async function* handOut(pieces: Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const piece of pieces) {
    for (let start = 0; start < piece.length; start += PIECE_BYTES) {
      yield piece.subarray(start, Math.min(piece.length, start + PIECE_BYTES));
    }
  }
}

function total(pieces: Uint8Array[]): number {
  return pieces.reduce((sum, piece) => sum + piece.length, 0);
}

/** The last four bytes of a gzip member hold its decompressed size modulo 2^32. */
function gzipSize(pieces: Uint8Array[]): number {
  const tail: number[] = [];
  for (let p = pieces.length - 1; p >= 0 && tail.length < 4; p--) {
    const piece = pieces[p]!;
    for (let i = piece.length - 1; i >= 0 && tail.length < 4; i--) tail.unshift(piece[i]!);
  }
  if (tail.length < 4) return total(pieces);
  return (tail[0]! | (tail[1]! << 8) | (tail[2]! << 16)) + tail[3]! * 2 ** 24;
}

/** The first `count` bytes of the (decompressed) export, or all of it when shorter. */
export async function headOf(source: ByteSource, count: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of source.open()) {
    parts.push(chunk);
    length += chunk.length;
    if (length >= count) break;
  }
  const head = Buffer.concat(parts, Math.min(length, count));
  return new Uint8Array(head.buffer, head.byteOffset, head.length);
}

/**
 * The bytes up to the first line break that ends a non-blank line, at most `limit` of them. Each
 * chunk is looked at once, as it comes: a first line of many megabytes costs one pass, not one
 * per chunk over everything before it.
 */
export async function firstLineOf(source: ByteSource, limit: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  // Whether the line the last chunk ended in holds more than blanks so far.
  let printed = false;
  for await (const chunk of source.open()) {
    const offset = length;
    parts.push(chunk);
    length += chunk.length;
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      if (printed || printsIn(chunk, start, end))
        return Buffer.concat(parts, length).subarray(0, offset + end);
      start = end + 1;
    }
    printed ||= printsIn(chunk, start, chunk.length);
    if (length >= limit) break;
  }
  return Buffer.concat(parts, Math.min(length, limit));
}

/** Whether the bytes from `start` to `end` hold one that is not a blank or a control character. */
function printsIn(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i]! > 0x20) return true;
  return false;
}

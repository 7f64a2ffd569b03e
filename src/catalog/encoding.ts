import { isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';

const SAMPLE_BYTES = 64 * 1024;

/**
 * The encoding of a text export, named as iconv-lite and the inspection know it. Shop systems
 * write UTF-8 (often with a byte order mark), Excel's "Unicode text" writes UTF-16, and older
 * Windows tools write Windows-1252 or Latin-1. A byte order mark decides, else UTF-16 shows itself by zero
 * bytes in every other place, else the whole file is checked as UTF-8 (a Windows-1252 file is
 * often pure ASCII for its first megabytes), else chardet judges the bytes that are not UTF-8.
 */
export async function detectEncoding(
  head: Uint8Array,
  all: () => AsyncIterable<Uint8Array>,
): Promise<string> {
  const declared = encodingOfHead(head);
  if (declared) return declared;
  const invalid = await firstNonUtf8(all());
  return invalid ? singleByteEncoding(invalid) : 'utf-8';
}

/** The encoding the first bytes name by a byte order mark, or that UTF-16 text shows by its zeros. */
export function encodingOfHead(head: Uint8Array): string | undefined {
  return bomEncoding(head) ?? utf16WithoutBom(head);
}

function bomEncoding(head: Uint8Array): string | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** Known here means iconv-lite decodes it; a file declares its encoding in feed.json this way. */
export function isKnownEncoding(name: string): boolean {
  return iconv.encodingExists(name);
}

function utf16WithoutBom(head: Uint8Array): string | undefined {
  const length = Math.min(head.length, SAMPLE_BYTES) & ~1;
  if (length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/** The first stretch of bytes that is not UTF-8, or undefined when every byte is. */
async function firstNonUtf8(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array | undefined> {
  let carry: Uint8Array = new Uint8Array(0);
  for await (const chunk of chunks) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    // A character may be split between chunks: its first bytes wait for the next chunk.
    const cut = completeLength(bytes);
    if (!isUtf8(bytes.subarray(0, cut))) return bytes.subarray(0, Math.min(bytes.length, SAMPLE_BYTES * 4));
    carry = bytes.slice(cut);
  }
  return carry.length > 0 && !isUtf8(carry) ? carry : undefined;
}

/** The length of `bytes` without a UTF-8 sequence that its last bytes begin but do not finish. */
function completeLength(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= 3 && back <= end; back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? end - back : end;
    }
    return end;
  }
  return end;
}

/**
 * chardet names ISO-8859-1 for most Western European text; bytes 0x80 to 0x9F are control
 * characters there but letters and signs (€, ‚, „, …, ‘, ’, “, ”) in Windows-1252, which is what
 * Windows tools write, so their presence decides.
 */
function singleByteEncoding(sample: Uint8Array): string {
  const guess = chardet
    .analyse(sample)
    .find((match) => iconv.encodingExists(match.name))
    ?.name.toLowerCase();
  const c1 = sample.some((byte) => byte >= 0x80 && byte <= 0x9f);
  if (!guess || guess === 'iso-8859-1' || guess === 'windows-1252') return c1 ? 'windows-1252' : 'iso-8859-1';
  return guess;
}

/** Decodes a byte stream into text, piece by piece, skipping the byte order mark. */
export async function* decodeText(
  chunks: AsyncIterable<Uint8Array>,
  encoding: string,
): AsyncIterable<string> {
  const decoder = iconv.getDecoder(encoding, { stripBOM: true });
  for await (const chunk of chunks) {
    const text = decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** Decodes a whole (short) byte array, such as the head of a file. */
export function decodeAll(bytes: Uint8Array, encoding: string): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), encoding, {
    stripBOM: true,
  });
}

import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { BlobTooLargeError, type StoredBlob } from './blob-store.js';

/**
 * Writes a stream to a new file while hashing it, then flushes the file to disk. Each chunk is
 * written before the next is read, so a fast producer cannot pile chunks up in memory. More than
 * `maxBytes` rejects with BlobTooLargeError; the caller removes the file.
 */
export async function hashingWrite(
  path: string,
  stream: AsyncIterable<Uint8Array>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<StoredBlob> {
  const hash = createHash('sha256');
  let bytes = 0;
  const file = await open(path, 'wx');
  try {
    for await (const chunk of stream) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      // Leaving the loop stops the stream: nothing past the limit is read.
      if (bytes > maxBytes) throw new BlobTooLargeError(maxBytes);
      // writeFile appends at the current position and, unlike write, loops until every byte is out.
      await file.writeFile(chunk);
    }
    await file.sync();
  } finally {
    await file.close();
  }
  return { key: hash.digest('hex'), bytes };
}

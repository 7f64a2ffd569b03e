import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { StoredBlob } from './blob-store.js';

/**
 * Writes a stream to a new file while hashing it, then flushes the file to disk. Each chunk is
 * written before the next is read, so a fast producer cannot pile chunks up in memory.
 */
export async function hashingWrite(path: string, stream: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
  const hash = createHash('sha256');
  let bytes = 0;
  const file = await open(path, 'wx');
  try {
    for await (const chunk of stream) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      // writeFile appends at the current position and, unlike write, loops until every byte is out.
      await file.writeFile(chunk);
    }
    await file.sync();
  } finally {
    await file.close();
  }
  return { key: hash.digest('hex'), bytes };
}

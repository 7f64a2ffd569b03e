import { randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredBlob } from './blob-store.js';
import { hashingWrite } from './hashing-write.js';

/**
 * Files a blob store writes before it knows a blob's key: a stream is hashed while it is written
 * under a temporary name, then moved or copied to its key's place. A process killed meanwhile
 * leaves such a file behind; `removeOldTemporaries` finds them by their prefix.
 */
const TEMPORARY_PREFIX = '.tmp-';

/** A name no key can have (keys are hex only), unique among concurrent writers. */
export function temporaryPath(dir: string): string {
  return join(dir, `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
}

/**
 * Writes a stream to a new temporary file in `dir`, hashing it on the way; the file is removed
 * again when the stream fails or passes `maxBytes` (BlobTooLargeError).
 */
export async function writeTemporary(
  dir: string,
  stream: AsyncIterable<Uint8Array>,
  maxBytes?: number,
): Promise<StoredBlob & { path: string }> {
  await mkdir(dir, { recursive: true });
  const path = temporaryPath(dir);
  try {
    return { ...(await hashingWrite(path, stream, maxBytes)), path };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** Removes the temporary files under `root` (at any depth) older than `olderThanMs`; answers how many. */
export async function removeOldTemporaries(root: string, olderThanMs: number): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.startsWith(TEMPORARY_PREFIX)) continue;
    const path = join(entry.parentPath, entry.name);
    try {
      if ((await stat(path)).mtimeMs > cutoff) continue;
      await rm(path, { force: true });
      removed++;
    } catch (error) {
      // A write that finished meanwhile moved its file away.
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

/** A file's bytes in pieces of a megabyte, read as they are asked for. */
export async function* readPieces(path: string): AsyncIterable<Uint8Array> {
  yield* createReadStream(path, { highWaterMark: 1 << 20 });
}

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

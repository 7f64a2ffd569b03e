import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../lib/hash.js';
import {
  assertBlobKey,
  BlobNotFoundError,
  type BlobStore,
  type FileLocation,
  type StagedBlob,
  type StoredBlob,
} from './blob-store.js';
import {
  isMissing,
  readPieces,
  removeOldTemporaries,
  temporaryPath,
  writeTemporary,
} from './temporary-files.js';

/**
 * Blobs as files under a root folder: `<root>/<first 2 hex>/<other 62 hex>`, spread over 256 folders
 * so that none grows huge. A blob is written under a temporary name, flushed to disk and renamed
 * into place: rename is atomic, so a crash leaves either the whole file or none, never a torn one.
 */
export class DirectoryBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  async reach(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async put(bytes: Uint8Array): Promise<string> {
    const key = sha256Hex(bytes);
    if (await this.has(key)) return key;
    const dir = join(this.root, key.slice(0, 2));
    await mkdir(dir, { recursive: true });
    const temporary = temporaryPath(dir);
    try {
      const file = await open(temporary, 'wx');
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await this.#settle(temporary, key);
    } finally {
      await rm(temporary, { force: true });
    }
    return key;
  }

  async putStream(stream: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
    const staged = await this.stage(stream);
    await staged.keep();
    return { key: staged.key, bytes: staged.bytes };
  }

  async stage(stream: AsyncIterable<Uint8Array>, maxBytes?: number): Promise<StagedBlob> {
    // The key is known only at the end, so the bytes land in a folder of their own under the same root
    // (the same file system, which rename needs) and move to their place once hashed.
    const {
      path: temporary,
      release,
      ...stored
    } = await writeTemporary(join(this.root, INCOMING), stream, maxBytes);
    let settled = false;
    return {
      ...stored,
      open: () => readPieces(temporary),
      location: { kind: 'file', key: stored.key, path: temporary },
      keep: async () => {
        if (settled) return;
        settled = true;
        try {
          if (!(await this.has(stored.key))) {
            await mkdir(join(this.root, stored.key.slice(0, 2)), { recursive: true });
            await this.#settle(temporary, stored.key);
          }
        } finally {
          release();
          await rm(temporary, { force: true });
        }
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        release();
        await rm(temporary, { force: true });
      },
    };
  }

  open(key: string): AsyncIterable<Uint8Array> {
    return openFileLocation(this.locate(key));
  }

  locate(key: string): FileLocation {
    return { kind: 'file', key, path: this.#path(key) };
  }

  removeAbandoned(olderThanMs: number): Promise<number> {
    return removeOldTemporaries(this.root, olderThanMs, join(this.root, INCOMING));
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      throw isMissing(error) ? new BlobNotFoundError(key) : error;
    }
  }

  async has(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }

  async head(key: string, length: number): Promise<Buffer> {
    let file: Awaited<ReturnType<typeof open>>;
    try {
      file = await open(this.#path(key), 'r');
    } catch (error) {
      throw isMissing(error) ? new BlobNotFoundError(key) : error;
    }
    try {
      const bytes = Buffer.alloc(length);
      const { bytesRead } = await file.read(bytes, 0, length, 0);
      return bytes.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.#path(key))).size;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  #path(key: string): string {
    assertBlobKey(key);
    return join(this.root, key.slice(0, 2), key.slice(2));
  }

  /** Moves a flushed temporary file to the key's place and makes the rename itself durable. */
  async #settle(temporary: string, key: string): Promise<void> {
    const target = this.#path(key);
    await rename(temporary, target);
    const dir = await open(join(this.root, key.slice(0, 2)), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}

/** Where streamed bytes wait until their key is known. */
const INCOMING = 'incoming';

/**
 * The bytes of a file location, from any thread, read in pieces as they are asked for. Rejects
 * with BlobNotFoundError when the file is gone (removed by a clean-up meanwhile).
 */
export async function* openFileLocation(location: FileLocation): AsyncIterable<Uint8Array> {
  try {
    yield* readPieces(location.path);
  } catch (error) {
    throw isMissing(error) ? new BlobNotFoundError(location.key) : error;
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../lib/hash.js';
import {
  assertBlobKey,
  type BlobLocation,
  BlobNotFoundError,
  type BlobStore,
  type StagedBlob,
  type StoredBlob,
} from './blob-store.js';
import { hashingWrite } from './hashing-write.js';

/**
 * Blobs as files under a root folder: `<root>/<first 2 hex>/<other 62 hex>`, spread over 256 folders
 * so that none grows huge. A blob is written under a temporary name, flushed to disk and renamed
 * into place: rename is atomic, so a crash leaves either the whole file or none, never a torn one.
 */
export class DirectoryBlobStore implements BlobStore {
  constructor(readonly root: string) {}

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
    const incoming = join(this.root, INCOMING);
    await mkdir(incoming, { recursive: true });
    const temporary = temporaryPath(incoming, OWNER);
    const owned = ownStaged(temporary);
    let stored: StoredBlob;
    try {
      stored = await hashingWrite(temporary, stream, maxBytes);
    } catch (error) {
      owned.release();
      await rm(temporary, { force: true });
      throw error;
    }
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
          owned.release();
          await rm(temporary, { force: true });
        }
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        owned.release();
        await rm(temporary, { force: true });
      },
    };
  }

  open(key: string): AsyncIterable<Uint8Array> {
    return openLocation(this.locate(key));
  }

  locate(key: string): BlobLocation {
    return { kind: 'file', key, path: this.#path(key) };
  }

  async removeAbandoned(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let entries: Dirent[];
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    const incoming = join(this.root, INCOMING);
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.startsWith(TEMPORARY_PREFIX)) continue;
      const path = join(entry.parentPath, entry.name);
      if (staging.has(path)) continue;
      try {
        const modified = (await stat(path)).mtimeMs;
        const abandoned =
          entry.parentPath === incoming
            ? ownerGone(entry.name) || modified < Date.now() - UNRENEWED_STAGE_MS
            : modified <= cutoff;
        if (!abandoned) continue;
        await rm(path, { force: true });
        removed++;
      } catch (error) {
        // A write that finished meanwhile renamed its file away.
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
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
const TEMPORARY_PREFIX = '.tmp-';

/**
 * A name no key can have (keys are hex only), unique among concurrent writers; a staged upload's
 * also names its owner, the process writing it.
 */
function temporaryPath(dir: string, owner?: string): string {
  return join(
    dir,
    `${TEMPORARY_PREFIX}${owner !== undefined ? `${owner}-` : ''}${randomBytes(8).toString('hex')}`,
  );
}

/**
 * The process that stages an upload, as its file names it: this host (a hash of its name, which
 * may hold any character) and the process id. A start finds the uploads a killed process left on
 * this host by that name, whatever their age.
 */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 12);
const OWNER = `${HOST}.${process.pid}`;
const OWNED_NAME = /^\.tmp-([0-9a-f]+)\.(\d+)-[0-9a-f]+$/;

/**
 * While a process holds a staged upload (receiving or reading it), it renews the file's time this
 * often; another host's staged file not renewed for UNRENEWED_STAGE_MS belongs to no upload.
 */
const RENEW_STAGE_MS = 15_000;
const UNRENEWED_STAGE_MS = 4 * RENEW_STAGE_MS;

/** The staged files this process holds now, whichever store staged them. */
const staging = new Set<string>();

/** Holds a staged file as this process's, renewing its time until it is released. */
function ownStaged(path: string): { release(): void } {
  staging.add(path);
  const renewal = setInterval(() => {
    const now = new Date();
    utimes(path, now, now).catch(() => undefined);
  }, RENEW_STAGE_MS);
  renewal.unref();
  return {
    release() {
      clearInterval(renewal);
      staging.delete(path);
    },
  };
}

/**
 * Whether a staged file names an owner on this host that holds it no more: a process that is
 * gone, or this very process (a killed one's id taken again), which holds none of the files it
 * does not list in `staging`.
 */
function ownerGone(name: string): boolean {
  const owner = OWNED_NAME.exec(name);
  if (!owner || owner[1] !== HOST) return false;
  const pid = Number(owner[2]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: a process of another user runs under that id.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The bytes at a location, from any thread: the blob's file read in pieces as they are asked for.
 * Rejects with BlobNotFoundError when the file is gone (removed by a clean-up meanwhile).
 */
export async function* openLocation(location: BlobLocation): AsyncIterable<Uint8Array> {
  try {
    yield* readPieces(location.path);
  } catch (error) {
    throw isMissing(error) ? new BlobNotFoundError(location.key) : error;
  }
}

/** A file's bytes in pieces of a megabyte, read as they are asked for. */
async function* readPieces(path: string): AsyncIterable<Uint8Array> {
  yield* createReadStream(path, { highWaterMark: 1 << 20 });
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

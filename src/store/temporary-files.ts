import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { StoredBlob } from './blob-store.js';
import { hashingWrite } from './hashing-write.js';

/**
 * Files a blob store writes before it knows a blob's key: a stream is hashed while it is written
 * under a temporary name, then moved or copied to its key's place. A process killed meanwhile
 * leaves such a file behind; `removeOldTemporaries` finds them by their prefix.
 */
const TEMPORARY_PREFIX = '.tmp-';

/**
 * A name no key can have (keys are hex only), unique among concurrent writers; a staged upload's
 * also names its owner, the process writing it.
 */
export function temporaryPath(dir: string, owner?: string): string {
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
 * Writes a stream to a new temporary file in `dir` (a store's staging folder), hashing it on the
 * way; the file is removed again when the stream fails or passes `maxBytes` (BlobTooLargeError).
 * The file is held as this process's until `release` (see removeOldTemporaries).
 */
export async function writeTemporary(
  dir: string,
  stream: AsyncIterable<Uint8Array>,
  maxBytes?: number,
): Promise<StoredBlob & { path: string; release(): void }> {
  await mkdir(dir, { recursive: true });
  const path = temporaryPath(dir, OWNER);
  const owned = ownStaged(path);
  try {
    return { ...(await hashingWrite(path, stream, maxBytes)), path, release: owned.release };
  } catch (error) {
    owned.release();
    await rm(path, { force: true });
    throw error;
  }
}

/**
 * Removes the temporary files under `root` (at any depth) that no write will finish; answers how
 * many. In `stagingDir` that is a staged upload no process holds (see ownerGone) or renews; elsewhere
 * a file older than `olderThanMs`. What this process holds is never removed.
 */
export async function removeOldTemporaries(
  root: string,
  olderThanMs: number,
  stagingDir: string,
): Promise<number> {
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
    if (staging.has(path)) continue;
    try {
      const modified = (await stat(path)).mtimeMs;
      const abandoned =
        entry.parentPath === stagingDir
          ? ownerGone(entry.name) || modified < Date.now() - UNRENEWED_STAGE_MS
          : modified <= cutoff;
      if (!abandoned) continue;
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

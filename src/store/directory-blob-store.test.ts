import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blobStoreBehaviour, chunks } from './blob-store.test-support.js';
import { DirectoryBlobStore } from './directory-blob-store.js';

/** Every rename the store makes, with what the target looked like just before. */
const renames = vi.hoisted(
  () => [] as Array<{ from: string; to: string; targetExisted: boolean; bytes: number }>,
);

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const { existsSync, statSync: sizeOf } = await import('node:fs');
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      renames.push({ from, to, targetExisted: existsSync(to), bytes: sizeOf(from).size });
      await actual.rename(from, to);
    },
  };
});

/** Every file under the root, as paths relative to it. */
function filesUnder(root: string): string[] {
  // A store never written to has no root yet.
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

describe('DirectoryBlobStore', () => {
  let root: string;
  let store: DirectoryBlobStore;
  beforeEach(() => {
    root = join(mkdtempSync(join(tmpdir(), 'aisle-blobs-')), 'blobs');
    store = new DirectoryBlobStore(root);
    renames.length = 0;
  });
  afterEach(() => rmSync(dirname(root), { recursive: true, force: true }));

  describe('as every blob store', () => {
    blobStoreBehaviour(() => ({
      store,
      holdings: async () => filesUnder(root),
      nameOf: (key) => join(key.slice(0, 2), key.slice(2)),
      stagingDir: join(root, 'incoming'),
    }));
  });

  it('writes under a temporary name in the same folder, then renames, leaving no temporary file', async () => {
    const bytes = Buffer.alloc(256 * 1024, 7);
    const key = await store.put(bytes);
    const target = join(root, key.slice(0, 2), key.slice(2));
    expect(renames).toEqual([
      { from: expect.stringMatching(/\.tmp-/), to: target, targetExisted: false, bytes: bytes.length },
    ]);
    expect(dirname(renames[0]?.from ?? '')).toBe(dirname(target));
    expect(filesUnder(root)).toEqual([relative(root, target)]);
  });

  it('writes nothing when the bytes are kept already', async () => {
    const key = await store.put(Buffer.from('same'));
    const before = statSync(join(root, key.slice(0, 2), key.slice(2)));
    renames.length = 0;

    expect(await store.put(Buffer.from('same'))).toBe(key);
    expect(await store.putStream(chunks('sa', 'me'))).toEqual({ key, bytes: 4 });
    expect(renames).toEqual([]);
    const after = statSync(join(root, key.slice(0, 2), key.slice(2)));
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('streams into the folder of incoming bytes and renames into place once hashed', async () => {
    const stored = await store.putStream(chunks('a large ', 'catalog ', 'in parts'));
    expect(renames).toEqual([
      {
        from: expect.stringContaining(join(root, 'incoming', '.tmp-')),
        to: join(root, stored.key.slice(0, 2), stored.key.slice(2)),
        targetExisted: false,
        bytes: 24,
      },
    ]);
  });

  it('removes a temporary file a killed write left beside the blobs themselves', async () => {
    const key = await store.put(Buffer.from('kept'));
    const { writeFile, utimes } = await import('node:fs/promises');
    const killedPut = join(root, key.slice(0, 2), '.tmp-fedcba9876543210');
    await writeFile(killedPut, 'half a blob');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(killedPut, hourAgo, hourAgo);
    expect(await store.removeAbandoned(60_000)).toBe(1);
    expect(filesUnder(root)).toEqual([join(key.slice(0, 2), key.slice(2))]);
  });
});

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../lib/hash.js';
import { BlobNotFoundError, BlobTooLargeError } from './blob-store.js';
import { DirectoryBlobStore, openLocation } from './directory-blob-store.js';

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
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

async function* chunks(...parts: string[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
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

  it('keeps bytes under their sha256, in <first 2 hex>/<rest>, and gives them back', async () => {
    const bytes = Buffer.from('hello, aisle');
    const key = await store.put(bytes);
    expect(key).toBe(sha256Hex(bytes));
    expect(filesUnder(root)).toEqual([join(key.slice(0, 2), key.slice(2))]);
    expect(await store.get(key)).toEqual(bytes);
    expect(await store.has(key)).toBe(true);
    expect(await store.size(key)).toBe(bytes.length);
  });

  it('gives back the first bytes of a blob, or all of a shorter one', async () => {
    const key = await store.put(Buffer.from('hello, aisle'));
    expect(await store.head(key, 5)).toEqual(Buffer.from('hello'));
    expect(await store.head(key, 100)).toEqual(Buffer.from('hello, aisle'));
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
    expect(renames).toEqual([]);
    const after = statSync(join(root, key.slice(0, 2), key.slice(2)));
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('answers for a key it does not hold', async () => {
    const key = sha256Hex('never stored');
    expect(await store.has(key)).toBe(false);
    expect(await store.size(key)).toBeUndefined();
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.head(key, 12)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('deletes a blob', async () => {
    const key = await store.put(Buffer.from('gone soon'));
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
  });

  it('refuses keys that are not 64 lowercase hex characters before touching the disk', async () => {
    const outside = `../../${'a'.repeat(58)}`;
    for (const key of [outside, 'A'.repeat(64), 'a'.repeat(63), '', `${'a'.repeat(64)}/`]) {
      await expect(store.get(key)).rejects.toThrow(RangeError);
      await expect(store.head(key, 12)).rejects.toThrow(RangeError);
      await expect(store.has(key)).rejects.toThrow(RangeError);
      await expect(store.size(key)).rejects.toThrow(RangeError);
      await expect(store.delete(key)).rejects.toThrow(RangeError);
    }
  });

  describe('removeAbandoned', () => {
    it('removes temporary files of writes that never finished, once they are old enough', async () => {
      const key = await store.put(Buffer.from('kept'));
      const { mkdir, writeFile, utimes } = await import('node:fs/promises');
      await mkdir(join(root, 'incoming'), { recursive: true });
      const killed = join(root, 'incoming', '.tmp-0123456789abcdef');
      const killedPut = join(root, key.slice(0, 2), '.tmp-fedcba9876543210');
      const underWay = join(root, 'incoming', '.tmp-aaaaaaaaaaaaaaaa');
      for (const path of [killed, killedPut, underWay]) await writeFile(path, 'half a blob');
      const hourAgo = new Date(Date.now() - 3_600_000);
      await utimes(killed, hourAgo, hourAgo);
      await utimes(killedPut, hourAgo, hourAgo);

      expect(await store.removeAbandoned(60_000)).toBe(2);
      expect(filesUnder(root)).toEqual(
        [join('incoming', '.tmp-aaaaaaaaaaaaaaaa'), join(key.slice(0, 2), key.slice(2))].sort(),
      );
    });

    it('keeps an upload this process stages however old, and removes one no process renews', async () => {
      const { mkdir, writeFile, utimes } = await import('node:fs/promises');
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      async function* slowBody(): AsyncIterable<Uint8Array> {
        yield Buffer.from('the first half, ');
        await held;
        yield Buffer.from('the second');
      }
      const staging = store.stage(slowBody());
      const incoming = join(root, 'incoming');
      const [own] = await vi.waitFor(() => {
        const files = readdirSync(incoming);
        if (files.length === 0) throw new Error('nothing staged yet');
        return files;
      });
      // Another host's upload: one renewed a moment ago, one its process stopped renewing.
      const renewed = join(incoming, '.tmp-0123456789ab.4242-00112233aabbccdd');
      const stopped = join(incoming, '.tmp-0123456789ab.4343-44556677aabbccdd');
      await mkdir(incoming, { recursive: true });
      for (const path of [renewed, stopped]) await writeFile(path, 'half a blob');
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await utimes(stopped, twoMinutesAgo, twoMinutesAgo);
      const dayAgo = new Date(Date.now() - 86_400_000);
      await utimes(join(incoming, own!), dayAgo, dayAgo);

      expect(await store.removeAbandoned(3_600_000)).toBe(1);
      expect(readdirSync(incoming).sort()).toEqual([own, '.tmp-0123456789ab.4242-00112233aabbccdd'].sort());
      release();
      const staged = await staging;
      await staged.keep();
      expect(readdirSync(incoming)).toEqual(['.tmp-0123456789ab.4242-00112233aabbccdd']);
    });

    it('finds nothing to remove in a store never written to', async () => {
      expect(await store.removeAbandoned(0)).toBe(0);
    });
  });

  describe('stage', () => {
    it('reads staged bytes before they are kept, and keeps nothing when discarded', async () => {
      const staged = await store.stage(chunks('an upload ', 'checked first'));
      const read: Buffer[] = [];
      for await (const piece of staged.open()) read.push(Buffer.from(piece));
      expect(Buffer.concat(read).toString()).toBe('an upload checked first');
      expect(await store.has(staged.key)).toBe(false);
      await staged.discard();
      expect(filesUnder(root)).toEqual([]);
    });

    it('keeps staged bytes under their key', async () => {
      const staged = await store.stage(chunks('kept ', 'after the check'));
      await staged.keep();
      await staged.discard();
      expect((await store.get(staged.key)).toString()).toBe('kept after the check');
    });

    it('stops reading a stream past the limit and leaves no file', async () => {
      let pulled = 0;
      async function* endless(): AsyncIterable<Uint8Array> {
        for (;;) {
          pulled++;
          yield Buffer.alloc(1024, 1);
        }
      }
      await expect(store.stage(endless(), 10 * 1024)).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(pulled).toBe(11);
      expect(filesUnder(root)).toEqual([]);
    });
  });

  describe('locations', () => {
    async function text(bytes: AsyncIterable<Uint8Array>): Promise<string> {
      const read: Buffer[] = [];
      for await (const piece of bytes) read.push(Buffer.from(piece));
      return Buffer.concat(read).toString();
    }

    it('names where a kept blob and a staged upload are, as plain values another thread can open', async () => {
      const key = await store.put(Buffer.from('kept bytes'));
      const kept = structuredClone(store.locate(key));
      expect(await text(openLocation(kept))).toBe('kept bytes');
      const staged = await store.stage(chunks('staged ', 'bytes'));
      expect(await text(openLocation(structuredClone(staged.location)))).toBe('staged bytes');
      await staged.discard();
    });

    it('fails with the blob not found once the bytes are gone', async () => {
      const key = await store.put(Buffer.from('removed meanwhile'));
      const location = store.locate(key);
      await store.delete(key);
      await expect(text(openLocation(location))).rejects.toMatchObject({ name: 'BlobNotFoundError', key });
    });
  });

  describe('putStream', () => {
    it('hashes while writing and answers the key and byte count', async () => {
      const stored = await store.putStream(chunks('a large ', 'catalog ', 'in parts'));
      const whole = Buffer.from('a large catalog in parts');
      expect(stored).toEqual({ key: sha256Hex(whole), bytes: whole.length });
      expect(await store.get(stored.key)).toEqual(whole);
      expect(filesUnder(root)).toEqual([join(stored.key.slice(0, 2), stored.key.slice(2))]);
      expect(renames).toHaveLength(1);
      expect(renames[0]?.targetExisted).toBe(false);
    });

    it('keeps bytes once when the same content streams in again', async () => {
      const key = await store.put(Buffer.from('twice'));
      renames.length = 0;
      expect(await store.putStream(chunks('tw', 'ice'))).toEqual({ key, bytes: 5 });
      expect(renames).toEqual([]);
      expect(filesUnder(root)).toEqual([join(key.slice(0, 2), key.slice(2))]);
    });

    it('keeps nothing, and leaves no temporary file, when the stream breaks', async () => {
      async function* broken(): AsyncIterable<Uint8Array> {
        yield Buffer.from('half a');
        throw new Error('connection reset');
      }
      await expect(store.putStream(broken())).rejects.toThrow('connection reset');
      expect(filesUnder(root)).toEqual([]);
      expect(renames).toEqual([]);
    });
  });
});

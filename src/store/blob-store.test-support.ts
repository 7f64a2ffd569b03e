import { randomBytes } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { sha256Hex } from '../lib/hash.js';
import { openLocation } from './blob-location.js';
import { BlobNotFoundError, type BlobStore, BlobTooLargeError } from './blob-store.js';

/** A blob store under test, fresh for each test, with a view of everything it holds. */
export interface BlobStoreFixture {
  store: BlobStore;
  /** Every name the store holds, kept blobs and temporary files alike, sorted. */
  holdings(): Promise<string[]>;
  /** The name a kept blob of this key has in `holdings`. */
  nameOf(key: string): string;
  /** The folder where the bytes of a stream wait until they are hashed. */
  stagingDir: string;
}

/**
 * What every blob store does, whatever holds its bytes: each store's test file runs these against
 * a fixture made fresh for each test (`fixture()` is read inside each test).
 */
export function blobStoreBehaviour(fixture: () => BlobStoreFixture): void {
  it('reaches its storage, creating nothing', async () => {
    const { store, holdings } = fixture();
    await store.reach();
    expect(await holdings()).toEqual([]);
  });

  it('keeps bytes under their sha256 and gives them back', async () => {
    const { store, holdings, nameOf } = fixture();
    const bytes = Buffer.from('hello, aisle');
    const key = await store.put(bytes);
    expect(key).toBe(sha256Hex(bytes));
    expect(await holdings()).toEqual([nameOf(key)]);
    expect(await store.get(key)).toEqual(bytes);
    expect(await text(store.open(key))).toBe('hello, aisle');
    expect(await store.has(key)).toBe(true);
    expect(await store.size(key)).toBe(bytes.length);
  });

  it('keeps the same bytes once, under the same key', async () => {
    const { store, holdings, nameOf } = fixture();
    const key = await store.put(Buffer.from('same'));
    expect(await store.put(Buffer.from('same'))).toBe(key);
    expect(await store.putStream(chunks('sa', 'me'))).toEqual({ key, bytes: 4 });
    expect(await holdings()).toEqual([nameOf(key)]);
  });

  it('gives back the first bytes of a blob, or all of a shorter one', async () => {
    const { store } = fixture();
    const key = await store.put(Buffer.from('hello, aisle'));
    expect(await store.head(key, 5)).toEqual(Buffer.from('hello'));
    expect(await store.head(key, 100)).toEqual(Buffer.from('hello, aisle'));
  });

  it('keeps an empty blob', async () => {
    const { store } = fixture();
    const key = await store.put(Buffer.alloc(0));
    expect(await store.size(key)).toBe(0);
    expect(await store.get(key)).toEqual(Buffer.alloc(0));
    expect(await text(store.open(key))).toBe('');
  });

  it('answers for a key it does not hold', async () => {
    const { store } = fixture();
    const key = sha256Hex('never stored');
    expect(await store.has(key)).toBe(false);
    expect(await store.size(key)).toBeUndefined();
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.head(key, 12)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(text(store.open(key))).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('deletes a blob', async () => {
    const { store, holdings } = fixture();
    const key = await store.put(Buffer.from('gone soon'));
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    expect(await holdings()).toEqual([]);
  });

  it('refuses keys that are not 64 lowercase hex characters before reaching any bytes', async () => {
    const { store } = fixture();
    const outside = `../../${'a'.repeat(58)}`;
    for (const key of [outside, 'A'.repeat(64), 'a'.repeat(63), '', `${'a'.repeat(64)}/`]) {
      await expect(store.get(key)).rejects.toThrow(RangeError);
      await expect(store.head(key, 12)).rejects.toThrow(RangeError);
      await expect(store.has(key)).rejects.toThrow(RangeError);
      await expect(store.size(key)).rejects.toThrow(RangeError);
      await expect(store.delete(key)).rejects.toThrow(RangeError);
      expect(() => store.locate(key)).toThrow(RangeError);
    }
  });

  it('removes files of writes that never finished once they are old enough, and only those', async () => {
    const { store, stagingDir, holdings, nameOf } = fixture();
    expect(await store.removeAbandoned(0)).toBe(0);
    const key = await store.put(Buffer.from('kept'));
    await mkdir(stagingDir, { recursive: true });
    const killed = join(stagingDir, '.tmp-0123456789abcdef');
    const underWay = join(stagingDir, '.tmp-aaaaaaaaaaaaaaaa');
    for (const path of [killed, underWay]) await writeFile(path, 'half a blob');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(killed, hourAgo, hourAgo);

    expect(await store.removeAbandoned(60_000)).toBe(1);
    const left = await holdings();
    expect(left).toContain(nameOf(key));
    expect(left.filter((name) => name.includes('.tmp-'))).toEqual([
      expect.stringContaining('.tmp-aaaaaaaaaaaaaaaa'),
    ]);
  });

  it('keeps an upload this process stages however old, and removes one no process renews', async () => {
    const { store, stagingDir } = fixture();
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
    const [own] = await vi.waitFor(async () => {
      const files = await readdir(stagingDir).catch(() => []);
      if (files.length === 0) throw new Error('nothing staged yet');
      return files;
    });
    // Another host's upload: one renewed a moment ago, one its process stopped renewing.
    const renewed = '.tmp-0123456789ab.4242-00112233aabbccdd';
    const stopped = '.tmp-0123456789ab.4343-44556677aabbccdd';
    for (const name of [renewed, stopped]) await writeFile(join(stagingDir, name), 'half a blob');
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await utimes(join(stagingDir, stopped), twoMinutesAgo, twoMinutesAgo);
    const dayAgo = new Date(Date.now() - 86_400_000);
    await utimes(join(stagingDir, own!), dayAgo, dayAgo);

    expect(await store.removeAbandoned(3_600_000)).toBe(1);
    expect((await readdir(stagingDir)).sort()).toEqual([own, renewed].sort());
    release();
    await (await staging).keep();
    expect(await readdir(stagingDir)).toEqual([renewed]);
  });

  it('reads staged bytes before they are kept, and keeps nothing when they are discarded', async () => {
    const { store, holdings } = fixture();
    const staged = await store.stage(chunks('an upload ', 'checked first'));
    expect(await text(staged.open())).toBe('an upload checked first');
    expect(await store.has(staged.key)).toBe(false);
    await staged.discard();
    expect(await holdings()).toEqual([]);
  });

  it('keeps staged bytes under their key, once', async () => {
    const { store, holdings, nameOf } = fixture();
    const staged = await store.stage(chunks('kept ', 'after the check'));
    await staged.keep();
    await staged.keep();
    await staged.discard();
    expect((await store.get(staged.key)).toString()).toBe('kept after the check');
    expect(await holdings()).toEqual([nameOf(staged.key)]);
  });

  it('stops reading a stream past the limit and leaves nothing', async () => {
    const { store, holdings } = fixture();
    let pulled = 0;
    async function* endless(): AsyncIterable<Uint8Array> {
      for (;;) {
        pulled++;
        yield Buffer.alloc(1024, 1);
      }
    }
    await expect(store.stage(endless(), 10 * 1024)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(pulled).toBe(11);
    expect(await holdings()).toEqual([]);
  });

  it('names where a kept blob and a staged upload are, as plain values another thread can open', async () => {
    const { store } = fixture();
    const key = await store.put(Buffer.from('kept bytes'));
    expect(await text(openLocation(structuredClone(store.locate(key))))).toBe('kept bytes');
    const staged = await store.stage(chunks('staged ', 'bytes'));
    expect(await text(openLocation(structuredClone(staged.location)))).toBe('staged bytes');
    await staged.discard();
  });

  it('fails with the blob not found once its bytes are gone', async () => {
    const { store } = fixture();
    const key = await store.put(Buffer.from('removed meanwhile'));
    const location = store.locate(key);
    await store.delete(key);
    await expect(text(openLocation(location))).rejects.toMatchObject({ name: 'BlobNotFoundError', key });
  });

  it('keeps a stream larger than the pieces it is sent in, whole', async () => {
    const { store, holdings, nameOf } = fixture();
    // 20 MB in pieces of 1 MB: more than one part of a multipart upload.
    const pieces = Array.from({ length: 20 }, () => randomBytes(1024 * 1024));
    const whole = Buffer.concat(pieces);
    const stored = await store.putStream(inTurn(pieces));
    expect(stored).toEqual({ key: sha256Hex(whole), bytes: whole.length });
    expect(sha256Hex(await store.get(stored.key))).toBe(stored.key);
    expect(await store.head(stored.key, 4)).toEqual(whole.subarray(0, 4));
    expect(await holdings()).toEqual([nameOf(stored.key)]);
  });

  it('keeps nothing, and leaves no temporary file, when the stream breaks', async () => {
    const { store, holdings } = fixture();
    async function* broken(): AsyncIterable<Uint8Array> {
      yield Buffer.from('half a');
      throw new Error('connection reset');
    }
    await expect(store.putStream(broken())).rejects.toThrow('connection reset');
    expect(await holdings()).toEqual([]);
  });
}

async function* inTurn(pieces: Uint8Array[]): AsyncIterable<Uint8Array> {
  yield* pieces;
}

export async function* chunks(...parts: string[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
}

export async function text(bytes: AsyncIterable<Uint8Array>): Promise<string> {
  const read: Buffer[] = [];
  for await (const piece of bytes) read.push(Buffer.from(piece));
  return Buffer.concat(read).toString();
}

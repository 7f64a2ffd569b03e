import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startObjectStore, type TestObjectStore } from '../../test/support/object-store.js';
import { blobStoreBehaviour } from './blob-store.test-support.js';
import { ObjectBlobStore, objectClientFromEnvironment } from './object-blob-store.js';
import { parseObjectStoreUrl } from './object-store-url.js';

/**
 * The object store against s3rver, an S3-compatible server this file starts, reached as a deployment
 * reaches its own: through the SDK's usual variables, set on this process (and so on its threads).
 */
let server: TestObjectStore;
let client: S3Client;
/** Every request the client sent, by method and with its Range header. */
const sent: Array<{ method: string; path: string; range?: string }> = [];

beforeAll(async () => {
  server = await startObjectStore();
  Object.assign(process.env, server.env);
  client = objectClientFromEnvironment();
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { method: string; path: string; headers: Record<string, string> };
      sent.push({
        method: request.method,
        path: request.path,
        ...(request.headers.range ? { range: request.headers.range } : {}),
      });
      return next(args);
    },
    { step: 'finalizeRequest' },
  );
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
});

describe('ObjectBlobStore', () => {
  let staging: string;
  let prefix: string;
  let store: ObjectBlobStore;
  beforeEach(async () => {
    staging = await mkdtemp(join(tmpdir(), 'aisle-staging-'));
    // Each test writes under a prefix of its own, so tests never see each other's objects.
    prefix = `shop-${Math.random().toString(36).slice(2)}/`;
    store = new ObjectBlobStore({ client, bucket: server.bucket, prefix, staging });
    sent.length = 0;
  });
  afterEach(() => rm(staging, { recursive: true, force: true }));

  /** The objects under the test's prefix, then the files in the staging folder. */
  async function holdings(): Promise<string[]> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }));
    const objects = (listed.Contents ?? []).map((object) => object.Key!);
    const files = (await readdir(staging, { recursive: true })).map((name) => join('staging', name));
    return [...objects, ...files].sort();
  }

  describe('as every blob store', () => {
    blobStoreBehaviour(() => ({
      store,
      holdings,
      nameOf: (key) => `${prefix}${key}`,
      stagingDir: staging,
    }));
  });

  it('reads only the bytes a header needs with a ranged read', async () => {
    const key = await store.put(Buffer.alloc(1024 * 1024, 1));
    sent.length = 0;
    expect(await store.head(key, 16)).toEqual(Buffer.alloc(16, 1));
    expect(sent).toEqual([{ method: 'GET', path: expect.stringContaining(key), range: 'bytes=0-15' }]);
  });

  it('never sends bytes it holds already', async () => {
    const key = await store.put(Buffer.from('sent once'));
    sent.length = 0;
    expect(await store.put(Buffer.from('sent once'))).toBe(key);
    const staged = await store.stage(
      (async function* () {
        yield Buffer.from('sent once');
      })(),
    );
    await staged.keep();
    expect(sent.map((request) => request.method)).toEqual(['HEAD', 'HEAD']);
  });

  it('names an object by the prefix and key, reached through the SDK client of another thread', async () => {
    const key = await store.put(Buffer.from('an export'));
    expect(store.locate(key)).toEqual({
      kind: 'object',
      key,
      bucket: server.bucket,
      name: `${prefix}${key}`,
    });
  });

  it('is not found when its bucket is missing: a setting gone wrong is said as such', async () => {
    const elsewhere = new ObjectBlobStore({ client, bucket: 'no-such-bucket', prefix: '', staging });
    await expect(elsewhere.reach()).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    await expect(elsewhere.get('a'.repeat(64))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('AISLE_BLOB_URL', () => {
  it('names a bucket and a prefix', () => {
    expect(parseObjectStoreUrl('s3://shop-blobs')).toEqual({ bucket: 'shop-blobs', prefix: '' });
    expect(parseObjectStoreUrl('s3://shop-blobs/')).toEqual({ bucket: 'shop-blobs', prefix: '' });
    expect(parseObjectStoreUrl('s3://shop.blobs/aisle/prod/')).toEqual({
      bucket: 'shop.blobs',
      prefix: 'aisle/prod/',
    });
  });

  it('refuses anything else, saying what is wrong', () => {
    expect(() => parseObjectStoreUrl('https://shop-blobs/aisle')).toThrow(/s3:\/\/bucket/);
    expect(() => parseObjectStoreUrl('s3://')).toThrow(/not a bucket name/);
    expect(() => parseObjectStoreUrl('s3://Shop_Blobs/aisle')).toThrow(/not a bucket name/);
    expect(() => parseObjectStoreUrl('s3://shop-blobs/aisle?region=eu')).toThrow(/s3:\/\/bucket/);
  });
});

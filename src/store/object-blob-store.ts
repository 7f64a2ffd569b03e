import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { sha256Hex } from '../lib/hash.js';
import {
  assertBlobKey,
  BlobNotFoundError,
  type BlobStore,
  type ObjectLocation,
  type StagedBlob,
  type StoredBlob,
} from './blob-store.js';
import type { ObjectPlace } from './object-store-url.js';
import { readPieces, removeOldTemporaries, writeTemporary } from './temporary-files.js';

export interface ObjectBlobStoreOptions extends ObjectPlace {
  client: S3Client;
  /**
   * A folder of this machine where streamed bytes wait until they are hashed (and an upload until
   * it was read): an object's name is its key, known only once the last byte went by.
   */
  staging: string;
}

/**
 * A multipart upload's part: bytes in memory while one is sent. With `UPLOAD_QUEUE` parts under
 * way, a blob of any size is sent holding about 16 MB.
 */
const PART_BYTES = 8 * 1024 * 1024;
const UPLOAD_QUEUE = 2;

/**
 * Blobs as objects of S3-compatible object storage, named `<prefix><key>`. An object appears only
 * once its upload completed, so a reader never sees a torn one. A stream is first written to the
 * staging folder while it is hashed (its key is its name), then sent from there in parts: neither
 * an upload nor an artifact is ever held whole in memory. A kept object is never written again.
 */
export class ObjectBlobStore implements BlobStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #staging: string;

  constructor(options: ObjectBlobStoreOptions) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix;
    this.#staging = options.staging;
  }

  async reach(): Promise<void> {
    await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
  }

  async put(bytes: Uint8Array): Promise<string> {
    const key = sha256Hex(bytes);
    if (await this.has(key)) return key;
    await this.#client.send(
      new PutObjectCommand({ Bucket: this.#bucket, Key: this.#name(key), Body: bytes }),
    );
    return key;
  }

  async putStream(stream: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
    const staged = await this.stage(stream);
    await staged.keep();
    return { key: staged.key, bytes: staged.bytes };
  }

  async stage(stream: AsyncIterable<Uint8Array>, maxBytes?: number): Promise<StagedBlob> {
    const { path, release, ...stored } = await writeTemporary(this.#staging, stream, maxBytes);
    let settled = false;
    return {
      ...stored,
      open: () => readPieces(path),
      location: { kind: 'file', key: stored.key, path },
      keep: async () => {
        if (settled) return;
        settled = true;
        try {
          if (!(await this.has(stored.key))) await this.#upload(stored.key, path);
        } finally {
          release();
          await rm(path, { force: true });
        }
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        release();
        await rm(path, { force: true });
      },
    };
  }

  open(key: string): AsyncIterable<Uint8Array> {
    return readObject(this.#client, this.locate(key));
  }

  locate(key: string): ObjectLocation {
    return { kind: 'object', key, bucket: this.#bucket, name: this.#name(key) };
  }

  /**
   * Removes staged files of writes a killed process left. Parts of a multipart upload it left are
   * the bucket's to expire (a lifecycle rule: docs/OPERATIONS.md): they are no object, and no
   * reader sees them.
   */
  removeAbandoned(olderThanMs: number): Promise<number> {
    return removeOldTemporaries(this.#staging, olderThanMs, this.#staging);
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.#getObject(key);
    // One buffer of the announced length, filled as the pieces arrive: the bytes are held once.
    const bytes = Buffer.allocUnsafe(body.ContentLength ?? 0);
    let filled = 0;
    for await (const piece of body.Body as AsyncIterable<Uint8Array>) {
      bytes.set(piece, filled);
      filled += piece.byteLength;
    }
    return bytes.subarray(0, filled);
  }

  /** A ranged read: only the first `length` bytes cross the network. */
  async head(key: string, length: number): Promise<Buffer> {
    const answer = await this.#getObject(key, `bytes=0-${length - 1}`);
    const pieces: Uint8Array[] = [];
    for await (const piece of answer.Body as AsyncIterable<Uint8Array>) pieces.push(piece);
    return Buffer.concat(pieces);
  }

  async has(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const answer = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#name(key) }),
      );
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isNoSuchObject(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#name(key) }));
  }

  /** Sends a staged file in parts; the object appears when the last part is in. */
  async #upload(key: string, path: string): Promise<void> {
    const upload = new Upload({
      client: this.#client,
      params: { Bucket: this.#bucket, Key: this.#name(key), Body: createReadStream(path) },
      partSize: PART_BYTES,
      queueSize: UPLOAD_QUEUE,
    });
    await upload.done();
  }

  async #getObject(key: string, range?: string): Promise<GetObjectCommandOutput> {
    try {
      return await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: this.#name(key),
          ...(range ? { Range: range } : {}),
        }),
      );
    } catch (error) {
      throw isNoSuchObject(error) ? new BlobNotFoundError(key) : error;
    }
  }

  #name(key: string): string {
    assertBlobKey(key);
    return `${this.#prefix}${key}`;
  }
}

/**
 * A client configured the way the AWS SDK configures itself: credentials from its provider chain
 * (environment, shared files, instance or container roles), the region from `AWS_REGION` or the
 * profile, and the endpoint from `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL`. A server of one's
 * own named by an endpoint (MinIO, Ceph, a test's) is addressed path-style, with the bucket in
 * the path, which every S3-compatible server answers; AWS itself, with no endpoint, by host name.
 */
export function objectClientFromEnvironment(env: NodeJS.ProcessEnv = process.env): S3Client {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL;
  return new S3Client({ forcePathStyle: endpoint !== undefined && endpoint !== '' });
}

/** The client of this thread for locations handed to it, made when the first is read. */
let threadClient: S3Client | undefined;

/** The bytes at an object location, read on any thread with that thread's own client. */
export function openObjectLocation(location: ObjectLocation): AsyncIterable<Uint8Array> {
  threadClient ??= objectClientFromEnvironment();
  return readObject(threadClient, location);
}

/** The object's bytes in the pieces they arrive in; BlobNotFoundError when there is none. */
async function* readObject(client: S3Client, location: ObjectLocation): AsyncIterable<Uint8Array> {
  let answer: GetObjectCommandOutput;
  try {
    answer = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: location.name }));
  } catch (error) {
    throw isNoSuchObject(error) ? new BlobNotFoundError(location.key) : error;
  }
  // Leaving the loop early (a reader that stops) ends the response, and its connection is reused.
  yield* answer.Body as AsyncIterable<Uint8Array>;
}

/**
 * A 404 of an object that is not there. A missing bucket answers 404 too, but is a setting gone
 * wrong rather than a blob never kept: it stays the error it is.
 */
function isNoSuchObject(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    error.name !== 'NoSuchBucket'
  );
}

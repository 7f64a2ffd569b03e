/**
 * Content-addressed storage for snapshots and index artifacts: a blob's key is the sha256 of its
 * bytes, so the same bytes are kept once and a key always means the same bytes.
 */
export interface BlobStore {
  /**
   * Reaches where the bytes are kept, once: a setting gone wrong (a bucket that is not there, keys
   * refused) shows when a process starts, and its first read of a blob does not also pay for
   * setting up the connection. Rejects when the storage cannot be reached.
   */
  reach(): Promise<void>;
  /** Keeps the bytes and answers their key; bytes kept already are not written again. */
  put(bytes: Uint8Array): Promise<string>;
  /** Keeps a stream's bytes, hashing them on the way, without holding them all in memory. */
  putStream(stream: AsyncIterable<Uint8Array>): Promise<StoredBlob>;
  /**
   * Writes a stream's bytes aside, hashing them on the way, without keeping them yet: they can be
   * read (an upload is checked before it is kept), then kept under their key or discarded.
   * Rejects with `BlobTooLargeError` as soon as more than `maxBytes` arrived.
   */
  stage(stream: AsyncIterable<Uint8Array>, maxBytes?: number): Promise<StagedBlob>;
  /** The blob's bytes as a stream, for readers that need not hold them; rejects as get() does. */
  open(key: string): AsyncIterable<Uint8Array>;
  /** Where a kept blob's bytes are, for a worker thread that reads them itself (openLocation). */
  locate(key: string): BlobLocation;
  /**
   * Removes what writes that never finished left behind (a process killed while writing), when
   * it is older than `olderThanMs`; answers how many files were removed. A staged upload no
   * process holds any more is removed whatever its age: one whose process is gone (known on the
   * host that staged it, so a start removes what a killed process left), or one its process
   * stopped renewing (a minute, seen from any host).
   */
  removeAbandoned(olderThanMs: number): Promise<number>;
  /** Rejects with `BlobNotFoundError` when no blob has the key. */
  get(key: string): Promise<Buffer>;
  /** The first `length` bytes (all of a shorter blob); rejects as get() does. */
  head(key: string, length: number): Promise<Buffer>;
  has(key: string): Promise<boolean>;
  /** Size in bytes, or undefined when no blob has the key. */
  size(key: string): Promise<number | undefined>;
  /** Removes the blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export interface StoredBlob {
  key: string;
  bytes: number;
}

/** Bytes written aside by `stage`: readable, then kept or discarded (once either). */
export interface StagedBlob extends StoredBlob {
  open(): AsyncIterable<Uint8Array>;
  /** Where the staged bytes are until they are kept or discarded, for a worker thread to read. */
  readonly location: BlobLocation;
  keep(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where a blob's bytes can be read, as a plain value that crosses to a worker thread: the worker
 * opens the bytes itself (openLocation) instead of having them copied over from the thread that
 * stores them.
 */
export type BlobLocation = FileLocation | ObjectLocation;

/** Bytes in a file of this machine: a blob of the directory store, or an upload staged on disk. */
export interface FileLocation {
  kind: 'file';
  /** The blob's key: a read that finds no bytes there fails with BlobNotFoundError naming it. */
  key: string;
  path: string;
}

/**
 * Bytes of an object in S3-compatible object storage. The reading thread makes its own client from
 * the environment (credentials, region and endpoint, as the process's own client does), so no
 * secret travels in the value.
 */
export interface ObjectLocation {
  kind: 'object';
  key: string;
  bucket: string;
  /** The object's name in the bucket (the store's prefix and the key). */
  name: string;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The stream holds more than ${maxBytes} bytes.`);
    this.name = 'BlobTooLargeError';
  }
}

const KEY = /^[0-9a-f]{64}$/;

/**
 * Refuses anything but 64 lowercase hex characters, before a key is made into a path or an object
 * name: a key from outside can then never reach another file.
 */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key))
    throw new RangeError(`"${key}" is not a blob key: a key is 64 lowercase hex characters.`);
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob is kept under ${key}.`);
    this.name = 'BlobNotFoundError';
  }
}

import { join } from 'node:path';
import type { BlobStore } from './blob-store.js';
import { DirectoryBlobStore } from './directory-blob-store.js';
import { parseObjectStoreUrl } from './object-store-url.js';

export interface OpenBlobStoreOptions {
  /** `s3://bucket/prefix` for object storage; absent: the data dir's `blobs` folder. */
  url?: string;
  dataDir: string;
}

/**
 * The blob store the configuration names: a folder of the data dir by default (one machine, or a
 * shared mount), or S3-compatible object storage, whose client library is loaded only then.
 */
export async function openBlobStore(options: OpenBlobStoreOptions): Promise<BlobStore> {
  if (options.url === undefined) return new DirectoryBlobStore(join(options.dataDir, 'blobs'));
  const place = parseObjectStoreUrl(options.url);
  const { ObjectBlobStore, objectClientFromEnvironment } = await import('./object-blob-store.js');
  return new ObjectBlobStore({
    ...place,
    client: objectClientFromEnvironment(),
    // Streams wait here until they are hashed: on the machine's own disk, never in the bucket.
    staging: join(options.dataDir, 'staging'),
  });
}

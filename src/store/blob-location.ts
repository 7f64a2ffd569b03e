import type { BlobLocation } from './blob-store.js';
import { openFileLocation } from './directory-blob-store.js';

/**
 * The bytes at a location, from any thread, in pieces as they are asked for; rejects with
 * BlobNotFoundError when nothing is there (any more). Object storage's client library is loaded
 * by the first object read, so a thread that reads only files never pays for it.
 */
export async function* openLocation(location: BlobLocation): AsyncIterable<Uint8Array> {
  if (location.kind === 'file') {
    yield* openFileLocation(location);
    return;
  }
  const { openObjectLocation } = await import('./object-blob-store.js');
  yield* openObjectLocation(location);
}

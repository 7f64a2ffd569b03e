import type { AttributesFile } from '../contracts/release-files/attributes.js';
import type { FeedFile } from '../contracts/release-files/feed.js';

/** What the export readers take from a release: how to read the file, and the attributes it names. */
export function readerFiles(files: Record<string, unknown>): {
  feed?: FeedFile;
  attributes?: AttributesFile;
} {
  const feed = files['feed.json'] as FeedFile | undefined;
  const attributes = files['attributes.json'] as AttributesFile | undefined;
  return { ...(feed ? { feed } : {}), ...(attributes ? { attributes } : {}) };
}

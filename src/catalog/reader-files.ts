import type { AttributesFile } from '../contracts/release-files/attributes.js';
import type { ChannelsFile } from '../contracts/release-files/channels.js';
import type { FeedFile } from '../contracts/release-files/feed.js';
import type { ReleaseFileTypes } from '../contracts/release-files/index.js';

/**
 * What the export readers take from a release: how to read the file, the attributes it names, and
 * the channels (the default channel's language and currency, where feed.json says none).
 */
export function readerFiles(files: Record<string, unknown>): {
  feed?: FeedFile;
  attributes?: AttributesFile;
  channels?: ChannelsFile;
} {
  const {
    'feed.json': feed,
    'attributes.json': attributes,
    'channels.json': channels,
  } = files as Partial<ReleaseFileTypes>;
  return {
    ...(feed ? { feed } : {}),
    ...(attributes ? { attributes } : {}),
    ...(channels ? { channels } : {}),
  };
}

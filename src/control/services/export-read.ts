import { type ExportRead, readExport } from '../../catalog/index.js';
import type { AttributesFile, FeedFile } from '../../contracts/release-files/index.js';
import { AppError } from '../../lib/errors.js';

/** What the export readers take from a release: how to read the file, and the attributes it names. */
export function readerFiles(files: Record<string, unknown>): {
  feed?: FeedFile;
  attributes?: AttributesFile;
} {
  const feed = files['feed.json'] as FeedFile | undefined;
  const attributes = files['attributes.json'] as AttributesFile | undefined;
  return { ...(feed ? { feed } : {}), ...(attributes ? { attributes } : {}) };
}

/**
 * What the control plane keeps about an export as it arrives: its format and how many entities
 * it holds, read with the release published now. When that release cannot read it (a draft's
 * feed.json may still correct that), it is read as the bytes show it. Bytes that hold no export
 * even then (no format the readers know, or not one row) are refused as `unprocessable`.
 */
export async function countEntities(
  bytes: Uint8Array,
  files: Record<string, unknown>,
  fileName: string | undefined,
): Promise<{ format: string; entities: number }> {
  const named = fileName ? { fileName } : {};
  let read: ExportRead;
  try {
    read = await readExport(bytes, { ...readerFiles(files), ...named });
  } catch {
    read = await readExport(bytes, named);
  }
  if (read.rows === 0) {
    throw new AppError(
      'unprocessable',
      `The body holds no export: not one row was found in it. ${read.how.summary} Send the export file itself as the body.`,
    );
  }
  return {
    format: read.format,
    entities: read.counts.products + read.counts.categories + read.counts.brands,
  };
}

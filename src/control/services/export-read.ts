import { type ExportRead, readCatalog, readExport, readerFiles } from '../../catalog/index.js';
import { countRejected } from '../../catalog/report.js';
import { AppError } from '../../lib/errors.js';

/**
 * Reading exports as they arrive, run as tasks in a worker thread (see src/lib/worker-pool.ts):
 * parsing an upload of many megabytes would otherwise hold up every other request meanwhile,
 * the searches of a query node in the same process included.
 */

export interface CountInput {
  bytes: Uint8Array;
  files: Record<string, unknown>;
  fileName?: string;
}

/** What the control plane keeps about an export as it arrives. */
export interface ExportCount {
  format: string;
  entities: number;
}

/** What an upload of the catalog keeps about it. */
export interface CatalogCount extends ExportCount {
  /** Rows that could not be read. */
  rejected: number;
}

/**
 * What the control plane keeps about an export as it arrives: its format and how many entities
 * it holds, read with the release published now. When that release cannot read it (a draft's
 * feed.json may still correct that), it is read as the bytes show it. Bytes that hold no export
 * even then (no format the readers know, or not one row) are refused as `unprocessable`.
 */
async function countEntities({ bytes, files, fileName }: CountInput): Promise<ExportCount> {
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

/**
 * Reads a catalog upload with the published release's feed.json and attributes.json; a body that
 * holds no catalog is refused as `unprocessable`.
 */
async function countCatalog({ bytes, files }: CountInput): Promise<CatalogCount> {
  const read = await readCatalog(bytes, readerFiles(files));
  return { format: read.format, entities: read.entities.length, rejected: countRejected(read.rejected) };
}

export const uploadTasks = {
  'export:count': countEntities,
  'catalog:count': countCatalog,
};

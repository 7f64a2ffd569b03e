import {
  countRejected,
  type ExportFile,
  type ExportLimits,
  type ExportRead,
  isLimitRefusal,
  readCatalog,
  readExport,
  readerFiles,
} from '../../catalog/index.js';
import { AppError } from '../../lib/errors.js';
import { openLocation } from '../../store/blob-location.js';
import type { BlobLocation, StagedBlob } from '../../store/blob-store.js';
import type { ControlDeps } from './deps.js';

/**
 * Reading uploads as they arrive, run as tasks on the read threads (see src/lib/worker-pool.ts):
 * the worker opens the staged bytes itself and streams them through the readers, so parsing an
 * export of many megabytes never holds up the event loop that answers every other request (and,
 * under `aisle start`, the searches); only what the control plane keeps about the export comes back.
 */

export interface UploadInput {
  /** Where the upload is staged. */
  upload: BlobLocation;
  /** Its size as staged. */
  bytes: number;
  /** The published release's files: its feed.json and attributes.json read the export. */
  files: Record<string, unknown>;
  fileName?: string;
  limits?: ExportLimits;
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
 * it holds, read with the release published now. Throws `unprocessable` as readUploadedExport does.
 * Aborting `signal` (the client left) ends the read thread at once, and with it the memory it took;
 * the thread ends after reading the upload too, so what an upload built to unfold grew its heap to
 * is given back (a thread kept alive keeps its grown heap).
 */
export function countEntities(
  deps: ControlDeps,
  upload: StagedBlob,
  files: Record<string, unknown>,
  fileName: string | undefined,
  signal?: AbortSignal,
): Promise<ExportCount> {
  return deps.reads.run('upload:count-export', uploadInput(deps, upload, files, fileName), {
    retire: true,
    ...(signal ? { signal } : {}),
  });
}

/**
 * A catalog upload read with the published release's feed.json and attributes.json; a body that
 * holds no catalog is refused as `unprocessable` (readCatalog).
 */
export function countCatalog(
  deps: ControlDeps,
  upload: StagedBlob,
  files: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<CatalogCount> {
  return deps.reads.run('upload:count-catalog', uploadInput(deps, upload, files, undefined), {
    retire: true,
    ...(signal ? { signal } : {}),
  });
}

function uploadInput(
  deps: ControlDeps,
  upload: StagedBlob,
  files: Record<string, unknown>,
  fileName: string | undefined,
): UploadInput {
  return {
    upload: upload.location,
    bytes: upload.bytes,
    files,
    ...(fileName ? { fileName } : {}),
    ...(deps.exportLimits ? { limits: deps.exportLimits } : {}),
  };
}

/**
 * Reads the export with the release's files; when that release cannot read it (a draft's
 * feed.json may still correct that), it is read as the bytes show it. Bytes that hold no export
 * even then (no format the readers know, or not one row) are refused as `unprocessable`. An export
 * whose rows make no entity is still kept: its inspection shows what was read and why each row was
 * left out, and the merchandiser corrects feed.json on the draft.
 */
async function readUploadedExport(input: UploadInput): Promise<ExportCount> {
  const bytes = staged(input);
  const options = {
    ...(input.fileName ? { fileName: input.fileName } : {}),
    ...(input.limits ? { limits: input.limits } : {}),
  };
  let read: ExportRead;
  try {
    read = await readExport(bytes, { ...readerFiles(input.files), ...options });
  } catch (error) {
    // Limits hold whatever the release says: past one, reading again cannot help.
    if (isLimitRefusal(error)) throw error;
    read = await readExport(bytes, options);
  }
  if (read.rows === 0) {
    throw new AppError(
      'export_unreadable',
      `The body holds no export: not one row was found in it. ${read.how.summary} Send the export file itself as the body.`,
    );
  }
  return {
    format: read.format,
    entities: read.counts.products + read.counts.categories + read.counts.brands,
  };
}

async function readUploadedCatalog(input: UploadInput): Promise<CatalogCount> {
  const read = await readCatalog(
    staged(input),
    readerFiles(input.files),
    input.limits ? { limits: input.limits } : {},
  );
  return { format: read.format, entities: read.entities.length, rejected: countRejected(read.rejected) };
}

/** The staged upload, read from its start as often as a pass needs it. */
function staged(input: UploadInput): ExportFile {
  return { bytes: input.bytes, open: () => openLocation(input.upload) };
}

export const uploadTasks = {
  'upload:count-export': readUploadedExport,
  'upload:count-catalog': readUploadedCatalog,
};

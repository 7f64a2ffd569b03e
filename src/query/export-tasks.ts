import {
  type ExportColumns,
  type ExportLimits,
  type ExportRead,
  readExport,
  readerFiles,
} from '../catalog/index.js';
import type { CompareAnswer } from '../contracts/imports.js';
import type { Inspection } from '../contracts/inspection.js';
import { AppError } from '../lib/errors.js';
import { openLocation } from '../store/blob-location.js';
import { type BlobLocation, BlobNotFoundError } from '../store/blob-store.js';
import { type CatalogFacts, catalogFacts, compareFacts } from './routes/compare-exports.js';

/**
 * Reading kept exports for the internal API, run as tasks on the node's read threads (see
 * src/lib/worker-pool.ts): the worker opens the export in storage itself and streams it through
 * the readers, so parsing an export of many megabytes never holds up the searches this node
 * answers; only the inspection or the comparison comes back.
 */

/** A kept export as a worker reads it. */
export interface KeptExport {
  snapshot: string;
  location: BlobLocation;
  /** Its size as kept. */
  bytes: number;
}

export interface InspectInput {
  export: KeptExport;
  /** The release files it is read with (feed.json, attributes.json). */
  files: Record<string, unknown>;
  sample: boolean;
  limits?: ExportLimits;
}

export interface ColumnsInput {
  export: KeptExport;
  /** The release files it is read with (feed.json, attributes.json). */
  files: Record<string, unknown>;
  limits?: ExportLimits;
}

/** One side of a comparison: an export, the files it is read with and the files that type it. */
export interface CompareSide {
  export: KeptExport;
  readWith: Record<string, unknown>;
  /** attributes.json of these types attributes before the one derived from the export. */
  typedBy: Record<string, unknown>;
}

export interface CompareInput {
  draft: CompareSide;
  live?: CompareSide;
  limits?: ExportLimits;
}

/** What the indexer would make of the export with the release's feed.json and attributes.json. */
async function inspectExport(input: InspectInput): Promise<Inspection> {
  const read = await readKept(input.export, input.files, input.limits, {
    sample: input.sample,
    holdEntities: false,
  });
  return read.inspection();
}

/**
 * The export's columns as the mapping read them (its first rows for a file larger than 8 MB), the
 * mapping and the derived files: what a column suggestion shows the model and builds on.
 */
async function exportColumns(input: ColumnsInput): Promise<ExportColumns> {
  const read = await readKept(input.export, input.files, input.limits, { sample: true, holdEntities: false });
  return { columns: read.columns, mapping: read.mapping, derivedFiles: read.derivedFiles };
}

/** Products added and removed, attributes and filters new and gone, from the draft to what is live. */
async function compareExports(input: CompareInput): Promise<CompareAnswer> {
  const draft = await factsOf(input.draft, input.limits);
  const live = input.live ? await factsOf(input.live, input.limits) : undefined;
  return compareFacts(draft, live);
}

/** Attribute types come from `typedBy`'s attributes.json, else from the one derived from the export. */
async function factsOf(side: CompareSide, limits: ExportLimits | undefined): Promise<CatalogFacts> {
  const read = await readKept(side.export, side.readWith, limits);
  const derived = read.derivedFiles.find((file) => file.name === 'attributes.json')?.content;
  return catalogFacts(read.entities, [side.typedBy['attributes.json'], derived]);
}

async function readKept(
  kept: KeptExport,
  files: Record<string, unknown>,
  limits: ExportLimits | undefined,
  options: { sample?: boolean; holdEntities?: boolean } = {},
): Promise<ExportRead> {
  try {
    return await readExport(
      { bytes: kept.bytes, open: () => openLocation(kept.location) },
      { ...readerFiles(files), ...(limits ? { limits } : {}), ...options },
    );
  } catch (error) {
    // The clean-up may remove an export between its lookup and its reading.
    throw error instanceof BlobNotFoundError ? goneFromStorage(kept.snapshot) : error;
  }
}

export function goneFromStorage(snapshotId: string): AppError {
  return new AppError('not_found', `The bytes of snapshot ${snapshotId} are not in storage any more.`);
}

export const exportTasks = {
  'export:inspect': inspectExport,
  'export:compare': compareExports,
  'export:columns': exportColumns,
};

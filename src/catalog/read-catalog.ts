import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { AttributesFile } from '../contracts/release-files/attributes.js';
import type { FeedFile } from '../contracts/release-files/feed.js';
import { type ReadExportOptions, readExport } from './read-export.js';
import { noCatalog } from './refusal.js';
import type { RejectedRows } from './report.js';
import type { ExportFormat } from './sniff.js';
import type { ExportFile } from './source.js';

export interface CatalogRead {
  format: ExportFormat;
  entities: CatalogEntity[];
  rejected: RejectedRows;
}

/**
 * Reads a catalog from an export's bytes for an index run or an upload: any format readExport
 * reads, mapped by the release's feed.json and attributes.json when given, every entity held.
 * Throws an `unprocessable` AppError when the bytes hold no catalog, saying which formats are read.
 */
export async function readCatalog(
  bytes: Uint8Array | ExportFile,
  files: { feed?: FeedFile; attributes?: AttributesFile } = {},
  options: Pick<ReadExportOptions, 'limits' | 'signal'> = {},
): Promise<CatalogRead> {
  const read = await readExport(bytes, { ...files, ...options, holdEntities: true });
  const entities = read.entities as CatalogEntity[];
  if (entities.length === 0) {
    const [first] = read.rejected;
    throw noCatalog(first ? `first problem: ${first.cause.replace(/\.$/, '')}` : 'no row makes a product');
  }
  return { format: read.format, entities, rejected: read.rejectedRows };
}

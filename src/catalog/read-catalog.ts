import type { CatalogEntity } from '../contracts/catalog-entity.js';
import { AppError } from '../lib/errors.js';
import { readJsonLines } from './readers/jsonl.js';
import type { RejectedRows } from './report.js';
import { type ExportFormat, formatNames, sniffFormat } from './sniff.js';

export interface CatalogRead {
  format: ExportFormat;
  entities: CatalogEntity[];
  rejected: RejectedRows;
}

const READABLE = "aisle's own JSON Lines entity format (one catalog entity per line)";

/**
 * Reads a catalog from an export's bytes, recognizing the format from the bytes. Throws an
 * `unprocessable` AppError when the bytes hold no catalog, saying which formats are read.
 */
export function readCatalog(bytes: Uint8Array): CatalogRead {
  const format = sniffFormat(bytes);
  if (format !== 'jsonl') {
    throw new AppError(
      'unprocessable',
      format === 'empty'
        ? `The body is empty: send a catalog in ${READABLE}.`
        : `The body looks like ${formatNames[format]}, which is not read yet: send the catalog in ${READABLE}.`,
    );
  }
  const { entities, rejected } = readJsonLines(bytes);
  if (entities.length === 0) {
    const [cause] = rejected.keys();
    throw new AppError(
      'unprocessable',
      `The body holds no catalog entity${cause ? ` (first problem: ${cause})` : ''}: send a catalog in ${READABLE}.`,
    );
  }
  return { format, entities, rejected };
}

import { AppError } from '../lib/errors.js';

/** What aisle reads, for sentences that refuse a body. */
export const READ_FORMATS =
  "aisle's own JSON Lines entities, CSV or TSV text, spreadsheet workbooks (xlsx), merchant product feeds in XML (RSS 2.0 or Atom with Google's g: fields) and JSON records (an array, or an object holding one), each also gzip-compressed";

/**
 * The 422 for bytes that hold no catalog: why, and what aisle reads instead. Every reader refuses
 * with it, so an upload, an index run and an inspection say the same.
 */
export function noCatalog(reason: string): AppError {
  return new AppError(
    'export_unreadable',
    `The body holds no catalog entity (${reason}): send ${READ_FORMATS}.`,
  );
}

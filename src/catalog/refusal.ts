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

/**
 * Why a parser stopped, in a sentence for whoever sent the file: the parser's own words (csv-parse,
 * saxes, exceljs, fflate and zlib describe the file: "Invalid Closing Quote", "incorrect header
 * check"), never JavaScript's. A TypeError or RangeError is the parser failing on a layout it did
 * not expect, and its message names the parser's code, which tells the sender nothing.
 */
export function parserSaid(error: unknown): string {
  const javascript =
    error instanceof TypeError ||
    error instanceof RangeError ||
    error instanceof ReferenceError ||
    error instanceof EvalError ||
    error instanceof URIError;
  if (!(error instanceof Error) || javascript || error.message.trim() === '')
    return 'the reader met a layout it cannot follow';
  return error.message.replace(/\.$/, '');
}

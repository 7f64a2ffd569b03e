import { AppError } from '../lib/errors.js';

/**
 * How much one export may make aisle read, whatever its size on the wire: a few kilobytes of
 * gzip or zip can unfold into gigabytes, one cell or line into more text than a string can hold.
 * Each limit is a setting (README, "Configuration"); beyond one, the export is refused (or, for a
 * cell, its row is left out with the cause) instead of holding the memory it asks for.
 */
export interface ExportLimits {
  /** Bytes of the export once decompressed. */
  bytes: number;
  /** Characters of one line of text, one record, one element's text or one text of a workbook's XML. */
  lineChars: number;
  /** Characters of one cell. */
  cellChars: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  bytes: 1024 * 1024 * 1024,
  lineChars: 16 * 1024 * 1024,
  cellChars: 1024 * 1024,
};

/** Whether an error is the refusal of an export past one of the limits. */
export function isLimitRefusal(error: unknown): boolean {
  return error instanceof LimitRefusal;
}

class LimitRefusal extends AppError {}

/** The refusal of an export that decompresses to more than the limit allows. */
export function tooLargeDecompressed(limits: ExportLimits): AppError {
  return new LimitRefusal(
    'export_over_limit',
    `The export holds more than ${describeBytes(limits.bytes)} once decompressed, more than this server reads (AISLE_EXPORT_MAX_MB): split it, or raise the limit.`,
  );
}

/** The refusal of an export with a line (or record, or element text) longer than the limit. */
export function tooLongLine(limits: ExportLimits, where: string): AppError {
  return new LimitRefusal(
    'export_over_limit',
    `The export has ${where} longer than ${describeBytes(limits.lineChars)} (AISLE_EXPORT_MAX_LINE_KB): no catalog needs one that long; check that it is the export itself.`,
  );
}

/** The refusal of an archive of more entries than a workbook has (see zip-directory.ts). */
export function tooManyEntries(entries: number, most: number): AppError {
  return new LimitRefusal(
    'export_over_limit',
    `The export is an archive of ${entries} entries, more than the ${most} a workbook may have: check that it is the export itself.`,
  );
}

/** The refusal of an archive part that unfolds far more than text does (see zip-directory.ts). */
export function tooCompressed(part: string, ratio: number, most: number): AppError {
  return new LimitRefusal(
    'export_over_limit',
    `The export's part ${part} unfolds to ${ratio} times its compressed size, where text unfolds to ${most} times at most: check that it is the export itself.`,
  );
}

/** Why a row with a cell over the limit is left out. */
export function cellTooLongCause(limits: ExportLimits): string {
  return `A cell holds more than ${describeBytes(limits.cellChars)} of text (AISLE_EXPORT_MAX_CELL_KB).`;
}

function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} characters`;
}

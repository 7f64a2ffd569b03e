import { decodeAll, encodingOfHead } from './encoding.js';

/** What the first bytes of an export say it is. The content type only documents a file. */
export type ExportFormat = 'jsonl' | 'json' | 'csv' | 'tsv' | 'xml' | 'xlsx' | 'gzip' | 'empty' | 'unknown';

const SNIFF_BYTES = 64 * 1024;

export function sniffFormat(bytes: Uint8Array): ExportFormat {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return 'gzip';
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return 'xlsx';
  // Windows-1252 and Latin-1 write the characters that tell formats apart as ASCII does.
  const encoding = encodingOfHead(bytes) ?? 'utf-8';
  const text = decodeAll(bytes.subarray(0, SNIFF_BYTES), encoding).trimStart();
  if (text.length === 0) return 'empty';
  if (text.startsWith('<')) return 'xml';
  if (text.startsWith('[')) return 'json';
  if (text.startsWith('{')) return looksLikeJsonLines(bytes, encoding) ? 'jsonl' : 'json';
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes('\t')) return 'tsv';
  if (/[,;|]/.test(firstLine)) return 'csv';
  return 'unknown';
}

/**
 * JSON Lines: the first line is a whole JSON object on its own. The line is read from the bytes
 * up to its end, however long: one entity with many variants can exceed any sniffing window.
 */
function looksLikeJsonLines(bytes: Uint8Array, encoding: string): boolean {
  if (encoding.startsWith('utf-16')) {
    const lines = decodeAll(bytes, encoding).split('\n');
    return isJsonObject(lines.find((line) => line.trim() !== '') ?? '');
  }
  let start = 0;
  // Skip blank lines before the first entity.
  for (;;) {
    const end = bytes.indexOf(0x0a, start);
    const line = decodeAll(bytes.subarray(start, end === -1 ? bytes.length : end), encoding);
    if (line.trim() !== '' || end === -1) return isJsonObject(line);
    start = end + 1;
  }
}

function isJsonObject(firstLine: string): boolean {
  try {
    const value: unknown = JSON.parse(firstLine);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Human names of the formats, for sentences that say what a file was taken for. */
export const formatNames: Record<ExportFormat, string> = {
  jsonl: "aisle's JSON Lines entity format",
  json: 'a JSON document',
  csv: 'comma-separated text (CSV)',
  tsv: 'tab-separated text (TSV)',
  xml: 'an XML document',
  xlsx: 'a spreadsheet workbook',
  gzip: 'a gzip-compressed file',
  empty: 'an empty file',
  unknown: 'text of no known format',
};

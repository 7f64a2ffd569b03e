/**
 * Reading exports: the format and encoding recognized from the bytes, every column mapped to a
 * catalog field with a reason, rows grouped into products with variants, categories and brands,
 * and the inspection that shows what a file became before anything goes live.
 */
export { DEFAULT_EXPORT_LIMITS, type ExportLimits, isLimitRefusal } from './limits.js';
export { type CatalogRead, readCatalog } from './read-catalog.js';
export {
  type ExportRead,
  type ReadExportOptions,
  readExport,
  SAMPLE_ROWS,
  WHOLE_FILE_BYTES,
} from './read-export.js';
export { readerFiles } from './reader-files.js';
export { READ_FORMATS } from './refusal.js';
export { countRejected, type RejectedRows } from './report.js';
export { type ExportFormat, formatNames, sniffFormat } from './sniff.js';
export type { ExportFile } from './source.js';
export {
  applySuggestions,
  type ExportColumns,
  type ModelSuggestion,
  type SuggestionInput,
  suggestionInput,
} from './suggestions.js';

import {
  type ExportFile,
  type ExportLimits,
  type ExportRead,
  isLimitRefusal,
  readExport,
  readerFiles,
} from '../../catalog/index.js';
import { AppError } from '../../lib/errors.js';

/**
 * What the control plane keeps about an export as it arrives: its format and how many entities
 * it holds, read with the release published now. When that release cannot read it (a draft's
 * feed.json may still correct that), it is read as the bytes show it. Bytes that hold no export
 * even then (no format the readers know, or no row that makes an entity) are refused as
 * `unprocessable`, as PUT /catalog refuses them.
 */
export async function countEntities(
  bytes: ExportFile,
  files: Record<string, unknown>,
  fileName: string | undefined,
  limits: ExportLimits | undefined,
): Promise<{ format: string; entities: number }> {
  const options = { ...(fileName ? { fileName } : {}), ...(limits ? { limits } : {}) };
  let read: ExportRead;
  try {
    read = await readExport(bytes, { ...readerFiles(files), ...options });
  } catch (error) {
    // Limits hold whatever the release says: past one, reading again cannot help.
    if (isLimitRefusal(error)) throw error;
    read = await readExport(bytes, options);
  }
  const entities = read.counts.products + read.counts.categories + read.counts.brands;
  if (entities === 0) {
    // The same bytes PUT /catalog refuses: nothing of them could become a catalog entity.
    const [first] = read.rejected;
    throw new AppError(
      'unprocessable',
      read.rows === 0
        ? `The body holds no export: not one row was found in it. ${read.how.summary} Send the export file itself as the body.`
        : `The export makes no catalog entity: none of its ${read.rows} rows could be read as one${first ? ` (first problem: ${first.cause.replace(/\.$/, '')})` : ''}. ${read.how.summary}`,
    );
  }
  return {
    format: read.format,
    entities,
  };
}

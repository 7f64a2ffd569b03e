import type { Selectable } from 'kysely';
import type { ImportRecord } from './records.js';
import { absentIfNull } from './rows.js';
import type { ImportsTable } from './schema.js';

/** An import as its row keeps it: files as JSON text, absent members as null. */
export function toImport(row: Selectable<ImportsTable>): ImportRecord {
  return {
    id: row.id,
    revision: row.revision,
    name: absentIfNull(row.name),
    snapshotId: row.snapshot_id,
    files: JSON.parse(row.files) as Record<string, unknown>,
    createdAt: row.created_at,
    discardedAt: absentIfNull(row.discarded_at),
    publishedAt: absentIfNull(row.published_at),
    baseReleaseId: absentIfNull(row.base_release_id),
    releaseId: absentIfNull(row.release_id),
    runId: absentIfNull(row.run_id),
    replacedAt: absentIfNull(row.replaced_at),
    exportRemovedAt: absentIfNull(row.export_removed_at),
  };
}

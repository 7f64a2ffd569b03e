import type { IndexRun, Release, Snapshot } from '../contracts/management.js';
import type { IndexRunRecord, ReleaseRecord, SnapshotRecord } from '../store/index.js';

/** Store records to the management API's snake_case shapes; absent fields stay absent. */
export function snapshotAnswer(record: SnapshotRecord): Snapshot {
  return {
    id: record.id,
    format: record.format,
    bytes: record.bytes,
    entities: record.entities,
    received_at: record.receivedAt,
  };
}

export function releaseAnswer(record: ReleaseRecord, publishedId: string | undefined): Release {
  return {
    id: record.id,
    files: record.files,
    created_at: record.createdAt,
    ...(record.id === publishedId ? { published: true } : {}),
  };
}

export function indexRunAnswer(record: IndexRunRecord, liveRunId: number | undefined): IndexRun {
  return {
    id: record.id,
    status: record.status,
    trigger: record.trigger as IndexRun['trigger'],
    snapshot: record.snapshotId,
    release: record.releaseId,
    attempts: record.attempts,
    // Progress is shown while the run builds; once it ended, the report says what it did.
    ...(record.progress && record.status === 'running'
      ? { progress: record.progress as IndexRun['progress'] }
      : {}),
    ...(record.failedStep ? { failed_step: record.failedStep } : {}),
    ...(record.error ? { error: record.error } : {}),
    queued_at: record.queuedAt,
    ...(record.startedAt ? { started_at: record.startedAt } : {}),
    ...(record.finishedAt ? { finished_at: record.finishedAt } : {}),
    live: record.id === liveRunId,
    ...(record.supersededBy !== undefined ? { superseded_by: record.supersededBy } : {}),
    ...(record.report ? { report: record.report as IndexRun['report'] } : {}),
  };
}

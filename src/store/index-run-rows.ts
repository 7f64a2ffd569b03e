import type { Selectable } from 'kysely';
import type { IndexRunRecord, IndexRunTrigger, Instant, JsonObject } from './records.js';
import { absentIfNull, parseJsonColumn } from './rows.js';
import type { IndexRunsTable } from './schema.js';

/** An indexer that stopped this many times (its lease ran out) does not get the run again. */
export const MAX_ATTEMPTS = 3;

export const GIVEN_UP_ERROR = 'The indexer stopped three times while building this run; it was given up.';

export function toIndexRun(row: Selectable<IndexRunsTable>): IndexRunRecord {
  return {
    id: row.id,
    status: row.status,
    trigger: JSON.parse(row.trigger) as IndexRunTrigger,
    snapshotId: row.snapshot_id,
    releaseId: row.release_id,
    attempts: row.attempts,
    leaseOwner: absentIfNull(row.lease_owner),
    leaseExpiresAt: absentIfNull(row.lease_expires_at),
    progress: parseJsonColumn<JsonObject>(row.progress),
    failedStep: absentIfNull(row.failed_step),
    error: absentIfNull(row.error),
    report: parseJsonColumn<JsonObject>(row.report),
    artifact: absentIfNull(row.artifact),
    queuedAt: row.queued_at,
    startedAt: absentIfNull(row.started_at),
    finishedAt: absentIfNull(row.finished_at),
    supersededBy: absentIfNull(row.superseded_by),
    catalogGeneration: Number(row.catalog_generation),
    offersSeq: absentIfNull(row.offers_seq),
    rebuildAt: absentIfNull(row.rebuild_at),
  };
}

/** When a lease taken or renewed at `at` runs out. */
export function leaseExpiry(at: Instant, leaseMs: number): string {
  return new Date(new Date(at).getTime() + leaseMs).toISOString();
}

import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from './connect.js';
import type { IndexRunTrigger, Instant } from './records.js';
import { storedTime } from './rows.js';
import type { Schema } from './schema.js';

export interface NewIndexRun {
  trigger: IndexRunTrigger;
  snapshotId: string;
  releaseId: string;
  at: Instant;
  /**
   * The catalog generation it builds; absent: the current catalog's (a run that builds what is
   * live again names the live run's).
   */
  catalogGeneration?: number;
}

/** Serializes enqueues on PostgreSQL, where two at once would each miss the other's queued run. */
const ENQUEUE_LOCK = 0x6169_736c;

/**
 * Queues a run inside a transaction the caller holds: every older run still queued is superseded
 * by it, since it makes them pointless. Answers the inserted row.
 */
export async function insertQueuedRun(
  trx: Transaction<Schema> | Kysely<Schema>,
  dialect: DialectName,
  run: NewIndexRun,
) {
  const queuedAt = storedTime(run.at);
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ENQUEUE_LOCK})`.execute(trx);
  const generation =
    run.catalogGeneration ??
    Number((await trx.selectFrom('catalog').select('generation').executeTakeFirst())?.generation ?? 0);
  const inserted = await trx
    .insertInto('index_runs')
    .values({
      status: 'queued',
      trigger: JSON.stringify(run.trigger),
      snapshot_id: run.snapshotId,
      release_id: run.releaseId,
      attempts: 0,
      queued_at: queuedAt,
      catalog_generation: generation,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('index_runs')
    .set({ status: 'superseded', finished_at: queuedAt, superseded_by: inserted.id })
    .where('status', '=', 'queued')
    .where('id', '<', inserted.id)
    .execute();
  return inserted;
}

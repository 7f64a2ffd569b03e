import type { Kysely } from 'kysely';
import type { Instant, JsonObject } from './records.js';
import { storedTime } from './rows.js';
import { type Schema, SINGLE_ROW } from './schema.js';

export interface RunSuccess {
  at: Instant;
  /** Blob key of the built indexes. */
  artifact: string;
  report: JsonObject;
  /** The last offers write folded into the artifact. */
  offersSeq?: number;
  /** When a decision the artifact took from the time changes. */
  rebuildAt?: Instant;
}

/** `lost`: the run is no longer this indexer's (its lease ran out and another took it); nothing changed. */
export type RunOutcome = 'live' | 'superseded' | 'lost';

/**
 * Finishes a run that built its indexes. It goes live unless a newer run went live first, in which
 * case it is superseded and its indexes are dropped (no artifact is kept on it). The live pointer only
 * moves forward: the upsert's condition keeps it when a newer run got there in between, even from
 * another connection on PostgreSQL.
 */
export async function succeedRun(
  db: Kysely<Schema>,
  id: number,
  owner: string,
  { at, artifact, report, offersSeq, rebuildAt }: RunSuccess,
): Promise<RunOutcome> {
  const finishedAt = storedTime(at);
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .updateTable('index_runs')
      .set({
        status: 'succeeded',
        finished_at: finishedAt,
        artifact,
        report: JSON.stringify(report),
        offers_seq: offersSeq ?? null,
        rebuild_at: rebuildAt === undefined ? null : storedTime(rebuildAt),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', owner)
      .returning(['snapshot_id', 'release_id'])
      .executeTakeFirst();
    if (!run) return 'lost';

    const newer = await trx
      .selectFrom('index_runs')
      .select('id')
      .where('status', '=', 'succeeded')
      .where('id', '>', id)
      .limit(1)
      .executeTakeFirst();
    if (!newer) {
      const pointer = {
        run_id: id,
        snapshot_id: run.snapshot_id,
        release_id: run.release_id,
        artifact,
        since: finishedAt,
      };
      const moved = await trx
        .insertInto('live')
        .values({ slot: SINGLE_ROW, ...pointer })
        .onConflict((conflict) => conflict.column('slot').doUpdateSet(pointer).where('live.run_id', '<', id))
        .returning('run_id')
        .executeTakeFirst();
      if (moved) return 'live';
    }

    const live = await trx.selectFrom('live').select('run_id').executeTakeFirst();
    await trx
      .updateTable('index_runs')
      .set({ status: 'superseded', artifact: null, superseded_by: newer?.id ?? live?.run_id ?? null })
      .where('id', '=', id)
      .execute();
    return 'superseded';
  });
}

import type { Kysely } from 'kysely';
import type { DialectName } from './connect.js';
import { GIVEN_UP_ERROR, leaseExpiry, MAX_ATTEMPTS, toIndexRun } from './index-run-rows.js';
import { settlePublication } from './publication-settle.js';
import type { IndexRunRecord, Instant, JsonObject } from './records.js';
import { parseJsonColumn, storedTime } from './rows.js';
import type { Schema } from './schema.js';

export interface ClaimRequest {
  /** Names the indexer; only it may renew, report on and finish the run while the lease holds. */
  owner: string;
  at: Instant;
  leaseMs: number;
}

/**
 * Takes the oldest run an indexer may build: a queued one, or a running one whose indexer let its
 * lease run out (it stopped) and that has attempts left. Runs out of attempts are failed first.
 *
 * Each step is one UPDATE statement, atomic on its own. On SQLite a writing statement holds the write
 * lock from its first read to its end, so it behaves as a BEGIN IMMEDIATE transaction: a second
 * process waits (busy_timeout) and then sees the run taken. On PostgreSQL the inner SELECT locks the
 * row it picks and skips rows other indexers are locking (FOR UPDATE SKIP LOCKED).
 */
export async function claimRun(
  db: Kysely<Schema>,
  dialect: DialectName,
  { owner, at, leaseMs }: ClaimRequest,
): Promise<IndexRunRecord | undefined> {
  const now = storedTime(at);

  if (await giveUpRuns(db, now)) await settlePublication(db);

  let next = db
    .selectFrom('index_runs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'running'),
          eb('lease_expires_at', '<', now),
          eb('attempts', '<', MAX_ATTEMPTS),
        ]),
      ]),
    )
    .orderBy('id')
    .limit(1);
  if (dialect === 'postgres') next = next.forUpdate().skipLocked();

  const row = await db
    .updateTable('index_runs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      lease_owner: owner,
      lease_expires_at: leaseExpiry(at, leaseMs),
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
      // A new attempt starts over: the last one's progress says nothing about it.
      progress: null,
    }))
    .where('id', '=', next)
    .returningAll()
    .executeTakeFirst();
  return row && toIndexRun(row);
}

/**
 * Fails the runs whose last attempt ran out too, each with the step its last attempt reached (its
 * progress, kept until an attempt starts over): where the indexer stopped three times is where
 * to look. Answers whether one was given up.
 */
async function giveUpRuns(db: Kysely<Schema>, now: string): Promise<boolean> {
  const expired = await db
    .selectFrom('index_runs')
    .select(['id', 'progress'])
    .where('status', '=', 'running')
    .where('lease_expires_at', '<', now)
    .where('attempts', '>=', MAX_ATTEMPTS)
    .execute();
  let givenUp = false;
  for (const run of expired) {
    const step = parseJsonColumn<JsonObject>(run.progress)?.step;
    const result = await db
      .updateTable('index_runs')
      .set({
        status: 'failed',
        error: GIVEN_UP_ERROR,
        finished_at: now,
        failed_step: typeof step === 'string' ? step : null,
      })
      // Unless another indexer gave it up or renewed it meanwhile.
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .where('lease_expires_at', '<', now)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) givenUp = true;
  }
  return givenUp;
}

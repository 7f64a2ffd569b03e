import type { Kysely, Transaction } from 'kysely';
import type { Schema } from './schema.js';

/**
 * After a run failed: a release is published only while searches read it or while a run that
 * publishes it still waits or builds. When neither holds any more, the release searches read is
 * the published one again, so the next catalog is built with it rather than with the one that
 * failed. With nothing live the release published last stays: there is no other to build with.
 */
export async function settlePublication(trx: Transaction<Schema> | Kysely<Schema>): Promise<void> {
  const [publication, live] = await Promise.all([
    trx.selectFrom('publication').select('release_id').executeTakeFirst(),
    trx.selectFrom('live').select(['release_id', 'since']).executeTakeFirst(),
  ]);
  if (!publication || !live || publication.release_id === live.release_id) return;
  const pending = await trx
    .selectFrom('index_runs')
    .select('id')
    .where('release_id', '=', publication.release_id)
    .where('status', 'in', ['queued', 'running'])
    .limit(1)
    .executeTakeFirst();
  if (pending) return;
  // Counted as a publish: drafts that built on the failed release build on the live one now.
  await trx
    .updateTable('publication')
    .set((eb) => ({
      release_id: live.release_id,
      published_at: live.since,
      revision: eb('revision', '+', 1),
    }))
    .execute();
}

import type { Kysely } from 'kysely';
import type { DialectName } from './connect.js';
import { toImport } from './import-rows.js';
import { insertQueuedRun } from './index-run-enqueue.js';
import { toIndexRun } from './index-run-rows.js';
import { writePublication } from './publication-write.js';
import type { ImportRecord, IndexRunRecord, IndexRunTrigger, Instant } from './records.js';
import { storedTime } from './rows.js';
import { type Schema, SINGLE_ROW } from './schema.js';

export interface ImportPublication {
  /** The revision the publisher read: nothing is written when the import moved on since. */
  revision: number;
  at: Instant;
  /** The published release the import's release was built on; absent when none was published. */
  baseReleaseId?: string;
  /** The import's release, kept already. */
  releaseId: string;
  trigger: IndexRunTrigger;
}

/**
 * In one transaction: marks the import published with its release, makes that release the
 * published one and the import's export the catalog, and queues its index run. Nothing happens
 * (undefined) when the import moved past `revision`, was discarded or lost its export.
 */
export function publishImport(
  db: Kysely<Schema>,
  dialect: DialectName,
  id: number,
  publication: ImportPublication,
): Promise<{ record: ImportRecord; run: IndexRunRecord } | undefined> {
  const at = storedTime(publication.at);
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('imports')
      .set((eb) => ({
        published_at: at,
        base_release_id: publication.baseReleaseId ?? null,
        release_id: publication.releaseId,
        replaced_at: null,
        revision: eb('revision', '+', 1),
      }))
      .where('id', '=', id)
      .where('revision', '=', publication.revision)
      .where('discarded_at', 'is', null)
      .where('export_removed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!marked) return undefined;
    await writePublication(trx, publication.releaseId, at);
    await trx
      .insertInto('catalog')
      .values({ slot: SINGLE_ROW, snapshot_id: marked.snapshot_id, updated_at: at })
      .onConflict((conflict) =>
        conflict.column('slot').doUpdateSet((eb) => ({
          snapshot_id: marked.snapshot_id,
          updated_at: at,
          generation: eb('catalog.generation', '+', 1),
        })),
      )
      .execute();
    const run = await insertQueuedRun(trx, dialect, {
      trigger: publication.trigger,
      snapshotId: marked.snapshot_id,
      releaseId: publication.releaseId,
      at,
    });
    const record = await trx
      .updateTable('imports')
      .set({ run_id: run.id })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { record: toImport(record), run: toIndexRun(run) };
  });
}

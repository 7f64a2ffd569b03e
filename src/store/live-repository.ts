import type { Kysely } from 'kysely';
import type { LiveRecord } from './records.js';
import type { Schema } from './schema.js';

/** Read side of the live pointer; only a run's success moves it (see the index runs repository). */
export interface LiveRepository {
  get(): Promise<LiveRecord | undefined>;
}

export function createLiveRepository(db: Kysely<Schema>): LiveRepository {
  return {
    async get() {
      const row = await db.selectFrom('live').selectAll().executeTakeFirst();
      return (
        row && {
          runId: row.run_id,
          snapshotId: row.snapshot_id,
          releaseId: row.release_id,
          artifact: row.artifact,
          since: row.since,
        }
      );
    },
  };
}

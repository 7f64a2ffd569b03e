import type { Kysely, Selectable } from 'kysely';
import { canonicalJson } from '../lib/canonical-json.js';
import { type PageRequest, pageOffset } from '../lib/paging.js';
import type { DialectName } from './connect.js';
import { insertQueuedRun } from './index-run-enqueue.js';
import { toIndexRun } from './index-run-rows.js';
import { writePublication } from './publication-write.js';
import type { ImportRecord, IndexRunRecord, IndexRunTrigger, Instant } from './records.js';
import { absentIfNull, storedTime, toNumber } from './rows.js';
import { type ImportsTable, type Schema, SINGLE_ROW } from './schema.js';

export interface NewImport {
  /** The export's file name as it arrived. */
  name?: string;
  snapshotId: string;
  createdAt: Instant;
}

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
 * Imports and their writes. Writes that a person makes on what they read (files, publish) name the
 * revision they read and change nothing when the import moved on since.
 */
export interface ImportsRepository {
  create(draft: NewImport): Promise<ImportRecord>;
  get(id: number): Promise<ImportRecord | undefined>;
  /** Newest first. */
  list(page: PageRequest): Promise<{ items: ImportRecord[]; total: number }>;
  /** Replaces the files of an import neither published nor discarded that is still at `revision`. */
  changeFiles(
    id: number,
    revision: number,
    files: Record<string, unknown>,
  ): Promise<ImportRecord | undefined>;
  /** Puts an unpublished import aside (the first time is kept); false when published or missing. */
  discard(id: number, at: Instant): Promise<boolean>;
  /**
   * In one transaction: marks the import published with its release, makes that release the
   * published one and the import's export the catalog, and queues its index run. Nothing happens
   * (undefined) when the import moved past `revision`, was discarded or lost its export.
   */
  publish(
    id: number,
    publication: ImportPublication,
  ): Promise<{ record: ImportRecord; run: IndexRunRecord } | undefined>;
  /** Notes when another state went live in its place, once. */
  markReplaced(id: number, at: Instant): Promise<void>;
  /** Notes that the export's bytes were removed from storage. */
  markExportsRemoved(ids: number[], at: Instant): Promise<void>;
  /** The export's bytes are kept again: every import of the snapshot can be inspected and published. */
  restoreExports(snapshotId: string): Promise<number>;
  /** Imports whose export is kept though they were discarded or published: what the clean-up looks at. */
  keptPastDraft(): Promise<ImportRecord[]>;
  withSnapshot(snapshotId: string): Promise<ImportRecord[]>;
  /**
   * The import searches read now, given what is live: of the imports of this snapshot and release
   * whose latest run succeeded, the one published last.
   */
  liveImport(snapshotId: string, releaseId: string): Promise<number | undefined>;
}

export function createImportsRepository(db: Kysely<Schema>, dialect: DialectName): ImportsRepository {
  const get = async (id: number) => {
    const row = await db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toImport(row);
  };

  return {
    async create(draft) {
      const row = await db
        .insertInto('imports')
        .values({
          name: draft.name ?? null,
          snapshot_id: draft.snapshotId,
          files: canonicalJson({}),
          created_at: storedTime(draft.createdAt),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toImport(row);
    },

    get,

    async list(page) {
      const rows = await db
        .selectFrom('imports')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(page.perPage)
        .offset(pageOffset(page))
        .execute();
      const count = await db
        .selectFrom('imports')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return { items: rows.map(toImport), total: toNumber(count.total) };
    },

    async changeFiles(id, revision, files) {
      const row = await db
        .updateTable('imports')
        .set((eb) => ({ files: canonicalJson(files), revision: eb('revision', '+', 1) }))
        .where('id', '=', id)
        .where('revision', '=', revision)
        .where('published_at', 'is', null)
        .where('discarded_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row && toImport(row);
    },

    async discard(id, at) {
      const result = await db
        .updateTable('imports')
        .set((eb) => ({
          discarded_at: eb.fn.coalesce('discarded_at', eb.val(storedTime(at))),
          revision: eb('revision', '+', 1),
        }))
        .where('id', '=', id)
        .where('published_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async publish(id, publication) {
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
    },

    async markReplaced(id, at) {
      await db
        .updateTable('imports')
        .set({ replaced_at: storedTime(at) })
        .where('id', '=', id)
        .where('replaced_at', 'is', null)
        .execute();
    },

    async markExportsRemoved(ids, at) {
      if (ids.length === 0) return;
      await db
        .updateTable('imports')
        .set({ export_removed_at: storedTime(at) })
        .where('id', 'in', ids)
        .where('export_removed_at', 'is', null)
        .execute();
    },

    async restoreExports(snapshotId) {
      const result = await db
        .updateTable('imports')
        .set({ export_removed_at: null })
        .where('snapshot_id', '=', snapshotId)
        .where('export_removed_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async keptPastDraft() {
      const rows = await db
        .selectFrom('imports')
        .selectAll()
        .where('export_removed_at', 'is', null)
        .where((eb) => eb.or([eb('discarded_at', 'is not', null), eb('published_at', 'is not', null)]))
        .orderBy('id')
        .execute();
      return rows.map(toImport);
    },

    async withSnapshot(snapshotId) {
      const rows = await db
        .selectFrom('imports')
        .selectAll()
        .where('snapshot_id', '=', snapshotId)
        .orderBy('id')
        .execute();
      return rows.map(toImport);
    },

    async liveImport(snapshotId, releaseId) {
      const row = await db
        .selectFrom('imports')
        .innerJoin('index_runs', 'index_runs.id', 'imports.run_id')
        .select('imports.id')
        .where('imports.snapshot_id', '=', snapshotId)
        .where('imports.release_id', '=', releaseId)
        .where('imports.discarded_at', 'is', null)
        .where('index_runs.status', '=', 'succeeded')
        .orderBy('imports.run_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
  };
}

function toImport(row: Selectable<ImportsTable>): ImportRecord {
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

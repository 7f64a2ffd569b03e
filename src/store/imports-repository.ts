import type { Kysely } from 'kysely';
import { canonicalJson } from '../lib/canonical-json.js';
import { type PageRequest, pageOffset } from '../lib/paging.js';
import type { DialectName } from './connect.js';
import { type ImportPublication, publishImport } from './import-publish.js';
import { toImport } from './import-rows.js';
import type { ImportRecord, IndexRunRecord, Instant } from './records.js';
import { storedTime, toNumber } from './rows.js';
import type { Schema } from './schema.js';

export type { ImportPublication } from './import-publish.js';

export interface NewImport {
  /** The export's file name as it arrived. */
  name?: string;
  snapshotId: string;
  createdAt: Instant;
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

/**
 * Imports by the questions asked of them: a draft's life (importDrafts), going live
 * (import-publish.ts), and what is kept of their exports and which one is live (importExports).
 */
export function createImportsRepository(db: Kysely<Schema>, dialect: DialectName): ImportsRepository {
  return {
    ...importDrafts(db),
    publish: (id, publication) => publishImport(db, dialect, id, publication),
    ...importExports(db),
  };
}

/** A draft's life: created from an export, read, listed, its files changed, discarded. */
function importDrafts(
  db: Kysely<Schema>,
): Pick<ImportsRepository, 'create' | 'get' | 'list' | 'changeFiles' | 'discard'> {
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

    async get(id) {
      const row = await db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toImport(row);
    },

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
  };
}

/** What is kept of the imports' exports, and which import searches read now. */
function importExports(
  db: Kysely<Schema>,
): Pick<
  ImportsRepository,
  'markReplaced' | 'markExportsRemoved' | 'restoreExports' | 'keptPastDraft' | 'withSnapshot' | 'liveImport'
> {
  return {
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

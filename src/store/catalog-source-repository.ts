import type { Kysely, Selectable } from 'kysely';
import type { Instant } from './records.js';
import { absentIfNull, storedTime, toNumber } from './rows.js';
import { type CatalogFetchesTable, type CatalogSourceTable, type Schema, SINGLE_ROW } from './schema.js';

/** The feed the catalog is fetched from; its secret stays sealed here (see src/lib/sealed-box.ts). */
export interface CatalogSourceRecord {
  url: string;
  authentication?: { kind: 'basic' | 'header'; name: string; sealedSecret: string };
  intervalMinutes: number;
  onChange: 'publish' | 'draft';
  nextFetchAt: string;
  fetchRequestedAt?: string;
  etag?: string;
  lastModified?: string;
  /** The import of a changed feed held back because it would remove half the live products or more. */
  heldImport?: number;
  createdAt: string;
  updatedAt: string;
}

export type FetchOutcome = 'published' | 'drafted' | 'held' | 'unchanged' | 'failed';

export interface CatalogFetchRecord {
  id: number;
  url: string;
  startedAt: string;
  finishedAt: string;
  outcome: FetchOutcome;
  /** Why it ended so, as a sentence. */
  detail: string;
  httpStatus?: number;
  bytes?: number;
  snapshotId?: string;
  importId?: number;
  runId?: number;
}

export type NewCatalogFetch = Omit<CatalogFetchRecord, 'id' | 'startedAt' | 'finishedAt'> & {
  startedAt: Instant;
  finishedAt: Instant;
};

/** Fetches kept per source: the contract shows the last ten. */
export const FETCHES_KEPT = 10;

export interface CatalogSourceRepository {
  get(): Promise<CatalogSourceRecord | undefined>;
  /** Sets or replaces the source; answers whether there was none before. */
  put(source: CatalogSourceRecord): Promise<{ created: boolean }>;
  /** Removes the source and its fetches; answers it as it was. */
  remove(): Promise<CatalogSourceRecord | undefined>;
  /** Asks for a fetch at once. False when there is no source. */
  requestFetch(at: Instant): Promise<boolean>;
  /**
   * Takes the fetch that is due at `at` (asked for, or its time came): the next one is set one
   * interval on and the request cleared, in one statement, so two control planes never both take
   * it. Answers the source as it was, or undefined when nothing is due.
   */
  takeDue(at: Instant): Promise<CatalogSourceRecord | undefined>;
  /**
   * Notes what a finished fetch learnt: the validators the feed sent (both replaced, an absent one
   * cleared) and a held-back import (null: none). Nothing named, nothing written.
   */
  settle(changes: {
    validators?: { etag?: string; lastModified?: string };
    heldImport?: number | null;
  }): Promise<void>;
  addFetch(fetch: NewCatalogFetch): Promise<CatalogFetchRecord>;
  /** The last fetches, newest first. */
  fetches(limit?: number): Promise<CatalogFetchRecord[]>;
}

export function createCatalogSourceRepository(db: Kysely<Schema>): CatalogSourceRepository {
  const get = async () => {
    const row = await db.selectFrom('catalog_source').selectAll().executeTakeFirst();
    return row && toSource(row);
  };

  return {
    get,

    async put(source) {
      const row = {
        url: source.url,
        auth_kind: source.authentication?.kind ?? null,
        auth_name: source.authentication?.name ?? null,
        auth_secret: source.authentication?.sealedSecret ?? null,
        interval_minutes: source.intervalMinutes,
        on_change: source.onChange,
        next_fetch_at: storedTime(source.nextFetchAt),
        fetch_requested_at: source.fetchRequestedAt ? storedTime(source.fetchRequestedAt) : null,
        etag: source.etag ?? null,
        last_modified: source.lastModified ?? null,
        held_import: source.heldImport ?? null,
        updated_at: storedTime(source.updatedAt),
      };
      const inserted = await db
        .insertInto('catalog_source')
        .values({ slot: SINGLE_ROW, ...row, created_at: storedTime(source.createdAt) })
        .onConflict((conflict) => conflict.column('slot').doNothing())
        .executeTakeFirst();
      if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return { created: true };
      await db.updateTable('catalog_source').set(row).where('slot', '=', SINGLE_ROW).execute();
      return { created: false };
    },

    async remove() {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('catalog_source').selectAll().executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('catalog_source').execute();
        await trx.deleteFrom('catalog_fetches').execute();
        return toSource(row);
      });
    },

    async requestFetch(at) {
      const result = await db
        .updateTable('catalog_source')
        .set((eb) => ({ fetch_requested_at: eb.fn.coalesce('fetch_requested_at', eb.val(storedTime(at))) }))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async takeDue(at) {
      const now = storedTime(at);
      const source = await get();
      if (!source) return undefined;
      if (source.fetchRequestedAt === undefined && source.nextFetchAt > now) return undefined;
      const next = new Date(Date.parse(now) + source.intervalMinutes * 60_000).toISOString();
      const taken = await db
        .updateTable('catalog_source')
        .set({ next_fetch_at: next, fetch_requested_at: null })
        .where('next_fetch_at', '=', source.nextFetchAt)
        .where((eb) =>
          source.fetchRequestedAt === undefined
            ? eb('fetch_requested_at', 'is', null)
            : eb('fetch_requested_at', '=', source.fetchRequestedAt),
        )
        .where('url', '=', source.url)
        .executeTakeFirst();
      return taken.numUpdatedRows > 0n ? source : undefined;
    },

    async settle({ validators, heldImport }) {
      const columns = {
        ...(validators !== undefined
          ? { etag: validators.etag ?? null, last_modified: validators.lastModified ?? null }
          : {}),
        ...(heldImport !== undefined ? { held_import: heldImport } : {}),
      };
      // An UPDATE without a column is no statement at all (SQLite: "incomplete input").
      if (Object.keys(columns).length === 0) return;
      await db.updateTable('catalog_source').set(columns).execute();
    },

    async addFetch(fetch) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('catalog_fetches')
          .values({
            url: fetch.url,
            started_at: storedTime(fetch.startedAt),
            finished_at: storedTime(fetch.finishedAt),
            outcome: fetch.outcome,
            detail: fetch.detail,
            http_status: fetch.httpStatus ?? null,
            bytes: fetch.bytes ?? null,
            snapshot_id: fetch.snapshotId ?? null,
            import_id: fetch.importId ?? null,
            run_id: fetch.runId ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const kept = trx.selectFrom('catalog_fetches').select('id').orderBy('id', 'desc').limit(FETCHES_KEPT);
        await trx.deleteFrom('catalog_fetches').where('id', 'not in', kept).execute();
        return toFetch(row);
      });
    },

    async fetches(limit = FETCHES_KEPT) {
      const rows = await db
        .selectFrom('catalog_fetches')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toFetch);
    },
  };
}

function toSource(row: Selectable<CatalogSourceTable>): CatalogSourceRecord {
  return {
    url: row.url,
    ...(row.auth_kind && row.auth_name && row.auth_secret
      ? {
          authentication: {
            kind: row.auth_kind as 'basic' | 'header',
            name: row.auth_name,
            sealedSecret: row.auth_secret,
          },
        }
      : {}),
    intervalMinutes: row.interval_minutes,
    onChange: row.on_change as 'publish' | 'draft',
    nextFetchAt: row.next_fetch_at,
    fetchRequestedAt: absentIfNull(row.fetch_requested_at),
    etag: absentIfNull(row.etag),
    lastModified: absentIfNull(row.last_modified),
    heldImport: absentIfNull(row.held_import),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toFetch(row: Selectable<CatalogFetchesTable>): CatalogFetchRecord {
  return {
    id: row.id,
    url: row.url,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    outcome: row.outcome as FetchOutcome,
    detail: row.detail,
    httpStatus: absentIfNull(row.http_status),
    bytes: row.bytes === null ? undefined : toNumber(row.bytes),
    snapshotId: absentIfNull(row.snapshot_id),
    importId: absentIfNull(row.import_id),
    runId: absentIfNull(row.run_id),
  };
}

import type BetterSqlite3 from 'better-sqlite3';
import { type Insertable, type Kysely, sql } from 'kysely';
import { dayOf } from '../lib/days.js';
import { uuidV7Time } from '../lib/ids.js';
import { absentIfNull, toNumber } from './rows.js';
import type { Schema, SearchEventsTable, SearchesTable } from './schema.js';
import type {
  ChosenFilter,
  JoinedEvent,
  LogBatch,
  LoggedEvent,
  LoggedSearch,
  SearchLogSize,
} from './search-log-records.js';
import { LOG_STATEMENTS, type LogRows, logSteps, sqliteStepRunner } from './search-log-sqlite.js';
import { SqliteWriteThread } from './sqlite-write-thread.js';

/** A search as the roll-up counts it: what it typed, where, and what it found. */
export interface CountedSearch {
  queryId: string;
  typed: string;
  surface: string;
  channel: string;
  locale: string;
  category?: string;
  filters: ChosenFilter[];
  page: number;
  countOnly: boolean;
  total: number;
  pageView?: string;
}

/**
 * The raw search log: append-only writes in batches, read back a day at a time by the roll-up,
 * removed by whole days once older than the retention period.
 */
export interface SearchLogRepository {
  /** Writes searches and events in one transaction and marks the days they touch for the roll-up. */
  append(batch: LogBatch): Promise<void>;
  /** The days written to since the roll-up last counted them, oldest first. */
  dirtyDays(): Promise<string[]>;
  /** Takes the mark off a day before it is counted: a write while it is counted marks it again. */
  clearDirty(day: string): Promise<void>;
  /** A day's shopper searches after `afterQueryId`, in query id order, `limit` at most. */
  searchesOfDay(day: string, afterQueryId: string, limit: number): Promise<CountedSearch[]>;
  /** A day's shopper events whose search is a shopper's too, after `afterSeq` in arrival order. */
  eventsOfDay(day: string, afterSeq: number, limit: number): Promise<JoinedEvent[]>;
  /** Removes the searches and events of days before `day`; answers how many rows went. */
  removeBefore(day: string): Promise<{ searches: number; events: number }>;
  size(): Promise<SearchLogSize>;
  /** Ends what the writes run on (the SQLite write thread) once the writes handed to it are done. */
  close(): Promise<void>;
}

/** Rows per insert statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
const SEARCH_ROWS_PER_INSERT = 500;
const EVENT_ROWS_PER_INSERT = 1000;

export function createSearchLogRepository(
  db: Kysely<Schema>,
  sqlite?: { handle: BetterSqlite3.Database; file?: string },
): SearchLogRepository {
  const thread = sqlite?.file !== undefined ? new SqliteWriteThread(sqlite.file, LOG_STATEMENTS) : undefined;
  const writeRows = thread
    ? (rows: LogRows) => thread.write(logSteps(rows))
    : sqlite
      ? sameThreadWrite(db, sqlite.handle)
      : builderWrite(db);
  return {
    close: async () => {
      await thread?.close();
    },

    async append(batch) {
      if (batch.searches.length === 0 && batch.events.length === 0) return;
      const searches = batch.searches.map(searchRow);
      const events = batch.events.map(eventRow);
      const days = new Set<string>([
        ...searches.map((row) => row.day),
        ...events.map((row) => row.search_day),
      ]);
      // Marked in one order by every writer: two transactions marking the same days in opposite
      // orders would each wait for the other's uncommitted mark (PostgreSQL), a deadlock.
      await writeRows({ searches, events, days: [...days].sort() });
    },

    async dirtyDays() {
      const rows = await db.selectFrom('log_dirty_days').select('day').orderBy('day').execute();
      return rows.map((row) => row.day);
    },

    async clearDirty(day) {
      await db.deleteFrom('log_dirty_days').where('day', '=', day).execute();
    },

    async searchesOfDay(day, afterQueryId, limit) {
      const rows = await db
        .selectFrom('searches')
        .select([
          'query_id',
          'typed',
          'surface',
          'channel',
          'locale',
          'category',
          'filters',
          'page',
          'count_only',
          'total',
          'page_view',
        ])
        .where('day', '=', day)
        .where('query_id', '>', afterQueryId)
        .where('traffic', '=', 'shopper')
        .orderBy('query_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        queryId: row.query_id,
        typed: row.typed,
        surface: row.surface,
        channel: row.channel,
        locale: row.locale,
        category: absentIfNull(row.category),
        filters: JSON.parse(row.filters) as ChosenFilter[],
        page: row.page,
        countOnly: row.count_only === 1,
        total: row.total,
        pageView: absentIfNull(row.page_view),
      }));
    },

    async eventsOfDay(day, afterSeq, limit) {
      const rows = await db
        .selectFrom('search_events as e')
        .innerJoin('searches as s', 's.query_id', 'e.query_id')
        .select([
          'e.seq',
          'e.query_id',
          'e.type',
          'e.entity',
          'e.placement',
          'e.position',
          'e.campaign',
          's.typed',
          's.surface',
          's.channel',
          's.locale',
          's.page',
          's.count_only',
        ])
        .where('e.search_day', '=', day)
        .where('e.seq', '>', afterSeq)
        .where('e.traffic', '=', 'shopper')
        .where('s.traffic', '=', 'shopper')
        .orderBy('e.seq')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        seq: toNumber(row.seq),
        queryId: row.query_id,
        type: row.type as JoinedEvent['type'],
        entity: absentIfNull(row.entity),
        placement: absentIfNull(row.placement),
        position: absentIfNull(row.position),
        campaign: absentIfNull(row.campaign),
        search: {
          typed: row.typed,
          surface: row.surface,
          channel: row.channel,
          locale: row.locale,
          page: row.page,
          countOnly: row.count_only === 1,
        },
      }));
    },

    async removeBefore(day) {
      return db.transaction().execute(async (trx) => {
        const searches = await trx.deleteFrom('searches').where('day', '<', day).executeTakeFirst();
        const events = await trx.deleteFrom('search_events').where('search_day', '<', day).executeTakeFirst();
        await trx.deleteFrom('log_dirty_days').where('day', '<', day).execute();
        return {
          searches: toNumber(searches.numDeletedRows),
          events: toNumber(events.numDeletedRows),
        };
      });
    },

    async size() {
      const searches = await db
        .selectFrom('searches')
        .select((eb) => [eb.fn.countAll<number | string>().as('rows'), eb.fn.min('day').as('oldest')])
        .executeTakeFirstOrThrow();
      const events = await db
        .selectFrom('search_events')
        .select((eb) => [eb.fn.countAll<number | string>().as('rows'), eb.fn.min('search_day').as('oldest')])
        .executeTakeFirstOrThrow();
      const oldest = [searches.oldest, events.oldest].filter((day): day is string => typeof day === 'string');
      return {
        searches: toNumber(searches.rows),
        events: toNumber(events.rows),
        bytes: await rawLogBytes(db, sqlite !== undefined),
        ...(oldest.length > 0 ? { oldestDay: oldest.sort()[0] } : {}),
      };
    },
  };
}

/** The raw log's tables, whose rows the retention period removes (the roll-ups are kept for good). */
const RAW_LOG_TABLES = ['searches', 'search_events'];

/** The disk the raw log's tables and their indexes take, as the database counts its pages. */
async function rawLogBytes(db: Kysely<Schema>, onSqlite: boolean): Promise<number> {
  const tables = sql.join(RAW_LOG_TABLES.map((table) => sql.lit(table)));
  const { rows } = onSqlite
    ? await sql<{ bytes: number | string | null }>`select sum(pgsize) as bytes from dbstat
        where name in (${tables}) or name in (select name from sqlite_master where tbl_name in (${tables}))`.execute(
        db,
      )
    : await sql<{ bytes: number | string | null }>`select sum(pg_total_relation_size(c.oid)) as bytes
        from pg_class c where c.relname in (${tables}) and c.relnamespace = current_schema()::regnamespace`.execute(
        db,
      );
  const bytes = rows[0]?.bytes;
  return bytes === null || bytes === undefined ? 0 : toNumber(bytes);
}

function searchRow(search: LoggedSearch): Insertable<SearchesTable> {
  return {
    query_id: search.queryId,
    day: dayOf(new Date(search.arrivedAt)),
    arrived_at: search.arrivedAt,
    typed: search.typed,
    searched: search.searched,
    surface: search.surface,
    channel: search.channel,
    locale: search.locale,
    category: search.category ?? null,
    filters: JSON.stringify(search.filters),
    sort: search.sort ?? null,
    page: search.page,
    per_page: search.perPage,
    count_only: search.countOnly ? 1 : 0,
    total: search.total,
    hits: JSON.stringify(search.hits),
    placements: JSON.stringify(search.placements),
    page_view: search.pageView ?? null,
    traffic: search.traffic,
    release_id: search.release,
  };
}

function eventRow(event: LoggedEvent): Insertable<SearchEventsTable> {
  return {
    received_at: event.receivedAt,
    search_day: dayOf(uuidV7Time(event.queryId)),
    query_id: event.queryId,
    type: event.type,
    entity: event.entity ?? null,
    placement: event.placement ?? null,
    position: event.position ?? null,
    campaign: event.campaign ?? null,
    surface: event.surface,
    page_view: event.pageView ?? null,
    traffic: event.traffic,
  };
}

/**
 * SQLite in memory: the statements on Kysely's own handle, while its one connection is held for
 * them, so they never land inside a transaction of another caller.
 */
function sameThreadWrite(
  db: Kysely<Schema>,
  sqlite: BetterSqlite3.Database,
): (rows: LogRows) => Promise<void> {
  const run = sqliteStepRunner(sqlite);
  return (rows) => db.connection().execute(async () => run(logSteps(rows)));
}

/** PostgreSQL: multi-row inserts in one transaction; the driver works off the event loop. */
function builderWrite(db: Kysely<Schema>): (rows: LogRows) => Promise<void> {
  return (rows) =>
    db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.searches.length; start += SEARCH_ROWS_PER_INSERT) {
        await trx
          .insertInto('searches')
          .values(rows.searches.slice(start, start + SEARCH_ROWS_PER_INSERT))
          // A query id is logged once; a second write of one (a retried batch) changes nothing.
          .onConflict((conflict) => conflict.column('query_id').doNothing())
          .execute();
      }
      for (let start = 0; start < rows.events.length; start += EVENT_ROWS_PER_INSERT) {
        await trx
          .insertInto('search_events')
          .values(rows.events.slice(start, start + EVENT_ROWS_PER_INSERT))
          .execute();
      }
      await trx
        .insertInto('log_dirty_days')
        .values(rows.days.map((day) => ({ day })))
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
    });
}

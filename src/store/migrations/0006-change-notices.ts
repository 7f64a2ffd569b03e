import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';
import { CHANGES_CHANNEL } from '../postgres-changes.js';

/**
 * PostgreSQL tells the processes that listen what query nodes follow, as the transaction that
 * changes it commits: the live pointer moved (a run went live, a switch of rules or synonyms
 * included), offers were written, or a new set of learnt suggestions was named. The notice
 * carries the schema, so that aisles sharing one database hear only their own. Triggers rather
 * than calls in the code: no writer of these rows can forget, nor notify for a transaction that
 * rolls back. A SQLite file has no such thing; its query nodes poll.
 */
export function changeNotices(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create function aisle_notify_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema);
          return null;
        end $$`.execute(db);
      await sql`create trigger live_moved after insert or update on live
        for each statement execute function aisle_notify_change()`.execute(db);
      await sql`create trigger offers_written after insert on offer_writes
        for each statement execute function aisle_notify_change()`.execute(db);
      await sql`create trigger learnt_named after insert or update on settings
        for each row when (new.key = 'suggestions.learnt') execute function aisle_notify_change()`.execute(
        db,
      );
    },
  };
}

import { type Kysely, sql } from 'kysely';
import type { DialectName } from './connect.js';
import type { Instant } from './records.js';
import { storedTime, toNumber } from './rows.js';
import type { Schema } from './schema.js';

/** One variant's offer in one channel, as an offers update writes it. */
export interface OfferRow {
  type: string;
  entity: string;
  variant: string;
  channel: string;
  /** The offer fields sent (contract names), a null ending what the catalog says. */
  fields: Record<string, unknown>;
}

export interface StoredOfferRow extends OfferRow {
  generation: number;
  /** The write that changed it last. */
  seq: number;
}

export interface OffersRepository {
  /**
   * Writes offers over the catalog of `generation`, in one transaction: a row written before in
   * the same generation keeps the fields this write leaves out. Answers the write's number.
   */
  write(generation: number, rows: readonly OfferRow[], at: Instant): Promise<number>;
  /** The number of the last write, 0 before any. */
  latest(): Promise<number>;
  /** The rows of generation `fromGeneration` and later changed after write `afterSeq`, in write order. */
  changedSince(fromGeneration: number, afterSeq: number): Promise<StoredOfferRow[]>;
  /** Whether a row of generation `fromGeneration` or later changed after write `afterSeq`. */
  changedAfter(fromGeneration: number, afterSeq: number): Promise<boolean>;
  /** Removes the rows of generations before `generation`: no live or waiting run applies them. */
  removeBefore(generation: number): Promise<number>;
  /** Rows kept and their size in bytes, roughly. */
  size(): Promise<{ rows: number; bytes: number }>;
}

/** Serializes offer writes on PostgreSQL, so write numbers commit in order. */
const WRITE_LOCK = 0x6169_6f66;
const CHUNK = 1000;

export function offerRowKey(row: Pick<OfferRow, 'type' | 'entity' | 'variant' | 'channel'>): string {
  return JSON.stringify([row.type, row.entity, row.variant, row.channel]);
}

export function createOffersRepository(db: Kysely<Schema>, dialect: DialectName): OffersRepository {
  return {
    async write(generation, rows, at) {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${WRITE_LOCK})`.execute(trx);
        // Later rows of one key take the earlier's fields over.
        const merged = new Map<string, OfferRow>();
        for (const row of rows) {
          const key = offerRowKey(row);
          const before = merged.get(key);
          merged.set(key, before ? { ...row, fields: { ...before.fields, ...row.fields } } : row);
        }
        const { id: seq } = await trx
          .insertInto('offer_writes')
          .values({ generation, offers: merged.size, written_at: storedTime(at) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const keys = [...merged.keys()];
        for (let start = 0; start < keys.length; start += CHUNK) {
          const chunk = keys.slice(start, start + CHUNK);
          const kept = await trx
            .selectFrom('offer_overlay')
            .select(['key', 'fields'])
            .where('generation', '=', generation)
            .where('key', 'in', chunk)
            .execute();
          const keptFields = new Map(
            kept.map((row) => [row.key, JSON.parse(row.fields) as Record<string, unknown>]),
          );
          const values = chunk.map((key) => {
            const row = merged.get(key)!;
            return {
              generation,
              key,
              type: row.type,
              entity: row.entity,
              variant: row.variant,
              channel: row.channel,
              fields: JSON.stringify({ ...keptFields.get(key), ...row.fields }),
              seq,
            };
          });
          await trx
            .insertInto('offer_overlay')
            .values(values)
            .onConflict((conflict) =>
              conflict.columns(['generation', 'key']).doUpdateSet((eb) => ({
                fields: eb.ref('excluded.fields'),
                seq: eb.ref('excluded.seq'),
              })),
            )
            .execute();
        }
        return seq;
      });
    },

    async latest() {
      const row = await db
        .selectFrom('offer_writes')
        .select((eb) => eb.fn.max('id').as('seq'))
        .executeTakeFirst();
      return row?.seq === null || row?.seq === undefined ? 0 : toNumber(row.seq as number);
    },

    async changedSince(fromGeneration, afterSeq) {
      const rows = await db
        .selectFrom('offer_overlay')
        .selectAll()
        .where('generation', '>=', fromGeneration)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .orderBy('generation')
        .execute();
      return rows.map((row) => ({
        type: row.type,
        entity: row.entity,
        variant: row.variant,
        channel: row.channel,
        fields: JSON.parse(row.fields) as Record<string, unknown>,
        generation: row.generation,
        seq: row.seq,
      }));
    },

    async changedAfter(fromGeneration, afterSeq) {
      const row = await db
        .selectFrom('offer_overlay')
        .select('seq')
        .where('generation', '>=', fromGeneration)
        .where('seq', '>', afterSeq)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async removeBefore(generation) {
      const result = await db
        .deleteFrom('offer_overlay')
        .where('generation', '<', generation)
        .executeTakeFirst();
      await db.deleteFrom('offer_writes').where('generation', '<', generation).execute();
      return Number(result.numDeletedRows);
    },

    async size() {
      const row = await db
        .selectFrom('offer_overlay')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('rows'),
          eb.fn.sum<number | string | null>(sql`length(fields) + length(key)`).as('bytes'),
        ])
        .executeTakeFirstOrThrow();
      return { rows: toNumber(row.rows), bytes: row.bytes === null ? 0 : toNumber(row.bytes) };
    },
  };
}

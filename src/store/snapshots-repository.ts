import type { Kysely, Selectable } from 'kysely';
import type { Instant, SnapshotRecord } from './records.js';
import { storedTime, toNumber } from './rows.js';
import { type Schema, SINGLE_ROW, type SnapshotsTable } from './schema.js';

export interface NewSnapshot extends Omit<SnapshotRecord, 'receivedAt'> {
  receivedAt: Instant;
}

export interface SnapshotsRepository {
  /** Keeps a snapshot and answers the kept record: the same id again keeps the first (same bytes, same snapshot). */
  put(snapshot: NewSnapshot): Promise<SnapshotRecord>;
  get(id: string): Promise<SnapshotRecord | undefined>;
  /** Makes a kept snapshot the current catalog; false when there is no such snapshot. */
  setCurrentCatalog(id: string, at: Instant): Promise<boolean>;
  currentCatalog(): Promise<SnapshotRecord | undefined>;
  /** How many catalogs arrived (0 before any): offers updates belong to the catalog of theirs. */
  catalogGeneration(): Promise<number>;
  count(): Promise<number>;
  /** Every snapshot kept, oldest first. */
  all(): Promise<SnapshotRecord[]>;
}

export function createSnapshotsRepository(db: Kysely<Schema>): SnapshotsRepository {
  const get = async (id: string) => {
    const row = await db.selectFrom('snapshots').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toSnapshot(row);
  };

  return {
    async put(snapshot) {
      const inserted = await db
        .insertInto('snapshots')
        .values({
          id: snapshot.id,
          blob: snapshot.blob,
          format: snapshot.format,
          bytes: snapshot.bytes,
          entities: snapshot.entities,
          received_at: storedTime(snapshot.receivedAt),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return toSnapshot(inserted);
      const kept = await get(snapshot.id);
      if (!kept) throw new Error(`Snapshot ${snapshot.id} was neither inserted nor found.`);
      return kept;
    },

    get,

    async setCurrentCatalog(id, at) {
      if (!(await get(id))) return false;
      const updatedAt = storedTime(at);
      await db
        .insertInto('catalog')
        .values({ slot: SINGLE_ROW, snapshot_id: id, updated_at: updatedAt })
        .onConflict((conflict) =>
          conflict.column('slot').doUpdateSet((eb) => ({
            snapshot_id: id,
            updated_at: updatedAt,
            generation: eb('catalog.generation', '+', 1),
          })),
        )
        .execute();
      return true;
    },

    async currentCatalog() {
      const row = await db
        .selectFrom('catalog')
        .innerJoin('snapshots', 'snapshots.id', 'catalog.snapshot_id')
        .selectAll('snapshots')
        .executeTakeFirst();
      return row && toSnapshot(row);
    },

    async catalogGeneration() {
      const row = await db.selectFrom('catalog').select('generation').executeTakeFirst();
      return row ? toNumber(row.generation) : 0;
    },

    async all() {
      const rows = await db.selectFrom('snapshots').selectAll().orderBy('received_at').execute();
      return rows.map(toSnapshot);
    },

    async count() {
      const row = await db
        .selectFrom('snapshots')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return toNumber(row.total);
    },
  };
}

function toSnapshot(row: Selectable<SnapshotsTable>): SnapshotRecord {
  return {
    id: row.id,
    blob: row.blob,
    format: row.format,
    bytes: toNumber(row.bytes),
    entities: row.entities,
    receivedAt: row.received_at,
  };
}

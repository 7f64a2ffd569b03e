import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { openScratchDatabase } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
const blob = 'a'.repeat(64);

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !postgresUrl)(`snapshots on ${backend}`, () => {
    let db: Database;
    beforeEach(async () => {
      db = await openScratchDatabase(backend === 'postgres' ? postgresUrl : undefined);
    });
    afterEach(() => db.close());

    const snapshot = {
      id: 'sn_1',
      blob,
      format: 'jsonl',
      bytes: 5_000_000_000,
      entities: 12,
      receivedAt: '2025-03-01T12:00:00+02:00',
    };

    it('keeps a snapshot with its time in UTC and a size past 32 bits', async () => {
      const kept = await db.snapshots.put(snapshot);
      expect(kept).toEqual({ ...snapshot, receivedAt: '2025-03-01T10:00:00.000Z' });
      expect(await db.snapshots.get('sn_1')).toEqual(kept);
      expect(await db.snapshots.get('sn_2')).toBeUndefined();
    });

    it('keeps the first record when the same id comes again', async () => {
      const first = await db.snapshots.put(snapshot);
      const second = await db.snapshots.put({
        ...snapshot,
        entities: 99,
        receivedAt: new Date('2025-04-01T00:00:00Z'),
      });
      expect(second).toEqual(first);
      expect(await db.snapshots.count()).toBe(1);
    });

    it('counts snapshots', async () => {
      expect(await db.snapshots.count()).toBe(0);
      await db.snapshots.put(snapshot);
      await db.snapshots.put({ ...snapshot, id: 'sn_2' });
      expect(await db.snapshots.count()).toBe(2);
    });

    it('points the current catalog at the snapshot set last', async () => {
      expect(await db.snapshots.currentCatalog()).toBeUndefined();
      expect(await db.snapshots.setCurrentCatalog('sn_1', new Date())).toBe(false);
      const first = await db.snapshots.put(snapshot);
      const second = await db.snapshots.put({ ...snapshot, id: 'sn_2' });

      expect(await db.snapshots.setCurrentCatalog('sn_1', new Date())).toBe(true);
      expect(await db.snapshots.currentCatalog()).toEqual(first);
      expect(await db.snapshots.setCurrentCatalog('sn_2', new Date())).toBe(true);
      expect(await db.snapshots.currentCatalog()).toEqual(second);
    });
  });
}

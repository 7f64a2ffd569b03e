import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { openScratchDatabase } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !postgresUrl)(`settings on ${backend}`, () => {
    let db: Database;
    beforeEach(async () => {
      db = await openScratchDatabase(backend === 'postgres' ? postgresUrl : undefined);
    });
    afterEach(() => db.close());

    it('answers undefined for a key never set, and the last value set otherwise', async () => {
      expect(await db.settings.get('storage')).toBeUndefined();
      await db.settings.set('storage', '{"keep_days":30}');
      expect(await db.settings.get('storage')).toBe('{"keep_days":30}');
      await db.settings.set('storage', '{"keep_days":7}');
      expect(await db.settings.get('storage')).toBe('{"keep_days":7}');
      expect(await db.settings.get('other')).toBeUndefined();
    });
  });
}

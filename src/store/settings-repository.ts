import type { Kysely } from 'kysely';
import type { Schema } from './schema.js';

/** Small persistent settings by key, as text (callers encode anything richer). */
export interface SettingsRepository {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export function createSettingsRepository(db: Kysely<Schema>): SettingsRepository {
  return {
    async get(key) {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async set(key, value) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}

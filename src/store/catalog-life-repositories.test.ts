import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { openScratchDatabase } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 10, minutes)).toISOString();

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !postgresUrl)(`catalog life repositories on ${backend}`, () => {
    let db: Database;
    beforeEach(async () => {
      db = await openScratchDatabase(backend === 'postgres' ? postgresUrl : undefined);
    });
    afterEach(() => db.close());

    it('write offers per generation, a later write keeping the fields it leaves out', async () => {
      const row = { type: 'product', entity: 'p1', variant: 'v1', channel: 'web' };
      const first = await db.offers.write(0, [{ ...row, fields: { price: 5, stock: 1 } }], at(0));
      const second = await db.offers.write(0, [{ ...row, fields: { stock: 2 } }], at(1));
      const third = await db.offers.write(1, [{ ...row, fields: { sale_price: null } }], at(2));
      expect(second).toBeGreaterThan(first);
      expect(await db.offers.latest()).toBe(third);
      const all = await db.offers.changedSince(0, 0);
      expect(all.map((r) => [r.generation, r.fields, r.seq])).toEqual([
        [0, { price: 5, stock: 2 }, second],
        [1, { sale_price: null }, third],
      ]);
      expect((await db.offers.changedSince(1, 0)).map((r) => r.generation)).toEqual([1]);
      expect(await db.offers.changedAfter(0, third)).toBe(false);
      expect(await db.offers.changedAfter(0, second)).toBe(true);
      expect((await db.offers.size()).rows).toBe(2);
      expect(await db.offers.removeBefore(1)).toBe(1);
      expect((await db.offers.size()).rows).toBe(1);
    });

    it('keep one catalog source, take a due fetch once, and keep the last ten fetches', async () => {
      const source = {
        url: 'https://feeds.example.com/f.jsonl',
        intervalMinutes: 60,
        onChange: 'publish' as const,
        nextFetchAt: at(0),
        createdAt: at(0),
        updatedAt: at(0),
      };
      expect(await db.catalogSource.put(source)).toEqual({ created: true });
      expect(await db.catalogSource.put({ ...source, intervalMinutes: 15 })).toEqual({ created: false });
      expect((await db.catalogSource.get())?.intervalMinutes).toBe(15);
      const taken = await db.catalogSource.takeDue(at(0));
      expect(taken?.url).toBe(source.url);
      expect(await db.catalogSource.takeDue(at(1))).toBeUndefined();
      expect((await db.catalogSource.get())?.nextFetchAt).toBe(at(15));
      expect(await db.catalogSource.requestFetch(at(2))).toBe(true);
      expect((await db.catalogSource.takeDue(at(2)))?.fetchRequestedAt).toBe(at(2));
      for (let i = 0; i < 12; i++) {
        await db.catalogSource.addFetch({
          url: source.url,
          startedAt: at(i),
          finishedAt: at(i),
          outcome: 'unchanged',
          detail: `fetch ${i}`,
        });
      }
      const fetches = await db.catalogSource.fetches();
      expect(fetches.map((fetch) => fetch.detail)).toEqual(
        Array.from({ length: 10 }, (_, i) => `fetch ${11 - i}`),
      );
      expect((await db.catalogSource.remove())?.url).toBe(source.url);
      expect(await db.catalogSource.get()).toBeUndefined();
      expect(await db.catalogSource.fetches()).toEqual([]);
    });
  });
}

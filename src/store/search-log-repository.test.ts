import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newQueryId } from '../lib/ids.js';
import { type Database, openDatabase } from './database.js';
import type { LoggedEvent, LoggedSearch } from './search-log-records.js';
import { openScratchDatabase } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;

function search(at: string, overrides: Partial<LoggedSearch> = {}): LoggedSearch {
  return {
    queryId: newQueryId(new Date(at)),
    arrivedAt: at,
    typed: 'Kettle',
    searched: 'kettle',
    surface: 'search',
    channel: 'web',
    locale: 'en',
    filters: [{ field: 'brand', value: 'Homely' }],
    page: 1,
    perPage: 24,
    countOnly: false,
    total: 3,
    hits: [{ entity: 'product:p3', position: 1, campaign: 'spring' }],
    placements: [],
    pageView: 'pv-1',
    traffic: 'shopper',
    release: 'rl_1',
    ...overrides,
  };
}

function event(queryId: string, overrides: Partial<LoggedEvent> = {}): LoggedEvent {
  return {
    receivedAt: '2026-03-02T10:00:00.000Z',
    queryId,
    type: 'click',
    entity: 'product:p3',
    position: 1,
    surface: 'storefront',
    traffic: 'shopper',
    ...overrides,
  };
}

const backends = [
  { name: 'sqlite in memory', open: () => openScratchDatabase() },
  { name: 'a sqlite file (written from its own thread)', open: openFileDatabase },
  { name: 'postgres', open: () => openScratchDatabase(postgresUrl), skip: !postgresUrl },
];

let fileDirs: string[] = [];

async function openFileDatabase(): Promise<Database> {
  const dir = await mkdtemp(join(tmpdir(), 'aisle-log-'));
  fileDirs.push(dir);
  return openDatabase({ dataDir: dir });
}

for (const backend of backends) {
  describe.skipIf(backend.skip === true)(`the search log on ${backend.name}`, () => {
    let db: Database;
    beforeEach(async () => {
      db = await backend.open();
    });
    afterEach(async () => {
      await db.close();
      await Promise.all(fileDirs.map((dir) => rm(dir, { recursive: true, force: true })));
      fileDirs = [];
    });

    it('reads the last shopper searches back, newest first, as many as asked', async () => {
      const older = search('2026-03-01T08:00:00.000Z', { typed: 'toaster', category: 'kitchen' });
      const newer = search('2026-03-02T09:00:00.000Z', { typed: 'sofa', surface: 'category_page' });
      const bot = search('2026-03-02T10:00:00.000Z', { typed: 'crawl', traffic: 'bot' });
      await db.searchLog.append({ searches: [older, newer, bot], events: [] });
      expect(await db.searchLog.recentSearches(10)).toEqual([
        { typed: 'sofa', surface: 'category_page', channel: 'web', locale: 'en' },
        { typed: 'toaster', surface: 'search', channel: 'web', locale: 'en', category: 'kitchen' },
      ]);
      expect(await db.searchLog.recentSearches(1)).toHaveLength(1);
    });

    it('keeps searches and events, marks the days they touch, and reads a day back in order', async () => {
      const first = search('2026-03-01T23:59:59.000Z');
      const second = search('2026-03-01T08:00:00.000Z', {
        typed: 'toaster',
        filters: [],
        pageView: undefined,
      });
      const test = search('2026-03-01T09:00:00.000Z', { traffic: 'test' });
      const nextDay = search('2026-03-02T00:00:01.000Z');
      await db.searchLog.append({ searches: [first, second, test, nextDay], events: [] });
      await db.searchLog.append({
        searches: [],
        events: [
          event(first.queryId),
          event(first.queryId, { type: 'view', traffic: 'bot' }),
          event(test.queryId),
          event(second.queryId, { entity: undefined, placement: 'banner-rule', position: undefined }),
        ],
      });

      expect(await db.searchLog.dirtyDays()).toEqual(['2026-03-01', '2026-03-02']);
      const day = await db.searchLog.searchesOfDay('2026-03-01', '', 10);
      // Only shopper traffic is read, in query id (arrival) order.
      expect(day.map((one) => one.queryId)).toEqual([second.queryId, first.queryId]);
      expect(day[1]).toEqual({
        queryId: first.queryId,
        typed: 'Kettle',
        surface: 'search',
        channel: 'web',
        locale: 'en',
        filters: [{ field: 'brand', value: 'Homely' }],
        page: 1,
        countOnly: false,
        total: 3,
        pageView: 'pv-1',
      });
      expect(day[0]?.pageView).toBeUndefined();
      expect((await db.searchLog.searchesOfDay('2026-03-01', second.queryId, 10)).length).toBe(1);
      expect((await db.searchLog.searchesOfDay('2026-03-01', '', 1)).length).toBe(1);

      const events = await db.searchLog.eventsOfDay('2026-03-01', 0, 10);
      expect(events.map(({ seq: _seq, ...rest }) => rest)).toEqual([
        {
          queryId: first.queryId,
          type: 'click',
          entity: 'product:p3',
          position: 1,
          search: {
            typed: 'Kettle',
            surface: 'search',
            channel: 'web',
            locale: 'en',
            page: 1,
            countOnly: false,
          },
        },
        {
          queryId: second.queryId,
          type: 'click',
          placement: 'banner-rule',
          search: {
            typed: 'toaster',
            surface: 'search',
            channel: 'web',
            locale: 'en',
            page: 1,
            countOnly: false,
          },
        },
      ]);
      expect(await db.searchLog.eventsOfDay('2026-03-01', events[0]!.seq, 10)).toHaveLength(1);

      await db.searchLog.clearDirty('2026-03-01');
      expect(await db.searchLog.dirtyDays()).toEqual(['2026-03-02']);
    });

    it('logs a query id once, however often its write is repeated', async () => {
      const once = search('2026-03-01T10:00:00.000Z');
      await db.searchLog.append({ searches: [once], events: [] });
      await db.searchLog.append({ searches: [once], events: [] });
      expect(await db.searchLog.searchesOfDay('2026-03-01', '', 10)).toHaveLength(1);
    });

    it('removes whole days before the retention cut and says how much is kept', async () => {
      const old = search('2026-02-01T10:00:00.000Z');
      const kept = search('2026-03-01T10:00:00.000Z');
      await db.searchLog.append({
        searches: [old, kept],
        events: [event(old.queryId), event(kept.queryId), event(kept.queryId, { type: 'view' })],
      });
      expect(await db.searchLog.size()).toMatchObject({ searches: 2, events: 3, oldestDay: '2026-02-01' });
      expect(await db.searchLog.removeBefore('2026-03-01')).toEqual({ searches: 1, events: 1 });
      expect(await db.searchLog.size()).toMatchObject({ searches: 1, events: 2, oldestDay: '2026-03-01' });
      expect(await db.searchLog.dirtyDays()).toEqual(['2026-03-01']);
      await db.searchLog.removeBefore('2026-04-01');
      expect(await db.searchLog.size()).toMatchObject({ searches: 0, events: 0 });
    });

    it('writes many rows in one batch', async () => {
      const searches = Array.from({ length: 1200 }, (_, index) =>
        search('2026-03-01T10:00:00.000Z', { pageView: `pv-${index}` }),
      );
      const events = searches.flatMap((one) => [event(one.queryId), event(one.queryId, { type: 'view' })]);
      const empty = await db.searchLog.size();
      await db.searchLog.append({ searches, events });
      const written = await db.searchLog.size();
      expect(written).toMatchObject({ searches: 1200, events: 2400, oldestDay: '2026-03-01' });
      // Each logged search takes disk: its row, its events and their indexes.
      expect(written.bytes - empty.bytes).toBeGreaterThan(1200 * 100);
    });
  });
}

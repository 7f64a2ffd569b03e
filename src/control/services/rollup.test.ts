import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.js';
import { newQueryId } from '../../lib/ids.js';
import { decodeLearnt, LEARNT_SUGGESTIONS_KEY } from '../../planner/index.js';
import type { Database, LoggedEvent, LoggedSearch } from '../../store/index.js';
import {
  createScratchSchema,
  DirectoryBlobStore,
  openDatabase,
  openScratchDatabase,
  type ScratchSchema,
} from '../../store/index.js';
import type { ControlDeps } from './deps.js';
import { ROLL_UP_LOCK, type RollUpResult, rollUpSearchLog } from './rollup.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;

function search(
  at: string,
  typed: string,
  pageView: string | undefined,
  overrides: Partial<LoggedSearch> = {},
) {
  return {
    queryId: newQueryId(new Date(at)),
    arrivedAt: at,
    typed,
    searched: typed,
    surface: 'search',
    channel: 'web',
    locale: 'en',
    filters: [],
    page: 1,
    perPage: 24,
    countOnly: false,
    total: 5,
    hits: [],
    placements: [],
    ...(pageView !== undefined ? { pageView } : {}),
    traffic: 'shopper',
    release: 'rl_1',
    ...overrides,
  } satisfies LoggedSearch;
}

function event(
  of: LoggedSearch,
  type: 'click' | 'view',
  position: number,
  overrides: Partial<LoggedEvent> = {},
) {
  return {
    receivedAt: of.arrivedAt,
    queryId: of.queryId,
    type,
    entity: `product:p${position}`,
    position,
    surface: 'storefront',
    traffic: 'shopper',
    ...overrides,
  } satisfies LoggedEvent;
}

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !postgresUrl)(`the roll-up on ${backend}`, () => {
    let database: Database;
    const clock = fixedClock('2026-03-03T12:00:00.000Z');
    let deps: ControlDeps;
    let blobDir: string;
    beforeEach(async () => {
      database = await openScratchDatabase(backend === 'postgres' ? postgresUrl : undefined);
      clock.set('2026-03-03T12:00:00.000Z');
      blobDir = await mkdtemp(join(tmpdir(), 'aisle-rollup-'));
      const blobs = new DirectoryBlobStore(blobDir);
      // The roll-up reads the database, the blob store (what it learns) and the clock only.
      deps = { database, blobs, clock } as unknown as ControlDeps;
    });
    afterEach(async () => {
      await database.close();
      await rm(blobDir, { recursive: true, force: true });
    });

    it('counts what two page views typed, a day at a time, and only the days written to since', async () => {
      const first = [
        search('2026-03-01T09:00:00.000Z', 'Lamp', 'a'),
        search('2026-03-01T09:01:00.000Z', 'lamp', 'a', { page: 2 }),
        search('2026-03-01T09:02:00.000Z', 'lamp', 'b', { filters: [{ field: 'color', value: 'red' }] }),
        search('2026-03-01T09:03:00.000Z', 'sofa', 'c', { total: 0 }),
        search('2026-03-01T09:04:00.000Z', 'sofa', undefined, { total: 0 }),
        search('2026-03-01T09:05:00.000Z', '', 'c', { surface: 'category_page', category: 'living' }),
      ];
      const second = [
        search('2026-03-02T09:00:00.000Z', 'lamp', 'd'),
        search('2026-03-02T09:00:00.000Z', 'lamp', 'e', { channel: 'app' }),
      ];
      await database.searchLog.append({
        searches: [...first, ...second],
        events: [
          event(first[0]!, 'view', 1),
          event(first[0]!, 'click', 1),
          // A click on a hit the second page brought names that page's answer.
          event(first[1]!, 'click', 30),
          event(first[2]!, 'click', 4, { campaign: 'lamps' }),
          event(first[2]!, 'view', 4, { campaign: 'lamps' }),
          event(second[0]!, 'click', 2),
        ],
      });

      expect((await rollUpSearchLog(deps, 30)).days).toEqual(['2026-03-01', '2026-03-02']);
      const scope = { from: '2026-03-01', to: '2026-03-02' };
      expect(await database.insights.days(scope)).toEqual([
        {
          day: '2026-03-01',
          searches: 4,
          uniqueSearches: 4,
          withoutResults: 2,
          clickedSearches: 2,
          clicks: 3,
          views: 2,
          browses: 1,
        },
        {
          day: '2026-03-02',
          searches: 2,
          uniqueSearches: 2,
          withoutResults: 0,
          clickedSearches: 1,
          clicks: 1,
          views: 0,
          browses: 0,
        },
      ]);
      // What the roll-up counted teaches the suggestions: lamp, which two page views typed on a day
      // and which found something; not sofa, which found nothing.
      const learnt = decodeLearnt(
        await deps.blobs.get((await database.settings.get(LEARNT_SUGGESTIONS_KEY))!),
      );
      expect(learnt.suggestions.map(({ channel, locale, text }) => ({ channel, locale, text }))).toEqual([
        { channel: 'web', locale: 'en', text: 'lamp' },
      ]);
      // Lamp counts on the first day (page views a and b), not on the second (d on web, e on app).
      expect(await database.insights.queries(scope, 'top', 10)).toEqual([
        {
          query: 'lamp',
          text: 'lamp',
          pageViews: 2,
          searches: 2,
          uniqueSearches: 2,
          withoutResults: 0,
          clickedSearches: 2,
          clicks: 3,
          positionedClicks: 3,
          clickPositions: 35,
          views: 2,
        },
      ]);
      // Sofa was typed by one page view and by a search without one: that is no second page view.
      expect(await database.insights.queries(scope, 'without_results', 10)).toEqual([]);
      expect(await database.insights.filters(scope, 10)).toEqual([{ field: 'color', value: 'red', uses: 1 }]);
      expect(await database.insights.categories(scope, 10)).toEqual([
        { category: 'living', browses: 1, uniqueBrowses: 1 },
      ]);
      expect(await database.insights.campaigns(scope)).toEqual([
        { campaign: 'lamps', day: '2026-03-01', views: 1, clicks: 1 },
      ]);
      expect(await database.insights.days({ ...scope, channel: 'app' })).toEqual([
        expect.objectContaining({ day: '2026-03-02', searches: 1 }),
      ]);

      // Nothing new: nothing counted. An event for the first day: that day alone, counted anew.
      expect((await rollUpSearchLog(deps, 30)).days).toEqual([]);
      await database.searchLog.append({ searches: [], events: [event(first[3]!, 'view', 1)] });
      expect((await rollUpSearchLog(deps, 30)).days).toEqual(['2026-03-01']);
      expect((await database.insights.days(scope))[0]?.views).toBe(3);
      expect((await database.insights.days(scope))[1]?.clicks).toBe(1);
    });

    it('removes raw rows older than the retention period and keeps what was counted of them', async () => {
      const old = search('2026-03-01T09:00:00.000Z', 'lamp', 'a');
      await database.searchLog.append({
        searches: [old, search('2026-03-01T09:01:00.000Z', 'lamp', 'b')],
        events: [event(old, 'click', 1)],
      });
      await rollUpSearchLog(deps, 30);
      clock.set('2026-03-10T00:00:00.000Z');
      const result = await rollUpSearchLog(deps, 5);
      expect(result).toMatchObject({ days: [], removed: { searches: 2, events: 1 } });
      // A new day weighs the kept days anew: the suggestions are learnt again, from the roll-ups.
      expect(result.learnt?.suggestions).toBe(1);
      expect(await database.searchLog.size()).toMatchObject({ searches: 0, events: 0 });
      const [day] = await database.insights.days({ from: '2026-03-01', to: '2026-03-01' });
      expect(day).toMatchObject({ searches: 2, clicks: 1 });
    });
  });
}

describe.skipIf(!postgresUrl)(
  'the search log on PostgreSQL, written and rolled up by several nodes at once',
  () => {
    let schema: ScratchSchema;
    /** Three query nodes and two control planes: each a process with its own pool. */
    let nodes: Database[];
    let planes: ControlDeps[];
    let blobDir: string;
    const clock = fixedClock('2026-03-03T12:00:00.000Z');
    beforeEach(async () => {
      schema = await createScratchSchema(postgresUrl!);
      const open = () => openDatabase({ url: schema.url, dataDir: tmpdir() });
      nodes = [await open(), await open(), await open()];
      blobDir = await mkdtemp(join(tmpdir(), 'aisle-rollup-'));
      const blobs = new DirectoryBlobStore(blobDir);
      planes = [];
      for (let plane = 0; plane < 2; plane++) {
        planes.push({ database: await open(), blobs, clock } as unknown as ControlDeps);
      }
    });
    afterEach(async () => {
      await Promise.all([...nodes, ...planes.map((plane) => plane.database)].map((db) => db.close()));
      await schema.drop();
      await rm(blobDir, { recursive: true, force: true });
    });

    it('loses no search or event and counts none twice, while the roll-up runs on two control planes', async () => {
      const BATCHES = 15;
      const PER_BATCH = 40;
      const days = ['2026-03-02', '2026-03-03'];
      /** Per day, every search and click sent. */
      const sent = new Map(days.map((day) => [day, { searches: 0, clicks: 0 }]));
      let writing = true;
      const write = async (node: Database, n: number) => {
        for (let batch = 0; batch < BATCHES; batch++) {
          const searches: LoggedSearch[] = [];
          const events: LoggedEvent[] = [];
          for (let i = 0; i < PER_BATCH; i++) {
            // Batches hold both days, in either order: events arrive for yesterday's searches.
            const day = days[(batch + i + n) % 2]!;
            const typed = search(
              `${day}T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
              `lamp ${n}`,
              `pv-${n}-${batch}-${i}`,
            );
            searches.push(typed);
            events.push(event(typed, 'click', 1 + (i % 5)));
            sent.get(day)!.searches += 1;
            sent.get(day)!.clicks += 1;
          }
          await node.searchLog.append({ searches, events });
          // A batch written again, as after a write whose answer was lost: counted once all the same.
          if (batch === 3) await node.searchLog.append({ searches, events });
        }
      };
      const rollUps = planes.map(async (plane) => {
        const results: RollUpResult[] = [];
        while (writing) results.push(await rollUpSearchLog(plane, 30));
        return results;
      });
      await Promise.all(nodes.map(write));
      writing = false;
      const during = (await Promise.all(rollUps)).flat();
      // What was written after the last roll-up under way began is counted by the next one.
      const last = await rollUpSearchLog(planes[0]!, 30);
      expect(last.elsewhere).toBeUndefined();
      expect(during.length).toBeGreaterThan(0);

      const counted = await planes[1]!.database.insights.days({ from: days[0]!, to: days[1]! });
      expect(counted.map(({ day, searches, clicks }) => ({ day, searches, clicks }))).toEqual(
        days.map((day) => ({ day, ...sent.get(day)! })),
      );
    });

    it('counts nothing on a control plane while another rolls up, and leaves the marks to it', async () => {
      const [first, second] = planes as [ControlDeps, ControlDeps];
      await nodes[0]!.searchLog.append({
        searches: [search('2026-03-03T09:00:00.000Z', 'lamp', 'a')],
        events: [],
      });
      let finish = () => {};
      const held = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let holding = () => {};
      const taken = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // The first control plane is rolling up (held at its start); the second finds it so.
      const underWay = first.database.alone(ROLL_UP_LOCK, async () => {
        holding();
        await held;
        return {};
      });
      await taken;
      expect(await rollUpSearchLog(second, 30)).toEqual({
        days: [],
        removed: { searches: 0, events: 0 },
        elsewhere: true,
      });
      expect(await second.database.searchLog.dirtyDays()).toEqual(['2026-03-03']);
      finish();
      await underWay;
      expect((await rollUpSearchLog(second, 30)).days).toEqual(['2026-03-03']);
    });
  },
);

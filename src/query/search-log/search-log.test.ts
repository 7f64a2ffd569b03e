import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { newQueryId } from '../../lib/ids.js';
import type { LogBatch, LoggedEvent, LoggedSearch } from '../../store/index.js';
import { SearchLog, type SearchLogOptions } from './search-log.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Said {
  level: 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

function recordingLogger(said: Said[]): FastifyBaseLogger {
  const note = (level: Said['level']) => (fields: Record<string, unknown>, message: string) =>
    said.push({ level, fields, message });
  return { warn: note('warn'), error: note('error'), info: () => {} } as unknown as FastifyBaseLogger;
}

function event(overrides: Partial<LoggedEvent> = {}): LoggedEvent {
  return {
    receivedAt: '2026-03-02T10:00:00.000Z',
    queryId: newQueryId(new Date('2026-03-02T09:59:00.000Z')),
    type: 'click',
    entity: 'product:p1',
    position: 1,
    surface: 'storefront',
    traffic: 'shopper',
    ...overrides,
  };
}

function search(overrides: Partial<LoggedSearch> = {}): LoggedSearch {
  return {
    queryId: newQueryId(new Date('2026-03-02T09:59:00.000Z')),
    arrivedAt: '2026-03-02T09:59:00.000Z',
    typed: 'kettle',
    searched: 'kettle',
    surface: 'search',
    channel: 'web',
    locale: 'en',
    filters: [],
    page: 1,
    perPage: 24,
    countOnly: false,
    total: 1,
    hits: [],
    placements: [],
    traffic: 'shopper',
    release: 'rl_1',
    ...overrides,
  };
}

let logs: SearchLog[] = [];
afterEach(async () => {
  const closing = logs;
  logs = [];
  await Promise.all(closing.map((log) => log.close(100)));
});

function searchLog(options: Partial<SearchLogOptions> & Pick<SearchLogOptions, 'write'>, said: Said[] = []) {
  const log = new SearchLog({
    logger: recordingLogger(said),
    capacity: 1_000,
    batchSize: 100,
    flushMs: 60_000,
    ...options,
  });
  logs.push(log);
  return log;
}

describe('the search log queue', () => {
  it('writes what waits in batches of at most the batch size, on flush', async () => {
    const batches: LogBatch[] = [];
    const log = searchLog({ write: async (batch) => void batches.push(batch) });
    for (let index = 0; index < 5; index++) expect(log.recordSearch(search(), CHROME)).toBe(true);
    expect(
      log.recordEvents(
        Array.from({ length: 230 }, () => event()),
        CHROME,
      ),
    ).toBe(true);
    expect(log.stats().queued).toBe(235);
    await log.flush();
    expect(batches.map((batch) => [batch.searches.length, batch.events.length])).toEqual([
      [5, 95],
      [0, 100],
      [0, 35],
    ]);
    expect(log.stats()).toEqual({ queued: 0, written: 235, dropped: 0, failedWrites: 0 });
  });

  it('writes a full batch at once and a smaller one after the flush interval, without being asked', async () => {
    const batches: LogBatch[] = [];
    let written: () => void = () => {};
    const log = searchLog({
      batchSize: 10,
      flushMs: 20,
      write: async (batch) => {
        batches.push(batch);
        written();
      },
    });
    await new Promise<void>((resolve) => {
      written = resolve;
      log.recordEvents(
        Array.from({ length: 10 }, () => event()),
        CHROME,
      );
    });
    expect(batches).toHaveLength(1);
    await new Promise<void>((resolve) => {
      written = resolve;
      log.recordSearch(search(), CHROME);
    });
    expect(batches.map((batch) => batch.searches.length + batch.events.length)).toEqual([10, 1]);
  });

  it('marks a shopper whose user agent the bot list names as a bot when it writes', async () => {
    const batches: LogBatch[] = [];
    const log = searchLog({ write: async (batch) => void batches.push(batch) });
    log.recordSearch(search(), GOOGLEBOT);
    log.recordSearch(search(), CHROME);
    log.recordSearch(search({ traffic: 'test' }), GOOGLEBOT);
    log.recordEvents([event(), event({ traffic: 'bench' })], GOOGLEBOT);
    log.recordEvents([event()], undefined);
    await log.flush();
    expect(batches[0]?.searches.map((one) => one.traffic)).toEqual(['bot', 'shopper', 'test']);
    expect(batches[0]?.events.map((one) => one.traffic)).toEqual(['bot', 'bench', 'shopper']);
  });

  it('refuses what does not fit when full, says so once in the logs and counts it', async () => {
    const said: Said[] = [];
    const log = searchLog({ capacity: 150, write: () => new Promise(() => {}) }, said);
    expect(
      log.recordEvents(
        Array.from({ length: 100 }, () => event()),
        CHROME,
      ),
    ).toBe(true);
    // All of a batch or none of it.
    expect(
      log.recordEvents(
        Array.from({ length: 60 }, () => event()),
        CHROME,
      ),
    ).toBe(false);
    expect(
      log.recordEvents(
        Array.from({ length: 50 }, () => event()),
        CHROME,
      ),
    ).toBe(true);
    expect(log.recordSearch(search(), CHROME)).toBe(false);
    expect(log.stats()).toMatchObject({ queued: 150, dropped: 61 });
    expect(said).toEqual([
      {
        level: 'warn',
        fields: expect.objectContaining({ dropped: 60, droppedSinceStart: 60, capacity: 150 }),
        message: 'the search log queue is full: searches and events are dropped until it drains',
      },
    ]);
  });

  it('keeps a batch whose write failed, and writes it on the next try', async () => {
    const said: Said[] = [];
    const written: LogBatch[] = [];
    let failures = 1;
    const log = searchLog(
      {
        write: async (batch) => {
          if (failures-- > 0) throw new Error('database is locked');
          written.push(batch);
        },
      },
      said,
    );
    log.recordEvents([event(), event()], CHROME);
    await log.flush();
    expect(log.stats()).toEqual({ queued: 2, written: 0, dropped: 0, failedWrites: 1 });
    expect(said[0]).toMatchObject({
      level: 'error',
      message: 'the search log could not write a batch; it tries again',
    });
    await log.flush();
    expect(written[0]?.events).toHaveLength(2);
    expect(log.stats()).toEqual({ queued: 0, written: 2, dropped: 0, failedWrites: 1 });
  });

  it('writes everything when it closes, then refuses and counts what comes', async () => {
    const said: Said[] = [];
    const written: LogBatch[] = [];
    const log = searchLog({ write: async (batch) => void written.push(batch) }, said);
    log.recordEvents(
      Array.from({ length: 250 }, () => event()),
      CHROME,
    );
    await log.close();
    expect(written.reduce((sum, batch) => sum + batch.events.length, 0)).toBe(250);
    expect(log.recordSearch(search(), CHROME)).toBe(false);
    expect(log.stats()).toMatchObject({ queued: 0, written: 250, dropped: 1 });
    expect(said.at(-1)?.message).toBe(
      'the search log is closed: searches and events arriving now are not kept',
    );
  });

  it('gives up on a database that keeps failing when it closes, saying what it lost', async () => {
    const said: Said[] = [];
    const log = searchLog(
      {
        write: async () => {
          throw new Error('no database');
        },
      },
      said,
    );
    log.recordEvents([event(), event(), event()], CHROME);
    await log.close();
    expect(log.stats()).toEqual({ queued: 0, written: 0, dropped: 3, failedWrites: 3 });
    expect(said.at(-1)).toMatchObject({
      level: 'error',
      fields: { lost: 3 },
      message: 'the search log could not write what waited when it closed',
    });
  });

  it('waits for a database that does not answer only so long when it closes', async () => {
    const said: Said[] = [];
    const log = searchLog({ write: () => new Promise(() => {}) }, said);
    log.recordEvents([event(), event()], CHROME);
    await log.close(50);
    expect(log.stats()).toMatchObject({ queued: 0, dropped: 2 });
    expect(said.at(-1)).toMatchObject({ level: 'error', fields: { lost: 2 } });
  });
});

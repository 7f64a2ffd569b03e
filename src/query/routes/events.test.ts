import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpServer } from '../../http/server.js';
import { systemClock } from '../../lib/clock.js';
import { newQueryId } from '../../lib/ids.js';
import { createMetricsRegistry } from '../../lib/metrics.js';
import { buildPublicApp } from '../app.js';
import type { LiveIndex } from '../live-index.js';
import { SearchLog } from '../search-log/search-log.js';

/** What a storefront hears when the search log cannot take its events: a database that stopped answering. */
describe('POST /v1/events with the search log full', () => {
  const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const searchLog = new SearchLog({
    write: () => new Promise(() => {}),
    logger,
    capacity: 150,
    batchSize: 1_000,
    flushMs: 60_000,
  });
  let app: HttpServer;
  beforeAll(async () => {
    // Something is live: events are taken only then, as every endpoint but /health answers 503 before.
    const live = { current: () => undefined, searchable: () => ({}) } as unknown as LiveIndex;
    app = await buildPublicApp({
      logger,
      clock: systemClock,
      live,
      searchLog,
      metrics: createMetricsRegistry(),
      shedding: { eventLoopDelayMs: 0, eventLoopUtilization: 0, sampleMs: 1000 },
      bodyTimeouts: { idleMs: 30_000, minBytesPerSecond: 8192 },
    });
  });
  afterAll(async () => {
    await app.close();
    await searchLog.close(10);
  });

  const batch = (size: number) => ({
    events: Array.from({ length: size }, () => ({
      type: 'view',
      query_id: newQueryId(new Date()),
      entity: 'product:p1',
      position: 1,
    })),
  });

  it('answers 503 with Retry-After, taking nothing of the batch, and counts it as dropped', async () => {
    const taken = await app.inject({ method: 'POST', url: '/v1/events', payload: batch(100) });
    expect(taken.statusCode).toBe(202);
    const refused = await app.inject({ method: 'POST', url: '/v1/events', payload: batch(100) });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(refused.json().detail).toContain('Nothing of the batch was taken');
    expect(searchLog.stats()).toMatchObject({ queued: 100, dropped: 100 });
    // What fits is still taken.
    expect((await app.inject({ method: 'POST', url: '/v1/events', payload: batch(50) })).statusCode).toBe(
      202,
    );
  });
});

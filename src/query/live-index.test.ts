import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateCatalog } from '../catalog/demo/index.js';
import { demoReleaseFiles } from '../catalog/demo/release.js';
import type { Rule } from '../contracts/release-files/index.js';
import { compileReleaseIndex } from '../control/indexer/release-index.js';
import { compileIndex } from '../engine/index.js';
import { inlineTasks } from '../lib/tasks.js';
import type { BlobStore, ChangeFeed, ChangeListener, Database, LiveRecord } from '../store/index.js';
import { indexTasks } from './index-tasks.js';
import { LiveIndex } from './live-index.js';

const catalog = [...generateCatalog({ products: 400, seed: 1 })];
const arrival = new Date('2026-03-02T10:00:00Z');
const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** The demo release without its rule that drops "cheap". */
const withoutRewrite = {
  ...demoReleaseFiles,
  'rules.json': {
    rules: (demoReleaseFiles['rules.json'] as { rules: Rule[] }).rules.filter(
      (rule) => rule.id !== 'rewrite-cheap',
    ),
  },
};

/** A live pointer, releases and artifacts in memory: what the live index reads of the store. */
function store(artifacts: Record<string, Uint8Array>, releases: Record<string, Record<string, unknown>>) {
  let pointer: LiveRecord | undefined;
  const database = {
    live: { get: async () => pointer },
    releases: { get: async (id: string) => ({ id, files: releases[id]!, createdAt: '' }) },
    indexRuns: { get: async () => undefined },
    offers: { latest: async () => 0, changedSince: async () => [] },
  } as unknown as Database;
  const blobs = { get: async (key: string) => Buffer.from(artifacts[key]!) } as unknown as BlobStore;
  return {
    live: new LiveIndex({ database, blobs, logger, pollMs: 60_000, tasks: inlineTasks(indexTasks) }),
    point(runId: number, artifact: string, releaseId: string) {
      pointer = { runId, artifact, releaseId, snapshotId: 'sn_1', since: '' };
    },
  };
}

describe('LiveIndex', () => {
  it('decodes the vocabulary once per artifact and compiles the planner on every load, a switch included', async () => {
    const { live, point } = store(
      {
        built: await compileReleaseIndex(catalog, demoReleaseFiles),
        older: await compileIndex(catalog),
      },
      { r1: demoReleaseFiles, r2: withoutRewrite },
    );

    point(1, 'built', 'r1');
    await live.refresh();
    const first = live.current()!;
    expect(first.vocabulary.categories.get('headphones')).toBeDefined();
    const cheap = first.planner.plan({ query: 'cheap headphones', redirect: false }, { arrival });
    expect(cheap.applied).toContain('rewrite-cheap');
    expect(cheap.resolution).toMatchObject({ category: 'headphones', complete: true });

    // A switch: the same artifact with new release files keeps the index and its vocabulary.
    point(2, 'built', 'r2');
    await live.refresh();
    const switched = live.current()!;
    expect(switched.runId).toBe(2);
    expect(switched.index).toBe(first.index);
    expect(switched.vocabulary).toBe(first.vocabulary);
    expect(switched.planner).not.toBe(first.planner);
    const kept = switched.planner.plan({ query: 'cheap headphones', redirect: false }, { arrival });
    expect(kept.applied).not.toContain('rewrite-cheap');
    expect(kept.resolution).toMatchObject({ category: 'headphones', text: 'cheap', complete: false });

    // An artifact compiled without a vocabulary names nothing: every word stays text.
    point(3, 'older', 'r1');
    await live.refresh();
    const older = live.current()!;
    expect(older.index).not.toBe(first.index);
    expect(older.vocabulary.categories.size).toBe(0);
    const plain = older.planner.plan({ query: 'headphones', redirect: false }, { arrival });
    expect(plain.resolution).toMatchObject({ text: 'headphones', complete: false });
    expect(plain.resolution?.category).toBeUndefined();
  });
});

/**
 * A store whose pointer reads are counted and can be held: `hold()` makes the next reads wait
 * (each with the pointer as it was when read) until `release()`.
 */
function followedStore(options: { pollMs: number; artifact?: Uint8Array; failedReads?: number }) {
  let failing = options.failedReads ?? 0;
  let pointer: LiveRecord | undefined;
  let reads = 0;
  let gate: Promise<void> | undefined;
  let open = () => {};
  const database = {
    live: {
      get: async () => {
        reads++;
        const seen = pointer;
        await gate;
        return seen;
      },
    },
    releases: { get: async (id: string) => ({ id, files: demoReleaseFiles, createdAt: '' }) },
    indexRuns: { get: async () => undefined, unfinished: async () => [] },
    offers: { latest: async () => 0, changedSince: async () => [] },
    settings: { get: async () => undefined },
  } as unknown as Database;
  let listener: ChangeListener | undefined;
  const changes: ChangeFeed = {
    listen(heard) {
      listener = heard;
      return { close: async () => {} };
    },
  };
  return {
    live: new LiveIndex({
      database,
      blobs: {
        get: async () => {
          if (failing-- > 0) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          return Buffer.from(options.artifact!);
        },
      } as unknown as BlobStore,
      logger,
      pollMs: options.pollMs,
      changes,
      tasks: inlineTasks(indexTasks),
    }),
    heard: () => listener!,
    reads: () => reads,
    point(runId: number) {
      // The same artifact each time: a switch, loaded without reading a blob.
      pointer = { runId, artifact: 'built', releaseId: 'r1', snapshotId: 'sn_1', since: '' };
    },
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

/** Loading an index takes seconds on a busy machine: what is waited for may take as long. */
const WAIT = { timeout: 30_000 };

describe('LiveIndex following changes', () => {
  let artifact: Uint8Array;
  beforeAll(async () => {
    artifact = await compileReleaseIndex(catalog, demoReleaseFiles);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the pointer when a change is told rather than polling, and polls while the feed is lost', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = followedStore({ pollMs: 100 });
    await store.live.start();
    expect(store.live.isListening()).toBe(false);
    const polled = store.reads();
    await vi.advanceTimersByTimeAsync(350);
    expect(store.reads()).toBeGreaterThanOrEqual(polled + 3);

    store.heard().onListening(true);
    expect(store.live.isListening()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    const listening = store.reads();
    // Listening, time passes and nothing is read ...
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.reads()).toBe(listening);
    // ... until a change is told.
    store.heard().onChange();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.reads()).toBe(listening + 1);

    store.heard().onListening(false);
    const lost = store.reads();
    await vi.advanceTimersByTimeAsync(350);
    expect(store.reads()).toBeGreaterThanOrEqual(lost + 3);
    await store.live.stop();
  });

  it('reads what is live as soon as it listens again: changes may have been missed meanwhile', async () => {
    const store = followedStore({ pollMs: 600_000, artifact });
    await store.live.start();
    store.point(7);
    store.heard().onListening(true);
    await vi.waitFor(() => expect(store.live.current()?.runId).toBe(7), WAIT);
    await store.live.stop();
  });

  it('polls while listening when loading what a change named failed, until a load succeeds', async () => {
    const store = followedStore({ pollMs: 20, artifact, failedReads: 2 });
    await store.live.start();
    store.heard().onListening(true);
    store.point(3);
    store.heard().onChange();
    // No other notice comes: the node reads again by itself until the blob store answers.
    await vi.waitFor(() => expect(store.live.current()?.runId).toBe(3), WAIT);
    await store.live.stop();
  });

  it('reads again after a read under way when a change is told meanwhile', async () => {
    const store = followedStore({ pollMs: 600_000, artifact });
    store.point(1);
    await store.live.start();
    store.heard().onListening(true);
    await vi.waitFor(() => expect(store.live.current()?.runId).toBe(1), WAIT);

    // A read starts and sees run 1 ...
    store.hold();
    store.heard().onChange();
    await vi.waitFor(() => expect(store.reads()).toBeGreaterThan(0), WAIT);
    const before = store.reads();
    // ... then run 2 goes live and is told while that read is still under way.
    store.point(2);
    store.heard().onChange();
    store.release();
    await vi.waitFor(() => expect(store.live.current()?.runId).toBe(2), WAIT);
    expect(store.reads()).toBe(before + 1);
    await store.live.stop();
  });
});

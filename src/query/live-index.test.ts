import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../catalog/demo/index.js';
import { demoReleaseFiles } from '../catalog/demo/release.js';
import type { Rule } from '../contracts/release-files/index.js';
import { compileReleaseIndex } from '../control/indexer/release-index.js';
import { compileIndex } from '../engine/index.js';
import { inlineTasks } from '../lib/tasks.js';
import type { BlobStore, Database, LiveRecord } from '../store/index.js';
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

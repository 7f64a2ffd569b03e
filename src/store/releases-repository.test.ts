import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../lib/canonical-json.js';
import type { Database } from './database.js';
import { openScratchDatabase } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !postgresUrl)(`releases on ${backend}`, () => {
    let db: Database;
    beforeEach(async () => {
      db = await openScratchDatabase(backend === 'postgres' ? postgresUrl : undefined);
    });
    afterEach(() => db.close());

    const files = { 'rules.json': { rules: [{ id: 'r1', when: { q: 'tv' } }] }, 'notes.txt': 'plain text' };

    it('creates a release once; the same id again leaves the first as it was', async () => {
      const first = await db.releases.create({ id: 'rl_1', files, createdAt: '2025-03-01T10:00:00.000Z' });
      expect(first).toEqual({
        created: true,
        release: { id: 'rl_1', files, createdAt: '2025-03-01T10:00:00.000Z' },
      });
      const again = await db.releases.create({
        id: 'rl_1',
        files: {},
        createdAt: '2025-03-02T10:00:00.000Z',
      });
      expect(again).toEqual({ created: false, release: first.release });
    });

    it('gets a release with its files in canonical form', async () => {
      await db.releases.create({
        id: 'rl_1',
        files: { 'b.json': { z: 1, a: 2 }, 'a.json': [] },
        createdAt: new Date(),
      });
      const release = await db.releases.get('rl_1');
      expect(canonicalJson(release?.files)).toBe('{"a.json":[],"b.json":{"a":2,"z":1}}');
      expect(JSON.stringify(release?.files)).toBe('{"a.json":[],"b.json":{"a":2,"z":1}}');
      expect(await db.releases.get('rl_2')).toBeUndefined();
    });

    it('lists newest first, ties by insertion order, paged with the total', async () => {
      await db.releases.create({ id: 'rl_old', files, createdAt: '2025-03-01T10:00:00.000Z' });
      await db.releases.create({ id: 'rl_tie_a', files, createdAt: '2025-03-02T10:00:00.000Z' });
      await db.releases.create({ id: 'rl_tie_b', files, createdAt: '2025-03-02T10:00:00.000Z' });
      await db.releases.create({ id: 'rl_new', files, createdAt: '2025-03-03T10:00:00.000Z' });

      const first = await db.releases.list({ page: 1, perPage: 3 });
      expect(first.total).toBe(4);
      expect(first.items.map((release) => release.id)).toEqual(['rl_new', 'rl_tie_b', 'rl_tie_a']);
      const second = await db.releases.list({ page: 2, perPage: 3 });
      expect(second.items.map((release) => release.id)).toEqual(['rl_old']);
    });

    it('publishes a kept release and answers the one published last, counting the publishes', async () => {
      expect(await db.releases.published()).toBeUndefined();
      expect(await db.releases.publish('rl_1', new Date())).toBe(false);
      const { release: one } = await db.releases.create({ id: 'rl_1', files, createdAt: new Date() });
      const { release: two } = await db.releases.create({ id: 'rl_2', files: {}, createdAt: new Date() });

      expect(await db.releases.publish('rl_1', '2025-03-01T10:00:00.000Z')).toBe(true);
      expect(await db.releases.published()).toEqual({
        release: one,
        publishedAt: '2025-03-01T10:00:00.000Z',
        revision: 1,
      });
      await db.releases.publish('rl_2', '2025-03-02T10:00:00.000Z');
      expect(await db.releases.published()).toEqual({
        release: two,
        publishedAt: '2025-03-02T10:00:00.000Z',
        revision: 2,
      });
      // Publishing an earlier release again is a publish of its own: drafts read a new count.
      await db.releases.publish('rl_1', '2025-03-02T10:00:00.000Z');
      expect((await db.releases.published())?.revision).toBe(3);
    });
  });
}

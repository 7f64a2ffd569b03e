import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { openScratchDatabase } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
const blob = 'b'.repeat(64);

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !postgresUrl)(`imports on ${backend}`, () => {
    let db: Database;
    beforeEach(async () => {
      db = await openScratchDatabase(backend === 'postgres' ? postgresUrl : undefined);
      for (const id of ['sn_1', 'sn_2']) {
        await db.snapshots.put({ id, blob, format: 'csv', bytes: 10, entities: 1, receivedAt: new Date() });
      }
      await db.releases.create({ id: 'rl_1', files: { 'rules.json': { rules: [] } }, createdAt: new Date() });
    });
    afterEach(() => db.close());

    const publication = (revision: number) => ({
      revision,
      at: '2025-03-01T10:00:00.000Z',
      releaseId: 'rl_1',
      trigger: { kind: 'import' as const, import: 1 },
    });

    it('keeps a draft with no files, counted up from 1', async () => {
      const draft = await db.imports.create({
        name: 'export.csv',
        snapshotId: 'sn_1',
        createdAt: '2025-03-01T12:00:00+02:00',
      });
      expect(draft).toEqual({
        id: 1,
        revision: 0,
        name: 'export.csv',
        snapshotId: 'sn_1',
        files: {},
        createdAt: '2025-03-01T10:00:00.000Z',
      });
      const second = await db.imports.create({ snapshotId: 'sn_1', createdAt: new Date() });
      expect(second.id).toBe(2);
      expect(second.name).toBeUndefined();
      expect(await db.imports.get(1)).toEqual(draft);
      expect(await db.imports.get(3)).toBeUndefined();
    });

    it('lists newest first with the total', async () => {
      for (let i = 0; i < 3; i++) await db.imports.create({ snapshotId: 'sn_1', createdAt: new Date() });
      const page = await db.imports.list({ page: 1, perPage: 2 });
      expect(page.total).toBe(3);
      expect(page.items.map((item) => item.id)).toEqual([3, 2]);
      expect((await db.imports.list({ page: 2, perPage: 2 })).items.map((item) => item.id)).toEqual([1]);
    });

    it('changes files only at the revision read, and counts the revision up', async () => {
      await db.imports.create({ snapshotId: 'sn_1', createdAt: new Date() });
      const changed = await db.imports.changeFiles(1, 0, { 'rules.json': { rules: [] } });
      expect(changed).toMatchObject({ revision: 1, files: { 'rules.json': { rules: [] } } });
      expect(await db.imports.changeFiles(1, 0, {})).toBeUndefined();
      expect((await db.imports.get(1))?.files).toEqual({ 'rules.json': { rules: [] } });
    });

    it('discards an unpublished import once and refuses a published one', async () => {
      await db.imports.create({ snapshotId: 'sn_1', createdAt: new Date() });
      expect(await db.imports.discard(1, '2025-03-01T10:00:00.000Z')).toBe(true);
      expect(await db.imports.discard(1, '2025-03-02T10:00:00.000Z')).toBe(true);
      expect((await db.imports.get(1))?.discardedAt).toBe('2025-03-01T10:00:00.000Z');
      expect(await db.imports.changeFiles(1, 2, {})).toBeUndefined();
      expect(await db.imports.publish(1, publication(2))).toBeUndefined();

      await db.imports.create({ snapshotId: 'sn_1', createdAt: new Date() });
      expect(await db.imports.publish(2, publication(0))).toBeDefined();
      expect(await db.imports.discard(2, new Date())).toBe(false);
      expect(await db.imports.discard(99, new Date())).toBe(false);
    });

    it('publishes in one go: the release, the catalog, a queued run, and the import pointing at it', async () => {
      await db.imports.create({ snapshotId: 'sn_2', createdAt: new Date() });
      const earlier = await db.indexRuns.enqueue({
        trigger: { kind: 'rebuild' },
        snapshotId: 'sn_1',
        releaseId: 'rl_1',
        at: new Date(),
      });
      expect(await db.imports.publish(1, publication(5))).toBeUndefined();
      const published = await db.imports.publish(1, publication(0));
      expect(published?.run).toMatchObject({
        status: 'queued',
        trigger: { kind: 'import', import: 1 },
        snapshotId: 'sn_2',
        releaseId: 'rl_1',
      });
      expect(published?.record).toMatchObject({
        revision: 1,
        publishedAt: '2025-03-01T10:00:00.000Z',
        releaseId: 'rl_1',
        runId: published?.run.id,
      });
      expect(published?.record.baseReleaseId).toBeUndefined();
      expect((await db.indexRuns.get(earlier.id))?.status).toBe('superseded');
      expect((await db.releases.published())?.release.id).toBe('rl_1');
      expect((await db.snapshots.currentCatalog())?.id).toBe('sn_2');
      expect(await db.indexRuns.readsSnapshot('sn_2')).toBe(true);
      expect(await db.indexRuns.readsSnapshot('sn_1')).toBe(false);
      // Publishing again names the revision the publish left.
      expect(await db.imports.changeFiles(1, 1, {})).toBeUndefined();
      expect(
        (await db.imports.publish(1, { ...publication(1), baseReleaseId: 'rl_1' }))?.record,
      ).toMatchObject({
        revision: 2,
        baseReleaseId: 'rl_1',
      });
    });

    it('notes replacement once, removes and restores exports by snapshot, and lists what the clean-up reads', async () => {
      for (const snapshotId of ['sn_1', 'sn_1', 'sn_2'])
        await db.imports.create({ snapshotId, createdAt: new Date() });
      await db.imports.discard(1, new Date());
      await db.imports.publish(3, publication(0));
      expect((await db.imports.keptPastDraft()).map((record) => record.id)).toEqual([1, 3]);

      await db.imports.markReplaced(3, '2025-03-01T10:00:00.000Z');
      await db.imports.markReplaced(3, '2025-03-05T10:00:00.000Z');
      expect((await db.imports.get(3))?.replacedAt).toBe('2025-03-01T10:00:00.000Z');

      await db.imports.markExportsRemoved([1, 2], '2025-03-04T10:00:00.000Z');
      expect((await db.imports.get(2))?.exportRemovedAt).toBe('2025-03-04T10:00:00.000Z');
      expect((await db.imports.keptPastDraft()).map((record) => record.id)).toEqual([3]);
      expect((await db.imports.withSnapshot('sn_1')).map((record) => record.id)).toEqual([1, 2]);
      expect(await db.imports.restoreExports('sn_1')).toBe(2);
      expect((await db.imports.get(1))?.exportRemovedAt).toBeUndefined();
    });

    it('finds the live import: the last published one of the pair whose run succeeded', async () => {
      await db.imports.create({ snapshotId: 'sn_1', createdAt: new Date() });
      await db.imports.create({ snapshotId: 'sn_1', createdAt: new Date() });
      const first = await db.imports.publish(1, publication(0));
      expect(await db.imports.liveImport('sn_1', 'rl_1')).toBeUndefined();
      const owner = 'indexer';
      const claimed = await db.indexRuns.claim({ owner, at: new Date(), leaseMs: 60_000 });
      expect(claimed?.id).toBe(first?.run.id);
      await db.indexRuns.succeed(claimed!.id, owner, { at: new Date(), artifact: blob, report: {} });
      expect(await db.imports.liveImport('sn_1', 'rl_1')).toBe(1);
      await db.imports.publish(2, publication(0));
      // The second one's run has not succeeded yet: the first is still the one searches read.
      expect(await db.imports.liveImport('sn_1', 'rl_1')).toBe(1);
      expect(await db.imports.liveImport('sn_2', 'rl_1')).toBeUndefined();
    });
  });
}

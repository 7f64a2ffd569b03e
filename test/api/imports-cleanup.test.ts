import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { fixedClock } from '../../src/lib/clock.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { getImport, publish, sendExport, settled, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const HOUR = 3_600_000;
/** A scheduler pass's roll-up of a search log nobody wrote to. */
const NOTHING_TO_ROLL_UP = { days: [], removed: { searches: 0, events: 0 } };
const shop = toJsonLines(smallShop);
const teapot: CatalogEntity = { type: 'product', id: 'p4', title: 'Teapot', price: 20 };

async function keptBytes(s: TestStack, snapshotId: string): Promise<boolean> {
  const snapshot = await s.deps.database.snapshots.get(snapshotId);
  return s.deps.blobs.has(snapshot!.blob);
}

describe('the clean-up of exports', () => {
  it('removes the export of a discarded import after the retention period, and the same bytes bring it back', async () => {
    const clock = fixedClock('2025-03-01T00:00:00.000Z');
    stack = await startTestStack({ roles: { indexer: false }, clock });
    const draft = await sendExport(stack, shop);
    await stack.manage('DELETE', `/imports/${draft.id}`);

    clock.advance(71 * HOUR);
    expect(await stack.scheduler!.runOnce()).toMatchObject({
      removedExports: [],
      removedAbandoned: 0,
      rollUp: NOTHING_TO_ROLL_UP,
    });
    expect(await keptBytes(stack, draft.export.snapshot)).toBe(true);

    clock.advance(2 * HOUR);
    expect(await stack.scheduler!.runOnce()).toMatchObject({
      removedExports: [draft.id],
      removedAbandoned: 0,
      rollUp: NOTHING_TO_ROLL_UP,
    });
    expect(await keptBytes(stack, draft.export.snapshot)).toBe(false);
    const removed = await getImport(stack, draft.id);
    expect(removed).toMatchObject({
      status: 'discarded',
      export: { removed_at: '2025-03-04T01:00:00.000Z' },
    });

    const inspection = await stack.manage('GET', `/imports/${draft.id}/inspection`);
    expect(inspection.status).toBe(422);
    expect((await inspection.json()).detail).toContain('POST /api/v1/imports');
    expect((await stack.manage('GET', `/imports/${draft.id}/changes`)).status).toBe(422);
    expect((await stack.manage('GET', `/imports/${draft.id}/publication`)).status).toBe(409);

    const again = await sendExport(stack, shop);
    expect(again.export.snapshot).toBe(draft.export.snapshot);
    expect(await keptBytes(stack, draft.export.snapshot)).toBe(true);
    expect((await getImport(stack, draft.id)).export.removed_at).toBeUndefined();
    // Nothing is removed twice, and the new draft keeps the bytes it shares.
    await stack.manage('DELETE', `/imports/${draft.id}`);
    clock.advance(100 * HOUR);
    expect(await stack.scheduler!.runOnce()).toMatchObject({
      removedExports: [],
      removedAbandoned: 0,
      rollUp: NOTHING_TO_ROLL_UP,
    });
  });

  it('keeps bytes another import still needs', async () => {
    const clock = fixedClock('2025-03-01T00:00:00.000Z');
    stack = await startTestStack({ roles: { indexer: false }, clock });
    const discarded = await sendExport(stack, shop);
    const draft = await sendExport(stack, shop);
    await stack.manage('DELETE', `/imports/${discarded.id}`);
    clock.advance(100 * HOUR);
    expect(await stack.scheduler!.runOnce()).toMatchObject({
      removedExports: [],
      removedAbandoned: 0,
      rollUp: NOTHING_TO_ROLL_UP,
    });
    expect((await getImport(stack, discarded.id)).export.removed_at).toBeUndefined();

    await stack.manage('DELETE', `/imports/${draft.id}`);
    clock.advance(72 * HOUR);
    expect(await stack.scheduler!.runOnce()).toMatchObject({
      removedExports: [discarded.id, draft.id],
      removedAbandoned: 0,
      rollUp: NOTHING_TO_ROLL_UP,
    });
  });

  it('takes AISLE_EXPORT_RETENTION_HOURS as the retention period', async () => {
    const clock = fixedClock('2025-03-01T00:00:00.000Z');
    stack = await startTestStack({
      roles: { indexer: false },
      clock,
      env: { AISLE_EXPORT_RETENTION_HOURS: '1' },
    });
    const draft = await sendExport(stack, shop);
    await stack.manage('DELETE', `/imports/${draft.id}`);
    clock.advance(HOUR - 1);
    expect((await stack.scheduler!.runOnce()).removedExports).toEqual([]);
    clock.advance(1);
    expect((await stack.scheduler!.runOnce()).removedExports).toEqual([draft.id]);
  });

  it('removes a replaced import’s export from when it was seen replaced; it cannot be published until sent again', async () => {
    const clock = fixedClock('2025-03-01T00:00:00.000Z');
    stack = await startTestStack({ clock });
    await storeAndPublishRelease(stack, minimalRelease);
    const first = await sendExport(stack, shop);
    await publish(stack, first.id);
    expect((await settled(stack, first.id)).status).toBe('live');
    clock.advance(200 * HOUR);
    // Live: its export stays whatever the time.
    expect((await stack.scheduler!.runOnce()).removedExports).toEqual([]);

    const second = await sendExport(stack, toJsonLines([...smallShop, teapot]));
    await publish(stack, second.id);
    expect((await settled(stack, second.id)).status).toBe('live');
    expect((await getImport(stack, first.id)).status).toBe('replaced');
    expect((await stack.scheduler!.runOnce()).removedExports).toEqual([]);
    clock.advance(72 * HOUR - 1);
    expect((await stack.scheduler!.runOnce()).removedExports).toEqual([]);
    clock.advance(1);
    // Past its retention it is still one of the earlier catalogs kept for going back to...
    expect((await stack.scheduler!.runOnce()).removedExports).toEqual([]);
    // ...until storage keeps none.
    expect((await stack.manage('PATCH', '/storage', { kept_catalogs: 0 })).status).toBe(200);
    expect((await stack.scheduler!.runOnce()).removedExports).toEqual([first.id]);
    expect(await keptBytes(stack, second.export.snapshot)).toBe(true);

    const replaced = await getImport(stack, first.id);
    expect(replaced.export.removed_at).toBeDefined();
    const refused = await stack.manage('POST', `/imports/${first.id}/publish`, { version: replaced.version });
    expect(refused.status).toBe(409);
    const problem = await refused.json();
    expect(problem.detail).toContain('removed by the clean-up');
    expect(problem.draft).toBeUndefined();

    await sendExport(stack, shop);
    const back = await stack.manage('POST', `/imports/${first.id}/publish`, {
      version: replaced.version,
      removing: 1,
    });
    expect(back.status).toBe(202);
    expect((await settled(stack, first.id)).status).toBe('live');
  });
});

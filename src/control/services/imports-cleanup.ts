import { rfc3339 } from '../../lib/clock.js';
import type { ImportRecord } from '../../store/index.js';
import type { ControlDeps } from './deps.js';
import { importContext, viewOf } from './imports-state.js';
import { neededCatalogs } from './storage-cleanup.js';

export interface CleanUpResult {
  /** Imports whose export's bytes were removed by this pass. */
  removed: number[];
}

/**
 * Removes the exports of imports discarded or replaced longer than the retention ago. A replaced
 * import's retention counts from when a pass first saw it replaced. The bytes are named by content
 * and may serve others, so they stay while the catalog, what is live, a waiting run, the earlier
 * catalogs kept (GET /storage) or another import still needs them; the imports then say when
 * their file was removed.
 */
export async function cleanUpExports(deps: ControlDeps, retentionMs: number): Promise<CleanUpResult> {
  const now = deps.clock.now();
  const candidates = await deps.database.imports.keptPastDraft();
  if (candidates.length === 0) return { removed: [] };
  const context = await importContext(deps);

  const expired = new Map<string, ImportRecord[]>();
  for (const record of candidates) {
    const view = await viewOf(deps, record, context);
    let since: string | undefined;
    if (view.status === 'discarded') since = record.discardedAt;
    else if (view.status === 'replaced') {
      if (record.replacedAt === undefined) await deps.database.imports.markReplaced(record.id, now);
      since = record.replacedAt ?? rfc3339(now);
    }
    if (since === undefined || now.getTime() - Date.parse(since) < retentionMs) continue;
    expired.set(record.snapshotId, [...(expired.get(record.snapshotId) ?? []), record]);
  }

  // The catalog, what is live, what a waiting run reads and the earlier catalogs kept stay.
  const needed = await neededCatalogs(deps);
  const removed: number[] = [];
  for (const [snapshotId, records] of expired) {
    if (needed.has(snapshotId)) continue;
    const leaving = new Set(records.map((record) => record.id));
    const others = await deps.database.imports.withSnapshot(snapshotId);
    if (others.some((other) => !leaving.has(other.id) && other.exportRemovedAt === undefined)) continue;
    const snapshot = await deps.database.snapshots.get(snapshotId);
    if (snapshot) await deps.blobs.delete(snapshot.blob);
    // An import of the same bytes that arrived meanwhile lost them too: it says so, and sending
    // the export again brings them back.
    const after = await deps.database.imports.withSnapshot(snapshotId);
    const gone = after.filter((record) => record.exportRemovedAt === undefined).map((record) => record.id);
    await deps.database.imports.markExportsRemoved(gone, rfc3339(now));
    removed.push(...gone);
  }
  return { removed: removed.sort((a, b) => a - b) };
}

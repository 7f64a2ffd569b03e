import type { CatalogAccepted } from '../../contracts/management.js';
import { rfc3339 } from '../../lib/clock.js';
import { snapshotIdOfDigest } from '../../lib/ids.js';
import type { StagedBlob } from '../../store/index.js';
import { indexRunAnswer, snapshotAnswer } from '../records.js';
import type { ControlDeps } from './deps.js';
import { countCatalog } from './export-read.js';
import { queuedSentence } from './sentences.js';

/**
 * Replaces the catalog: the bytes are read first, in any format the readers know and with the
 * published release's feed.json and attributes.json (a body that holds no catalog is refused before
 * anything is kept), then kept byte for byte as a snapshot named by content, and an index run is
 * queued when a release is published. The bytes arrive staged in the blob store and a read thread
 * reads them from there, never held whole in memory nor parsed on the event loop.
 */
export async function uploadCatalog(
  deps: ControlDeps,
  upload: StagedBlob,
  signal?: AbortSignal,
): Promise<CatalogAccepted> {
  const [published, before] = await Promise.all([
    deps.database.releases.published(),
    deps.database.snapshots.currentCatalog(),
  ]);
  const read = await countCatalog(deps, upload, published?.release.files ?? {}, signal);
  const now = rfc3339(deps.clock.now());
  await upload.keep();
  const blob = upload.key;
  const id = snapshotIdOfDigest(upload.key);
  const snapshot = await deps.database.snapshots.put({
    id,
    blob,
    format: read.format,
    bytes: upload.bytes,
    entities: read.entities,
    receivedAt: now,
  });
  await deps.database.snapshots.setCurrentCatalog(id, now);
  // The bytes are kept again: imports the clean-up took them from can be read and published again.
  await deps.database.imports.restoreExports(id);
  const kept =
    before?.id === id
      ? `These are the same bytes as the catalog kept already (snapshot ${id}, ${read.entities} entities).`
      : `The catalog is kept as snapshot ${id} with ${read.entities} entities${read.rejected ? ` (${read.rejected} rows could not be read)` : ''}.`;

  if (!published) {
    return {
      snapshot: snapshotAnswer(snapshot),
      next: `${kept} No release is published yet: store one with POST /api/v1/releases and publish it with POST /api/v1/releases/{release}/publish to build the first index.`,
    };
  }
  const run = await deps.database.indexRuns.enqueue({
    trigger: { kind: 'catalog' },
    snapshotId: id,
    releaseId: published.release.id,
    at: now,
  });
  deps.runQueued();
  const live = await deps.database.live.get();
  return {
    snapshot: snapshotAnswer(snapshot),
    run: indexRunAnswer(run, live?.runId),
    next: `${kept} ${await queuedSentence(deps, run, published.release.files)}`,
  };
}

import type { IndexRun, RebuildAccepted } from '../../contracts/management.js';
import { rfc3339 } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/paging.js';
import { indexRunAnswer } from '../records.js';
import type { ControlDeps } from './deps.js';
import { NOTHING_LIVE, queuedSentence } from './sentences.js';

export async function listIndexRuns(deps: ControlDeps, page: PageRequest) {
  const [{ items, total }, live] = await Promise.all([
    deps.database.indexRuns.list(page),
    deps.database.live.get(),
  ]);
  return { total, items: items.map((run) => indexRunAnswer(run, live?.runId)) };
}

export async function getIndexRun(deps: ControlDeps, id: number): Promise<IndexRun> {
  const run = Number.isSafeInteger(id) && id > 0 ? await deps.database.indexRuns.get(id) : undefined;
  if (!run)
    throw new AppError(
      'index_run_not_found',
      `There is no index run ${id}: list them with GET /api/v1/index-runs.`,
    );
  const live = await deps.database.live.get();
  return indexRunAnswer(run, live?.runId);
}

/** Rebuilds the current catalog with the published release. */
export async function rebuild(deps: ControlDeps): Promise<RebuildAccepted> {
  const [catalog, published] = await Promise.all([
    deps.database.snapshots.currentCatalog(),
    deps.database.releases.published(),
  ]);
  if (!catalog) {
    throw new AppError(
      'no_catalog_yet',
      'There is no catalog to rebuild: upload one with PUT /api/v1/catalog first.',
    );
  }
  if (!published) {
    throw new AppError(
      'no_release_yet',
      'No release is published: publish one with POST /api/v1/releases/{release}/publish first.',
    );
  }
  const run = await deps.database.indexRuns.enqueue({
    trigger: { kind: 'rebuild' },
    snapshotId: catalog.id,
    releaseId: published.release.id,
    at: rfc3339(deps.clock.now()),
  });
  deps.runQueued();
  const live = await deps.database.live.get();
  return {
    run: indexRunAnswer(run, live?.runId),
    next: await queuedSentence(deps, run, published.release.files),
  };
}

export async function currentLive(deps: ControlDeps) {
  const live = await deps.database.live.get();
  if (!live) {
    throw new AppError('live_not_found', NOTHING_LIVE);
  }
  return { run: live.runId, snapshot: live.snapshotId, release: live.releaseId, since: live.since };
}

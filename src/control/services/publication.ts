import type { Publication } from '../../contracts/management.js';
import { AppError } from '../../lib/errors.js';
import type { IndexRunRecord, SnapshotRecord } from '../../store/index.js';
import type { ControlDeps } from './deps.js';

/** Runs looked back over for the last rebuild an estimate scales from. */
const ESTIMATE_LOOKBACK = 100;

/**
 * How publishing a release would go live with the catalog kept now: the query side decides the
 * way (it knows what it serves); for a rebuild, the time is estimated from the last rebuild,
 * scaled by the number of entities.
 */
export async function publicationOf(deps: ControlDeps, releaseId: string): Promise<Publication> {
  const release = await deps.database.releases.get(releaseId);
  if (!release) {
    throw new AppError(
      'release_not_found',
      `There is no release ${releaseId}: list the stored ones with GET /api/v1/releases.`,
    );
  }
  const catalog = await deps.database.snapshots.currentCatalog();
  if (!catalog) {
    throw new AppError(
      'no_catalog_yet',
      'No catalog is kept yet, so nothing can go live: upload one with PUT /api/v1/catalog.',
    );
  }
  return describePublication(deps, releaseId, release.files, catalog);
}

/** How a release's files with a catalog would go live, with an estimate for a rebuild. */
export async function describePublication(
  deps: ControlDeps,
  releaseId: string,
  files: Record<string, unknown>,
  catalog: SnapshotRecord,
): Promise<Publication> {
  const decision = await deps.querySide.publication(files, catalog.id);
  const estimate = decision.way === 'rebuild' ? await estimateRebuild(deps, catalog) : undefined;
  return {
    release: releaseId,
    snapshot: catalog.id,
    way: decision.way,
    cause: decision.cause,
    changed_files: decision.changed_files,
    ...(estimate ? { estimate } : {}),
  };
}

async function estimateRebuild(deps: ControlDeps, catalog: SnapshotRecord) {
  const { items } = await deps.database.indexRuns.list({ page: 1, perPage: ESTIMATE_LOOKBACK });
  const last = items.find(isRebuild);
  if (!last) return undefined;
  const report = last.report as { duration_ms: number; entities: number };
  const scale = report.entities > 0 ? catalog.entities / report.entities : 1;
  return { seconds: Math.round((report.duration_ms / 1000) * scale * 10) / 10, from_run: last.id };
}

function isRebuild(run: IndexRunRecord): boolean {
  const report = run.report as { course?: { way?: string } } | undefined;
  return run.status === 'succeeded' && report?.course?.way === 'rebuild';
}

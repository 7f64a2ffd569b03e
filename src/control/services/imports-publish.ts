import type { ImportPublishAccepted } from '../../contracts/imports.js';
import type { Publication } from '../../contracts/management.js';
import { rfc3339 } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { IndexRunTrigger } from '../../store/index.js';
import type { ReleaseValidation } from '../query-side.js';
import { indexRunAnswer } from '../records.js';
import type { ControlDeps } from './deps.js';
import {
  closedConflict,
  draftConflict,
  exportRemovedSentence,
  type ImportView,
  importAnswer,
  loadImport,
  releaseFilesOf,
} from './imports-state.js';
import { describePublication } from './publication.js';
import { queuedSentence } from './sentences.js';

export interface PublishImportRequest {
  version: string;
  removing?: number;
}

/**
 * Publishes an import: its release (the published release's files with the draft's over them, or
 * for an import published before, its own release again) is kept and published, its export
 * becomes the catalog, and an index run is queued. Publishing that would remove half the live
 * products or more needs `removing` to name how many.
 */
export async function publishImport(
  deps: ControlDeps,
  id: number,
  request: PublishImportRequest,
  /** What queues the run when not a person publishing (a fetch of the catalog source). */
  trigger?: IndexRunTrigger,
): Promise<ImportPublishAccepted> {
  const view = await loadImport(deps, id);
  refuseUnpublishable(view);
  if (request.version !== view.version) throw versionConflict(view);

  const check = await validated(deps, await releaseToPublish(deps, view));
  await guardRemoval(deps, view, check.release.files, request.removing);

  const now = rfc3339(deps.clock.now());
  await deps.database.releases.create({ id: check.release.id, files: check.release.files, createdAt: now });
  // Publishing an import that was live before and then replaced goes back to it.
  const rollback =
    view.status === 'replaced'
      ? `It goes back to this import, which was live before and then replaced.`
      : undefined;
  const published = await deps.database.imports.publish(id, {
    revision: view.record.revision,
    at: now,
    baseReleaseId: view.buildsOn,
    releaseId: check.release.id,
    trigger: trigger ?? { kind: 'import', import: id, ...(rollback ? { detail: rollback } : {}) },
  });
  if (!published) {
    // It changed while its release was built: discarded, published by someone else, or new files.
    const current = await loadImport(deps, id);
    refuseUnpublishable(current);
    throw versionConflict(current);
  }
  const next = await queuedSentence(deps, published.run, check.release.files);
  deps.runQueued();
  // One body, one state: the import and the run are read after the run was queued, together.
  const after = await loadImport(deps, id);
  const answer = importAnswer(after);
  return {
    import: answer,
    run: answer.run ?? indexRunAnswer(published.run, after.liveRunId),
    next: `Import ${id} is published with release ${check.release.id}${rollback ? ', going back to it' : ''}. ${next}`,
  };
}

/** How publishing the import would go live: a switch or a rebuild, why, and an estimate. */
export async function importPublication(deps: ControlDeps, id: number): Promise<Publication> {
  const view = await loadImport(deps, id);
  if (view.status === 'discarded') {
    throw new AppError(
      'import_discarded',
      `Import ${id} was discarded, so it has no catalog that could go live.`,
    );
  }
  const removed = exportRemovedSentence(view);
  if (removed)
    throw new AppError('export_removed', `${removed} Until then it has no catalog that could go live.`);
  const check = await validated(deps, await releaseToPublish(deps, view));
  return describePublication(deps, check.release.id, check.release.files, view.snapshot);
}

/**
 * The release publishing the import makes. On an aisle where no release was ever published, a
 * draft builds on what its inspection derives from the export (feed mapping, attributes, types,
 * categories), with the draft's own files over those: a shop can publish its export as it is.
 */
async function releaseToPublish(deps: ControlDeps, view: ImportView): Promise<Record<string, unknown>> {
  const files = await releaseFilesOf(deps, view);
  if (view.buildsOn !== undefined || view.record.publishedAt !== undefined) return files;
  const inspection = await deps.querySide.inspect({
    snapshot: view.snapshot.id,
    files: view.record.files,
    sample: false,
  });
  const derived = Object.fromEntries(inspection.files.map((file) => [file.name, file.content]));
  return { ...derived, ...files };
}

function refuseUnpublishable(view: ImportView): void {
  if (view.status === 'discarded') throw closedConflict(view);
  if (view.status === 'publishing') {
    const run = view.run ? ` Follow index run ${view.run.id} at GET /api/v1/index-runs/${view.run.id}.` : '';
    throw new AppError('already_publishing', `Import ${view.record.id} is going live already.${run}`);
  }
  const removed = exportRemovedSentence(view);
  if (removed) throw new AppError('export_removed', removed);
}

/** The version sent is not the import's now: a draft answers as it is; a published import has no draft. */
function versionConflict(view: ImportView): AppError {
  if (view.status === 'draft') return draftConflict(view);
  return new AppError(
    'version_conflict',
    `Import ${view.record.id} is at version ${view.version}, not the one sent: read it again with GET /api/v1/imports/${view.record.id}.`,
  );
}

async function validated(deps: ControlDeps, files: Record<string, unknown>) {
  const check: ReleaseValidation = await deps.querySide.validateRelease(files);
  if (!check.ok) {
    throw new AppError(
      'release_violations',
      'The release this import makes has violations: correct each file at the pointer named (PATCH the import).',
      check.violations,
    );
  }
  return check;
}

/** Refuses a publish that removes half the live products or more unless `removing` accepts as many. */
async function guardRemoval(
  deps: ControlDeps,
  view: ImportView,
  files: Record<string, unknown>,
  removing: number | undefined,
): Promise<void> {
  const live = await deps.database.live.get();
  if (!live) return;
  const liveRelease = await deps.database.releases.get(live.releaseId);
  const { products } = await deps.querySide.compare({
    snapshot: view.snapshot.id,
    files,
    live: { snapshot: live.snapshotId, files: liveRelease?.files ?? {} },
  });
  const removes = products.removed.count;
  if (removes === 0 || removes * 2 < products.live) return;
  if (removing !== undefined && removing >= removes) return;
  throw new AppError(
    'removal_needs_confirmation',
    `Publishing import ${view.record.id} removes ${removes} of the ${products.live} live products, half or more${removing !== undefined ? `, and removing accepts only ${removing}` : ''}: see GET /api/v1/imports/${view.record.id}/changes, and send "removing": ${removes} to publish it anyway.`,
    undefined,
    { removes, live_products: products.live },
  );
}

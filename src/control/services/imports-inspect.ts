import type { ImportChanges } from '../../contracts/imports.js';
import type { Inspection } from '../../contracts/inspection.js';
import type { ColumnSuggestions } from '../../contracts/suggestions.js';
import { AppError } from '../../lib/errors.js';
import type { ControlDeps } from './deps.js';
import { exportRemovedSentence, type ImportView, loadImport, releaseFilesOf } from './imports-state.js';

/**
 * What the indexer would make of the import's export with its release: the query side reads the
 * kept export from shared storage. `sample` maps only the first rows.
 */
export async function inspectImport(deps: ControlDeps, id: number, sample: boolean): Promise<Inspection> {
  const view = await readable(deps, id);
  return deps.querySide.inspect({
    snapshot: view.snapshot.id,
    files: await releaseFilesOf(deps, view),
    sample,
  });
}

/**
 * Where the model behind the AI gateway would send the columns of the import's export, read with
 * the import's release files; the query side reads the kept export and asks the gateway.
 */
export async function suggestImportColumns(deps: ControlDeps, id: number): Promise<ColumnSuggestions> {
  const view = await readable(deps, id);
  return deps.querySide.suggest({ snapshot: view.snapshot.id, files: await releaseFilesOf(deps, view) });
}

/** What making the import live changes against what is live now; without a live catalog, everything is new. */
export async function importChanges(deps: ControlDeps, id: number): Promise<ImportChanges> {
  const view = await readable(deps, id);
  const files = await releaseFilesOf(deps, view);
  const live = await deps.database.live.get();
  const liveRelease = live ? await deps.database.releases.get(live.releaseId) : undefined;
  const compared = await deps.querySide.compare({
    snapshot: view.snapshot.id,
    files,
    ...(live ? { live: { snapshot: live.snapshotId, files: liveRelease?.files ?? {} } } : {}),
  });
  return {
    import: id,
    ...(live ? { against: { snapshot: live.snapshotId, release: live.releaseId } } : {}),
    ...compared,
  };
}

async function readable(deps: ControlDeps, id: number): Promise<ImportView> {
  const view = await loadImport(deps, id);
  const removed = exportRemovedSentence(view);
  if (removed) throw new AppError('export_unreadable', removed);
  return view;
}

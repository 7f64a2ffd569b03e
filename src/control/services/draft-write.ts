import { AppError } from '../../lib/errors.js';
import type { ControlDeps } from './deps.js';
import {
  closedConflict,
  draftConflict,
  type ImportView,
  importContext,
  loadImport,
  viewOf,
} from './imports-state.js';

/** What a change makes of a draft's release: files by name (`null` drops the draft's own), and what to answer. */
export interface DraftChange<T> {
  files: Record<string, unknown>;
  result: T;
}

export interface DraftWritten<T> {
  view: ImportView;
  /** The release the draft makes now: the published release's files with the draft's over them, canonical. */
  release: Record<string, unknown>;
  result: T;
}

/**
 * Writes a change to a draft on the version it was read at: 409 with the draft as it is now when
 * the version is not its own any more (or another write got in first), 409 without it once the
 * import was published or discarded. `change` reads the release the draft makes and answers the
 * files to write; the release they make must have no violations (422, the query side checks it),
 * and nothing is written otherwise.
 */
export async function writeDraft<T>(
  deps: ControlDeps,
  id: number,
  version: string,
  change: (release: Record<string, unknown>, view: ImportView) => DraftChange<T>,
): Promise<DraftWritten<T>> {
  const view = await loadImport(deps, id);
  if (view.status !== 'draft') throw closedConflict(view);
  if (version !== view.version) throw draftConflict(view);

  const base = view.buildsOn ? ((await deps.database.releases.get(view.buildsOn))?.files ?? {}) : {};
  const { files: changes, result } = change({ ...base, ...view.record.files }, view);
  const files: Record<string, unknown> = { ...view.record.files };
  for (const [name, content] of Object.entries(changes)) {
    if (content === null) delete files[name];
    else files[name] = content;
  }
  let release: Record<string, unknown> = { ...base, ...files };
  let canonical = files;
  // A draft that changes nothing over nothing published makes no release yet: there is nothing to check.
  if (Object.keys(release).length > 0) {
    const check = await deps.querySide.validateRelease(release);
    if (!check.ok) {
      throw new AppError(
        'release_violations',
        'The release this draft makes has violations: correct each file at the pointer named.',
        check.violations,
      );
    }
    release = check.release.files;
    canonical = Object.fromEntries(Object.keys(files).map((name) => [name, check.release.files[name]]));
  }
  const changed = await deps.database.imports.changeFiles(id, view.record.revision, canonical);
  if (!changed) throw draftConflict(await loadImport(deps, id));
  return { view: await viewOf(deps, changed, await importContext(deps)), release, result };
}

import type { Import, ImportDraft, ImportStatus, ImportSummary } from '../../contracts/imports.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { AppError } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/hash.js';
import type { ImportRecord, IndexRunRecord, LiveRecord, SnapshotRecord } from '../../store/index.js';
import { indexRunAnswer } from '../records.js';
import type { ControlDeps } from './deps.js';

/** An import with what its state is read from: its run, its export and what is live now. */
export interface ImportView {
  record: ImportRecord;
  run?: IndexRunRecord;
  snapshot: SnapshotRecord;
  status: ImportStatus;
  /** The release it builds on: for a draft the one published now. */
  buildsOn?: string;
  version: string;
  liveRunId?: number;
}

/** What every view of imports at one moment shares: what is published and live. */
export interface ImportContext {
  publishedId?: string;
  /** How many publishes there were: a draft's version reads it, so each publish changes it. */
  publicationRevision?: number;
  live?: LiveRecord;
  /** The import searches read now, if what is live came from one. */
  liveImportId?: number;
}

export async function importContext(deps: ControlDeps): Promise<ImportContext> {
  const [published, live] = await Promise.all([deps.database.releases.published(), deps.database.live.get()]);
  const liveImportId = live
    ? await deps.database.imports.liveImport(live.snapshotId, live.releaseId)
    : undefined;
  return {
    publishedId: published?.release.id,
    publicationRevision: published?.revision,
    live,
    liveImportId,
  };
}

export async function loadImport(deps: ControlDeps, id: number): Promise<ImportView> {
  const record = Number.isSafeInteger(id) && id > 0 ? await deps.database.imports.get(id) : undefined;
  if (!record)
    throw new AppError('import_not_found', `There is no import ${id}: list them with GET /api/v1/imports.`);
  return viewOf(deps, record, await importContext(deps));
}

export async function viewOf(
  deps: ControlDeps,
  record: ImportRecord,
  context: ImportContext,
): Promise<ImportView> {
  const [run, snapshot] = await Promise.all([
    record.runId === undefined ? undefined : deps.database.indexRuns.get(record.runId),
    deps.database.snapshots.get(record.snapshotId),
  ]);
  if (!snapshot)
    throw new Error(`Import ${record.id} names snapshot ${record.snapshotId}, which is not kept.`);
  const buildsOn = record.publishedAt === undefined ? context.publishedId : record.baseReleaseId;
  return {
    record,
    run,
    snapshot,
    status: importStatus(record, run, context.liveImportId),
    buildsOn,
    version: draftVersion(record, context),
    liveRunId: context.live?.runId,
  };
}

/** The import's state, from its record and its latest index run (see the contract's Import table). */
export function importStatus(
  record: ImportRecord,
  run: IndexRunRecord | undefined,
  liveImportId: number | undefined,
): ImportStatus {
  if (record.discardedAt !== undefined) return 'discarded';
  if (record.publishedAt === undefined) return 'draft';
  // Published, its run being queued in the same transaction: going live.
  if (!run) return 'publishing';
  switch (run.status) {
    case 'queued':
    case 'running':
      return 'publishing';
    case 'failed':
      return 'failed';
    case 'superseded':
      return 'replaced';
    case 'succeeded':
      return liveImportId === record.id ? 'live' : 'replaced';
  }
}

/**
 * An import's version: its id and revision (which every write to it counts up) and, for a draft,
 * the publication it builds on (the release and how many publishes there were). So it changes with
 * every write and every publish, and never comes back: undoing a change, or publishing the earlier
 * release again, makes a new version, and two imports with the same files have versions of their own.
 */
export function draftVersion(record: ImportRecord, context: ImportContext): string {
  const base =
    record.publishedAt === undefined
      ? [context.publishedId ?? '', context.publicationRevision ?? 0]
      : [record.baseReleaseId ?? '', 'published'];
  return `dv_${sha256Hex(canonicalJson({ import: record.id, revision: record.revision, base })).slice(0, 24)}`;
}

export function importAnswer(view: ImportView): Import {
  return { ...commonFields(view), files: view.record.files as Import['files'] };
}

export function importSummary(view: ImportView): ImportSummary {
  return { ...commonFields(view), file_names: Object.keys(view.record.files).sort() };
}

export function draftAnswer(view: ImportView): ImportDraft {
  return {
    import: view.record.id,
    version: view.version,
    ...(view.buildsOn ? { builds_on: view.buildsOn } : {}),
    files: view.record.files as ImportDraft['files'],
  };
}

function commonFields(view: ImportView) {
  const { record, snapshot, run } = view;
  return {
    id: record.id,
    status: view.status,
    export: {
      ...(record.name !== undefined ? { name: record.name } : {}),
      snapshot: snapshot.id,
      format: snapshot.format,
      bytes: snapshot.bytes,
      received_at: record.createdAt,
      ...(record.exportRemovedAt !== undefined ? { removed_at: record.exportRemovedAt } : {}),
    },
    ...(view.buildsOn ? { builds_on: view.buildsOn } : {}),
    version: view.version,
    ...(record.releaseId !== undefined ? { release: record.releaseId } : {}),
    ...(run ? { run: indexRunAnswer(run, view.liveRunId) } : {}),
    ...(record.publishedAt !== undefined ? { published_at: record.publishedAt } : {}),
    ...(record.discardedAt !== undefined ? { discarded_at: record.discardedAt } : {}),
    created_at: record.createdAt,
  };
}

/**
 * The release files an import is read and published with: a draft's files over the release
 * published now; a published import's own release (publishing it again goes back to it).
 */
export async function releaseFilesOf(deps: ControlDeps, view: ImportView): Promise<Record<string, unknown>> {
  if (view.record.publishedAt !== undefined && view.record.releaseId !== undefined) {
    const release = await deps.database.releases.get(view.record.releaseId);
    if (release) return release.files;
  }
  const base = view.buildsOn ? await deps.database.releases.get(view.buildsOn) : undefined;
  return { ...base?.files, ...view.record.files };
}

/** Whether the import keeps its export's bytes; a removed one cannot be read until sent again. */
export function exportRemovedSentence(view: ImportView): string | undefined {
  const removed = view.record.exportRemovedAt;
  if (removed === undefined) return undefined;
  return `The export of import ${view.record.id} was removed by the clean-up on ${removed}: send the same file again with POST /api/v1/imports to bring it back.`;
}

/** A 409 for a write on a version that is not the draft's any more, carrying the draft as it is now. */
export function draftConflict(view: ImportView): AppError {
  if (view.record.publishedAt !== undefined || view.record.discardedAt !== undefined)
    return closedConflict(view);
  return new AppError(
    'draft_conflict',
    `The draft of import ${view.record.id} changed since that version was read (its files, or the release it builds on): it is at version ${view.version} now. Read it again and repeat the change on it.`,
    undefined,
    { draft: draftAnswer(view) },
  );
}

/** A 409 for a change of an import that is no draft any more: published or discarded (no `draft`). */
export function closedConflict(view: ImportView): AppError {
  return view.record.discardedAt !== undefined
    ? new AppError(
        'import_discarded',
        `Import ${view.record.id} was discarded on ${view.record.discardedAt}: send the export again with POST /api/v1/imports to start a new draft.`,
      )
    : new AppError(
        'import_published',
        `Import ${view.record.id} was published on ${view.record.publishedAt} and cannot change: send the export again with POST /api/v1/imports to start a new draft.`,
      );
}

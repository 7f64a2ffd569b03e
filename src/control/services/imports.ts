import type { ImportAccepted, ImportDraft, ImportSummary } from '../../contracts/imports.js';
import { rfc3339 } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { snapshotIdOfDigest } from '../../lib/ids.js';
import type { PageRequest } from '../../lib/paging.js';
import type { StagedBlob } from '../../store/index.js';
import type { ControlDeps } from './deps.js';
import { writeDraft } from './draft-write.js';
import { countEntities } from './export-read.js';
import {
  draftAnswer,
  type ImportView,
  importAnswer,
  importContext,
  importSummary,
  loadImport,
  viewOf,
} from './imports-state.js';

/**
 * Keeps an export as a draft: the bytes as a snapshot named by content, and a new import that
 * changes no release file yet. Nothing goes live. The same bytes sent again bring back the export
 * of earlier imports the clean-up removed it from.
 */
export async function createImport(
  deps: ControlDeps,
  upload: StagedBlob,
  name: string | undefined,
  signal?: AbortSignal,
): Promise<ImportAccepted> {
  const published = await deps.database.releases.published();
  const read = await countEntities(deps, upload, published?.release.files ?? {}, name, signal);
  const now = rfc3339(deps.clock.now());
  await upload.keep();
  const blob = upload.key;
  const id = snapshotIdOfDigest(upload.key);
  await deps.database.snapshots.put({
    id,
    blob,
    format: read.format,
    bytes: upload.bytes,
    entities: read.entities,
    receivedAt: now,
  });
  await deps.database.imports.restoreExports(id);
  const record = await deps.database.imports.create({ name, snapshotId: id, createdAt: now });
  const view = await viewOf(deps, record, await importContext(deps));
  const path = `/api/v1/imports/${record.id}`;
  return {
    import: importAnswer(view),
    next: `Import ${record.id} keeps ${name ?? 'the export'} as a draft (snapshot ${id}); nothing goes live.${read.entities === 0 ? ' None of its rows makes a product with the release as it is: the inspection shows why, row by row.' : ''} See what it makes of the export at GET ${path}/inspection and what publishing changes at GET ${path}/changes, correct release files with PATCH ${path}, then publish it with POST ${path}/publish naming version ${view.version}.`,
  };
}

export async function listImports(
  deps: ControlDeps,
  page: PageRequest,
): Promise<{ items: ImportSummary[]; total: number }> {
  const [{ items, total }, context] = await Promise.all([
    deps.database.imports.list(page),
    importContext(deps),
  ]);
  const views = await Promise.all(items.map((record) => viewOf(deps, record, context)));
  return { total, items: views.map(importSummary) };
}

export async function getImport(deps: ControlDeps, id: number) {
  return importAnswer(await loadImport(deps, id));
}

/**
 * Changes the files of a draft: each named file is replaced (a file sent as text is read as JSON),
 * or dropped with `null` so the published release's applies. The release the draft makes must have
 * no violations; the query side checks it.
 */
export async function changeImportFiles(
  deps: ControlDeps,
  id: number,
  version: string,
  changes: Record<string, unknown>,
): Promise<ImportDraft> {
  const { view } = await writeDraft(deps, id, version, () => ({ files: changes, result: undefined }));
  return draftAnswer(view);
}

/** Puts a draft aside; it stays in the history and the clean-up removes its export later. */
export async function discardImport(deps: ControlDeps, id: number) {
  const view = await loadImport(deps, id);
  if (view.record.publishedAt !== undefined) throw published(view);
  if (!(await deps.database.imports.discard(id, rfc3339(deps.clock.now())))) {
    throw published(await loadImport(deps, id));
  }
  return importAnswer(await loadImport(deps, id));
}

function published(view: ImportView): AppError {
  return new AppError(
    'import_published',
    `Import ${view.record.id} was published on ${view.record.publishedAt}, so it stays; a later publish replaces it.`,
  );
}

import { Type } from '@sinclair/typebox';
import type { ExportColumns, ExportLimits } from '../../catalog/index.js';
import { CompareAnswer, CompareRequest, InspectRequest } from '../../contracts/imports.js';
import { Inspection } from '../../contracts/inspection.js';
import { Problem } from '../../contracts/problem.js';
import { ColumnSuggestions, SuggestRequest } from '../../contracts/suggestions.js';
import type { HttpServer } from '../../http/server.js';
import { AppError } from '../../lib/errors.js';
import { Gate } from '../../lib/gate.js';
import type { TaskRunner } from '../../lib/tasks.js';
import { releaseView } from '../../release/release-view.js';
import { validateRelease } from '../../release/validate.js';
import type { BlobStore, Database } from '../../store/index.js';
import { CatalogFactsCache } from '../catalog-facts-cache.js';
import { type AiGatewaySettings, requireGatewayKey, suggestColumns } from '../column-suggestions.js';
import {
  type ColumnsInput,
  type CompareSide,
  goneFromStorage,
  type InspectInput,
  type KeptExport,
} from '../export-tasks.js';
import type { LiveIndex } from '../live-index.js';
import { checkRelease } from '../release-check.js';
import { compareFacts } from './compare-exports.js';

/** Where kept exports are read from: the snapshots' rows and their bytes in shared storage. */
export interface KeptExports {
  database: Database;
  blobs: BlobStore;
  /** The read threads exports are parsed on (exportTasks), never this node's event loop. */
  reads: TaskRunner;
  /** How much an export may make the readers read; by default DEFAULT_EXPORT_LIMITS. */
  limits?: ExportLimits;
}

const problem = Type.Ref(Problem);

/**
 * `POST /internal/imports/inspect`, `/compare` and `/suggest`: what the indexer would make of a
 * kept export with a release, how that differs from what is live, and where a model behind the AI
 * gateway would send its columns.
 */
export function importRoutes(
  app: HttpServer,
  store: KeptExports,
  liveIndex: LiveIndex,
  aiGateway: AiGatewaySettings,
): void {
  // Exports are read one at a time, others waiting their turn: the control plane's calls may never
  // take more than one of the read threads, which also prepare each new index for loading.
  const reads = new Gate(1);
  // Made by the first comparison: routes are also built only to describe them (openapi.json), with
  // dependencies that may not be reached.
  let kept: CatalogFactsCache | undefined;
  const facts = () => (kept ??= new CatalogFactsCache(store.reads, (work) => oneAtATime(reads, work)));
  app.post(
    '/internal/imports/inspect',
    {
      schema: {
        tags: ['internal'],
        operationId: 'inspectExport',
        summary: 'What the indexer would make of a kept export',
        description:
          'Reads the snapshot from shared storage with the release files (`sample` maps the first rows of a file larger than 8 MB only). 404 when no such snapshot is kept; 422 when the export cannot be read or the release has violations.',
        body: Type.Ref(InspectRequest),
        response: { 200: Type.Ref(Inspection), 400: problem, 404: problem, 422: problem },
      },
    },
    async (request) => {
      const { snapshot, files, sample } = request.body;
      const checked = checkedFiles(files, liveIndex, request.arrivedAt);
      return oneAtATime(reads, async () => {
        const input: InspectInput = {
          export: await keptExport(store, snapshot),
          files: checked,
          sample: sample === true,
          ...limitsOf(store),
        };
        return store.reads.run<Inspection>('export:inspect', input);
      });
    },
  );

  app.post(
    '/internal/imports/suggest',
    {
      schema: {
        tags: ['internal'],
        operationId: 'suggestColumns',
        summary: 'Ask the model behind the AI gateway where the columns of a kept export go',
        description:
          "Reads the snapshot as inspect does (its first rows for a file larger than 8 MB), shows the model each column's name with up to five values and the release's attribute codes, and answers its suggestion per column and the mapping with the near-certain ones taken. 404 when no such snapshot is kept; 422 when the export cannot be read or the release has violations; 502 when the gateway does not answer in time or answers no column mapping; 503 when no AI gateway key is set.",
        body: Type.Ref(SuggestRequest),
        response: {
          200: Type.Ref(ColumnSuggestions),
          400: problem,
          404: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request) => {
      const { snapshot, files } = request.body;
      const checked = checkedFiles(files, liveIndex, request.arrivedAt);
      // Without a key nothing is read: the answer would be 503 whatever the export holds.
      requireGatewayKey(aiGateway);
      const read = await oneAtATime(reads, async () => {
        const input: ColumnsInput = {
          export: await keptExport(store, snapshot),
          files: checked,
          ...limitsOf(store),
        };
        return store.reads.run<ExportColumns>('export:columns', input);
      });
      return suggestColumns(read, releaseView(checked).held['attributes.json'], aiGateway);
    },
  );

  app.post(
    '/internal/imports/compare',
    {
      schema: {
        tags: ['internal'],
        operationId: 'compareExports',
        summary: 'Compare a draft export with the live one',
        description:
          'Products added and removed, attributes and filters new and gone; without `live` everything is new. 404 when a snapshot is not kept; 422 when an export cannot be read or the draft release has violations.',
        body: Type.Ref(CompareRequest),
        response: { 200: Type.Ref(CompareAnswer), 400: problem, 404: problem, 422: problem },
      },
    },
    async (request) => {
      const { snapshot, files, live } = request.body;
      const checked = checkedFiles(files, liveIndex, request.arrivedAt);
      // What is live was checked when it was published, but this call may name any files: they are
      // checked as a release (without its tests) before anything reads them.
      const liveFiles = live ? liveReleaseFiles(live.files) : undefined;
      // Both exports are looked up first: a snapshot the clean-up removed is a 404 even when kept here.
      const draft: CompareSide = {
        export: await keptExport(store, snapshot),
        readWith: checked,
        typedBy: files,
      };
      const before: CompareSide | undefined =
        live && liveFiles
          ? { export: await keptExport(store, live.snapshot), readWith: liveFiles, typedBy: liveFiles }
          : undefined;
      const draftFacts = await facts().of(draft, store.limits);
      return compareFacts(draftFacts, before ? await facts().of(before, store.limits) : undefined);
    },
  );
}

/**
 * The release files checked as a whole, tests included (see checkRelease); none at all is no
 * release yet: the export is read as it shows itself.
 */
function checkedFiles(files: Record<string, unknown>, live: LiveIndex, now: Date): Record<string, unknown> {
  if (Object.keys(files).length === 0) return files;
  return checkRelease(files, live.current(), now).files;
}

async function oneAtATime<T>(gate: Gate, work: () => Promise<T>): Promise<T> {
  const leave = await gate.enter();
  try {
    return await work();
  } finally {
    leave();
  }
}

function liveReleaseFiles(files: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(files).length === 0) return files;
  const check = validateRelease(files);
  if (check.ok) return check.release.files;
  throw new AppError(
    'release_violations',
    'The live release files have violations: correct each file at the pointer named.',
    check.violations,
  );
}

function limitsOf(store: KeptExports): { limits?: ExportLimits } {
  return store.limits ? { limits: store.limits } : {};
}

/** A kept export as a read thread opens it: where its bytes are in storage. */
async function keptExport(store: KeptExports, snapshotId: string): Promise<KeptExport> {
  const snapshot = await store.database.snapshots.get(snapshotId);
  if (!snapshot) throw new AppError('snapshot_not_found', `There is no snapshot ${snapshotId}.`);
  const bytes = await store.blobs.size(snapshot.blob);
  if (bytes === undefined) throw goneFromStorage(snapshotId);
  return { snapshot: snapshotId, location: store.blobs.locate(snapshot.blob), bytes };
}

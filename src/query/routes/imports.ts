import { Type } from '@sinclair/typebox';
import { type ExportFile, type ExportLimits, type ExportRead, readExport } from '../../catalog/index.js';
import { CompareAnswer, CompareRequest, InspectRequest } from '../../contracts/imports.js';
import { Inspection } from '../../contracts/inspection.js';
import { Problem } from '../../contracts/problem.js';
import type { AttributesFile, FeedFile } from '../../contracts/release-files/index.js';
import { ColumnSuggestions, SuggestRequest } from '../../contracts/suggestions.js';
import type { HttpServer } from '../../http/server.js';
import { AppError } from '../../lib/errors.js';
import { Gate } from '../../lib/gate.js';
import { validateRelease } from '../../release/validate.js';
import type { BlobStore, Database } from '../../store/index.js';
import { type AiGatewaySettings, requireGatewayKey, suggestColumns } from '../column-suggestions.js';
import type { LiveIndex } from '../live-index.js';
import { checkRelease } from '../release-check.js';
import { type CatalogFacts, catalogFacts, compareFacts } from './compare-exports.js';

/** Where kept exports are read from: the snapshots' rows and their bytes in shared storage. */
export interface KeptExports {
  database: Database;
  blobs: BlobStore;
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
  // Exports are read one at a time, others waiting their turn: reading runs beside searches on
  // this node, so the control plane's calls may never take more of it than one read.
  const reads = new Gate(1);
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
        const read = await readKept(store, snapshot, checked, {
          sample: sample === true,
          holdEntities: false,
        });
        return read.inspection();
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
      const read = await oneAtATime(reads, () =>
        readKept(store, snapshot, checked, { sample: true, holdEntities: false }),
      );
      return suggestColumns(read, checked['attributes.json'] as AttributesFile | undefined, aiGateway);
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
      return oneAtATime(reads, async () => {
        const draft = await factsOf(await readKept(store, snapshot, checked), files);
        const before =
          live && liveFiles
            ? await factsOf(await readKept(store, live.snapshot, liveFiles), liveFiles)
            : undefined;
        return compareFacts(draft, before);
      });
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
    'unprocessable',
    'The live release files have violations: correct each file at the pointer named.',
    check.violations,
  );
}

/** Reads a kept export with the release's feed.json and attributes.json. */
async function readKept(
  store: KeptExports,
  snapshotId: string,
  files: Record<string, unknown>,
  options: { sample?: boolean; holdEntities?: boolean } = {},
): Promise<ExportRead> {
  const feed = files['feed.json'] as FeedFile | undefined;
  const attributes = files['attributes.json'] as AttributesFile | undefined;
  return readExport(await keptExport(store, snapshotId), {
    ...(feed ? { feed } : {}),
    ...(attributes ? { attributes } : {}),
    ...(store.limits ? { limits: store.limits } : {}),
    ...options,
  });
}

/** A kept export, read from storage pass by pass rather than held in memory. */
async function keptExport(store: KeptExports, snapshotId: string): Promise<ExportFile> {
  const snapshot = await store.database.snapshots.get(snapshotId);
  if (!snapshot) throw new AppError('not_found', `There is no snapshot ${snapshotId}.`);
  const bytes = await store.blobs.size(snapshot.blob);
  if (bytes === undefined) {
    throw new AppError('not_found', `The bytes of snapshot ${snapshotId} are not in storage any more.`);
  }
  return { bytes, open: () => store.blobs.open(snapshot.blob) };
}

/** Attribute types come from the release's attributes.json, else from the one derived from the export. */
function factsOf(read: ExportRead, files: Record<string, unknown>): Promise<CatalogFacts> {
  const derived = read.derivedFiles.find((file) => file.name === 'attributes.json')?.content;
  return catalogFacts(read.entities, [files['attributes.json'], derived]);
}

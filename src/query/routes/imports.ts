import { Type } from '@sinclair/typebox';
import { readerFiles } from '../../catalog/index.js';
import { CompareAnswer, CompareRequest, InspectRequest } from '../../contracts/imports.js';
import { Inspection } from '../../contracts/inspection.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { AppError } from '../../lib/errors.js';
import { ownBytes, type TaskRunner } from '../../lib/tasks.js';
import { BlobNotFoundError, type BlobStore, type Database } from '../../store/index.js';
import type { FactLists, FactsInput, InspectInput } from '../export-tasks.js';
import type { LiveIndex } from '../live-index.js';
import { checkRelease } from '../release-check.js';
import { type CatalogFacts, compareFacts } from './compare-exports.js';

/** Where kept exports are read from: the snapshots' rows and their bytes in shared storage. */
export interface KeptExports {
  database: Database;
  blobs: BlobStore;
  /** Reads exports off the node's thread (exportTasks). */
  tasks: TaskRunner;
}

const problem = Type.Ref(Problem);

/**
 * `POST /internal/imports/inspect` and `/internal/imports/compare`: what the indexer would make of
 * a kept export with a release, and how that differs from what is live.
 */
export function importRoutes(app: HttpServer, store: KeptExports, liveIndex: LiveIndex): void {
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
      const bytes = ownBytes(await keptBytes(store, snapshot));
      const input: InspectInput = {
        bytes,
        ...readerFiles(checked),
        sample: sample === true,
      };
      return store.tasks.run('export:inspect', input, { transfer: [bytes.buffer as ArrayBuffer] });
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
      const draft = await factsOf(store, snapshot, checked, files);
      const before = live ? await factsOf(store, live.snapshot, live.files, live.files) : undefined;
      return compareFacts(draft, before);
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

async function keptBytes(store: KeptExports, snapshotId: string): Promise<Buffer> {
  const snapshot = await store.database.snapshots.get(snapshotId);
  if (!snapshot) throw new AppError('not_found', `There is no snapshot ${snapshotId}.`);
  try {
    return await store.blobs.get(snapshot.blob);
  } catch (error) {
    if (error instanceof BlobNotFoundError) {
      throw new AppError('not_found', `The bytes of snapshot ${snapshotId} are not in storage any more.`);
    }
    throw error;
  }
}

/**
 * The facts of a kept export read with `readWith` (the checked files); attribute types come from
 * `files`' attributes.json, else from the one derived from the export.
 */
async function factsOf(
  store: KeptExports,
  snapshotId: string,
  readWith: Record<string, unknown>,
  files: Record<string, unknown>,
): Promise<CatalogFacts> {
  const bytes = ownBytes(await keptBytes(store, snapshotId));
  const lists = await store.tasks.run<FactLists>(
    'export:facts',
    { bytes, ...readerFiles(readWith), declared: files['attributes.json'] } satisfies FactsInput,
    { transfer: [bytes.buffer as ArrayBuffer] },
  );
  return {
    products: new Set(lists.products),
    attributes: new Set(lists.attributes),
    filters: new Set(lists.filters),
  };
}

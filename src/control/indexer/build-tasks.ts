import { type ExportLimits, readCatalog, readerFiles } from '../../catalog/index.js';
import { countRejected } from '../../catalog/report.js';
import type { Violation } from '../../contracts/problem.js';
import {
  type EngineIndex,
  indexStats,
  loadIndex,
  nextSaleWindowEnd,
  type OfferChange,
  type OfferPatch,
  offerKey,
  SelectorError,
} from '../../engine/index.js';
import { transferred } from '../../lib/tasks.js';
import {
  compilePlanner,
  missingCatalogNames,
  releaseTestViolations,
  vocabularyOf,
} from '../../planner/index.js';
import { releaseView } from '../../release/release-view.js';
import { compileReleaseIndex } from './release-index.js';
import { RunFailure, type RunStep } from './run-failure.js';
import { smartCategoriesReadOffers } from './time-decisions.js';

/**
 * The work of an index run that needs the processor, run as tasks in a worker thread (see
 * src/lib/worker-pool.ts) so that a query node in the same process keeps answering: reading the
 * export, compiling the index and running the release's tests. The database and the blob store
 * stay with the indexer's own thread (build-run.ts).
 */

/** What a build reports while it works: the step it is in and the entities done so far. */
export interface BuildProgress {
  step: RunStep;
  entities: number;
  total?: number;
}

export interface BuildInput {
  /** The export's bytes. */
  snapshot: Uint8Array;
  files: Record<string, unknown>;
  /** The time of release tests whose request fixes none (RFC 3339). */
  now: string;
  /** How much the export may make the readers read. */
  limits?: ExportLimits;
  /** Offers updates of the snapshot's catalog, in the order written, folded into the index. */
  offers: OfferChange[];
}

export interface BuildOutput {
  artifact: Uint8Array;
  entities: number;
  rejected: number;
  types: { type: string; documents: number }[];
  /**
   * When the first sale window after the build's time opens or closes (ms since the epoch), if
   * smart categories read prices or sales: they were decided at the build's time.
   */
  saleWindowEnd?: number;
  /** The names the release gives the catalog that it does not hold (see missingCatalogNames). */
  warnings: Violation[];
}

export interface TestOutput {
  /** The names the release gives the catalog that the tested index does not hold. */
  warnings: Violation[];
}

export interface TestInput {
  /** The artifact the release would go live with. */
  artifact: Uint8Array;
  files: Record<string, unknown>;
  now: string;
}

/** Progress is written at most every 5,000 entities so that the database is not the bottleneck. */
const PROGRESS_EVERY = 5000;

/** Reads the export, compiles it with the release and tests the release against the index. */
async function buildIndex(
  input: BuildInput,
  progress: (report: BuildProgress) => void,
): Promise<BuildOutput> {
  // The release says how to read the export: feed.json maps its columns, attributes.json types them.
  const read = await readCatalog(
    input.snapshot,
    readerFiles(input.files),
    input.limits ? { limits: input.limits } : {},
  );
  const total = read.entities.length;
  progress({ step: 'compiling', entities: 0, total });
  let lastReport = 0;
  const time = new Date(input.now).getTime();
  const artifact = await compileReleaseIndex(read.entities, input.files, {
    time,
    offerPatches: patchesByOffer(input.offers),
    onProgress: ({ entities }) => {
      if (entities - lastReport >= PROGRESS_EVERY) {
        lastReport = entities;
        progress({ step: 'compiling', entities, total });
      }
    },
  }).catch((error: unknown) => {
    throw error instanceof SelectorError ? smartCategoryFailure(error, input.files) : error;
  });
  const index = loadIndex(artifact);
  const { warnings } = await testRelease(index, input.files, new Date(input.now), progress);
  const saleWindowEnd = smartCategoriesReadOffers(input.files) ? nextSaleWindowEnd(index, time) : undefined;
  const output: BuildOutput = {
    artifact,
    entities: total,
    rejected: countRejected(read.rejected),
    types: indexStats(index).types,
    ...(saleWindowEnd !== undefined ? { saleWindowEnd } : {}),
    warnings,
  };
  return transferred(output, [artifact.buffer as ArrayBuffer]);
}

/** The patches of each offer (type, entity, variant, channel), in the order they were written. */
function patchesByOffer(changes: OfferChange[]): Map<string, OfferPatch[]> {
  const patches = new Map<string, OfferPatch[]>();
  for (const change of changes) {
    const key = offerKey(change.type, change.entity, change.variant, change.channel);
    const list = patches.get(key);
    if (list) list.push(change.patch);
    else patches.set(key, [change.patch]);
  }
  return patches;
}

/** Tests a release against an index already built (a run that switches the live one). */
async function testLive(input: TestInput, progress: (report: BuildProgress) => void): Promise<TestOutput> {
  return testRelease(loadIndex(input.artifact), input.files, new Date(input.now), progress);
}

/**
 * Runs the release's tests.json against the index it would go live with: a failing test stops
 * the run, so what was live stays live, and the run's error names each test and what it found.
 * The names the release gives the catalog that the index does not hold are no failure (catalogs
 * change under a release): they come back as warnings for the run's report.
 */
async function testRelease(
  index: EngineIndex,
  files: Record<string, unknown>,
  now: Date,
  progress: (report: BuildProgress) => void,
): Promise<TestOutput> {
  const entities = index.types.reduce((sum, type) => sum + type.documents, 0);
  progress({ step: 'testing', entities, total: entities });
  const vocabulary = vocabularyOf(index);
  const planner = compilePlanner(files, vocabulary);
  const violations = await releaseTestViolations({ index, files, planner }, now);
  if (violations.length === 0) return { warnings: missingCatalogNames(files, vocabulary, index) };
  const shown = violations
    .slice(0, 5)
    .map((violation) => `${violation.message} (tests.json ${violation.pointer})`);
  const more = violations.length > 5 ? ` And ${violations.length - 5} more.` : '';
  throw new RunFailure(
    'testing',
    `Release tests failed, so nothing went live: ${shown.join(' ')}${more} Correct tests.json or the rules and publish again.`,
  );
}

/**
 * A smart category's selector the engine cannot read: the run's error names categories.json and
 * the pointer of the member at fault.
 */
function smartCategoryFailure(error: SelectorError, files: Record<string, unknown>): RunFailure {
  const nodes = releaseView(files).categories.nodes ?? [];
  const smartNodes = nodes.flatMap((node, index) => (node.where ? [index] : []));
  const [, position, ...rest] = error.pointer.split('/');
  const node = smartNodes[Number(position)];
  const where = node === undefined ? '' : ` at /nodes/${node}/${rest.join('/')}`;
  return new RunFailure(
    'compiling',
    `categories.json${where}: ${error.message.replace(/\.+$/, '')}. Correct the smart category and publish again; what was live stays live.`,
  );
}

export const buildTasks = {
  'index:build': buildIndex,
  'index:test-release': testLive,
};

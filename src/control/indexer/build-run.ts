import type { ExportLimits } from '../../catalog/index.js';
import { readCatalog } from '../../catalog/read-catalog.js';
import { countRejected } from '../../catalog/report.js';
import type { IndexRun } from '../../contracts/management.js';
import type { CategoriesFile } from '../../contracts/release-files/index.js';
import { type EngineIndex, indexStats, loadIndex, SelectorError } from '../../engine/index.js';
import {
  compilePlanner,
  missingCatalogNames,
  releaseTestViolations,
  type Vocabulary,
  vocabularyOf,
} from '../../planner/index.js';
import { type BlobStore, type Database, type IndexRunRecord, MAX_ATTEMPTS } from '../../store/index.js';
import { attemptSentence, courseOf, liveForCourse } from '../course.js';
import { readerFiles } from '../services/export-read.js';
import { compileReleaseIndex } from './release-index.js';

/** The steps of a run, in order; a failed run names the one it failed in. */
export type RunStep = 'reading' | 'compiling' | 'testing' | 'storing';

export interface BuiltRun {
  artifact: string;
  report: NonNullable<IndexRun['report']>;
  /** The last offers write folded into the artifact. */
  offersSeq?: number;
  /** When a decision the artifact took from the time changes. */
  rebuildAt?: string;
}

export interface BuildContext {
  database: Database;
  blobs: BlobStore;
  /** Reports each step and the entities done so far; rejects once the run is lost. */
  progress(step: RunStep, entities: number, total?: number): Promise<void>;
  /** Aborted when the run is no longer this indexer's: the build stops at its next step or batch. */
  signal?: AbortSignal;
  /** How much the export may make the readers read. */
  exportLimits?: ExportLimits;
  /** The time of release tests whose request fixes none. */
  now(): Date;
}

/**
 * Builds a run: by a switch when the live indexes can serve its release as they are (the same
 * catalog, and only files searches read at query time changed), else by reading the snapshot,
 * compiling it with the release and keeping the artifact as a blob (see courseOf).
 */
export async function buildRun(
  run: IndexRunRecord,
  context: BuildContext,
  startedAt: number,
): Promise<BuiltRun> {
  const release = await context.database.releases.get(run.releaseId);
  if (!release) throw new RunFailure('reading', `The release ${run.releaseId} is not kept any more.`);
  const course = courseOf(run, release.files, await liveForCourse(context.database, run));
  const cause = `${course.cause}${attemptSentence(run.attempts, MAX_ATTEMPTS)}`;
  const switched =
    course.way === 'switch' ? await trySwitch(release.files, context, startedAt, cause) : undefined;
  return switched ?? (await rebuild(run, release.files, context, startedAt, cause));
}

/**
 * Runs the release's tests.json against the index it would go live with: a failing test stops
 * the run, so what was live stays live, and the run's error names each test and what it found.
 */
async function testRelease(
  index: EngineIndex,
  vocabulary: Vocabulary,
  files: Record<string, unknown>,
  context: BuildContext,
): Promise<void> {
  const entities = index.types.reduce((sum, type) => sum + type.documents, 0);
  await context.progress('testing', entities, entities);
  const planner = compilePlanner(files, vocabulary);
  const violations = await releaseTestViolations({ index, files, planner }, context.now());
  if (violations.length === 0) return;
  const shown = violations
    .slice(0, 5)
    .map((violation) => `${violation.message} (tests.json ${violation.pointer})`);
  const more = violations.length > 5 ? ` And ${violations.length - 5} more.` : '';
  throw new RunFailure(
    'testing',
    `Release tests failed, so nothing went live: ${shown.join(' ')}${more} Correct tests.json or the rules and publish again.`,
  );
}

/** Serves the release with the live indexes as they are; undefined when nothing live has a report. */
async function trySwitch(
  files: Record<string, unknown>,
  context: BuildContext,
  startedAt: number,
  cause: string,
): Promise<BuiltRun | undefined> {
  const { database } = context;
  const live = await database.live.get();
  if (!live) return undefined;
  const liveRun = await database.indexRuns.get(live.runId);
  const liveReport = liveRun?.report as BuiltRun['report'] | undefined;
  if (!liveReport) return undefined;
  const index = loadIndex(await context.blobs.get(live.artifact));
  const vocabulary = vocabularyOf(index);
  await testRelease(index, vocabulary, files, context);
  const { warnings: _live, ...kept } = liveReport;
  return {
    artifact: live.artifact,
    report: {
      ...kept,
      course: { way: 'switch', cause },
      duration_ms: Math.round(performance.now() - startedAt),
      ...warningsOf(index, vocabulary, files),
    },
    ...(liveRun?.offersSeq !== undefined ? { offersSeq: liveRun.offersSeq } : {}),
  };
}

async function rebuild(
  run: IndexRunRecord,
  files: Record<string, unknown>,
  context: BuildContext,
  startedAt: number,
  cause: string,
): Promise<BuiltRun> {
  const { database, blobs } = context;
  await context.progress('reading', 0);
  const snapshot = await database.snapshots.get(run.snapshotId);
  if (!snapshot) throw new RunFailure('reading', `The snapshot ${run.snapshotId} is not kept any more.`);
  if (!(await blobs.has(snapshot.blob))) {
    throw new RunFailure(
      'reading',
      `The bytes of snapshot ${run.snapshotId} are missing from storage: upload the catalog again.`,
    );
  }
  // The release says how to read the export: feed.json maps its columns, attributes.json types them.
  const read = await readCatalog(await blobs.get(snapshot.blob), readerFiles(files), {
    ...(context.exportLimits ? { limits: context.exportLimits } : {}),
    ...(context.signal ? { signal: context.signal } : {}),
  });

  const total = read.entities.length;
  await context.progress('compiling', 0, total);
  let lastReport = 0;
  const artifactBytes = await compileReleaseIndex(read.entities, files, {
    time: context.now().getTime(),
    onProgress: ({ entities }) => {
      // Thrown here, the abort ends the compilation at this batch.
      context.signal?.throwIfAborted();
      // Progress is written at most every 5,000 entities so that the database is not the bottleneck.
      if (entities - lastReport >= 5000) {
        lastReport = entities;
        // Not awaited: the compilation goes on while it is written. A write that fails is only a
        // progress figure lost; a lost run aborts the signal, which the next batch reads.
        context.progress('compiling', entities, total).catch(() => undefined);
      }
    },
  }).catch((error: unknown) => {
    throw error instanceof SelectorError ? smartCategoryFailure(error, files) : error;
  });

  const index = loadIndex(artifactBytes);
  const vocabulary = vocabularyOf(index);
  await testRelease(index, vocabulary, files, context);
  await context.progress('storing', total, total);
  const stats = indexStats(index);
  const artifact = await blobs.put(artifactBytes);
  return {
    artifact,
    report: {
      course: { way: 'rebuild', cause },
      entities: total,
      rejected: countRejected(read.rejected),
      types: stats.types,
      artifact_bytes: artifactBytes.length,
      duration_ms: Math.round(performance.now() - startedAt),
      ...warningsOf(index, vocabulary, files),
    },
  };
}

/**
 * The names the release gives the catalog that it does not hold, as the report's warnings: the
 * run builds regardless (catalogs change under a release), and the merchandiser cleans up.
 */
function warningsOf(
  index: EngineIndex,
  vocabulary: Vocabulary,
  files: Record<string, unknown>,
): Pick<BuiltRun['report'], 'warnings'> {
  const warnings = missingCatalogNames(files, vocabulary, index);
  return warnings.length > 0 ? { warnings } : {};
}

/**
 * A smart category's selector the engine cannot read: the run's error names categories.json and
 * the pointer of the member at fault.
 */
function smartCategoryFailure(error: SelectorError, files: Record<string, unknown>): RunFailure {
  const nodes = (files['categories.json'] as CategoriesFile | undefined)?.nodes ?? [];
  const smartNodes = nodes.flatMap((node, index) => (node.where ? [index] : []));
  const [, position, ...rest] = error.pointer.split('/');
  const node = smartNodes[Number(position)];
  const where = node === undefined ? '' : ` at /nodes/${node}/${rest.join('/')}`;
  return new RunFailure(
    'compiling',
    `categories.json${where}: ${error.message.replace(/\.+$/, '')}. Correct the smart category and publish again; what was live stays live.`,
  );
}

/** A failure with the step it happened in and a sentence for the run's `error`. */
export class RunFailure extends Error {
  constructor(
    readonly step: RunStep,
    message: string,
  ) {
    super(message);
  }
}

import type { ExportLimits } from '../../catalog/index.js';
import type { IndexRun } from '../../contracts/management.js';
import { offerChangeOf } from '../../engine/index.js';
import { ownBytes, type TaskRunner } from '../../lib/tasks.js';
import { type BlobStore, type Database, type IndexRunRecord, MAX_ATTEMPTS } from '../../store/index.js';
import { attemptSentence, courseOf, liveForCourse } from '../course.js';
import type { BuildInput, BuildOutput, BuildProgress, TestInput, TestOutput } from './build-tasks.js';
import { asRunFailure, RunFailure, type RunStep } from './run-failure.js';

export { RunFailure, type RunStep } from './run-failure.js';

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
  /** Runs the build's heavy work (buildTasks) off the indexer's thread. */
  tasks: TaskRunner;
  /** Reports each step and the entities done so far; never rejects. */
  progress(step: RunStep, entities: number, total?: number): Promise<void>;
  /** The time of release tests whose request fixes none. */
  now(): Date;
  /** Aborted when the run must stop: the indexer stops, or lost its lease. */
  signal?: AbortSignal;
  /** How much the export may make the readers read. */
  exportLimits?: ExportLimits;
}

/** Pieces an artifact is stored in, so that hashing it never holds the thread for long. */
const STORE_PIECE_BYTES = 1 << 20;

/**
 * Builds a run: by a switch when the live indexes can serve its release as they are (the same
 * catalog, and only files searches read at query time changed), else by reading the snapshot,
 * compiling it with the release and keeping the artifact as a blob (see courseOf). Reading,
 * compiling and testing run as tasks (build-tasks.ts) on another thread; this thread reads and
 * writes the database and the blob store.
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

/** Runs a build task, its progress reported as the run's and its failures as RunFailures. */
async function runTask<Output>(
  context: BuildContext,
  task: string,
  input: BuildInput | TestInput,
  bytes: Uint8Array,
): Promise<Output> {
  try {
    return await context.tasks.run<Output>(task, input, {
      transfer: [bytes.buffer as ArrayBuffer],
      onProgress: (report) => {
        const { step, entities, total } = report as BuildProgress;
        void context.progress(step, entities, total);
      },
      ...(context.signal ? { signal: context.signal } : {}),
    });
  } catch (error) {
    throw asRunFailure(error);
  }
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
  const artifact = ownBytes(await context.blobs.get(live.artifact));
  const input: TestInput = { artifact, files, now: context.now().toISOString() };
  const { warnings } = await runTask<TestOutput>(context, 'index:test-release', input, artifact);
  // The live run's warnings were of its own release: this one's are found anew.
  const { warnings: _live, ...kept } = liveReport;
  return {
    artifact: live.artifact,
    report: {
      ...kept,
      course: { way: 'switch', cause },
      duration_ms: Math.round(performance.now() - startedAt),
      ...(warnings.length > 0 ? { warnings } : {}),
    },
    ...(liveRun?.offersSeq !== undefined ? { offersSeq: liveRun.offersSeq } : {}),
    // The same indexes decided the same smart categories: their next sale window end holds too.
    ...(liveRun?.rebuildAt !== undefined ? { rebuildAt: liveRun.rebuildAt } : {}),
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
  const bytes = ownBytes(await blobs.get(snapshot.blob));
  // Offers updates of this catalog are folded in: smart categories and every query node see them.
  const overlay = await database.offers.changedSince(run.catalogGeneration, 0);
  const input: BuildInput = {
    snapshot: bytes,
    files,
    now: context.now().toISOString(),
    ...(context.exportLimits ? { limits: context.exportLimits } : {}),
    offers: overlay.map(offerChangeOf),
  };
  const built = await runTask<BuildOutput>(context, 'index:build', input, bytes);
  await context.progress('storing', built.entities, built.entities);
  const artifact = (await blobs.putStream(pieces(built.artifact))).key;
  return {
    artifact,
    ...(overlay.length > 0 ? { offersSeq: overlay.at(-1)!.seq } : {}),
    // Smart categories over prices or sales were decided at the build's time: a window end changes them.
    ...(built.saleWindowEnd !== undefined ? { rebuildAt: new Date(built.saleWindowEnd).toISOString() } : {}),
    report: {
      course: { way: 'rebuild', cause },
      entities: built.entities,
      rejected: built.rejected,
      types: built.types,
      artifact_bytes: built.artifact.length,
      duration_ms: Math.round(performance.now() - startedAt),
      ...(built.warnings.length > 0 ? { warnings: built.warnings } : {}),
    },
  };
}

async function* pieces(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  for (let start = 0; start < bytes.length; start += STORE_PIECE_BYTES) {
    yield bytes.subarray(start, Math.min(bytes.length, start + STORE_PIECE_BYTES));
  }
}

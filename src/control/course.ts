import { decidePublication } from '../release/publication.js';
import type { Database, IndexRunTrigger } from '../store/index.js';

/** What a run is asked to build, as far as its course depends on it. */
export interface CourseRun {
  trigger: IndexRunTrigger;
  snapshotId: string;
  releaseId: string;
}

/** What searches read when the run takes its course. */
export interface CourseLive {
  snapshotId: string;
  releaseId: string;
  files: Record<string, unknown>;
  /** Offers sent with PUT /offers are folded into the live indexes that this run would not apply. */
  overlayEnds?: boolean;
}

export interface Course {
  way: 'switch' | 'rebuild';
  /** Why, as a sentence. */
  cause: string;
}

/** What queued the run, as the start of the sentence that says why it took its course. */
function queuedBy(run: CourseRun): string {
  const { trigger } = run;
  const rollback =
    typeof trigger.detail === 'string' && trigger.kind !== 'indexer' ? ` ${trigger.detail}` : '';
  switch (trigger.kind) {
    case 'catalog':
      return 'A catalog was uploaded.';
    case 'release':
      return `Release ${run.releaseId} was published.${rollback}`;
    case 'import':
      return `Import ${String(trigger.import)} was published.${rollback}`;
    case 'fetch':
      return `A fetch of the catalog source found its feed changed (import ${String(trigger.import)}).`;
    case 'rebuild':
      return 'A rebuild was asked for, so the indexes are built anew.';
    case 'indexer':
      return `The indexer rebuilt what was live. ${String(trigger.detail ?? '')}`.trim();
  }
}

/**
 * The way a run goes live and why: a switch when the live indexes hold its catalog and only files
 * searches read at query time changed, else a rebuild. A rebuild asked for, and a run the indexer
 * queued, always build; so does a run whose catalog ends offers folded into the live indexes.
 * The index run's report and the `next` sentence of whatever queued it say the same.
 */
export function courseOf(
  run: CourseRun,
  files: Record<string, unknown>,
  live: CourseLive | undefined,
): Course {
  const start = queuedBy(run);
  if (run.trigger.kind === 'rebuild' || run.trigger.kind === 'indexer') {
    return { way: 'rebuild', cause: start };
  }
  const decision = decidePublication(
    { snapshot: run.snapshotId, files },
    live && { snapshot: live.snapshotId, files: live.files },
  );
  if (decision.way === 'switch' && live?.overlayEnds) {
    return {
      way: 'rebuild',
      cause: `${start} An overlay ended: the offers sent with PUT /offers were folded into the live indexes, and this catalog arrived after them, so its indexes are built anew without them.`,
    };
  }
  if (decision.way === 'switch') {
    return { way: 'switch', cause: `${start} ${decision.cause} Nothing is built.` };
  }
  return { way: 'rebuild', cause: `${start} ${decision.cause}` };
}

/** The sentence a retried run adds: which attempt it is, and why there was more than one. */
export function attemptSentence(attempts: number, maxAttempts: number): string {
  if (attempts <= 1) return '';
  return ` This was attempt ${attempts} of ${maxAttempts}: the indexer building it before stopped before it finished.`;
}

/** What is live, as a run's course is decided against it; undefined when nothing is. */
export async function liveForCourse(
  database: Database,
  run: { catalogGeneration: number },
): Promise<CourseLive | undefined> {
  const live = await database.live.get();
  if (!live) return undefined;
  const [release, liveRun] = await Promise.all([
    database.releases.get(live.releaseId),
    database.indexRuns.get(live.runId),
  ]);
  return {
    snapshotId: live.snapshotId,
    releaseId: live.releaseId,
    files: release?.files ?? {},
    overlayEnds: liveRun?.offersSeq !== undefined && run.catalogGeneration > liveRun.catalogGeneration,
  };
}

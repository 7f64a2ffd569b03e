import type { IndexRunRecord } from '../../store/index.js';
import { courseOf, liveForCourse } from '../course.js';
import type { ControlDeps } from './deps.js';

/**
 * The `next` sentence of a queued run: the way it is expected to go live (a switch builds
 * nothing), why, and how to follow it. The indexer decides again when it takes the run up.
 */
export async function queuedSentence(
  deps: ControlDeps,
  run: IndexRunRecord,
  files: Record<string, unknown>,
): Promise<string> {
  const course = courseOf(run, files, await liveForCourse(deps.database, run));
  const how =
    course.way === 'switch'
      ? `it is expected to switch: ${lowerFirst(course.cause)} Searches read release ${run.releaseId} once it succeeds.`
      : `it is expected to build snapshot ${run.snapshotId} with release ${run.releaseId}: ${lowerFirst(course.cause)} It goes live when it succeeds.`;
  return `Index run ${run.id} is queued; ${how} Follow it at GET /api/v1/index-runs/${run.id}.`;
}

function lowerFirst(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

/** Why a question about what searches read has no answer yet. */
export const NOTHING_LIVE =
  'Nothing is live yet: upload a catalog, publish a release and wait for the index run to succeed.';

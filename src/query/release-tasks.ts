import { validateReleaseCanonically } from '../release/validate.js';

/**
 * Checking a release's files as a whole and writing them canonically to name them, run as a task
 * on a read thread (see src/lib/worker-pool.ts): for a release of megabytes (twenty thousand
 * rules) it takes seconds, which the searches this node answers must not wait for. The canonical
 * text comes back, and is the answer's `files` as it is.
 */
export const releaseTasks = {
  'release:validate': validateReleaseCanonically,
};

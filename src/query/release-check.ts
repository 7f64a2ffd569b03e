import type { Violation } from '../contracts/problem.js';
import type { TestsFile } from '../contracts/release-files/index.js';
import { AppError } from '../lib/errors.js';
import { compilePlanner, runPlanTests, testViolations } from '../planner/index.js';
import { type ValidRelease, validateRelease } from '../release/validate.js';
import type { LiveState } from './live-index.js';

/**
 * Checks a release's files for the control plane: each file and the files as a whole, then the
 * plan expectations of its tests.json (see planTestViolations). Answers the release named by
 * content in canonical form; throws 422 with the violations, each naming file, pointer and
 * sentence, and a failing test by its id.
 */
export function checkRelease(
  files: Record<string, unknown>,
  live: LiveState | undefined,
  now: Date,
): ValidRelease {
  const check = validateRelease(files);
  const violations = check.ok ? planTestViolations(check.release.files, live, now) : check.violations;
  if (!check.ok || violations.length > 0) {
    throw new AppError(
      'unprocessable',
      'The release has violations: correct each file at the pointer named.',
      violations,
    );
  }
  return check.release;
}

/**
 * The plan expectations of a valid release's tests.json (redirect, resolved, rules, sections) run
 * without the engine: its planner is compiled with the vocabulary of the catalog live now, and
 * each failing expectation is a violation naming the test. `now` is the time of a test whose
 * request fixes none.
 *
 * With nothing live there is no catalog to resolve words against: an empty vocabulary would fail
 * every resolution test of a first release, so the tests are left to the index run, which checks
 * them against the catalog it builds.
 */
export function planTestViolations(
  files: ValidRelease['files'],
  live: LiveState | undefined,
  now: Date,
): Violation[] {
  const tests = files['tests.json'] as TestsFile | undefined;
  if (live === undefined || tests === undefined || tests.tests.length === 0) return [];
  return testViolations(runPlanTests(tests, compilePlanner(files, live.vocabulary), now));
}

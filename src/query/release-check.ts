import type { Violation } from '../contracts/problem.js';
import type { TestsFile } from '../contracts/release-files/index.js';
import { AppError } from '../lib/errors.js';
import { compilePlanner, missingCatalogNames, runPlanTests, testViolations } from '../planner/index.js';
import { type ValidRelease, validateRelease } from '../release/validate.js';
import type { LiveState } from './live-index.js';

export interface CheckOptions {
  /**
   * Refuse names the files give the catalog (categories, brands, option values, entities) that
   * the live catalog does not hold: a release stored or published is checked so; a draft, whose
   * catalog is its own export, is not (its index run lists such names as warnings).
   */
  catalogNames?: boolean;
}

/**
 * Checks a release's files for the control plane: each file and the files as a whole, then the
 * plan expectations of its tests.json (see planTestViolations) and, when asked, the names it gives
 * the live catalog. Answers the release named by content in canonical form; throws 422 with the
 * violations, each naming file, pointer and sentence, and a failing test by its id.
 */
export function checkRelease(
  files: Record<string, unknown>,
  live: LiveState | undefined,
  now: Date,
  options: CheckOptions = {},
): ValidRelease {
  const check = validateRelease(files);
  const violations = check.ok
    ? [
        ...(options.catalogNames === true && live !== undefined
          ? missingCatalogNames(check.release.files, live.vocabulary, live.index)
          : []),
        ...planTestViolations(check.release.files, live, now),
      ]
    : check.violations;
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

import type { Violation } from '../contracts/problem.js';
import { AppError } from '../lib/errors.js';
import {
  compilePlanner,
  missingCatalogNames,
  type Planner,
  runPlanTests,
  testViolations,
} from '../planner/index.js';
import { releaseView } from '../release/release-view.js';
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
  if (!check.ok) throw releaseViolations(check.violations);
  checkAgainstLive(check.release.files, live, now, options);
  return check.release;
}

/**
 * What checkRelease checks of valid files against what is live: its tests' plan expectations and,
 * when asked, the names it gives the catalog. Throws 422 as checkRelease does.
 */
export function checkAgainstLive(
  files: ValidRelease['files'],
  live: LiveState | undefined,
  now: Date,
  options: CheckOptions = {},
): void {
  const violations = [
    ...(options.catalogNames === true && live !== undefined
      ? missingCatalogNames(files, live.vocabulary, live.index)
      : []),
    ...planTestViolations(files, live, now),
  ];
  if (violations.length > 0) throw releaseViolations(violations);
}

/**
 * The same check of draft files read over what is live, answering the planner its tests ran on
 * (compiled with the live vocabulary), so a preview answers with it instead of compiling another.
 */
export function checkDraftRelease(
  files: Record<string, unknown>,
  live: LiveState,
  now: Date,
): { release: ValidRelease; planner: Planner } {
  const check = validateRelease(files);
  if (!check.ok) throw releaseViolations(check.violations);
  const planner = compilePlanner(check.release.files, live.vocabulary);
  const violations = testsViolations(check.release.files, planner, now);
  if (violations.length > 0) throw releaseViolations(violations);
  return { release: check.release, planner };
}

export function releaseViolations(violations: Violation[]): AppError {
  return new AppError(
    'release_violations',
    'The release has violations: correct each file at the pointer named.',
    violations,
  );
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
  if (live === undefined || !hasTests(files)) return [];
  return testsViolations(files, compilePlanner(files, live.vocabulary), now);
}

function hasTests(files: ValidRelease['files']): boolean {
  return releaseView(files).tests.tests.length > 0;
}

function testsViolations(files: ValidRelease['files'], planner: Planner, now: Date): Violation[] {
  if (!hasTests(files)) return [];
  return testViolations(runPlanTests(releaseView(files).tests, planner, now));
}

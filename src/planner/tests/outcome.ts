import type { Violation } from '../../contracts/problem.js';
import type { AppError } from '../../lib/errors.js';
import { pointer } from '../../release/checks/check.js';

/** One expectation a test did not meet: the member of `expect` it reads, and what was found. */
export interface TestFailure {
  /** Path below the test's `expect` (or its `request`), as JSON pointer segments: `["rules", "applied", 0]`. */
  member: Array<string | number>;
  message: string;
  /** The failure is its request's, which cannot be answered: `member` is below `request`. */
  inRequest?: boolean;
}

export interface TestOutcome {
  id: string;
  /** The test's place in tests.json, from 0. */
  index: number;
  passed: boolean;
  failures: TestFailure[];
}

/**
 * The violations a failing test stops a publish with: each names tests.json, the pointer of the
 * expectation not met, and the test by id with what the search answered instead.
 */
export function testViolations(outcomes: readonly TestOutcome[]): Violation[] {
  return outcomes.flatMap((outcome) =>
    outcome.failures.map((failure) => ({
      file: 'tests.json',
      pointer: pointer('tests', outcome.index, failure.inRequest ? 'request' : 'expect', ...failure.member),
      message: `Test "${outcome.id}": ${failure.message}`,
    })),
  );
}

export function outcomeOf(id: string, index: number, failures: TestFailure[]): TestOutcome {
  return { id, index, passed: failures.length === 0, failures };
}

/**
 * The failures of a test whose request cannot be answered against this release and catalog (a
 * category or a channel it names is not there): each names the member of the request and what
 * lets the catalog through, since a test of what a catalog no longer holds holds it back.
 */
export function unanswerableRequest(error: AppError): TestFailure[] {
  const violations = error.violations?.length ? error.violations : [{ pointer: '', message: error.detail }];
  return violations.map((violation) => ({
    member: violation.pointer.split('/').slice(1).map(unescapeSegment),
    message: `its request cannot be answered here: ${violation.message.replace(/\.$/, '')}. Change the test's request, or drop the test, to let this release and catalog through.`,
    inRequest: true,
  }));
}

function unescapeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

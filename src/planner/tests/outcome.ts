import type { Violation } from '../../contracts/problem.js';
import { pointer } from '../../release/checks/check.js';

/** One expectation a test did not meet: the member of `expect` it reads, and what was found. */
export interface TestFailure {
  /** Path below the test's `expect`, as JSON pointer segments: `["rules", "applied", 0]`. */
  member: Array<string | number>;
  message: string;
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
      pointer: pointer('tests', outcome.index, 'expect', ...failure.member),
      message: `Test "${outcome.id}": ${failure.message}`,
    })),
  );
}

export function outcomeOf(id: string, index: number, failures: TestFailure[]): TestOutcome {
  return { id, index, passed: failures.length === 0, failures };
}

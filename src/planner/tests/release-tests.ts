import type { Violation } from '../../contracts/problem.js';
import { selectEntities } from '../../engine/index.js';
import { releaseView } from '../../release/release-view.js';
import { answerRequest, type SearchTarget } from '../answer/answer.js';
import { testViolations } from './outcome.js';
import { runPlanTests } from './plan-tests.js';
import { type ResultIndex, runResultTests } from './result-tests.js';

/**
 * Every test of a release's tests.json against an index built with it: the plan expectations,
 * then the result expectations answered as POST /v1/search answers them. `now` is the time of a
 * test whose request fixes none. Each failing expectation is a violation naming the test.
 */
export async function releaseTestViolations(target: SearchTarget, now: Date): Promise<Violation[]> {
  const tests = releaseView(target.files).held['tests.json'];
  if (tests === undefined || tests.tests.length === 0) return [];
  const timeOf = (request: { time?: string }) =>
    request.time !== undefined ? Date.parse(request.time) : now.getTime();
  const index: ResultIndex = {
    search: async (request) => answerRequest(target, request, now),
    select: async (selector, entities, request) =>
      selectEntities(target.index, selector, entities, {
        ...(request.channel !== undefined ? { channel: request.channel } : {}),
        time: timeOf(request),
      }),
  };
  const outcomes = [...runPlanTests(tests, target.planner, now), ...(await runResultTests(tests, index))];
  return testViolations(outcomes.sort((a, b) => a.index - b.index));
}

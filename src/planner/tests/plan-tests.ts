import type { TestsFile } from '../../contracts/release-files/index.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { AppError } from '../../lib/errors.js';
import { normalizePhrase } from '../normalize.js';
import type { Plan } from '../plan.js';
import type { Planner } from '../planner.js';
import { selectorHolds } from '../selector.js';
import { outcomeOf, type TestFailure, type TestOutcome, unanswerableRequest } from './outcome.js';

type Test = TestsFile['tests'][number];
type Expectation = Test['expect'];

const PLAN_MEMBERS = ['redirect', 'resolved', 'rules', 'sections'] as const;

/**
 * Runs the plan expectations of tests.json (redirect, resolved, rules, sections) against a
 * release's planner, without the engine: a draft's tests run as soon as its files are written.
 * Tests that expect only results are left to runResultTests. `now` is the time of a request
 * that does not fix its own.
 */
export function runPlanTests(tests: TestsFile, planner: Planner, now: Date): TestOutcome[] {
  const outcomes: TestOutcome[] = [];
  tests.tests.forEach((test, index) => {
    if (!PLAN_MEMBERS.some((member) => test.expect[member] !== undefined)) return;
    let plan: Plan;
    try {
      plan = planner.plan(test.request, { arrival: now, trace: false });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push(outcomeOf(test.id, index, unanswerableRequest(error)));
      return;
    }
    outcomes.push(outcomeOf(test.id, index, planFailures(test.expect, plan, planner)));
  });
  return outcomes;
}

function planFailures(expect: Expectation, plan: Plan, planner: Planner): TestFailure[] {
  const failures: TestFailure[] = [];
  if (expect.redirect !== undefined) failures.push(...redirectFailures(expect.redirect, plan));
  if (expect.resolved !== undefined) failures.push(...resolvedFailures(expect.resolved, plan, planner));
  for (const [list, wanted] of [
    ['applied', true],
    ['not_applied', false],
  ] as const) {
    expect.rules?.[list]?.forEach((id, at) => {
      if (plan.applied.includes(id) === wanted) return;
      const applied = plan.applied.length > 0 ? plan.applied.map((one) => `"${one}"`).join(', ') : 'none';
      failures.push({
        member: ['rules', list, at],
        message: `the rule "${id}" ${wanted ? 'did not apply' : 'applied'}; the rules applied were ${applied}.`,
      });
    });
  }
  if (expect.sections !== undefined) {
    const order = plan.kind === 'search' ? plan.sections.map((section) => section.type) : [];
    const begins = expect.sections.every((type, at) => order[at] === type);
    if (!begins) {
      failures.push({
        member: ['sections'],
        message:
          plan.kind === 'redirect'
            ? `expected sections beginning ${list(expect.sections)}, but the search redirects to ${describe(plan)}.`
            : `expected sections beginning ${list(expect.sections)}, got ${list(order)}.`,
      });
    }
  }
  return failures;
}

function redirectFailures(expected: NonNullable<Expectation['redirect']>, plan: Plan): TestFailure[] {
  const wanted =
    'url' in expected
      ? `"${expected.url}"`
      : `${expected.to}${expected.filters !== undefined ? ` with ${canonicalJson(expected.filters)}` : ''}`;
  if (plan.kind !== 'redirect') {
    return [
      {
        member: ['redirect'],
        message: `expected a redirect to ${wanted}, but the search answers with results.`,
      },
    ];
  }
  const redirect = plan.redirect;
  const meets =
    'url' in expected
      ? redirect.url === expected.url
      : redirect.entity === expected.to &&
        (expected.filters === undefined ||
          canonicalJson(redirect.filters ?? {}) === canonicalJson(expected.filters));
  return meets
    ? []
    : [{ member: ['redirect'], message: `expected a redirect to ${wanted}, got one to ${describe(plan)}.` }];
}

function resolvedFailures(
  expected: NonNullable<Expectation['resolved']>,
  plan: Plan,
  planner: Planner,
): TestFailure[] {
  const resolution = plan.resolution;
  if (resolution === undefined) {
    return [{ member: ['resolved'], message: 'the request has no words, so nothing was resolved.' }];
  }
  const failures: TestFailure[] = [];
  if (expected.category !== undefined && resolution.category !== expected.category) {
    failures.push({
      member: ['resolved', 'category'],
      message: `expected the category "${expected.category}", got ${resolution.category !== undefined ? `"${resolution.category}"` : 'none'}.`,
    });
  }
  const filters = resolution.filters ?? {};
  const holds =
    expected.filters === undefined ||
    selectorHolds(expected.filters, {
      ...(resolution.category !== undefined ? { category: resolution.category } : {}),
      values: (field) => {
        const value = filters[field];
        return value === undefined ? undefined : Array.isArray(value) ? value : [value];
      },
      within: planner.within,
    });
  if (!holds) {
    failures.push({
      member: ['resolved', 'filters'],
      message: `expected the filters ${canonicalJson(expected.filters)}, got ${canonicalJson(filters)}.`,
    });
  }
  if (expected.text !== undefined && normalizePhrase(expected.text) !== resolution.text) {
    failures.push({
      member: ['resolved', 'text'],
      message: `expected the text "${expected.text}" left, got "${resolution.text}".`,
    });
  }
  if (expected.complete !== undefined && resolution.complete !== expected.complete) {
    failures.push({
      member: ['resolved', 'complete'],
      message: expected.complete
        ? `expected nothing left as text, but "${resolution.text}" was.`
        : 'expected words left as text, but the query resolved completely.',
    });
  }
  return failures;
}

function describe(plan: Plan & { kind: 'redirect' }): string {
  return plan.redirect.url !== undefined ? `"${plan.redirect.url}"` : (plan.redirect.entity ?? 'a page');
}

function list(types: readonly string[]): string {
  return types.length > 0 ? types.map((type) => `"${type}"`).join(', ') : 'none';
}

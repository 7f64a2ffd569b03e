import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';
import { contextViolations } from './context.js';
import { filterFieldProblem } from './fields.js';
import { channelIds, entityTypeProblem, serves, sortCodes, typeCodes } from './known.js';
import { selectorViolations } from './selector.js';

type Test = ReleaseView['tests']['tests'][number];
type Add = (rest: Path, message: string) => void;
type Selector = (rest: Path, where: Record<string, unknown>) => void;

const FILE = 'tests.json';

/** Each test: its id, a request the release can answer, and expectations naming what it has. */
export function checkTests(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  const ids = new Set<string>();
  view.tests.tests.forEach((test, index) => {
    const path = ['tests', index];
    const add: Add = (rest, message) => violations.push(violation(FILE, [...path, ...rest], message));
    const selector = (rest: Path, where: Record<string, unknown>) =>
      violations.push(...selectorViolations(view, FILE, where, [...path, ...rest]));
    if (ids.has(test.id))
      add(['id'], `The test id "${test.id}" names an earlier test too: give each test its own id.`);
    ids.add(test.id);
    checkRequest(view, test, add, selector);
    if (test.request.context !== undefined) {
      violations.push(
        ...contextViolations(view, FILE, test.request.context, [...path, 'request', 'context']),
      );
    }
    checkExpectations(view, test, add, selector);
  });
  return violations;
}

function checkRequest(view: ReleaseView, test: Test, add: Add, selector: Selector): void {
  const request = test.request;
  const channels = view.channels.channels;
  const channel =
    request.channel === undefined ? channels[0] : channels.find((one) => one.id === request.channel);
  if (channel === undefined) {
    add(
      ['request', 'channel'],
      `"${request.channel}" is no channel of channels.json: use one of ${listed(channelIds(view))}.`,
    );
  } else if (request.locale !== undefined && !serves([channel], request.locale)) {
    add(
      ['request', 'locale'],
      `Channel "${channel.id}" does not serve the locale "${request.locale}": use one of ${listed(channel.locales)}, or add it to the channel.`,
    );
  }
  if (request.filters !== undefined) selector(['request', 'filters'], request.filters);
  const sorts = sortCodes(view);
  if (request.sort !== undefined && !sorts.includes(request.sort)) {
    add(
      ['request', 'sort'],
      `"${request.sort}" is neither relevance nor a sort of ranking.json: use one of ${listed(sorts)}.`,
    );
  }
  request.dismissed?.forEach(({ field }, index) => {
    const problem = filterFieldProblem(view, field);
    if (problem !== undefined) add(['request', 'dismissed', index, 'field'], problem);
  });
}

function checkExpectations(view: ReleaseView, test: Test, add: Add, selector: Selector): void {
  const { redirect, resolved, rules, sections, results } = test.expect;
  const types = typeCodes(view);
  const entity = (rest: Path, reference: string) => {
    const problem = entityTypeProblem(types, reference);
    if (problem !== undefined) add(['expect', ...rest], problem);
  };
  if (redirect !== undefined && 'to' in redirect) {
    entity(['redirect', 'to'], redirect.to);
    if (redirect.filters !== undefined) selector(['expect', 'redirect', 'filters'], redirect.filters);
  }
  if (resolved?.filters !== undefined) selector(['expect', 'resolved', 'filters'], resolved.filters);
  const ruleIds = view.rules.rules.map((rule) => rule.id);
  for (const list of ['applied', 'not_applied'] as const) {
    rules?.[list]?.forEach((id, index) => {
      if (!ruleIds.includes(id)) {
        add(
          ['expect', 'rules', list, index],
          `"${id}" is no rule of rules.json: use one of ${listed(ruleIds)}.`,
        );
      }
    });
  }
  rules?.not_applied?.forEach((id, index) => {
    if (rules.applied?.includes(id)) {
      add(
        ['expect', 'rules', 'not_applied', index],
        `The rule "${id}" is expected both applied and not applied: keep one of them.`,
      );
    }
  });
  sections?.forEach((code, index) => {
    if (!types.includes(code))
      add(['expect', 'sections', index], `"${code}" is no type of types.json: use one of ${listed(types)}.`);
  });
  if (results === undefined) return;
  if (results.first !== undefined) entity(['results', 'first'], results.first);
  results.contains?.forEach((reference, index) => {
    entity(['results', 'contains', index], reference);
  });
  results.excludes?.forEach((reference, index) => {
    entity(['results', 'excludes', index], reference);
    if (results.contains?.includes(reference) || results.first === reference) {
      add(
        ['expect', 'results', 'excludes', index],
        `"${reference}" is expected among the results and excluded from them: keep one of them.`,
      );
    }
  });
  if (results.all !== undefined) selector(['expect', 'results', 'all'], results.all);
  if (results.none !== undefined) selector(['expect', 'results', 'none'], results.none);
}

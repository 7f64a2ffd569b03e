import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { violation } from './check.js';
import { conditionViolations } from './rule-conditions.js';
import { effectViolations } from './rule-effects.js';

const FILE = 'rules.json';

/** Each rule: its id, its schedule, its condition and its effects. */
export function checkRules(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  const ids = new Set<string>();
  view.rules.rules.forEach((rule, index) => {
    const path = ['rules', index];
    if (ids.has(rule.id)) {
      violations.push(
        violation(
          FILE,
          [...path, 'id'],
          `The rule id "${rule.id}" names an earlier rule too: give each rule its own id.`,
        ),
      );
    }
    ids.add(rule.id);
    const { from, until } = rule.schedule ?? {};
    if (from !== undefined && until !== undefined && Date.parse(until) <= Date.parse(from)) {
      violations.push(
        violation(
          FILE,
          [...path, 'schedule', 'until'],
          `The rule would end at ${until}, not after it starts at ${from}: set until after from.`,
        ),
      );
    }
    if (rule.when !== undefined) {
      const beforeResolution = rule.then.resolve !== undefined || rule.then.rewrite !== undefined;
      violations.push(...conditionViolations(view, rule.when, [...path, 'when'], beforeResolution));
    }
    violations.push(...effectViolations(view, rule.then, [...path, 'then']));
  });
  return violations;
}

import type { Violation } from '../../contracts/problem.js';
import type { Rule } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';
import { contextViolations } from './context.js';
import { channelIds, servedLocales, serves } from './known.js';
import { selectorViolations } from './selector.js';

type Condition = NonNullable<Rule['when']>;

const FILE = 'rules.json';

/** A string or a list of them, each with the path segment that points at it. */
function eachOf(value: string | string[] | undefined): Array<[Path, string]> {
  if (value === undefined) return [];
  return typeof value === 'string' ? [[[], value]] : value.map((one, index) => [[index], one]);
}

/**
 * A rule's condition at `path`, at every depth: channels, locales and context the release has,
 * and the resolved filters. `beforeResolution` marks a rule that resolves or rewrites: it runs before
 * resolution, so nothing resolved exists yet for its condition to read.
 */
export function conditionViolations(
  view: ReleaseView,
  condition: Condition,
  path: Path,
  beforeResolution: boolean,
): Violation[] {
  const violations: Violation[] = [];
  const add = (rest: Path, message: string) => violations.push(violation(FILE, [...path, ...rest], message));
  const channels = channelIds(view);
  for (const [at, channel] of eachOf(condition.channel)) {
    if (!channels.includes(channel)) {
      add(['channel', ...at], `"${channel}" is no channel of channels.json: use one of ${listed(channels)}.`);
    }
  }
  for (const [at, locale] of eachOf(condition.locale)) {
    if (!serves(view.channels.channels, locale)) {
      add(
        ['locale', ...at],
        `No channel serves the locale "${locale}": use one of ${listed(servedLocales(view.channels.channels))}, or add it to a channel in channels.json.`,
      );
    }
  }
  if (condition.context !== undefined) {
    violations.push(...contextViolations(view, FILE, condition.context, [...path, 'context']));
  }
  if (condition.resolved !== undefined && beforeResolution) {
    add(
      ['resolved'],
      'A rule that resolves or rewrites runs before resolution, so its condition cannot read "resolved": move those effects to a rule of their own, or remove "resolved".',
    );
  } else if (condition.resolved?.filters !== undefined) {
    violations.push(
      ...selectorViolations(view, FILE, condition.resolved.filters, [...path, 'resolved', 'filters']),
    );
  }
  for (const combinator of ['any', 'all'] as const) {
    condition[combinator]?.forEach((inner, index) => {
      violations.push(...conditionViolations(view, inner, [...path, combinator, index], beforeResolution));
    });
  }
  if (condition.not !== undefined) {
    violations.push(...conditionViolations(view, condition.not, [...path, 'not'], beforeResolution));
  }
  return violations;
}

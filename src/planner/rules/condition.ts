import type { Rule } from '../../contracts/release-files/index.js';
import type { SearchRequest } from '../../contracts/search.js';
import type { ConditionTrace } from '../../contracts/trace.js';
import { type NormalizedQuery, normalizePhrase } from '../normalize.js';
import { type Selector, type SelectorFacts, selectorHolds } from '../selector.js';

export type Condition = NonNullable<Rule['when']>;
export type SurfaceName = NonNullable<SearchRequest['on']>;

/** What a rule's condition reads of a request: the request itself and, after resolution, what it found. */
export interface ConditionInput {
  query: NormalizedQuery;
  surface: SurfaceName;
  /** The page's category. */
  category: string | undefined;
  channel: string;
  locale: string;
  /** The locale and its shorter forms, lowercased (see localeChain). */
  locales: readonly string[];
  context: Readonly<Record<string, string>>;
  /** Undefined before resolution: rules that resolve or rewrite cannot read it. */
  resolved: ResolvedFacts | undefined;
  within(category: string, ancestor: string): boolean;
}

export interface ResolvedFacts extends SelectorFacts {
  complete: boolean;
  /** The resolution's filters as a selector, for the trace. */
  filters: Selector;
}

/**
 * A condition compiled once per release. `test` is the fast path every search takes; `explain`
 * says, member by member, why it held or not, for the trace.
 */
export interface CompiledCondition {
  test(input: ConditionInput): boolean;
  explain(input: ConditionInput): ConditionTrace;
}

interface Check {
  member: string;
  expected: unknown;
  test(input: ConditionInput): boolean;
  actual(input: ConditionInput): unknown;
  parts?: CompiledCondition[];
}

const ALWAYS: CompiledCondition = {
  test: () => true,
  explain: () => ({ holds: true, checks: [] }),
};

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

export function compileCondition(condition: Condition | undefined): CompiledCondition {
  if (condition === undefined) return ALWAYS;
  const checks = memberChecks(condition);
  if (checks.length === 0) return ALWAYS;
  return {
    test: (input) => {
      for (const check of checks) if (!check.test(input)) return false;
      return true;
    },
    explain: (input) => {
      const explained = checks.map((check) => {
        const actual = check.actual(input);
        return {
          member: check.member,
          holds: check.test(input),
          expected: check.expected,
          ...(actual !== undefined ? { actual } : {}),
          ...(check.parts ? { parts: check.parts.map((part) => part.explain(input)) } : {}),
        };
      });
      return { holds: explained.every((check) => check.holds), checks: explained };
    },
  };
}

/** Every member the condition names, in one fixed order so traces read alike. */
function memberChecks(condition: Condition): Check[] {
  const checks: Check[] = [];
  if (condition.query !== undefined) checks.push(queryCheck(condition.query));
  if (condition.on !== undefined) {
    const surfaces = list(condition.on);
    checks.push({
      member: 'on',
      expected: condition.on,
      test: (input) => surfaces.includes(input.surface),
      actual: (input) => input.surface,
    });
  }
  if (condition.category !== undefined) checks.push(categoryCheck(condition.category));
  if (condition.resolved !== undefined) checks.push(resolvedCheck(condition.resolved));
  if (condition.channel !== undefined) {
    const channels = list(condition.channel);
    checks.push({
      member: 'channel',
      expected: condition.channel,
      test: (input) => channels.includes(input.channel),
      actual: (input) => input.channel,
    });
  }
  if (condition.locale !== undefined) {
    const locales = list(condition.locale).map((locale) => locale.toLowerCase());
    checks.push({
      member: 'locale',
      expected: condition.locale,
      test: (input) => locales.some((locale) => input.locales.includes(locale)),
      actual: (input) => input.locale,
    });
  }
  if (condition.context !== undefined) checks.push(contextCheck(condition.context));
  for (const combinator of ['any', 'all'] as const) {
    const inner = condition[combinator];
    if (inner === undefined) continue;
    const parts = inner.map(compileCondition);
    checks.push({
      member: combinator,
      expected: inner,
      test:
        combinator === 'any'
          ? (input) => parts.some((part) => part.test(input))
          : (input) => parts.every((part) => part.test(input)),
      actual: () => undefined,
      parts,
    });
  }
  if (condition.not !== undefined) {
    const part = compileCondition(condition.not);
    checks.push({
      member: 'not',
      expected: condition.not,
      test: (input) => !part.test(input),
      actual: () => undefined,
      parts: [part],
    });
  }
  return checks;
}

/**
 * `is`, `contains` and `starts_with` match whole words of the normalized query, each phrase
 * normalized the same way: `contains: "tv"` holds for "4k tv" but not for "tvs".
 */
function queryCheck(query: NonNullable<Condition['query']>): Check {
  const phrases = (value: string | string[] | undefined) =>
    value === undefined ? undefined : list(value).map((phrase) => ` ${normalizePhrase(phrase)} `);
  const is = phrases(query.is);
  const contains = phrases(query.contains);
  const startsWith = phrases(query.starts_with);
  const empty = query.empty;
  return {
    member: 'query',
    expected: query,
    test: ({ query: { padded, words } }) =>
      (is === undefined || is.includes(padded)) &&
      (contains === undefined || contains.some((phrase) => padded.includes(phrase))) &&
      (startsWith === undefined || startsWith.some((phrase) => padded.startsWith(phrase))) &&
      (empty === undefined || (words.length === 0) === empty),
    actual: (input) => input.query.text,
  };
}

function categoryCheck(category: NonNullable<Condition['category']>): Check {
  const within = 'within' in category;
  const ids = list('within' in category ? category.within : category.is);
  return {
    member: 'category',
    expected: category,
    test: ({ category: page, within: lies }) =>
      page !== undefined && ids.some((id) => (within ? lies(page, id) : page === id)),
    actual: (input) => input.category,
  };
}

function resolvedCheck(resolved: NonNullable<Condition['resolved']>): Check {
  return {
    member: 'resolved',
    expected: resolved,
    test: ({ resolved: facts }) =>
      facts !== undefined &&
      (resolved.category === undefined || facts.category === resolved.category) &&
      (resolved.complete === undefined || facts.complete === resolved.complete) &&
      (resolved.filters === undefined || selectorHolds(resolved.filters, facts)),
    actual: ({ resolved: facts }) =>
      facts === undefined
        ? 'not resolved yet'
        : {
            ...(facts.category !== undefined ? { category: facts.category } : {}),
            filters: facts.filters,
            complete: facts.complete,
          },
  };
}

/** Each key the condition names holds one of its values in the request's context; a key not sent does not. */
function contextCheck(context: Record<string, string | string[]>): Check {
  const wanted = Object.entries(context).map(([key, values]) => [key, list(values)] as const);
  return {
    member: 'context',
    expected: context,
    test: (input) =>
      wanted.every(([key, values]) => {
        const sent = input.context[key];
        return sent !== undefined && values.includes(sent);
      }),
    actual: (input) => Object.fromEntries(wanted.map(([key]) => [key, input.context[key]])),
  };
}

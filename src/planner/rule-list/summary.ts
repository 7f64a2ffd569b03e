import type { Rule } from '../../contracts/release-files/index.js';
import { textIn } from '../localized.js';

/**
 * One line saying what a rule does and when, in plain words, for a merchandiser's list: its
 * effects, then its condition, then its window. Entities and categories are named by their titles
 * where the catalog gives them.
 */

type Condition = NonNullable<Rule['when']>;
type Effects = Rule['then'];
type Target = NonNullable<Effects['hide']>[number];
type WeightedTarget = Target & { strength: string };

export interface Names {
  /** An entity (`type:id`) by its title, else as written. */
  entity(reference: string): string;
  /** A category by its title, else its id. */
  category(id: string): string;
  locale: string;
}

/** A type code in the plural, for "products with …"; entities of every type without one. */
const plural = (type: string | undefined) => (type === undefined ? 'entities' : `${type}s`);
const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const quoted = (text: string) => `“${text}”`;

/** "a", "a or b", "a, b or c". */
export function joined(items: readonly string[], word: 'and' | 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

export function ruleSummary(rule: Rule, names: Names): string {
  const does = effectPhrases(rule.then, names).join('; ');
  const when = rule.when === undefined ? '' : conditionPhrase(rule.when, names);
  const window = schedulePhrase(rule.schedule);
  const sentence = `${does}${when === '' ? ', on every request' : ` ${when}`}${window === '' ? '' : `, ${window}`}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function schedulePhrase(schedule: Rule['schedule']): string {
  const at = (time: string) => time.replace('T', ' ').replace(/:00(?=[+-]|Z)/, '');
  const parts = [
    ...(schedule?.from !== undefined ? [`from ${at(schedule.from)}`] : []),
    ...(schedule?.until !== undefined ? [`until ${at(schedule.until)}`] : []),
  ];
  return parts.join(' ');
}

function effectPhrases(then: Effects, names: Names): string[] {
  const phrases: string[] = [];
  if (then.resolve !== undefined) {
    const terms = then.resolve.map(({ term, as }) =>
      as === 'text'
        ? `${quoted(term)} as text`
        : `${quoted(term)} as ${joined(
            Object.entries(as).map(([field, value]) =>
              field === 'category' ? `the category ${names.category(String(value))}` : `${field} ${value}`,
            ),
            'and',
          )}`,
    );
    phrases.push(`reads ${joined(terms, 'and')}`);
  }
  if (then.rewrite !== undefined)
    phrases.push(`drops the words ${joined(then.rewrite.remove.map(quoted), 'and')}`);
  const redirect = then.redirect;
  if (redirect !== undefined) {
    phrases.push(
      'url' in redirect
        ? `sends the shopper to ${redirect.url}`
        : `sends the shopper to the page of ${names.entity(redirect.to)}${redirect.filters !== undefined ? ` filtered by ${selectorPhrase(redirect.filters, names)}` : ''}`,
    );
  }
  if (then.filter !== undefined)
    phrases.push(`lists only ${plural(then.filter.type)} with ${selectorPhrase(then.filter.where, names)}`);
  if (then.hide !== undefined) phrases.push(`hides ${targetsPhrase(then.hide, names)}`);
  if (then.pin !== undefined) {
    const pins = then.pin.map(
      (pin) =>
        `${names.entity(pin.entity)} at ${pin.position}${pin.sponsored !== undefined ? ` (sponsored by ${pin.sponsored.campaign})` : ''}`,
    );
    phrases.push(`pins ${joined(pins, 'and')}`);
  }
  for (const [kind, verb] of [
    ['boost', 'boosts'],
    ['bury', 'buries'],
  ] as const) {
    const targets = then[kind] as WeightedTarget[] | undefined;
    if (targets === undefined) continue;
    const weighed = targets.map((target) => `${targetsPhrase([target], names)} (${target.strength})`);
    phrases.push(`${verb} ${joined(weighed, 'and')}`);
  }
  if (then.place !== undefined) {
    const placed = then.place.map((placement) => {
      const title = textIn(placement.title, names.locale) ?? '';
      const where =
        placement.slot === 'grid'
          ? `before tile ${placement.position}`
          : placement.slot === 'top'
            ? 'above the results'
            : 'below the results';
      return `a ${placement.kind} ${quoted(title)} ${where}`;
    });
    phrases.push(`places ${joined(placed, 'and')}`);
  }
  if (then.sections !== undefined) phrases.push(`shows the sections ${joined(then.sections, 'and')} first`);
  return phrases;
}

function targetsPhrase(targets: readonly Target[], names: Names): string {
  return joined(
    targets.map((target) => {
      if ('entity' in target) return names.entity(target.entity);
      if ('entities' in target) return joined(target.entities.map(names.entity), 'and');
      return `${plural(target.type)} with ${selectorPhrase(target.where, names)}`;
    }),
    'and',
  );
}

/** A selector in words: "brand Sonora and availability backorder or preorder". */
export function selectorPhrase(selector: Record<string, unknown>, names: Names): string {
  const parts = Object.entries(selector).map(([field, value]) => {
    if (field === 'any' || field === 'all')
      return `(${joined(
        (value as Array<Record<string, unknown>>).map((one) => selectorPhrase(one, names)),
        field === 'any' ? 'or' : 'and',
      )})`;
    if (field === 'not') return `not ${selectorPhrase(value as Record<string, unknown>, names)}`;
    if (field === 'category') {
      const chosen = value as { is?: string | string[]; within?: string | string[] };
      const ids = list(chosen.is ?? chosen.within ?? []).map(names.category);
      return `category ${joined(ids, 'or')}${chosen.within !== undefined ? ' or below' : ''}`;
    }
    return `${field} ${valuePhrase(value)}`;
  });
  return joined(parts, 'and');
}

function valuePhrase(value: unknown): string {
  if (Array.isArray(value)) return joined(value.map(String), 'or');
  if (value !== null && typeof value === 'object') {
    const words: Record<string, string> = {
      lt: 'below',
      lte: 'at most',
      gt: 'above',
      gte: 'at least',
    };
    return joined(
      Object.entries(value).map(([operator, operand]) => {
        if (operator === 'between')
          return `from ${(operand as unknown[])[0]} to ${(operand as unknown[])[1]}`;
        if (operator === 'exists') return operand === true ? 'set' : 'not set';
        return `${words[operator] ?? operator} ${operand}`;
      }),
      'and',
    );
  }
  return String(value);
}

const SURFACE_WORDS: Record<string, string> = {
  search: 'on the search page',
  category_page: 'on category pages',
  autocomplete: 'while typing',
};

/** The condition in words, starting with "when", "on", "in" or "unless". */
export function conditionPhrase(condition: Condition, names: Names): string {
  const parts: string[] = [];
  if (condition.query !== undefined) {
    const query = condition.query;
    const words = (value: string | string[]) => joined(list(value).map(quoted), 'or');
    if (query.is !== undefined) parts.push(`when the query is ${words(query.is)}`);
    if (query.contains !== undefined) parts.push(`when the query contains ${words(query.contains)}`);
    if (query.starts_with !== undefined) parts.push(`when the query starts with ${words(query.starts_with)}`);
    if (query.empty !== undefined)
      parts.push(query.empty ? 'when the query is empty' : 'when the query has words');
  }
  const surfaces = condition.on === undefined ? [] : list(condition.on);
  // "On the page of …" says the category page already.
  const pageOnly =
    surfaces.length === 1 && surfaces[0] === 'category_page' && condition.category !== undefined;
  if (surfaces.length > 0 && !pageOnly)
    parts.push(
      joined(
        surfaces.map((on) => SURFACE_WORDS[on]!),
        'or',
      ),
    );
  if (condition.category !== undefined) {
    const within = 'within' in condition.category;
    const ids = list('within' in condition.category ? condition.category.within : condition.category.is);
    parts.push(
      `on the page of ${joined(ids.map(names.category), 'or')}${within ? ' or a category below it' : ''}`,
    );
  }
  if (condition.resolved !== undefined) {
    const resolved = condition.resolved;
    const found = [
      ...(resolved.category !== undefined ? [`the category ${names.category(resolved.category)}`] : []),
      ...(resolved.filters !== undefined ? [selectorPhrase(resolved.filters, names)] : []),
    ];
    if (found.length > 0) parts.push(`when the query names ${joined(found, 'and')}`);
    if (resolved.complete !== undefined)
      parts.push(resolved.complete ? 'with nothing left as text' : 'with words left as text');
  }
  if (condition.channel !== undefined) parts.push(`in the channel ${joined(list(condition.channel), 'or')}`);
  if (condition.locale !== undefined) parts.push(`in the locale ${joined(list(condition.locale), 'or')}`);
  for (const [key, values] of Object.entries(condition.context ?? {}))
    parts.push(`when ${key} is ${joined(list(values), 'or')}`);
  if (condition.any !== undefined)
    parts.push(
      `(${joined(
        condition.any.map((one) => conditionPhrase(one, names)),
        'or',
      )})`,
    );
  if (condition.all !== undefined)
    parts.push(
      `(${joined(
        condition.all.map((one) => conditionPhrase(one, names)),
        'and',
      )})`,
    );
  if (condition.not !== undefined) parts.push(`unless ${conditionPhrase(condition.not, names)}`);
  return parts.join(' ');
}

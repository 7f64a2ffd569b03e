import type { ChannelView } from '../../release/release-view.js';
import { localeChain } from '../localized.js';
import { type NormalizedQuery, normalizeQuery } from '../normalize.js';
import {
  type CompiledCondition,
  type Condition,
  type ConditionInput,
  compileCondition,
  type ResolvedFacts,
  type SurfaceName,
} from '../rules/condition.js';

/**
 * Whether two rules' conditions can both hold for one request. The conditions are tested as the
 * planner tests them, against requests made of what they name: each surface; the query empty, as
 * each phrase they name, and as their phrases combined; each category they name, a child of it and
 * one they do not name (a category belongs to a category page); each channel and locale (or the
 * list's own); each context value they name, another and none; and resolutions made of what their
 * `resolved` members name. Requests one of these does not stand for (a query that must contain
 * one phrase and not another that contains the first) are rare enough to be missed: such a pair
 * then counts as never matching together.
 */

export interface RequestSpace {
  channels: ChannelView[];
  /** The list's channel and locale: only requests in them count. */
  channel?: string;
  locale?: string;
  /** Whether `category` is `ancestor` or lies below it. */
  within(category: string, ancestor: string): boolean;
  /** The categories directly below `category`. */
  children(category: string): readonly string[];
}

const SURFACES: readonly SurfaceName[] = ['search', 'category_page', 'autocomplete'];
/** A word no condition names, so a query or a category can be "something else". */
const OTHER = '\u0000other';

interface Named {
  phrases: { is: string[]; contains: string[]; starts: string[] };
  categories: Set<string>;
  channels: Set<string>;
  locales: Set<string>;
  context: Map<string, Set<string>>;
  resolved: Array<NonNullable<Condition['resolved']>>;
  readsQuery: boolean;
  readsSurface: boolean;
}

/** normalizeQuery, remembered per text: the same phrases come back in pair after pair. */
type Normalize = (text: string) => NormalizedQuery;

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Everything the conditions name, gathered from every depth (inside `not` too). */
function gather(conditions: ReadonlyArray<Condition | undefined>, normalize: Normalize): Named {
  const normalizePhrase = (phrase: string) => normalize(phrase).text;
  const named: Named = {
    phrases: { is: [], contains: [], starts: [] },
    categories: new Set(),
    channels: new Set(),
    locales: new Set(),
    context: new Map(),
    resolved: [],
    readsQuery: false,
    readsSurface: false,
  };
  const visit = (condition: Condition | undefined) => {
    if (condition === undefined) return;
    if (condition.query !== undefined) {
      named.readsQuery = true;
      named.phrases.is.push(...list(condition.query.is).map(normalizePhrase));
      named.phrases.contains.push(...list(condition.query.contains).map(normalizePhrase));
      named.phrases.starts.push(...list(condition.query.starts_with).map(normalizePhrase));
    }
    if (condition.on !== undefined) named.readsSurface = true;
    if (condition.category !== undefined) {
      const ids = 'is' in condition.category ? condition.category.is : condition.category.within;
      for (const id of list(ids)) named.categories.add(id);
    }
    if (condition.resolved !== undefined) {
      named.readsQuery = true;
      named.resolved.push(condition.resolved);
    }
    for (const channel of list(condition.channel)) named.channels.add(channel);
    for (const locale of list(condition.locale)) named.locales.add(locale);
    for (const [key, values] of Object.entries(condition.context ?? {})) {
      const known = named.context.get(key) ?? new Set<string>();
      for (const value of list(values)) known.add(value);
      named.context.set(key, known);
    }
    for (const inner of [...(condition.any ?? []), ...(condition.all ?? [])]) visit(inner);
    visit(condition.not);
  };
  for (const condition of conditions) visit(condition);
  return named;
}

/** Queries made of the phrases named: as they are, a prefix followed by each phrase contained, all together. */
function queries(named: Named): string[] {
  if (!named.readsQuery) return ['anything'];
  const { is, contains, starts } = named.phrases;
  const texts = new Set<string>(['', 'anything', ...is, ...contains, ...starts]);
  const together = contains.join(' ');
  for (const start of starts.length > 0 ? starts : ['']) {
    for (const phrase of contains) texts.add(`${start} ${phrase}`.trim());
    texts.add(`${start} ${together}`.trim());
  }
  return [...texts];
}

/** Channel and locale pairs a request can be in: the list's, else every channel with each locale it serves. */
function places(named: Named, space: RequestSpace): Array<{ channel: string; locale: string }> {
  if (space.channel !== undefined && space.locale !== undefined)
    return [{ channel: space.channel, locale: space.locale }];
  const channels = space.channels.filter((one) => space.channel === undefined || one.id === space.channel);
  const pairs: Array<{ channel: string; locale: string }> = [];
  for (const channel of channels) {
    // A condition's regional locale is met by a request in it when the channel serves its language.
    const served = channel.locales.map((locale) => locale.toLowerCase());
    const locales = new Set(channel.locales);
    for (const locale of named.locales) {
      if (localeChain(locale).some((tag) => served.includes(tag))) locales.add(locale);
    }
    const only = space.locale !== undefined ? [space.locale] : [...locales];
    for (const locale of only) pairs.push({ channel: channel.id, locale });
  }
  return pairs;
}

/** The page categories of a category page: those named, one child of each, and one not named. */
function categories(named: Named, space: RequestSpace): Array<string | undefined> {
  const ids = new Set<string>();
  for (const id of named.categories) {
    ids.add(id);
    const [child] = space.children(id);
    if (child !== undefined) ids.add(child);
  }
  for (const resolved of named.resolved) if (resolved.category !== undefined) ids.add(resolved.category);
  return [...ids, OTHER];
}

function contexts(named: Named): Array<Record<string, string>> {
  let all: Array<Record<string, string>> = [{}];
  for (const [key, values] of named.context) {
    const options = [undefined, ...values, OTHER];
    all = all.flatMap((context) =>
      options.map((value) => (value === undefined ? context : { ...context, [key]: value })),
    );
  }
  return all;
}

/** Resolutions made of what the `resolved` members name: each alone, all together, and nothing found. */
function resolutions(named: Named, space: RequestSpace): ResolvedFacts[] {
  const facts = (parts: Array<NonNullable<Condition['resolved']>>, complete: boolean): ResolvedFacts => {
    const values = new Map<string, unknown[]>();
    let category: string | undefined;
    for (const part of parts) {
      category ??= part.category;
      for (const [field, value] of Object.entries(part.filters ?? {})) {
        if (['any', 'all', 'not'].includes(field)) continue;
        const found = values.get(field) ?? [];
        found.push(Array.isArray(value) ? value[0] : value);
        values.set(field, found);
      }
    }
    return {
      ...(category !== undefined ? { category } : {}),
      complete,
      filters: Object.fromEntries(values),
      values: (field) => values.get(field),
      within: space.within,
    };
  };
  const all: ResolvedFacts[] = [];
  for (const complete of [true, false]) {
    all.push(facts([], complete));
    for (const part of named.resolved) all.push(facts([part], complete));
    if (named.resolved.length > 1) all.push(facts(named.resolved, complete));
  }
  return all;
}

/**
 * The requests two conditions are tested against (see the module's comment), as the inputs the
 * planner's conditions read. Only what the conditions name varies; the rest stays as one value.
 */
function* requests(
  conditions: ReadonlyArray<Condition | undefined>,
  space: RequestSpace,
  normalize: Normalize,
) {
  const named = gather(conditions, normalize);
  const pairs = places(named, space);
  const pageCategories = categories(named, space);
  const texts = queries(named);
  const resolved = resolutions(named, space);
  const contextSets = contexts(named);
  for (const surface of named.readsSurface || named.categories.size > 0 ? SURFACES : ['search' as const]) {
    const pages = surface === 'category_page' ? pageCategories : [undefined];
    for (const { channel, locale } of pairs) {
      const locales = localeChain(locale);
      for (const category of pages)
        for (const text of texts) {
          const query = normalize(text);
          const found = query.words.length === 0 ? [undefined] : resolved;
          for (const facts of found)
            for (const context of contextSets) {
              const input: ConditionInput = {
                query,
                surface,
                category,
                channel,
                locale,
                locales,
                context,
                resolved: facts,
                within: space.within,
              };
              yield input;
            }
        }
    }
  }
}

/**
 * Requests tried for one pair at most. Conditions naming long lists (a hundred phrases each side)
 * would make tens of thousands; the likeliest come first (the plain query, each phrase alone),
 * and a pair none of the first ones meets counts as never matching, as the module's comment says.
 */
const MAX_REQUESTS = 4096;

/** Whether one request can meet both conditions (a missing condition always holds). */
export function canMatchTogether(
  a: Condition | undefined,
  b: Condition | undefined,
  space: RequestSpace,
): boolean {
  return overlapTester(space)(a, b).meet;
}

/**
 * canMatchTogether for many pairs of one list, each condition compiled once however many pairs it
 * is tested in; says too how many requests it tried, the work a pair took.
 */
export function overlapTester(
  space: RequestSpace,
): (a: Condition | undefined, b: Condition | undefined) => { meet: boolean; tried: number } {
  const compiled = new WeakMap<Condition, CompiledCondition>();
  const compile = (condition: Condition | undefined) => {
    if (condition === undefined) return compileCondition(undefined);
    let known = compiled.get(condition);
    if (known === undefined) {
      known = compileCondition(condition);
      compiled.set(condition, known);
    }
    return known;
  };
  const normalized = new Map<string, NormalizedQuery>();
  const normalize: Normalize = (text) => {
    let known = normalized.get(text);
    if (known === undefined) {
      known = normalizeQuery(text);
      normalized.set(text, known);
    }
    return known;
  };
  return (a, b) => {
    const first = compile(a);
    const second = compile(b);
    let tried = 0;
    for (const input of requests([a, b], space, normalize)) {
      tried++;
      if (first.test(input) && second.test(input)) return { meet: true, tried };
      if (tried >= MAX_REQUESTS) break;
    }
    return { meet: false, tried };
  };
}

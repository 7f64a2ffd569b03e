import type { Rule } from '../../contracts/release-files/index.js';
import type { RuleConflict } from '../../contracts/rules.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { normalizePhrase } from '../normalize.js';
import type { SurfaceName } from '../rules/condition.js';
import { overlapTester, type RequestSpace } from './overlap.js';
import type { Names } from './summary.js';
import { surfacesOf } from './surfaces.js';

/**
 * What higher rules take from each rule where their effects exclude each other, as the planner
 * decides it (pins.ts, placements.ts, weights.ts, redirect.ts): only for pairs that can match one
 * request, both enabled and with windows open together at or after the list's time. A hide takes a
 * pin, boost or bury of the entity it hides wherever it stands.
 *
 * Testing every pair grows with the square of the rules (20,000 rules are 200 million pairs), so
 * rules are indexed by what they can take from each other (a redirect, an entity pinned, a
 * position, a target weighed, an entity hidden) and by what they can match (the exact queries and
 * category pages their condition requires): a rule meets only the rules that share an effect with
 * it and could share a request. Each rule lists its first LISTED_CONFLICTS conflicts, having
 * tested at most TESTED_RULES rules and looked at most at LOOKED_AT; `more` marks a list that stopped
 * there. The whole list stops testing after WORK requests tried, the rules not reached yet marked
 * `more`: whatever the release, the work is bounded.
 */

export type FoundConflict = Omit<RuleConflict, 'message'>;

/** The conflicts of a list of rules, each rule's in the order of `rules`, the highest taker first. */
export interface RuleConflicts {
  conflicts: FoundConflict[][];
  /** Per rule: true when looking stopped before every conflict was found (see the limits above). */
  more: boolean[];
}

/** Conflicts listed per rule: what an editor shows beside a rule. */
export const LISTED_CONFLICTS = 10;
/** Other rules tested per rule for a request both meet. */
const TESTED_RULES = 200;
/** Other rules looked at per rule (sharing an effect), tested or not. */
const LOOKED_AT = 2_000;
/** Requests tried for the whole list (see overlap.ts): a few seconds of a thread at most. */
const WORK = 20_000_000;
/** Phrases of a condition indexed one by one; a longer list is indexed as any query. */
const INDEXED_PHRASES = 32;

type Effects = Rule['then'];
type Target = NonNullable<Effects['hide']>[number];
type Weighed = {
  kind: 'boost' | 'bury';
  key: string;
  entity?: string;
  where?: Record<string, unknown>;
  type?: string;
};

/** A rule that can act at or after the list's time, with what it can take and match. */
interface Standing {
  at: number;
  rule: Rule;
  from: number;
  until: number;
  surfaces: ReadonlySet<SurfaceName>;
  /** The normalized queries its condition requires one of; undefined: any. */
  phrases?: ReadonlySet<string>;
  /** The category pages its condition requires one of; undefined: any. */
  pages?: ReadonlySet<string>;
  /** Phrases its condition requires the query to contain one of, or to start with one of. */
  contains?: readonly string[];
  starts?: readonly string[];
  /** Keys of what a higher rule with the same key takes from it, and it from a lower one. */
  takes: string[];
  /** Entities it hides. */
  hides: string[];
  /** Entities it pins, boosts or buries by name: what a hide takes from it. */
  acted: string[];
}

export function findConflicts(rules: readonly Rule[], space: RequestSpace, time: number): RuleConflicts {
  const matchTogether = overlapTester(space);
  const standing = rules.map((rule, at) => standingOf(rule, at, time));
  const index = new RuleIndex();
  for (const rule of standing) {
    if (rule === undefined) continue;
    for (const key of rule.takes) index.file(`take ${key}`, rule);
    for (const entity of rule.hides) index.file(`hide ${entity}`, rule);
  }
  const conflicts: FoundConflict[][] = rules.map(() => []);
  const more = rules.map(() => false);
  let work = 0;
  for (const lower of standing) {
    if (lower === undefined) continue;
    if (work >= WORK) {
      more[lower.at] = true;
      continue;
    }
    const found = conflicts[lower.at]!;
    const candidates = new Candidates([
      ...lower.takes.flatMap((key) =>
        index.lookup(`take ${key}`, lower).map((list) => ({ list, below: lower.at })),
      ),
      ...lower.acted.flatMap((entity) => index.lookup(`hide ${entity}`, lower).map((list) => ({ list }))),
    ]);
    let tested = 0;
    let looked = 0;
    for (let other = candidates.next(); other !== undefined; other = candidates.next()) {
      if (found.length >= LISTED_CONFLICTS || tested >= TESTED_RULES || looked >= LOOKED_AT || work >= WORK) {
        more[lower.at] = true;
        break;
      }
      looked++;
      const higher = standing[other]!;
      if (other === lower.at || !mayMeet(higher, lower)) continue;
      const taking = [
        ...(other < lower.at ? taken(higher.rule, lower.rule) : []),
        ...hidden(higher.rule, lower.rule),
      ];
      if (taking.length === 0) continue;
      tested++;
      const together = matchTogether(higher.rule.when, lower.rule.when);
      work += together.tried;
      if (together.meet) found.push(...taking);
    }
    if (found.length > LISTED_CONFLICTS) {
      found.length = LISTED_CONFLICTS;
      more[lower.at] = true;
    }
  }
  return { conflicts, more };
}

/** The conflicts put in words, as the list shows them. */
export function conflictsInWords(
  rules: readonly Rule[],
  found: RuleConflicts,
  names: Names,
): RuleConflict[][] {
  return found.conflicts.map((conflicts, at) =>
    conflicts.map((conflict) => ({ ...conflict, message: message(conflict, rules[at]!, names) })),
  );
}

function standingOf(rule: Rule, at: number, time: number): Standing | undefined {
  if (rule.enabled === false) return undefined;
  const from = Math.max(time, start(rule));
  const until = end(rule);
  if (from >= until) return undefined;
  const weights = weighed(rule.then);
  return {
    at,
    rule,
    from,
    until,
    surfaces: new Set(surfacesOf(rule.when)),
    ...required(rule.when),
    takes: takenKeys(rule.then, weights),
    hides: [...new Set((rule.then.hide ?? []).flatMap(namedEntities))],
    acted: [
      ...new Set([
        ...(rule.then.pin ?? []).map((pin) => pin.entity),
        ...weights.flatMap((one) => (one.entity !== undefined ? [one.entity] : [])),
      ]),
    ],
  };
}

/**
 * The queries and category pages a condition requires, where it requires them at its top or in
 * every member of `all`: a request outside them never meets it. Anything subtler (any, not) is
 * left to the test of the pair.
 */
function required(condition: Rule['when']): Pick<Standing, 'phrases' | 'pages' | 'contains' | 'starts'> {
  let phrases: Set<string> | undefined;
  let pages: Set<string> | undefined;
  const narrow = (known: Set<string> | undefined, values: string[]) =>
    known === undefined ? new Set(values) : new Set(values.filter((value) => known.has(value)));
  const visit = (member: Rule['when']) => {
    if (member === undefined) return;
    if (member.query?.is !== undefined)
      phrases = narrow(phrases, [member.query.is].flat().map(normalizePhrase));
    if (member.category !== undefined && 'is' in member.category)
      pages = narrow(pages, [member.category.is].flat());
    for (const inner of member.all ?? []) visit(inner);
  };
  visit(condition);
  const query = condition?.query;
  return {
    ...(phrases !== undefined && phrases.size <= INDEXED_PHRASES ? { phrases } : {}),
    ...(pages !== undefined && pages.size <= INDEXED_PHRASES ? { pages } : {}),
    ...(query?.contains !== undefined ? { contains: [query.contains].flat().map(normalizePhrase) } : {}),
    ...(query?.starts_with !== undefined ? { starts: [query.starts_with].flat().map(normalizePhrase) } : {}),
  };
}

/** Whether two rules may meet one request and be open at once, as far as their index entries tell. */
function mayMeet(a: Standing, b: Standing): boolean {
  if (Math.max(a.from, b.from) >= Math.min(a.until, b.until)) return false;
  if (![...a.surfaces].some((surface) => b.surfaces.has(surface))) return false;
  if (a.phrases && b.phrases && ![...a.phrases].some((phrase) => b.phrases!.has(phrase))) return false;
  if (a.pages && b.pages && ![...a.pages].some((page) => b.pages!.has(page))) return false;
  return phrasesMeet(a, b) && phrasesMeet(b, a);
}

/** Whether one query `exact` requires holds a phrase `other` requires it to contain, and starts with one it requires. */
function phrasesMeet(exact: Standing, other: Standing): boolean {
  if (!exact.phrases || (!other.contains && !other.starts)) return true;
  for (const phrase of exact.phrases) {
    const padded = ` ${phrase} `;
    const contains = other.contains?.some((one) => padded.includes(` ${one} `)) ?? true;
    const starts = other.starts?.some((one) => padded.startsWith(` ${one} `)) ?? true;
    if (contains && starts) return true;
  }
  return false;
}

/**
 * Rules by what they can take from or give to another (a key), and under each key by the queries
 * and category pages they require: a rule is filed under each phrase it requires or as any query,
 * under each page or as any page, and once among all. A rule looks a key up by whichever of its
 * requirements finds the fewest rules. Positions are filed in order, so each list ascends.
 */
class RuleIndex {
  readonly #lists = new Map<string, number[]>();

  file(key: string, rule: Standing): void {
    this.#add(`${key}\u0000*`, rule.at);
    for (const phrase of rule.phrases ?? ['']) this.#add(`${key}\u0000q\u0000${phrase}`, rule.at);
    for (const page of rule.pages ?? ['']) this.#add(`${key}\u0000g\u0000${page}`, rule.at);
  }

  /** The lists of rules under `key` that may meet one of `rule`'s requests. */
  lookup(key: string, rule: Standing): number[][] {
    const choices: number[][][] = [];
    if (rule.phrases) choices.push(this.#nonEmpty('q', key, rule.phrases));
    if (rule.pages) choices.push(this.#nonEmpty('g', key, rule.pages));
    if (choices.length === 0) {
      const all = this.#lists.get(`${key}\u0000*`);
      return all ? [all] : [];
    }
    return choices.reduce((best, choice) => (size(choice) < size(best) ? choice : best));
  }

  #nonEmpty(dimension: string, key: string, values: ReadonlySet<string>): number[][] {
    const found: number[][] = [];
    for (const value of [...values, '']) {
      const list = this.#lists.get(`${key}\u0000${dimension}\u0000${value}`);
      if (list) found.push(list);
    }
    return found;
  }

  #add(token: string, at: number): void {
    const list = this.#lists.get(token);
    if (list === undefined) this.#lists.set(token, [at]);
    else if (list.at(-1) !== at) list.push(at);
  }
}

const size = (lists: number[][]) => lists.reduce((sum, list) => sum + list.length, 0);

/**
 * The positions of several ascending lists in one ascending walk, each once: a heap of the lists'
 * heads. A list with `below` ends before that position.
 */
class Candidates {
  readonly #heap: Array<{ list: number[]; next: number; below: number }> = [];
  #last = -1;

  constructor(lists: Array<{ list: number[]; below?: number }>) {
    for (const { list, below } of lists) {
      const entry = { list, next: 0, below: below ?? Number.POSITIVE_INFINITY };
      if (list.length > 0 && list[0]! < entry.below) this.#push(entry);
    }
  }

  next(): number | undefined {
    while (this.#heap.length > 0) {
      const top = this.#heap[0]!;
      const at = top.list[top.next]!;
      top.next++;
      if (top.next < top.list.length && top.list[top.next]! < top.below) this.#down(0);
      else this.#pop();
      if (at !== this.#last) {
        this.#last = at;
        return at;
      }
    }
    return undefined;
  }

  #head(entry: { list: number[]; next: number }): number {
    return entry.list[entry.next]!;
  }

  #push(entry: { list: number[]; next: number; below: number }): void {
    this.#heap.push(entry);
    for (let at = this.#heap.length - 1; at > 0; ) {
      const parent = (at - 1) >> 1;
      if (this.#head(this.#heap[parent]!) <= this.#head(this.#heap[at]!)) break;
      [this.#heap[parent], this.#heap[at]] = [this.#heap[at]!, this.#heap[parent]!];
      at = parent;
    }
  }

  #pop(): void {
    const last = this.#heap.pop()!;
    if (this.#heap.length === 0) return;
    this.#heap[0] = last;
    this.#down(0);
  }

  #down(from: number): void {
    const heap = this.#heap;
    for (let at = from; ; ) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < heap.length && this.#head(heap[left]!) < this.#head(heap[least]!)) least = left;
      if (right < heap.length && this.#head(heap[right]!) < this.#head(heap[least]!)) least = right;
      if (least === at) return;
      [heap[least], heap[at]] = [heap[at]!, heap[least]!];
      at = least;
    }
  }
}

const start = (rule: Rule) =>
  rule.schedule?.from !== undefined ? Date.parse(rule.schedule.from) : Number.NEGATIVE_INFINITY;
const end = (rule: Rule) =>
  rule.schedule?.until !== undefined ? Date.parse(rule.schedule.until) : Number.POSITIVE_INFINITY;

/** The keys `taken` compares: two rules sharing none take nothing from each other. */
function takenKeys(then: Effects, weights: Weighed[]): string[] {
  const keys = new Set<string>();
  if (then.redirect !== undefined) keys.add('redirect');
  for (const pin of then.pin ?? []) {
    keys.add(`pin ${pin.entity}`);
    keys.add(`position ${typeOf(pin.entity)} ${pin.position}`);
  }
  for (const placement of then.place ?? []) {
    if (placement.slot === 'grid' && placement.position !== undefined) keys.add(`grid ${placement.position}`);
  }
  for (const one of weights) keys.add(`weight ${one.key}`);
  return [...keys];
}

/** What `higher` takes from `lower` by standing above it. */
function taken(higher: Rule, lower: Rule): FoundConflict[] {
  const found: FoundConflict[] = [];
  const h = higher.then;
  const l = lower.then;
  if (h.redirect !== undefined && l.redirect !== undefined) found.push({ kind: 'redirect', rule: higher.id });
  for (const pin of l.pin ?? []) {
    const type = typeOf(pin.entity);
    if (h.pin?.some((one) => one.entity === pin.entity))
      found.push({ kind: 'pinned_entity', rule: higher.id, entity: pin.entity });
    else if (h.pin?.some((one) => one.position === pin.position && typeOf(one.entity) === type))
      found.push({ kind: 'pinned_position', rule: higher.id, position: pin.position });
  }
  for (const placement of l.place ?? []) {
    if (placement.slot !== 'grid' || placement.position === undefined) continue;
    if (h.place?.some((one) => one.slot === 'grid' && one.position === placement.position))
      found.push({ kind: 'placement_position', rule: higher.id, position: placement.position });
  }
  const higherWeights = new Map(weighed(h).map((one) => [one.key, one]));
  for (const one of weighed(l)) {
    if (!higherWeights.has(one.key)) continue;
    found.push({
      kind: 'weighted_target',
      rule: higher.id,
      ...(one.entity !== undefined ? { entity: one.entity } : {}),
      ...(one.where !== undefined ? { where: one.where } : {}),
      ...(one.type !== undefined ? { type: one.type } : {}),
    });
  }
  return found;
}

/** What `hider` hides of the entities `rule` pins, boosts or buries by name. */
function hidden(hider: Rule, rule: Rule): FoundConflict[] {
  const hides = new Set((hider.then.hide ?? []).flatMap(namedEntities));
  if (hides.size === 0) return [];
  const acted = [
    ...(rule.then.pin ?? []).map((pin) => pin.entity),
    ...weighed(rule.then).flatMap((one) => (one.entity !== undefined ? [one.entity] : [])),
  ];
  return [...new Set(acted)]
    .filter((entity) => hides.has(entity))
    .map((entity) => ({ kind: 'hidden' as const, rule: hider.id, entity }));
}

function namedEntities(target: Target): string[] {
  if ('entity' in target) return [target.entity];
  if ('entities' in target) return target.entities;
  return [];
}

/** Each target a rule boosts or buries, keyed as the planner compares them: an entity, or a selector in a type. */
function weighed(effects: Effects): Weighed[] {
  const all: Weighed[] = [];
  for (const kind of ['boost', 'bury'] as const) {
    for (const target of effects[kind] ?? []) {
      if ('where' in target) {
        all.push({
          kind,
          key: `${target.type ?? '*'} ${canonicalJson(target.where)}`,
          where: target.where,
          ...(target.type !== undefined ? { type: target.type } : {}),
        });
      } else {
        for (const entity of namedEntities(target)) all.push({ kind, key: entity, entity });
      }
    }
  }
  return all;
}

const typeOf = (entity: string) => entity.slice(0, entity.indexOf(':'));

function message(conflict: FoundConflict, rule: Rule, names: Names): string {
  const by = `Rule ${conflict.rule}`;
  const entity = conflict.entity !== undefined ? names.entity(conflict.entity) : '';
  switch (conflict.kind) {
    case 'redirect':
      return `${by} redirects first where both match, so this redirect sends no shopper there.`;
    case 'pinned_entity':
      return `${by} pins ${entity} first, so this pin of it does not stand.`;
    case 'pinned_position':
      return `${by} pins at position ${conflict.position} first, so this pin moves to the next free position.`;
    case 'placement_position':
      return `${by} places a banner before tile ${conflict.position} first, so this placement moves to the next free position.`;
    case 'weighted_target': {
      const target = conflict.entity !== undefined ? entity : 'the same entities';
      return `${by} boosts or buries ${target} first, so its strength applies there and this rule's does not.`;
    }
    case 'hidden': {
      const verb = rule.then.pin?.some((pin) => pin.entity === conflict.entity) ? 'pin' : 'boost or bury';
      return `${by} hides ${entity}, so this rule cannot ${verb} it.`;
    }
  }
}

import type { Rule } from '../../contracts/release-files/index.js';
import type { RuleConflict } from '../../contracts/rules.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { canMatchTogether, type RequestSpace } from './overlap.js';
import type { Names } from './summary.js';

/**
 * What higher rules take from each rule where their effects exclude each other, as the planner
 * decides it (pins.ts, placements.ts, weights.ts, redirect.ts): only for pairs that can match one
 * request, both enabled and with windows open together at or after the list's time. A hide takes a
 * pin, boost or bury of the entity it hides wherever it stands.
 */

type Conflict = Omit<RuleConflict, 'message'>;
type Effects = Rule['then'];
type Target = NonNullable<Effects['hide']>[number];
type Weighed = {
  kind: 'boost' | 'bury';
  key: string;
  entity?: string;
  where?: Record<string, unknown>;
  type?: string;
};

/** Conflicts per rule, in the order of `rules`, each list the highest taker first. */
export function ruleConflicts(
  rules: readonly Rule[],
  space: RequestSpace,
  time: number,
  names: Names,
): RuleConflict[][] {
  const conflicts: RuleConflict[][] = rules.map(() => []);
  const matchTogether = new Map<string, boolean>();
  const together = (a: number, b: number) => {
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    let known = matchTogether.get(key);
    if (known === undefined) {
      known =
        openTogether(rules[a]!, rules[b]!, time) && canMatchTogether(rules[a]!.when, rules[b]!.when, space);
      matchTogether.set(key, known);
    }
    return known;
  };
  rules.forEach((lower, at) => {
    if (lower.enabled === false) return;
    // Every other rule may hide; only higher ones take the rest.
    rules.forEach((other, otherAt) => {
      if (otherAt === at || other.enabled === false) return;
      const found = [...(otherAt < at ? taken(other, lower) : []), ...hidden(other, lower)];
      if (found.length === 0 || !together(otherAt, at)) return;
      for (const conflict of found)
        conflicts[at]!.push({ ...conflict, message: message(conflict, lower, names) });
    });
  });
  return conflicts;
}

function openTogether(a: Rule, b: Rule, time: number): boolean {
  const from = Math.max(time, start(a), start(b));
  return from < Math.min(end(a), end(b));
}

const start = (rule: Rule) =>
  rule.schedule?.from !== undefined ? Date.parse(rule.schedule.from) : Number.NEGATIVE_INFINITY;
const end = (rule: Rule) =>
  rule.schedule?.until !== undefined ? Date.parse(rule.schedule.until) : Number.POSITIVE_INFINITY;

/** What `higher` takes from `lower` by standing above it. */
function taken(higher: Rule, lower: Rule): Conflict[] {
  const found: Conflict[] = [];
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
function hidden(hider: Rule, rule: Rule): Conflict[] {
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

function message(conflict: Conflict, rule: Rule, names: Names): string {
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

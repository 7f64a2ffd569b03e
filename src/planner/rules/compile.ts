import type { Rule, RulesFile } from '../../contracts/release-files/index.js';
import { normalizePhrase } from '../normalize.js';
import type { PlannedTarget } from '../plan.js';
import { phraseKey } from '../resolution/phrases.js';
import { type CompiledCondition, compileCondition, type SurfaceName } from './condition.js';

export type RuleState = 'active' | 'disabled' | 'not_yet' | 'ended';
export type Effects = Rule['then'];

/** What a `resolve` effect maps a term to: `text`, or fields and values. */
export type TermMeaning = 'text' | Readonly<Record<string, string | number | boolean>>;

/** A rule ready for every search: its condition compiled, its phrases normalized, its window in ms. */
export interface CompiledRule {
  id: string;
  /** Its place in precedence order, from 1 (the highest). */
  position: number;
  enabled: boolean;
  /** The schedule's window: from inclusive, until exclusive. */
  from: number;
  until: number;
  condition: CompiledCondition;
  /** It resolves or rewrites, so it runs before resolution. */
  beforeResolution: boolean;
  /** The surfaces its condition names at its top; undefined: it may act on any. */
  surfaces?: readonly SurfaceName[];
  effects: Effects;
  /** `resolve` terms keyed as spans of a query are (see phraseKey), in the rule's order. */
  terms: ReadonlyArray<{ key: string; as: TermMeaning }>;
  /** `rewrite` phrases in normalized form. */
  removals: readonly string[];
  /** `hide` targets as plans list them. */
  hides: readonly PlannedTarget[];
}

/** The enabled rules of one surface, by phase, in precedence order. */
export interface PhasedRules {
  /** Rules that resolve or rewrite: they run before resolution. */
  before: readonly CompiledRule[];
  after: readonly CompiledRule[];
}

export interface CompiledRules extends PhasedRules {
  /** Every rule in precedence order, disabled ones too (the trace names them). */
  all: readonly CompiledRule[];
  /**
   * The rules that can act on each surface: a rule whose condition names other surfaces at its
   * top never matches there, so a search does not evaluate it.
   */
  surfaces: Readonly<Record<SurfaceName, PhasedRules>>;
  /** Per term, the rules that resolve it, the highest first: the first that matches decides. */
  terms: ReadonlyMap<string, ReadonlyArray<{ rule: CompiledRule; as: TermMeaning }>>;
  /** The most words a term has. */
  longestTerm: number;
}

/** Compiles rules.json once per release, so a search only evaluates. */
export function compileRules(file: RulesFile): CompiledRules {
  const all = file.rules.map((rule, index): CompiledRule => {
    const effects = rule.then;
    return {
      id: rule.id,
      position: index + 1,
      enabled: rule.enabled !== false,
      from: rule.schedule?.from !== undefined ? Date.parse(rule.schedule.from) : Number.NEGATIVE_INFINITY,
      until: rule.schedule?.until !== undefined ? Date.parse(rule.schedule.until) : Number.POSITIVE_INFINITY,
      condition: compileCondition(rule.when),
      beforeResolution: effects.resolve !== undefined || effects.rewrite !== undefined,
      ...(rule.when?.on !== undefined ? { surfaces: [rule.when.on].flat() } : {}),
      effects,
      terms: (effects.resolve ?? [])
        .map(({ term, as }) => ({ key: phraseKey(normalizePhrase(term)), as }))
        .filter((term) => term.key !== ''),
      removals: (effects.rewrite?.remove ?? []).map(normalizePhrase).filter((phrase) => phrase !== ''),
      hides: (effects.hide ?? []).map((target) => ({
        rule: rule.id,
        ...('entities' in target ? { entities: target.entities } : {}),
        ...('entity' in target ? { entities: [target.entity] } : {}),
        ...('where' in target ? { where: target.where } : {}),
        ...('where' in target && target.type !== undefined ? { type: target.type } : {}),
      })),
    };
  });
  const enabled = all.filter((rule) => rule.enabled);
  const phased = (rules: CompiledRule[]): PhasedRules => ({
    before: rules.filter((rule) => rule.beforeResolution),
    after: rules.filter((rule) => !rule.beforeResolution),
  });
  const on = (surface: SurfaceName) => (rule: CompiledRule) =>
    rule.surfaces === undefined || rule.surfaces.includes(surface);
  const terms = new Map<string, Array<{ rule: CompiledRule; as: TermMeaning }>>();
  let longestTerm = 0;
  for (const rule of enabled) {
    for (const { key, as } of rule.terms) {
      const deciding = terms.get(key) ?? [];
      deciding.push({ rule, as });
      terms.set(key, deciding);
      longestTerm = Math.max(longestTerm, key.split(' ').length);
    }
  }
  return {
    all,
    ...phased(enabled),
    surfaces: {
      search: phased(enabled.filter(on('search'))),
      category_page: phased(enabled.filter(on('category_page'))),
      autocomplete: phased(enabled.filter(on('autocomplete'))),
    },
    terms,
    longestTerm,
  };
}

/** A rule's state at a time: only an active rule is evaluated. */
export function ruleState(rule: CompiledRule, time: number): RuleState {
  if (!rule.enabled) return 'disabled';
  if (time < rule.from) return 'not_yet';
  if (time >= rule.until) return 'ended';
  return 'active';
}

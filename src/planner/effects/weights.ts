import type { RankingFile } from '../../contracts/release-files/index.js';
import type { WeightTrace } from '../../contracts/trace.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import type { PlannedWeight } from '../plan.js';
import type { CompiledRule } from '../rules/compile.js';
import type { RuleLedger } from '../rules/ledger.js';
import type { Selector } from '../selector.js';

type Strengths = NonNullable<RankingFile['strengths']>;
type Strength = keyof Strengths['boost'];
type Target = { entity?: string; entities?: string[]; where?: Selector; type?: string; strength: Strength };

/** The key a selector target is compared by, once per target of the release. */
const selectorKeys = new WeakMap<Target, string>();

function selectorKey(target: Target): string {
  let key = selectorKeys.get(target);
  if (key === undefined) {
    key = `${target.type ?? '*'} ${canonicalJson(target.where)}`;
    selectorKeys.set(target, key);
  }
  return key;
}

/**
 * Boosts and buries with their factors from ranking.json. A higher rule that boosts or buries the
 * same target (the same entity, or the same selector in the same type) takes precedence: the
 * lower rule's weight on it is dropped. Weights on different targets all apply.
 */
export function planWeights(
  rules: readonly CompiledRule[],
  strengths: Strengths | undefined,
  ledger: RuleLedger,
): { weights: PlannedWeight[]; traces: WeightTrace[] } {
  const weights: PlannedWeight[] = [];
  const traces: WeightTrace[] = [];
  if (strengths === undefined) return { weights, traces };
  const owners = new Map<string, CompiledRule>();
  for (const rule of rules) {
    for (const kind of ['boost', 'bury'] as const) {
      const targets = rule.effects[kind] as Target[] | undefined;
      if (targets === undefined) continue;
      let applied = false;
      let supersededBy: CompiledRule | undefined;
      for (const target of targets) {
        const factor = strengths[kind][target.strength];
        const { free, by } = claim(target, rule, owners);
        supersededBy ??= by;
        if (ledger.tracing) {
          traces.push({
            rule: rule.id,
            kind,
            strength: target.strength,
            factor,
            target,
            outcome: free === undefined ? 'superseded' : 'applied',
            ...(by !== undefined ? { by: by.id } : {}),
          });
        }
        if (free === undefined) continue;
        applied = true;
        weights.push({
          rule: rule.id,
          kind,
          strength: target.strength,
          factor,
          ...free,
          ...(target.type !== undefined ? { type: target.type } : {}),
        });
      }
      ledger.note(rule, kind, applied ? 'applied' : 'superseded', applied ? undefined : supersededBy);
    }
  }
  return { weights, traces };
}

/**
 * What of a target is still this rule's: the selector, or the entities no higher rule weighs
 * (undefined when nothing is), and the higher rule that took some of it.
 */
function claim(
  target: Target,
  rule: CompiledRule,
  owners: Map<string, CompiledRule>,
): { free?: { entities: string[] } | { where: Selector }; by?: CompiledRule } {
  if (target.where !== undefined) {
    const key = selectorKey(target);
    const owner = owners.get(key);
    if (owner !== undefined && owner !== rule) return { by: owner };
    owners.set(key, rule);
    return { free: { where: target.where } };
  }
  const named = target.entities ?? (target.entity !== undefined ? [target.entity] : []);
  const entities: string[] = [];
  let by: CompiledRule | undefined;
  for (const entity of named) {
    const owner = owners.get(entity);
    if (owner !== undefined && owner !== rule) {
      by ??= owner;
      continue;
    }
    owners.set(entity, rule);
    entities.push(entity);
  }
  return { ...(entities.length > 0 ? { free: { entities } } : {}), ...(by !== undefined ? { by } : {}) };
}

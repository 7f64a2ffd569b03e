import type { PlannedTarget } from '../plan.js';
import type { CompiledRule } from '../rules/compile.js';
import type { RuleLedger } from '../rules/ledger.js';

/**
 * Every hide of the matching rules: a hide counts wherever its rule stands. The entities hidden
 * by name, with the rule that hid each, so no pin places them (a hide beats a pin).
 */
export function planHides(
  rules: readonly CompiledRule[],
  ledger: RuleLedger,
): { hides: PlannedTarget[]; hidden: Map<string, CompiledRule> } {
  const hides: PlannedTarget[] = [];
  const hidden = new Map<string, CompiledRule>();
  for (const rule of rules) {
    if (rule.hides.length === 0) continue;
    for (const target of rule.hides) {
      for (const entity of target.entities ?? []) if (!hidden.has(entity)) hidden.set(entity, rule);
      hides.push(target);
    }
    ledger.note(rule, 'hide', 'applied');
  }
  return { hides, hidden };
}

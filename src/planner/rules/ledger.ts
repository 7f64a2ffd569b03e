import type { ConditionTrace, EffectTrace, RuleTrace } from '../../contracts/trace.js';
import { type CompiledRule, ruleState } from './compile.js';
import type { ConditionInput } from './condition.js';

type Outcome = EffectTrace['outcome'];

/**
 * Which rules matched a search and what became of each of their effects. A rule is applied when
 * one of its effects took part in the answer; tests' `rules.applied` read exactly that. Without a
 * trace it keeps only that; with one, every outcome and the conditions of every rule.
 */
export class RuleLedger {
  private readonly applied = new Set<CompiledRule>();
  private readonly effects = new Map<CompiledRule, EffectTrace[]>();
  private readonly conditions = new Map<CompiledRule, ConditionTrace>();

  constructor(readonly tracing: boolean) {}

  /** The rules of one phase whose condition holds now, in precedence order. */
  match(rules: readonly CompiledRule[], input: ConditionInput, time: number): CompiledRule[] {
    const matched: CompiledRule[] = [];
    for (const rule of rules) {
      if (time < rule.from || time >= rule.until) continue;
      if (this.tracing) {
        const explained = rule.condition.explain(input);
        this.conditions.set(rule, explained);
        if (explained.holds) matched.push(rule);
      } else if (rule.condition.test(input)) {
        matched.push(rule);
      }
    }
    return matched;
  }

  note(rule: CompiledRule, effect: string, outcome: Outcome, by?: CompiledRule, detail?: string): void {
    if (outcome === 'applied') this.applied.add(rule);
    if (!this.tracing) return;
    const entry: EffectTrace = { effect, outcome };
    if (by !== undefined) entry.by = by.id;
    if (detail !== undefined) entry.detail = detail;
    const list = this.effects.get(rule);
    if (list) list.push(entry);
    else this.effects.set(rule, [entry]);
  }

  /** Ids of the applied rules in precedence order. */
  appliedIds(): string[] {
    return [...this.applied].sort((a, b) => a.position - b.position).map((rule) => rule.id);
  }

  /** The trace of every rule of a phase, disabled and scheduled-out ones included. */
  traces(rules: readonly CompiledRule[], time: number): RuleTrace[] {
    return rules.map((rule) => {
      const state = ruleState(rule, time);
      const condition = this.conditions.get(rule);
      const effects = this.effects.get(rule);
      return {
        rule: rule.id,
        position: rule.position,
        state,
        ...(condition !== undefined ? { matched: condition.holds, condition } : {}),
        applied: this.applied.has(rule),
        ...(effects !== undefined ? { effects } : {}),
      };
    });
  }
}

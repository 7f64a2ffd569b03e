import type { CompiledRule } from './compile.js';
import type { RuleLedger } from './ledger.js';

export interface Rewritten {
  words: string[];
  /** Each removal, by the highest rule that asked for it. */
  removed: Array<{ words: string; rule: string }>;
}

/**
 * Removes the words of every matching rewrite rule: the removals of all rules are united, a
 * phrase goes wherever it occurs as whole words.
 */
export function applyRewrites(
  words: readonly string[],
  rules: readonly CompiledRule[],
  ledger: RuleLedger,
): Rewritten {
  const removedBy: Array<CompiledRule | undefined> = new Array(words.length);
  const removed: Rewritten['removed'] = [];
  for (const rule of rules) {
    if (rule.removals.length === 0) continue;
    let found = false;
    for (const phrase of rule.removals) {
      const parts = phrase.split(' ');
      for (let start = 0; start + parts.length <= words.length; start++) {
        if (!parts.every((part, offset) => words[start + offset] === part)) continue;
        found = true;
        if (removedBy[start] === undefined) removed.push({ words: phrase, rule: rule.id });
        for (let offset = 0; offset < parts.length; offset++) removedBy[start + offset] ??= rule;
      }
    }
    ledger.note(rule, 'rewrite', found ? 'applied' : 'nothing');
  }
  return { words: words.filter((_word, index) => removedBy[index] === undefined), removed };
}

import type { Dismissal } from '../../contracts/search-parts.js';
import { scalarEquals } from '../selector.js';
import { assemble } from './assemble.js';
import type { ResolutionContext } from './context.js';
import { decideCategory, narrow, settle } from './decide.js';
import { findMeanings } from './lookup.js';
import { canonicalWord, type Meaning } from './phrases.js';
import { parseNumber } from './quantities.js';
import { isTaken } from './spans.js';
import { termMeanings } from './terms.js';
import type { Claim, Resolved } from './types.js';

/**
 * Reads what the words name: categories, brands, option values and groups, flags and quantities,
 * the longest span of words first. A term a rule decides means what the rule says; a detection the
 * shopper dismissed stays text; a span with several meanings is narrowed by the category (the one
 * named, else the page's) and by the unit typed, and stays text when that does not decide it. A
 * lone number names an option value (a size, "42") only within a category that carries it, since
 * outside one it is as often a model number ("iphone 15").
 */
export function resolveWords(words: readonly string[], context: ResolutionContext): Resolved {
  const claims = claimSpans(words, context);
  settle(claims, context);
  const category = narrow(claims, decideCategory(claims, context), context);
  return assemble(words, claims, category, context);
}

/** Longest spans first: each span of unclaimed words that a rule decides or that names something. */
function claimSpans(words: readonly string[], context: ResolutionContext): Claim[] {
  const count = words.length;
  const canonical = words.map(canonicalWord);
  const found = findMeanings(words, canonical, context);
  const taken = new Uint8Array(count);
  const claims: Claim[] = [];
  const longest = Math.min(count, Math.max(found.longest, context.longestTerm));
  for (let length = longest; length >= 1; length--) {
    for (let start = 0; start + length <= count; start++) {
      if (isTaken(taken, start, length)) continue;
      const key = canonical.slice(start, start + length).join(' ');
      const decision = context.terms.get(key);
      const span = words.slice(start, start + length).join(' ');
      let claim: Claim | undefined;
      if (decision !== undefined) {
        const meanings = decision.as === 'text' ? [] : termMeanings(decision.as, context);
        claim = {
          start,
          count: length,
          words: span,
          bare: false,
          tier: 'rule',
          meanings,
          dismissed: [],
          rule: decision.rule,
          term: key,
        };
        if (decision.as === 'text') claim.outcome = 'text';
      } else {
        const meanings = found.at(start, length);
        if (meanings === undefined) continue;
        const bare = length === 1 && parseNumber(words[start]!) !== undefined;
        claim = {
          start,
          count: length,
          words: span,
          bare,
          tier: meanings.tier,
          meanings: meanings.meanings,
          dismissed: [],
        };
      }
      dismiss(claim, context.dismissed);
      taken.fill(1, start, start + length);
      claims.push(claim);
    }
  }
  return claims.sort((a, b) => a.start - b.start);
}

function dismiss(claim: Claim, dismissed: readonly Dismissal[]): void {
  if (dismissed.length === 0 || claim.outcome === 'text') return;
  const kept: Meaning[] = [];
  for (const meaning of claim.meanings) {
    const gone = dismissed.some(
      (item) =>
        item.field === meaning.field &&
        (item.value === undefined ||
          (meaning.dismissValue !== undefined && scalarEquals(item.value, meaning.dismissValue))),
    );
    (gone ? claim.dismissed : kept).push(meaning);
  }
  claim.meanings = kept;
  if (kept.length === 0) claim.outcome = 'dismissed';
}

import type { Dismissal } from '../../contracts/search-parts.js';
import type { CompiledRule, TermMeaning } from '../rules/compile.js';
import type { Vocabulary } from '../vocabulary.js';
import type { PhraseIndex } from './phrases.js';

/** A term a `resolve` rule decides, by its highest rule. */
export interface TermDecision {
  as: TermMeaning;
  rule: CompiledRule;
}

export interface ResolutionContext {
  index: PhraseIndex;
  vocabulary: Vocabulary;
  /** The decision on a term (its words keyed as phraseKey keys them), by the highest matching rule. */
  terms: Pick<ReadonlyMap<string, TermDecision>, 'get'>;
  /** The most words a decided term has. */
  longestTerm: number;
  dismissed: readonly Dismissal[];
  channel: string;
  locale: string;
  currency?: string;
  pageCategory: string | undefined;
  within(category: string, ancestor: string): boolean;
  tracing: boolean;
}

import type { SearchRequest } from '../contracts/search.js';
import type { PageSettings } from '../release/page-settings.js';
import type { ReleaseView } from '../release/release-view.js';
import type { Resolved } from './resolution/types.js';
import type { CompiledRule } from './rules/compile.js';
import type { RuleLedger } from './rules/ledger.js';
import type { Vocabulary } from './vocabulary.js';

/** What a release compiles into for planning, beside its rules. */
export interface PlanningRelease {
  view: ReleaseView;
  vocabulary: Vocabulary;
  pages: PageSettings;
  /** ranking.json's sections, then types.json's. */
  sectionOrder: readonly string[];
}

/** What a query means once rules and resolution have read it: what the redirect and the plan decide from. */
export interface Understanding {
  request: SearchRequest;
  /** The time the search reads, in ms. */
  time: number;
  locale: string;
  currency?: string;
  ledger: RuleLedger;
  /** The rules whose conditions hold, in precedence order. */
  matched: CompiledRule[];
  /** The query's words after rewrites. */
  words: string[];
  resolved: Resolved | undefined;
}

import type { Dismissal } from '../../contracts/search-parts.js';
import type { SpanTrace } from '../../contracts/trace.js';
import type { CompiledRule } from '../rules/compile.js';
import type { Selector } from '../selector.js';
import type { Tier } from './lookup.js';
import type { Meaning } from './phrases.js';

/** One thing the query named. */
export interface Detected {
  field: string;
  value: Meaning['value'];
  label: string;
  /** The words that named it. */
  words: string;
  /** What a request's `dismissed` sends to remove it. */
  dismiss: Dismissal;
}

/** The detections of one field, combined as a selector writes them. */
export interface ResolvedField {
  field: string;
  /** One value, a list of alternatives, or a comparison. */
  value: unknown;
  detections: Detected[];
}

export interface Resolved {
  category?: Detected;
  fields: ResolvedField[];
  /** The fields as one selector, as the answer's `resolution.filters` gives them. */
  filters: Selector;
  /** The words left as text, in query order. */
  textWords: string[];
  text: string;
  /** Something was named and nothing is left as text. */
  complete: boolean;
  /** The terms of this query a resolve rule decided (in canonical form), each with its rule. */
  decided: ReadonlyMap<string, CompiledRule>;
  /** What became of each span of words that named something; empty without a trace. */
  spans: SpanTrace[];
}

/** A span of the query's words and what it may mean, as resolution decides it. */
export interface Claim {
  start: number;
  count: number;
  words: string;
  /** A lone number ("42"): it names an option value only where the category carries the attribute. */
  bare: boolean;
  tier: Tier | 'rule';
  meanings: Meaning[];
  dismissed: Meaning[];
  rule?: CompiledRule;
  /** The decided term, in canonical form. */
  term?: string;
  outcome?: SpanTrace['outcome'];
  chosen?: Meaning[];
}

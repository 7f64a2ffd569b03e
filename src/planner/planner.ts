import type { SearchRequest } from '../contracts/search.js';
import type { TraceEntry } from '../contracts/trace.js';
import { PageSettings } from '../release/page-settings.js';
import { type ReleaseView, releaseView } from '../release/release-view.js';
import { releaseSectionOrder } from './effects/sections.js';
import { localeChain } from './localized.js';
import { normalizeQuery } from './normalize.js';
import type { Plan, PlanBase } from './plan.js';
import { decideRedirect, type RedirectDecision } from './redirect.js';
import { placeRequest } from './request.js';
import type { TermDecision } from './resolution/context.js';
import { buildPhraseIndex, type PhraseIndex } from './resolution/phrases.js';
import { resolveWords } from './resolution/resolve.js';
import type { Resolved } from './resolution/types.js';
import { type CompiledRule, type CompiledRules, compileRules } from './rules/compile.js';
import type { ConditionInput, ResolvedFacts } from './rules/condition.js';
import { RuleLedger } from './rules/ledger.js';
import { applyRewrites } from './rules/rewrite.js';
import { buildSearchPlan } from './search-plan.js';
import { planTrace, searchPlanEntry } from './trace.js';
import type { PlanningRelease, Understanding } from './understanding.js';
import type { Vocabulary } from './vocabulary.js';

/** The effects a redirect cuts off: everything a plan would have made of the results. */
const RESULT_EFFECTS = ['filter', 'hide', 'pin', 'boost', 'bury', 'place', 'sections'] as const;

export interface PlanOptions {
  /** The time stamped on arrival; a request's own `time` (tests and previews only) takes its place. */
  arrival: Date;
  /** Record the trace; default: the request's `debug`. */
  trace?: boolean;
}

/** Turns search requests into plans for one release and one catalog's vocabulary. */
export interface Planner {
  plan(request: SearchRequest, options: PlanOptions): Plan;
  /** What each page of the release shows, over the vocabulary's category tree. */
  readonly pages: PageSettings;
  /** Whether `category` is `ancestor` or lies below it in the vocabulary's tree. */
  within(category: string, ancestor: string): boolean;
}

/** Compiles a release's files (already valid) with a vocabulary, once; every search then only plans. */
export function compilePlanner(files: Record<string, unknown>, vocabulary: Vocabulary): Planner {
  return new ReleasePlanner(files, vocabulary);
}

class ReleasePlanner implements Planner {
  private readonly rules: CompiledRules;
  private readonly release: PlanningRelease;
  private readonly sortCodes: string[];
  readonly pages: PageSettings;
  private readonly indexes = new Map<string, PhraseIndex>();
  private readonly ancestors = new Map<string, ReadonlySet<string>>();

  private readonly view: ReleaseView;

  constructor(
    files: Record<string, unknown>,
    private readonly vocabulary: Vocabulary,
  ) {
    this.view = releaseView(files);
    const view = this.view;
    this.rules = compileRules(view.rules);
    this.sortCodes = ['relevance', ...new Set((view.ranking.sorts ?? []).map((sort) => sort.code))];
    this.pages = new PageSettings(files, (id) => vocabulary.categories.get(id)?.parent);
    this.release = {
      view,
      vocabulary,
      pages: this.pages,
      sectionOrder: releaseSectionOrder(view.types, view.ranking),
    };
  }

  /** Whether `category` is `ancestor` or lies below it in the catalog's tree. */
  readonly within = (category: string, ancestor: string): boolean =>
    category === ancestor || this.ancestorsOf(category).has(ancestor);

  plan(request: SearchRequest, options: PlanOptions): Plan {
    const time = request.time !== undefined ? new Date(request.time) : options.arrival;
    const tracing = options.trace ?? request.debug === true;
    const { channel, locale } = placeRequest(request, this.view.channels, this.sortCodes);
    const typed = request.query ?? '';
    const query = normalizeQuery(typed);
    const ledger = new RuleLedger(tracing);
    const input: ConditionInput = {
      query,
      surface: request.on ?? 'search',
      category: request.category,
      channel: channel.id,
      locale,
      locales: localeChain(locale),
      context: request.context ?? {},
      resolved: undefined,
      within: this.within,
    };
    const ms = time.getTime();
    // A trace says of every rule why it did not act; without one, rules of other surfaces are skipped.
    const rules = tracing ? this.rules : this.rules.surfaces[input.surface];
    const before = ledger.match(rules.before, input, ms);
    const rewritten = applyRewrites(query.words, before, ledger);
    const resolved =
      query.words.length === 0
        ? undefined
        : resolveWords(rewritten.words, {
            index: this.phraseIndex(locale),
            vocabulary: this.vocabulary,
            terms: decideTerms(this.rules, before),
            longestTerm: this.rules.longestTerm,
            dismissed: request.dismissed ?? [],
            channel: channel.id,
            locale,
            currency: channel.currency,
            pageCategory: request.category,
            within: this.within,
            tracing,
          });
    noteTerms(before, resolved, ledger);
    const after = ledger.match(rules.after, { ...input, resolved: this.facts(resolved) }, ms);
    const understanding: Understanding = {
      request,
      time: ms,
      locale,
      currency: channel.currency,
      ledger,
      matched: [...before, ...after].sort((a, b) => a.position - b.position),
      words: rewritten.words,
      resolved,
    };
    const redirect = decideRedirect(
      understanding.matched,
      request,
      resolved,
      this.vocabulary,
      this.view.routes,
      locale,
      ledger,
    );
    const base = {
      time,
      surface: input.surface,
      channel: channel.id,
      locale,
      currency: channel.currency,
      query: { typed, normalized: query.text, searched: resolved?.text ?? rewritten.words.join(' ') },
      ...(resolved !== undefined ? { resolution: resolutionAnswer(resolved) } : {}),
    };
    if (redirect.redirect !== undefined) {
      for (const rule of understanding.matched) {
        for (const effect of RESULT_EFFECTS) {
          if (rule.effects[effect] !== undefined)
            ledger.note(rule, effect, 'cut', redirect.rule, redirect.reason);
        }
      }
      const plan: Plan = {
        kind: 'redirect',
        ...base,
        redirect: redirect.redirect,
        applied: ledger.appliedIds(),
      };
      if (tracing) plan.trace = this.trace(understanding, base.query, rewritten.removed, redirect, undefined);
      return plan;
    }
    const { plan, parts } = buildSearchPlan(this.release, understanding, base);
    if (tracing) {
      plan.trace = this.trace(
        understanding,
        base.query,
        rewritten.removed,
        redirect,
        searchPlanEntry(plan, parts),
      );
    }
    return plan;
  }

  private trace(
    understanding: Understanding,
    query: PlanBase['query'],
    removed: Array<{ words: string; rule: string }>,
    redirect: RedirectDecision,
    plan: TraceEntry | undefined,
  ): TraceEntry[] {
    const { ledger, time, request, resolved } = understanding;
    const phase = (before: boolean) =>
      ledger.traces(
        this.rules.all.filter((rule) => rule.beforeResolution === before),
        time,
      );
    return planTrace({
      time: new Date(time),
      fixed: request.time !== undefined,
      typed: query.typed,
      normalized: query.normalized,
      before: phase(true),
      removed,
      rewritten: understanding.words.join(' '),
      resolved,
      after: phase(false),
      redirect,
      plan,
    });
  }

  private phraseIndex(locale: string): PhraseIndex {
    const key = locale.toLowerCase();
    let index = this.indexes.get(key);
    if (index === undefined) {
      index = buildPhraseIndex(this.vocabulary, locale, this.view.synonyms);
      this.indexes.set(key, index);
    }
    return index;
  }

  private ancestorsOf(category: string): ReadonlySet<string> {
    let ancestors = this.ancestors.get(category);
    if (ancestors === undefined) {
      const found = new Set<string>();
      for (
        let at = this.vocabulary.categories.get(category)?.parent;
        at !== undefined && !found.has(at) && at !== category;
        at = this.vocabulary.categories.get(at)?.parent
      ) {
        found.add(at);
      }
      ancestors = found;
      this.ancestors.set(category, ancestors);
    }
    return ancestors;
  }

  /** What `resolved` conditions read; a query without words resolved nothing. */
  private facts(resolved: Resolved | undefined): ResolvedFacts {
    const values = new Map<string, unknown[]>();
    for (const field of resolved?.fields ?? [])
      values.set(
        field.field,
        field.detections.map((one) => one.value),
      );
    const category = resolved?.category?.value as string | undefined;
    return {
      ...(category !== undefined ? { category } : {}),
      values: (field) => values.get(field),
      within: this.within,
      complete: resolved?.complete ?? false,
      filters: resolved?.filters ?? {},
    };
  }
}

/** Per term, the highest of the matching rules that resolve it decides. */
function decideTerms(
  rules: CompiledRules,
  matched: readonly CompiledRule[],
): Pick<Map<string, TermDecision>, 'get'> {
  const matching = new Set(matched);
  return {
    get: (key) => {
      const deciding = rules.terms.get(key)?.find(({ rule }) => matching.has(rule));
      return deciding === undefined ? undefined : { as: deciding.as, rule: deciding.rule };
    },
  };
}

/**
 * A resolve effect applied when it decided a term of this query; it was superseded when the
 * query held its term but a higher rule decided it; else it had nothing to decide.
 */
function noteTerms(rules: readonly CompiledRule[], resolved: Resolved | undefined, ledger: RuleLedger): void {
  const decided = resolved?.decided ?? new Map<string, CompiledRule>();
  for (const rule of rules) {
    if (rule.terms.length === 0) continue;
    const owners = rule.terms.map(({ key }) => decided.get(key));
    if (owners.includes(rule)) ledger.note(rule, 'resolve', 'applied');
    else {
      const higher = owners.find((owner) => owner !== undefined);
      if (higher !== undefined) ledger.note(rule, 'resolve', 'superseded', higher);
      else ledger.note(rule, 'resolve', 'nothing', undefined, 'the query holds none of its terms');
    }
  }
}

function resolutionAnswer(resolved: Resolved): NonNullable<Plan['resolution']> {
  return {
    ...(resolved.category !== undefined ? { category: resolved.category.value as string } : {}),
    ...(resolved.fields.length > 0 ? { filters: resolved.filters } : {}),
    text: resolved.text,
    complete: resolved.complete,
  };
}

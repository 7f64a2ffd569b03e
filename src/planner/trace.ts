import type { PinTrace, PlacementTrace, RuleTrace, TraceEntry, WeightTrace } from '../contracts/trace.js';
import type { SortDecision } from './effects/sort.js';
import type { SearchPlan } from './plan.js';
import type { RedirectDecision } from './redirect.js';
import type { Resolved } from './resolution/types.js';

/** What the search plan's trace entry needs beyond the plan itself. */
export interface PlanTraceParts {
  /** The rule that ordered the sections; undefined when the release did. */
  sectionsFrom?: string;
  pins: PinTrace[];
  weights: WeightTrace[];
  placements: PlacementTrace[];
  sort: SortDecision;
}

export interface PlanningSteps {
  time: Date;
  fixed: boolean;
  typed: string;
  normalized: string;
  before: RuleTrace[];
  removed: Array<{ words: string; rule: string }>;
  rewritten: string;
  resolved: Resolved | undefined;
  after: RuleTrace[];
  redirect: RedirectDecision;
  plan: TraceEntry | undefined;
}

/** The planning steps in the order they ran; execution appends its steps after them. */
export function planTrace(steps: PlanningSteps): TraceEntry[] {
  const entries: TraceEntry[] = [
    { step: 'arrival', time: steps.time.toISOString(), fixed: steps.fixed },
    { step: 'normalize', typed: steps.typed, normalized: steps.normalized },
    { step: 'rules', phase: 'before_resolution', rules: steps.before },
    { step: 'rewrite', removed: steps.removed, text: steps.rewritten },
  ];
  const resolved = steps.resolved;
  if (resolved !== undefined) {
    entries.push({
      step: 'resolution',
      spans: resolved.spans,
      ...(resolved.category !== undefined ? { category: resolved.category.value as string } : {}),
      ...(resolved.fields.length > 0 ? { filters: resolved.filters } : {}),
      text: resolved.text,
      complete: resolved.complete,
    });
  }
  entries.push({ step: 'rules', phase: 'after_resolution', rules: steps.after });
  const redirect = steps.redirect;
  entries.push({
    step: 'redirect',
    outcome: redirect.outcome,
    ...(redirect.redirect?.url !== undefined ? { url: redirect.redirect.url } : {}),
    ...(redirect.redirect?.entity !== undefined ? { entity: redirect.redirect.entity } : {}),
    ...(redirect.rule !== undefined ? { rule: redirect.rule.id } : {}),
    reason: redirect.reason,
  });
  if (steps.plan !== undefined) entries.push(steps.plan);
  return entries;
}

/** The plan as decided: what each section searches, every filter by id, pins, weights, banners, sort. */
export function searchPlanEntry(plan: SearchPlan, parts: PlanTraceParts): TraceEntry {
  return {
    step: 'plan',
    listed: plan.listed,
    sections: plan.sections.map((section) => ({
      type: section.type,
      text: section.text,
      hits: section.hits,
    })),
    sections_from: parts.sectionsFrom ?? 'release',
    filters: plan.filters.map((filter) => ({
      id: filter.id,
      where: filter.where,
      from: filter.from,
      ...(filter.rule !== undefined ? { rule: filter.rule } : {}),
      types: filter.types,
    })),
    hides: plan.hides.map(({ rule, ...target }) => ({ rule, target })),
    pins: parts.pins,
    weights: parts.weights,
    placements: parts.placements,
    sort: {
      code: plan.sort.code,
      from: parts.sort.from,
      ...(parts.sort.category !== undefined ? { category: parts.sort.category } : {}),
    },
    // The first relaxed search; the execution's `relaxation` entries show each one tried.
    ...(plan.relaxations?.[0] !== undefined
      ? { relaxation: { text: plan.relaxations[0].text, left_out: plan.relaxations[0].leftOut } }
      : {}),
  };
}

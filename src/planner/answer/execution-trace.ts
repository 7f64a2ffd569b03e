import type { TraceEntry } from '../../contracts/trace.js';
import type { EngineSection } from '../../engine/index.js';
import type { PlannedSection, PlannedWeight, Relaxation, SearchPlan } from '../plan.js';
import type { Selector } from '../selector.js';

/** One search of a section: the first, or the listed section searched again relaxed. */
export interface SectionRun {
  planned: PlannedSection;
  section: EngineSection;
  relaxation?: Relaxation;
}

/** The entities among `entities` a selector picks, read as the section's filters read it. */
export type SelectEntities = (selector: Selector, entities: readonly string[]) => ReadonlySet<string>;

/**
 * The execution's part of the trace, after the planning steps: per section how each word was
 * searched and how many candidates matched (`match`; a relaxed search is announced by a
 * `relaxation` entry before its own `match`), and per section the hits shown with their
 * positions, their relevance scores (or under another sort the value it orders by), the parts of
 * each score, the boosts and buries that weighed it (those naming it and those whose selector
 * picks it, read by `select`) and the pin that placed it (`rank`).
 */
export function executionTrace(
  plan: SearchPlan,
  runs: readonly SectionRun[],
  select: SelectEntities,
): TraceEntry[] {
  const entries: TraceEntry[] = [];
  for (const run of runs) {
    const { section } = run;
    const { trace } = section;
    if (run.relaxation !== undefined) {
      entries.push({
        step: 'relaxation',
        type: section.type,
        left_out: run.relaxation.leftOut,
        text: run.relaxation.text,
        candidates: section.total,
      });
    }
    entries.push({
      step: 'match',
      type: section.type,
      searched: trace.searched,
      words: trace.words.map((word) => ({
        word: word.word,
        expansions: word.expansions.map((expansion) => ({ ...expansion })),
        ...(word.leftOut ? { left_out: true } : {}),
      })),
      left_out: trace.leftOut,
      attempts: trace.attempts.map((attempt) => ({ words: attempt.words, candidates: attempt.candidates })),
      candidates: section.total,
    });
  }
  // The hits shown come from the last search of each section.
  const shown = new Map(runs.map((run) => [run.section.type, run]));
  for (const run of shown.values()) {
    const { section, planned } = run;
    if (section.hits.length === 0) continue;
    const first = planned.listed ? (plan.page - 1) * plan.perPage : 0;
    const sorted = planned.listed ? sortedBy(plan) : undefined;
    const weighs = weightsOfHits(plan.weights, section, select);
    entries.push({
      step: 'rank',
      type: section.type,
      sort: planned.listed ? plan.sort.code : 'relevance',
      hits: section.hits.map((hit, at) => {
        const pin = hit.pinned !== undefined ? plan.pins.find((one) => one.entity === hit.entity) : undefined;
        const factors =
          pin === undefined
            ? plan.weights
                .filter((weight) => weighs(weight, hit.entity, hit.factor !== undefined))
                .map((weight) => ({ rule: weight.rule, kind: weight.kind, factor: weight.factor }))
            : [];
        const value = sorted?.(hit.score);
        return {
          entity: hit.entity,
          position: first + at + 1,
          ...(pin === undefined && sorted === undefined ? { score: hit.score } : {}),
          ...(pin === undefined && value !== undefined ? { sort_value: value } : {}),
          ...(hit.parts !== undefined ? { parts: hit.parts } : {}),
          ...(hit.factor !== undefined ? { factor: hit.factor } : {}),
          ...(factors.length > 0 ? { factors } : {}),
          ...(pin !== undefined ? { pinned: { rule: pin.rule, asked: pin.asked } } : {}),
          ...(hit.sponsored !== undefined ? { sponsored: hit.sponsored.campaign } : {}),
        };
      }),
    });
  }
  return entries;
}

/**
 * Under a sort of ranking.json, the value a hit's sort score stands for: the engine orders by the
 * value itself when descending and by its negation when ascending, and a tile without a value
 * scores -Infinity (undefined here; `+ 0` writes -0 as 0). Undefined under relevance.
 */
function sortedBy(plan: SearchPlan): ((score: number) => number | undefined) | undefined {
  if (plan.sort.by === undefined) return undefined;
  const descending = plan.sort.direction === 'desc';
  return (score) => (Number.isFinite(score) ? (descending ? score : -score) + 0 : undefined);
}

/**
 * Whether a weight weighs an entity of a section: it names it, or, for a hit the engine weighed
 * (`weighed`: its relevance carries a factor), its selector picks it. The hits the engine weighed
 * are the only ones a selector is read for, so a selector naming a field the section's type lacks
 * names none of its hits.
 */
function weightsOfHits(
  weights: readonly PlannedWeight[],
  section: EngineSection,
  select: SelectEntities,
): (weight: PlannedWeight, entity: string, weighed: boolean) => boolean {
  const entities = section.hits.filter((hit) => hit.factor !== undefined).map((hit) => hit.entity);
  const picked = new Map<PlannedWeight, ReadonlySet<string>>();
  for (const weight of weights) {
    if (weight.where === undefined || entities.length === 0) continue;
    if (weight.type !== undefined && weight.type !== section.type) continue;
    picked.set(weight, select(weight.where, entities));
  }
  return (weight, entity, weighed) =>
    weight.entities?.includes(entity) === true || (weighed && picked.get(weight)?.has(entity) === true);
}

import type { TraceEntry } from '../../contracts/trace.js';
import type { EngineSection } from '../../engine/index.js';
import type { PlannedSection, Relaxation, SearchPlan } from '../plan.js';

/** One search of a section: the first, or the listed section searched again relaxed. */
export interface SectionRun {
  planned: PlannedSection;
  section: EngineSection;
  relaxation?: Relaxation;
}

/**
 * The execution's part of the trace, after the planning steps: per section how each word was
 * searched and how many candidates matched (`match`; a relaxed search is announced by a
 * `relaxation` entry before its own `match`), and per section the hits shown with their positions, scores, the parts of each
 * score, the boosts and buries that weighed it and the pin that placed it (`rank`).
 */
export function executionTrace(plan: SearchPlan, runs: readonly SectionRun[]): TraceEntry[] {
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
    entries.push({
      step: 'rank',
      type: section.type,
      sort: planned.listed ? plan.sort.code : 'relevance',
      hits: section.hits.map((hit, at) => {
        const pin = hit.pinned !== undefined ? plan.pins.find((one) => one.entity === hit.entity) : undefined;
        const factors = plan.weights
          .filter((weight) => weight.entities?.includes(hit.entity) === true)
          .map((weight) => ({ rule: weight.rule, kind: weight.kind, factor: weight.factor }));
        return {
          entity: hit.entity,
          position: first + at + 1,
          ...(pin === undefined ? { score: hit.score } : {}),
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

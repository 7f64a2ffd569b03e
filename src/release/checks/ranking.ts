import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';
import { signalCodes, typeCodes } from './known.js';

const FILE = 'ranking.json';

/** Signals, the weights and sorts that read them, and the section order. */
export function checkRanking(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  const add = (path: Path, message: string) => violations.push(violation(FILE, path, message));
  const signals = signalCodes(view);
  const types = typeCodes(view);
  const seenSignals = new Set<string>();
  view.ranking.signals?.forEach((signal, index) => {
    if (seenSignals.has(signal.code)) {
      add(
        ['signals', index, 'code'],
        `The signal "${signal.code}" is defined before: define each signal once.`,
      );
    }
    seenSignals.add(signal.code);
    // A half-life ages dates, so it belongs to newer_is_better and newer_is_better needs one.
    const halfLife = typeof signal.normalize === 'object' && 'half_life_days' in signal.normalize;
    if (halfLife && signal.direction !== 'newer_is_better') {
      add(
        ['signals', index, 'normalize', 'half_life_days'],
        `A half-life ages dates, and "${signal.code}" is ${signal.direction}: set direction to newer_is_better, or normalize by percentile.`,
      );
    } else if (!halfLife && signal.direction === 'newer_is_better') {
      add(
        ['signals', index, 'normalize'],
        `"${signal.code}" is newer_is_better, which reads a date and needs a half-life: normalize with { "half_life_days": 30 } or another number of days.`,
      );
    }
  });
  for (const [type, weights] of Object.entries(view.ranking.weights ?? {})) {
    if (!types.includes(type)) {
      add(['weights', type], `"${type}" is no type of types.json: weigh one of ${listed(types)}.`);
      continue;
    }
    for (const signal of Object.keys(weights)) {
      if (!signals.includes(signal)) {
        add(
          ['weights', type, signal],
          `"${signal}" is no signal of ranking.json: weigh one of ${listed(signals)}, or define it under signals.`,
        );
      }
    }
  }
  checkSorts(view, signals, add);
  view.ranking.sections?.forEach((type, index) => {
    if (!types.includes(type)) {
      add(['sections', index], `"${type}" is no type of types.json: use one of ${listed(types)}.`);
    } else if (view.ranking.sections!.indexOf(type) < index) {
      add(['sections', index], `The type "${type}" is listed twice: list each type once.`);
    }
  });
  return violations;
}

function checkSorts(view: ReleaseView, signals: string[], add: (path: Path, message: string) => void): void {
  const sortable = view.attributeList.filter((attribute) => attribute.sortable === true);
  const codes = new Set<string>();
  view.ranking.sorts?.forEach((sort, index) => {
    if (sort.code === 'relevance') {
      add(
        ['sorts', index, 'code'],
        'The sort "relevance" is built in: remove this definition, or give it another code.',
      );
    } else if (codes.has(sort.code)) {
      add(
        ['sorts', index, 'code'],
        `The sort code "${sort.code}" names an earlier sort too: give each sort its own code.`,
      );
    }
    codes.add(sort.code);
    const [source, code = ''] = sort.by.split('.');
    if (source === 'signals' && !signals.includes(code)) {
      add(
        ['sorts', index, 'by'],
        `"${sort.by}" names no signal of ranking.json: sort by one of ${listed(signals.map((signal) => `signals.${signal}`))}, or define it under signals.`,
      );
    }
    if (source === 'attributes' && view.attributes.get(code)?.sortable !== true) {
      const what = view.attributes.has(code)
        ? 'an attribute that is not sortable'
        : 'no attribute in attributes.json';
      add(
        ['sorts', index, 'by'],
        `"${sort.by}" names ${what}: sort by one of ${listed(['price', 'delivery_days', 'discount', ...sortable.map((attribute) => `attributes.${attribute.code}`)])}, or a signal.`,
      );
    }
  });
}

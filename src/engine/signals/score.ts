import type { StructuredData } from '../index/columns-data.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Each document's weighted signals at a time: the part compiled into the index plus, for dated
 * signals, weight times 0.5 ^ (age in days / half-life). Ages move slowly, so the sum is computed
 * once per hour of request time and kept for the latest two hours.
 */
export class SignalScores {
  private readonly kept = new Map<number, Float32Array>();

  constructor(private readonly data: StructuredData) {}

  /** Undefined when the type weighs no signal. */
  at(time: number): Float32Array | undefined {
    const { data } = this;
    if (!data.weighted) return undefined;
    if (data.datedSignals.length === 0) return data.signalScore;
    const hour = Math.floor(time / HOUR_MS);
    let scores = this.kept.get(hour);
    if (scores) return scores;
    scores = data.signalScore.slice();
    const now = hour * HOUR_MS;
    for (const signal of data.datedSignals) {
      const values = signal.values;
      for (let doc = 0; doc < scores.length; doc++) {
        const date = values[doc]!;
        if (Number.isNaN(date)) continue;
        const age = Math.max(0, now - date) / DAY_MS;
        scores[doc]! += signal.weight * 0.5 ** (age / signal.halfLifeDays);
      }
    }
    if (this.kept.size >= 2) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(hour, scores);
    return scores;
  }
}

import { Counter, Gauge, Histogram, type Registry, WORK_SECONDS } from '../lib/metrics.js';
import type { Database, RunOutcome } from '../store/index.js';

/**
 * The index runs' metrics: the queue as the database holds it (every indexer's runs, read when
 * metrics are scraped), and the runs this process's indexer built, with their outcomes and
 * durations. Answers `onFinished` for the Indexer to report each run to.
 */
export function indexRunMetrics(
  registry: Registry,
  database: Database,
): (outcome: RunOutcome | 'failed', seconds: number) => void {
  new Gauge({
    name: 'aisle_index_runs',
    help: 'Index runs by status, as the database holds them: `queued` is the queue waiting for an indexer.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await database.indexRuns.countByStatus();
      this.reset();
      for (const status of ['queued', 'running', 'succeeded', 'failed', 'superseded']) {
        this.set({ status }, counts[status] ?? 0);
      }
    },
  });
  const runs = new Counter({
    name: 'aisle_index_runs_finished_total',
    help: "Index runs this process's indexer finished, by outcome (live, superseded, failed).",
    labelNames: ['outcome'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'aisle_index_run_duration_seconds',
    help: "Time this process's indexer took to build a run, by outcome.",
    labelNames: ['outcome'],
    buckets: WORK_SECONDS,
    registers: [registry],
  });
  return (outcome, seconds) => {
    runs.inc({ outcome });
    durations.observe({ outcome }, seconds);
  };
}

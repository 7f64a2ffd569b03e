import { Counter, Gauge, Histogram, type Registry, WORK_SECONDS } from '../lib/metrics.js';
import type { LiveIndex } from './live-index.js';
import type { SearchLog, SearchLogStats } from './search-log/search-log.js';

/**
 * A query node's metrics: the artifact it serves (its size and how long ago it went live) and its
 * loads of new artifacts. Answers `onLoad` for the LiveIndex to report each load to.
 */
export function liveIndexMetrics(
  registry: Registry,
  live: () => LiveIndex | undefined,
): (outcome: 'loaded' | 'failed', seconds: number) => void {
  new Gauge({
    name: 'aisle_live_artifact_bytes',
    help: 'Size of the index artifact this node serves.',
    registers: [registry],
    collect() {
      const state = live()?.current();
      if (state) this.set(state.index.byteLength);
    },
  });
  new Gauge({
    name: 'aisle_live_artifact_age_seconds',
    help: 'Time since what this node serves went live.',
    registers: [registry],
    collect() {
      const since = live()?.liveSince();
      if (since) this.set(Math.max(0, (Date.now() - since.getTime()) / 1000));
    },
  });
  new Gauge({
    name: 'aisle_live_run',
    help: 'The index run whose artifact this node serves.',
    registers: [registry],
    collect() {
      const state = live()?.current();
      if (state) this.set(state.runId);
    },
  });
  new Gauge({
    name: 'aisle_live_changes_heard',
    help: 'Whether this node hears changes as they commit (1, PostgreSQL) or polls for them (0: SQLite, or the connection that hears them is lost).',
    registers: [registry],
    collect() {
      this.set(live()?.isListening() ? 1 : 0);
    },
  });
  const loads = new Counter({
    name: 'aisle_live_loads_total',
    help: 'Loads of a new artifact by this node, by outcome (a failed load keeps what was live).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'aisle_live_load_duration_seconds',
    help: 'Time from the live pointer moving to the new artifact being served by this node.',
    buckets: WORK_SECONDS,
    registers: [registry],
  });
  return (outcome, seconds) => {
    loads.inc({ outcome });
    if (outcome === 'loaded') durations.observe(seconds);
  };
}

/**
 * The search log's queue: what waits to be written, and counts of what was written, dropped
 * (a full queue, or a database that never took it before the stop) and of failed writes.
 */
export function searchLogMetrics(registry: Registry, searchLog: SearchLog): void {
  new Gauge({
    name: 'aisle_search_log_queued',
    help: 'Searches and events waiting in the search log queue to be written.',
    registers: [registry],
    collect() {
      this.set(searchLog.stats().queued);
    },
  });
  const counted = (name: string, help: string, read: (stats: SearchLogStats) => number) => {
    let reported = 0;
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read(searchLog.stats());
        if (now > reported) this.inc(now - reported);
        reported = now;
      },
    });
  };
  counted(
    'aisle_search_log_written_total',
    'Searches and events written to the search log.',
    (s) => s.written,
  );
  counted(
    'aisle_search_log_dropped_total',
    'Searches and events the search log dropped: its queue was full, or the database never took them before a stop.',
    (s) => s.dropped,
  );
  counted(
    'aisle_search_log_failed_writes_total',
    'Batch writes of the search log that failed (their searches and events are written again).',
    (s) => s.failedWrites,
  );
}

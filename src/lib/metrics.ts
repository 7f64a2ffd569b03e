import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';

export { Counter, Gauge, Histogram, Registry };

/**
 * The metrics of one running aisle, in Prometheus' text format (prom-client). Each role adds its
 * own to the registry it is handed (requests per route, index runs, the live artifact, queues);
 * a stack makes one registry and serves it at `GET /metrics` on its management and internal ports.
 * A registry per stack, not prom-client's global one, so that stacks in one process (tests) do
 * not count each other's work.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  // Process and Node.js figures: CPU, memory, event-loop lag, garbage collection.
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * The metric of this name in the registry, made by `make` the first time: servers of one process
 * share their request metrics, each adding its own `server` label.
 */
export function metricOnce<M extends Metric>(registry: Registry, name: string, make: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? make();
}

/** Upper bounds, in seconds, of request durations: from a millisecond to ten seconds. */
export const REQUEST_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Upper bounds, in seconds, of longer work (index runs, loading an index). */
export const WORK_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

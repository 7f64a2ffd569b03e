import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, metricOnce, REQUEST_SECONDS, type Registry } from '../lib/metrics.js';
import { bearerKeyCheck } from './auth.js';

const started = Symbol('aisle.requestStarted');

/**
 * Counts every request a server answers and times it, per route: `aisle_http_requests_total`
 * and `aisle_http_request_duration_seconds`, labelled with the server, the method, the route's
 * pattern (never the URL itself, which would name ids and grow without bound) and the status.
 */
export function observeRequests(app: FastifyInstance, registry: Registry, server: string): void {
  const requests = metricOnce(
    registry,
    'aisle_http_requests_total',
    () =>
      new Counter({
        name: 'aisle_http_requests_total',
        help: 'Requests answered, by server, method, route pattern and status.',
        labelNames: ['server', 'method', 'route', 'status'],
        registers: [registry],
      }),
  );
  const durations = metricOnce(
    registry,
    'aisle_http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'aisle_http_request_duration_seconds',
        help: 'Time from a request arriving to its answer being sent, by server, method and route pattern.',
        labelNames: ['server', 'method', 'route'],
        buckets: REQUEST_SECONDS,
        registers: [registry],
      }),
  );
  // Callback hooks, and the labelled series looked up once per route and status: every request
  // passes here, and promises and label hashing per request showed in profiles of searches.
  const series = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof durations.labels> }
  >();
  app.addHook('onRequest', (request, _reply, done) => {
    (request as unknown as Record<symbol, bigint>)[started] = process.hrtime.bigint();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const start = (request as unknown as Record<symbol, bigint | undefined>)[started];
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let one = series.get(key);
    if (!one) {
      const labels = { server, method: request.method, route };
      one = {
        count: requests.labels({ ...labels, status: String(reply.statusCode) }),
        time: durations.labels(labels),
      };
      series.set(key, one);
    }
    one.count.inc();
    if (start !== undefined) one.time.observe(Number(process.hrtime.bigint() - start) / 1e9);
    done();
  });
}

/**
 * `GET /metrics` in Prometheus' text format. Scrapers get their own credential, never the
 * management key: with `key` set the route asks for `Authorization: Bearer <key>`, without it the
 * route is open (the management and internal ports it is served on are not public ones). Metrics
 * name routes, counts and durations, never a secret or a shop's data.
 */
export function metricsRoute(app: FastifyInstance, registry: Registry, key: string | undefined): void {
  const onRequest = key
    ? bearerKeyCheck({ key, name: 'metrics key', setting: 'AISLE_METRICS_KEY' })
    : undefined;
  app.get(
    '/metrics',
    { schema: { hide: true }, ...(onRequest ? { onRequest } : {}) },
    async (_request, reply) => {
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { call } from '../support/http.js';
import { storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, TEST_KEY, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

const METRICS_KEY = 'scrape-credential-for-tests';

describe('GET /metrics', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    await storeAndPublishRelease(stack, minimalRelease);
    await waitFor('the index to go live', async () =>
      (await stack.search({ query: 'kettle' })).status === 200 ? true : undefined,
    );
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function scrape(base: string | undefined): Promise<string> {
    const response = await call(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  it('counts and times requests per route, on the management and the internal port alike', async () => {
    await stack.search({ query: 'headphones' });
    await stack.manage('GET', '/index-runs/999999');
    const text = await scrape(stack.urls.management);
    expect(text).toMatch(
      /aisle_http_requests_total\{server="public",method="POST",route="\/v1\/search",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /aisle_http_requests_total\{server="management",method="GET",route="\/api\/v1\/index-runs\/:index_run",status="404"\} 1/,
    );
    expect(text).toMatch(
      /aisle_http_request_duration_seconds_bucket\{le="0\.1",server="public",method="POST",route="\/v1\/search"\} [1-9]/,
    );
    // The route's pattern, never the URL with its ids.
    expect(text).not.toMatch(/route="[^"]*999999/);
    expect(await scrape(stack.urls.internal)).toContain('aisle_http_requests_total{server="public"');
  });

  it('shows index runs and their durations, the live artifact, the worker queues and the event loop', async () => {
    const text = await scrape(stack.urls.management);
    expect(text).toMatch(/aisle_index_runs\{status="succeeded"\} 1/);
    expect(text).toMatch(/aisle_index_runs\{status="queued"\} 0/);
    expect(text).toMatch(/aisle_index_runs_finished_total\{outcome="live"\} 1/);
    expect(text).toMatch(/aisle_index_run_duration_seconds_count\{outcome="live"\} 1/);
    expect(text).toMatch(/aisle_live_artifact_bytes [1-9]\d*/);
    expect(text).toMatch(/aisle_live_artifact_age_seconds \d/);
    expect(text).toMatch(/aisle_live_loads_total\{outcome="loaded"\} 1/);
    // A SQLite file notifies nobody: the node polls.
    expect(text).toMatch(/aisle_live_changes_heard 0/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('lets other modules add their own metrics to the registry', async () => {
    const { Gauge } = await import('../../src/lib/metrics.js');
    new Gauge({
      name: 'aisle_test_queue_length',
      help: 'A queue of a test.',
      registers: [stack.metrics],
    }).set(7);
    expect(await scrape(stack.urls.internal)).toContain('aisle_test_queue_length 7');
  });

  it('is not served on the public port, and never shows the management key', async () => {
    expect((await call(`${stack.urls.public}/metrics`)).status).toBe(404);
    expect(await scrape(stack.urls.management)).not.toContain(TEST_KEY);
  });
});

describe('GET /metrics with AISLE_METRICS_KEY set', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { AISLE_METRICS_KEY: METRICS_KEY } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 401 without the metrics key or with the management key, 200 with it', async () => {
    for (const base of [stack.urls.management, stack.urls.internal]) {
      const without = await call(`${base}/metrics`);
      expect(without.status).toBe(401);
      expect(without.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(without.headers.get('www-authenticate')).toBe('Bearer');
      const management = await call(`${base}/metrics`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
      expect(management.status).toBe(401);
      const scraped = await call(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_KEY}` } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('aisle_http_requests_total');
    }
  });
});

describe('load shedding on the public port', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // A threshold this low only serves the test; the default (1 s) never sheds in normal work.
    stack = await startTestStack({
      env: { AISLE_SHED_EVENT_LOOP_DELAY_MS: '20', AISLE_SHED_SAMPLE_MS: '50' },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Holds this process's event loop, where the stack's servers run, as heavy work would. */
  function holdEventLoop(ms: number): void {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy: nothing else runs on this thread meanwhile
    }
  }

  it('answers 503 with a problem and Retry-After while the event loop falls behind, then answers again', async () => {
    const refused = await waitFor('a search to be refused', async () => {
      holdEventLoop(300);
      for (let attempt = 0; attempt < 8; attempt++) {
        // Nothing is live on this stack and no run is on its way, so a search answers 503 anyway,
        // without Retry-After: the refusal for the load is told apart by it.
        const response = await call(`${stack.urls.public}/v1/search?query=kettle`);
        if (response.status === 503 && response.headers.has('retry-after')) return response;
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      return undefined;
    });
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.headers.get('retry-after')).toBe('2');
    const problem = await refused.json();
    expect(problem).toMatchObject({ type: 'about:blank', title: 'Service Unavailable', status: 503 });
    expect(problem.detail).toMatch(/falling behind/);

    // Nothing is live on this stack: once the loop keeps up, the search is answered (as 503 for
    // that reason, not for the load).
    const answered = await waitFor('searches to be answered again', async () => {
      const response = await call(`${stack.urls.public}/v1/search?query=kettle`);
      const body = await response.json();
      return /falling behind/.test(body.detail ?? '') ? undefined : body;
    });
    expect(answered.detail).toMatch(/Nothing is searchable yet/);
    // The management port is never shed: it is not where the load comes from.
    expect((await call(`${stack.urls.management}/health`)).status).toBe(200);
  });
});

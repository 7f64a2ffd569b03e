import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { createScratchSchema, type ScratchSchema } from '../../src/store/index.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { parseBanner, type RunningCli, runCli } from '../support/cli.js';
import { type Answer, CHROME, call } from '../support/http.js';
import { startObjectStore, type TestObjectStore } from '../support/object-store.js';
import { killHard, stoppedItself } from '../support/processes.js';
import { waitFor } from '../support/wait.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
if (!postgresUrl) console.log('The cluster test needs PostgreSQL: AISLE_TEST_POSTGRES_URL is not set.');

const MANAGEMENT_KEY = 'cluster-management-key';
const INTERNAL_KEY = 'cluster-internal-key-of-roles';
/** How long after a run's success every query node must answer what it made live. */
const LIVE_WITHIN_MS = 1000;

/**
 * Every role as its own process of the built `aisle` command, as an operator runs them on several
 * machines: one PostgreSQL schema, one bucket of an S3-compatible server (s3rver, in this process),
 * one control plane, two indexers and two query nodes, each with a data dir of its own (no file is
 * shared). Query nodes poll the live pointer once in ten minutes here: whatever they pick up within
 * the test, they were told of by PostgreSQL.
 */
describe.skipIf(!postgresUrl)('a cluster of separate processes on PostgreSQL and object storage', () => {
  let schema: ScratchSchema;
  let objects: TestObjectStore;
  const dirs: string[] = [];
  const processes: RunningCli[] = [];
  let prefix: string;

  interface Node {
    cli: RunningCli;
    public: string;
    internal: string;
  }
  const nodes: Node[] = [];
  let management: string;
  const indexers: RunningCli[] = [];

  async function role(command: string, env: Record<string, string> = {}): Promise<RunningCli> {
    const dataDir = await mkdtemp(join(tmpdir(), `aisle-cluster-${command}-`));
    dirs.push(dataDir);
    const cli = runCli([command], {
      ...objects.env,
      DATABASE_URL: schema.url,
      AISLE_BLOB_URL: `s3://${objects.bucket}/${prefix}`,
      AISLE_DATA_DIR: dataDir,
      AISLE_INTERNAL_KEY: INTERNAL_KEY,
      AISLE_PUBLIC_PORT: '0',
      AISLE_INTERNAL_PORT: '0',
      AISLE_MANAGEMENT_PORT: '0',
      AISLE_LIVE_POLL_MS: '600000',
      AISLE_INDEXER_POLL_MS: '100',
      AISLE_INDEXER_LEASE_MS: '2000',
      // Development defaults the machine may carry would shed the test's own requests.
      AISLE_SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    });
    processes.push(cli);
    return cli;
  }

  async function queryNode(): Promise<Node> {
    const cli = await role('query');
    const urls = parseBanner(await cli.waitForOutput(/aisle is ready\./));
    return { cli, public: urls.public!, internal: urls.internal! };
  }

  function manage(method: string, path: string, body?: unknown) {
    const bytes = typeof body === 'string';
    return call(`${management}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${MANAGEMENT_KEY}`,
        ...(body === undefined
          ? {}
          : { 'content-type': bytes ? 'application/x-ndjson' : 'application/json' }),
      },
      ...(body === undefined ? {} : { body: bytes ? body : JSON.stringify(body) }),
    });
  }

  /** A search on one node, as a test (never counted in insights), or undefined while it cannot answer. */
  async function searchOn(node: Node, body: Record<string, unknown>): Promise<Answer | undefined> {
    const response = await call(`${node.public}/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ traffic: 'test', ...body }),
    }).catch(() => undefined);
    return response?.status === 200 ? response.json() : undefined;
  }

  const productsOf = (answer: Answer | undefined): Answer[] =>
    answer?.sections.find((section: Answer) => section.type === 'product')?.hits ?? [];

  /** The catalog with one more product, named so that a search tells which catalog a node serves. */
  function catalogWith(word: string): string {
    const extra: CatalogEntity = { type: 'product', id: `p-${word}`, title: `Lantern ${word}`, price: 12 };
    return toJsonLines([...smallShop, extra]);
  }

  /**
   * Watches every node until each answers `seen` (checked every few milliseconds from now on) and
   * answers when each first did.
   */
  function watch(seen: (answer: Answer) => boolean, body: Record<string, unknown>): Promise<number[]> {
    return Promise.all(
      nodes.map((node, n) =>
        waitFor(
          `query node ${n + 1} to answer what went live`,
          async () => {
            const answer = await searchOn(node, body);
            return answer && seen(answer) ? Date.now() : undefined;
          },
          120_000,
        ),
      ),
    );
  }

  /** Waits for the run to succeed and go live; answers it (GET /index-runs/{run}). */
  async function succeeded(id: number): Promise<Answer> {
    return waitFor(
      `run ${id} to go live`,
      async () => {
        const run = await (await manage('GET', `/index-runs/${id}`)).json();
        if (run.status === 'failed' || run.status === 'superseded') {
          throw new Error(`Run ${id} ended ${run.status}: ${run.error ?? ''}`);
        }
        return run.status === 'succeeded' && run.live ? run : undefined;
      },
      120_000,
    );
  }

  function expectLiveWithin(run: Answer, answeredAt: number[]): void {
    const success = Date.parse(run.finished_at);
    for (const at of answeredAt) expect(at - success).toBeLessThanOrEqual(LIVE_WITHIN_MS);
  }

  beforeAll(async () => {
    schema = await createScratchSchema(postgresUrl!);
    objects = await startObjectStore();
    prefix = `cluster-${randomBytes(4).toString('hex')}`;
    nodes.push(...(await Promise.all([queryNode(), queryNode()])));
    const plane = await role('control-plane', {
      SEARCH_MANAGEMENT_KEY: MANAGEMENT_KEY,
      AISLE_INTERNAL_URL: nodes[0]!.internal,
      AISLE_SCHEDULER_INTERVAL_MS: '500',
    });
    management = parseBanner(await plane.waitForOutput(/aisle is ready\./)).management!.replace(
      /\/api\/v1$/,
      '',
    );
    indexers.push(await role('indexer'));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((cli) => killHard(cli.child, cli.exited)));
    await objects?.close();
    await schema?.drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  let snapshot: string;

  it('uploads and publishes: both query nodes answer the new snapshot within a second of the run’s success', async () => {
    const uploaded = await manage('PUT', '/catalog', catalogWith('first'));
    expect(uploaded.status).toBe(202);
    snapshot = (await uploaded.json()).snapshot.id;
    const release = await (await manage('POST', '/releases', { files: minimalRelease })).json();
    const watching = watch((answer) => answer.snapshot === snapshot, { query: 'first' });
    const published = await manage('POST', `/releases/${release.id}/publish`);
    expect(published.status).toBe(202);
    const run = await succeeded((await published.json()).run.id);
    expectLiveWithin(run, await watching);
    for (const node of nodes) {
      expect(productsOf(await searchOn(node, { query: 'first' })).map((hit) => hit.entity)).toEqual([
        'product:p-first',
      ]);
      // Each node hears the database's notices rather than polling.
      const metrics = await (await call(`${node.internal}/metrics`)).text();
      expect(metrics).toMatch(/aisle_live_changes_heard 1/);
    }
  });

  it('takes up a run whose indexer was killed (SIGKILL) in the middle of it on the other indexer, and makes it live', async () => {
    const [steady] = indexers as [RunningCli];
    // The steady indexer is paused while the run waits, so that the one about to be killed takes it.
    steady.child.kill('SIGSTOP');
    const doomed = await role('indexer', { AISLE_FAULT_STOP_AT: 'compiling' });
    indexers.push(doomed);
    const uploaded = await (await manage('PUT', '/catalog', catalogWith('second'))).json();
    await stoppedItself(doomed.child, 'the indexer to stop while compiling', 120_000);
    expect(await (await manage('GET', `/index-runs/${uploaded.run.id}`)).json()).toMatchObject({
      status: 'running',
      attempts: 1,
    });
    await killHard(doomed.child, doomed.exited);
    steady.child.kill('SIGCONT');

    const watching = watch((answer) => answer.snapshot === uploaded.snapshot.id, { query: 'second' });
    const run = await succeeded(uploaded.run.id);
    snapshot = uploaded.snapshot.id;
    expect(run.attempts).toBe(2);
    expectLiveWithin(run, await watching);
  });

  it('keeps answering on one query node while the other is killed, and the restarted one loads the live index', async () => {
    const [kept, killed] = nodes as [Node, Node];
    await killHard(killed.cli.child, killed.cli.exited);
    for (let i = 0; i < 5; i++) {
      const answer = await searchOn(kept, { query: 'second' });
      expect(answer?.snapshot).toBe(snapshot);
    }
    const restarted = await queryNode();
    nodes[1] = restarted;
    // It says it is ready once it loaded what is live: its first answer is of the live snapshot.
    const first = await searchOn(restarted, { query: 'second' });
    expect(first?.snapshot).toBe(snapshot);
    expect(productsOf(first).map((hit) => hit.entity)).toEqual(['product:p-second']);
  });

  it('publishes a synonyms switch that both query nodes apply within a second', async () => {
    for (const node of nodes) expect(productsOf(await searchOn(node, { query: 'cans' }))).toEqual([]);
    const files = {
      ...minimalRelease,
      'synonyms.json': { dictionaries: { en: { one_way: [{ from: 'cans', to: ['headphones'] }] } } },
    };
    const release = await (await manage('POST', '/releases', { files })).json();
    const watching = watch((answer) => productsOf(answer)[0]?.entity === 'product:p1', { query: 'cans' });
    const published = await (await manage('POST', `/releases/${release.id}/publish`)).json();
    const run = await succeeded(published.run.id);
    expect(run.report.course.way).toBe('switch');
    expectLiveWithin(run, await watching);
  });

  it('shows offers written on the control plane on both query nodes', async () => {
    const written = await manage('PUT', '/offers', [{ variant: 'p1', channel: 'default', price: 79 }]);
    expect(written.status).toBe(202);
    await watch((answer) => productsOf(answer)[0]?.fields.price === 79, { query: 'headphones' });
  });

  it('counts every search and event sent to either query node in insights', async () => {
    const sent = { searches: 0, clicks: 0 };
    for (const [n, node] of nodes.entries()) {
      for (let i = 0; i < 5; i++) {
        const pageView = `pv-${n}-${i}`;
        const response = await call(`${node.public}/v1/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': CHROME },
          body: JSON.stringify({ query: i % 2 ? 'headphones' : 'lantern', page_view: pageView }),
        });
        expect(response.status).toBe(200);
        const answer = await response.json();
        sent.searches += 1;
        const hits = productsOf(answer);
        // Clicks go to the other node than the one that answered: any node takes any event.
        const other = nodes[1 - n]!;
        const reported = await call(`${other.public}/v1/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': CHROME },
          body: JSON.stringify({
            page_view: pageView,
            events: hits.map((hit, position) => ({
              type: 'click',
              query_id: answer.query_id,
              entity: hit.entity,
              position: position + 1,
            })),
          }),
        });
        expect(reported.status).toBe(202);
        sent.clicks += hits.length;
      }
    }
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await waitFor(
      'insights to count every search and click',
      async () => {
        const insights = await (await manage('GET', `/insights?from=${yesterday}&to=${today}`)).json();
        const { searches, clicks } = insights.totals ?? {};
        if (searches > sent.searches || clicks > sent.clicks) {
          throw new Error(`Counted more than was sent: ${JSON.stringify(insights.totals)}`);
        }
        return searches === sent.searches && clicks === sent.clicks ? true : undefined;
      },
      60_000,
    );
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { createScratchSchema, type ScratchSchema } from '../../src/store/index.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { type RunningCli, runCli } from '../support/cli.js';
import { storeAndPublishRelease } from '../support/imports.js';
import { killHard, stoppedItself } from '../support/processes.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { waitFor } from '../support/wait.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
if (!postgresUrl)
  console.log('The database fault tests need PostgreSQL: AISLE_TEST_POSTGRES_URL is not set.');

/**
 * A real indexer (the built `aisle indexer`) reaches PostgreSQL through a proxy the test cuts,
 * while a query node and control plane in this process reach it directly and go on answering.
 * The lease is short (2 s), so the database stays away for longer than it.
 */
describe.skipIf(!postgresUrl)('the database failing under an indexer', () => {
  let schema: ScratchSchema;
  let proxy: TcpProxy;
  let dataDir: string;
  let stack: TestStack;
  let liveWord = 'first';
  const indexers: RunningCli[] = [];

  function indexer(stopAt?: string): RunningCli {
    const url = new URL(schema.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const cli = runCli(['indexer'], {
      DATABASE_URL: url.toString(),
      AISLE_DATA_DIR: dataDir,
      AISLE_INDEXER_POLL_MS: '50',
      AISLE_INDEXER_LEASE_MS: '2000',
      ...(stopAt ? { AISLE_FAULT_STOP_AT: stopAt } : {}),
    });
    indexers.push(cli);
    return cli;
  }

  async function upload(word: string): Promise<number> {
    const extra: CatalogEntity = { type: 'product', id: `p-${word}`, title: `Lantern ${word}`, price: 12 };
    const answer = await (await stack.manage('PUT', '/catalog', toJsonLines([...smallShop, extra]))).json();
    return answer.run.id;
  }

  async function found(word: string): Promise<string[]> {
    const response = await stack.search({ query: word });
    expect(response.status).toBe(200);
    return (await response.json()).sections[0].hits.map((hit: { entity: string }) => hit.entity);
  }

  async function goesLive(id: number, word: string, cli?: RunningCli) {
    const run = await waitFor(
      `run ${id} to go live`,
      async () => {
        const current = (await stack.deps.database.indexRuns.get(id))!;
        if (current.status === 'failed') throw new Error(`Run ${id} failed: ${current.error}`);
        return current.status === 'succeeded' ? current : undefined;
      },
      120_000,
    ).catch((error: Error) => {
      // What the indexer logged says why.
      const said = (cli?.errors() ?? '').split('\n').map((line) => /"msg":"[^"]*"/.exec(line)?.[0]);
      throw new Error(`${error.message}\n${said.filter(Boolean).join('\n')}`);
    });
    await waitFor(`searches to read the ${word} catalog`, async () =>
      (await stack.search({ query: word })).status === 200 && (await found(word)).length === 1
        ? true
        : undefined,
    );
    liveWord = word;
    return run;
  }

  beforeAll(async () => {
    schema = await createScratchSchema(postgresUrl!);
    const target = new URL(postgresUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    dataDir = await mkdtemp(join(tmpdir(), 'aisle-db-faults-'));
    stack = await startTestStack({
      roles: { indexer: false },
      env: { DATABASE_URL: schema.url, AISLE_DATA_DIR: dataDir },
    });
    await storeAndPublishRelease(stack, minimalRelease);
    const id = await upload('first');
    const cli = indexer();
    await goesLive(id, 'first');
    expect(await cli.stop()).toBe(0);
  });

  afterAll(async () => {
    await Promise.all(indexers.map((cli) => killHard(cli.child, cli.exited)));
    await stack?.close();
    await proxy?.close();
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('away from the middle of a build until its lease ran out: the run is built again once it is back', async () => {
    const id = await upload('amber');
    const cli = indexer('compiling');
    await stoppedItself(cli.child, 'the indexer to stop at compiling', 120_000);
    await proxy.cut();
    cli.child.kill('SIGCONT');
    // The build ends without the database: its lease is lost, or the run cannot be recorded.
    await waitFor('the indexer to let the run go', async () =>
      /the lease of an index run was lost|could not be recorded/.test(cli.errors()) ? true : undefined,
    );
    await waitFor('the lease to run out', async () => {
      const run = (await stack.deps.database.indexRuns.get(id))!;
      return new Date(run.leaseExpiresAt!).getTime() < Date.now() ? run : undefined;
    });
    // What was live is served all along; the run waits for its next attempt, not failed.
    expect(await found(liveWord)).toEqual([`product:p-${liveWord}`]);
    expect((await stack.deps.database.indexRuns.get(id))?.status).toBe('running');
    await proxy.restore();
    const run = await goesLive(id, 'amber', cli);
    expect(run.attempts).toBe(2);
    expect(await cli.stop()).toBe(0);
  }, 240_000);

  it('away as a built run is recorded: the run is not failed for it, and is built again once it is back', async () => {
    const id = await upload('cobalt');
    const cli = indexer('stored');
    await stoppedItself(cli.child, 'the indexer to stop once the artifact is stored', 120_000);
    await proxy.cut();
    cli.child.kill('SIGCONT');
    await waitFor('the indexer to fail to record the run', async () =>
      /could not be recorded/.test(cli.errors()) ? true : undefined,
    );
    expect(await found(liveWord)).toEqual([`product:p-${liveWord}`]);
    await proxy.restore();
    const run = await goesLive(id, 'cobalt', cli);
    expect(run.attempts).toBe(2);
    expect(run.error).toBeUndefined();
    expect(await cli.stop()).toBe(0);
  }, 240_000);
});

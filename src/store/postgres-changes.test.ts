import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../test/support/tcp-proxy.js';
import { waitFor } from '../../test/support/wait.js';
import { type Database, openDatabase } from './database.js';
import {
  type ChangeFeed,
  type ChangeListener,
  type PostgresChangesOptions,
  postgresChanges,
} from './postgres-changes.js';
import { createScratchSchema, openScratchDatabase, type ScratchSchema } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
const server = new URL(postgresUrl ?? 'postgres://localhost');
const at = (seconds: number) => new Date(Date.parse('2025-03-01T10:00:00Z') + seconds * 1000).toISOString();

/** What a listener heard, in order: `change`, `listening` and `lost`. */
function recorder(): ChangeListener & { heard: string[]; count(what: string): number } {
  const heard: string[] = [];
  return {
    heard,
    count: (what) => heard.filter((entry) => entry === what).length,
    onChange: () => heard.push('change'),
    onListening: (listening) => heard.push(listening ? 'listening' : 'lost'),
  };
}

describe.skipIf(!postgresUrl)('changes notified by PostgreSQL', () => {
  let schema: ScratchSchema;
  let db: Database;
  let other: Database;
  const subscriptions: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    schema = await createScratchSchema(postgresUrl!);
    db = await openDatabase({ url: schema.url, dataDir: tmpdir() });
    // Another aisle in the same database, in a schema of its own.
    other = await openScratchDatabase(postgresUrl);
  });
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
    await db.close();
    await schema.drop();
    await other.close();
  });

  /** Listens to the database's feed, or to a feed of its schema at another address. */
  async function listening(feed: ChangeFeed = db.changes!, heard = recorder()) {
    subscriptions.push(feed.listen(heard));
    await waitFor('listening', async () => (heard.count('listening') > 0 ? true : undefined));
    return heard;
  }

  /** The feed of the test's schema, reached through the proxy. */
  function throughProxy(proxy: TcpProxy, options: PostgresChangesOptions): ChangeFeed {
    const url = new URL(schema.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return postgresChanges(url.toString(), options);
  }

  /** A run of a new snapshot goes live: the live pointer moves. */
  async function goLive(database: Database, n: number): Promise<void> {
    await database.snapshots.put({
      id: `sn_${n}`,
      blob: 'a'.repeat(64),
      format: 'jsonl',
      bytes: 1,
      entities: 1,
      receivedAt: at(n),
    });
    await database.releases.create({ id: `rl_${n}`, files: {}, createdAt: at(n) });
    const run = await database.indexRuns.enqueue({
      trigger: { kind: 'catalog' },
      snapshotId: `sn_${n}`,
      releaseId: `rl_${n}`,
      at: at(n),
    });
    await database.indexRuns.claim({ owner: 'indexer-1', at: at(n), leaseMs: 60_000 });
    expect(
      await database.indexRuns.succeed(run.id, 'indexer-1', {
        at: at(n),
        artifact: 'f'.repeat(64),
        report: {},
      }),
    ).toBe('live');
  }

  it('tells a listener that the live pointer moved, that offers were written and that new suggestions were learnt', async () => {
    const heard = await listening();
    const heardElsewhere = await listening(other.changes!);

    await goLive(db, 1);
    await waitFor('the move to be heard', async () => (heard.count('change') === 1 ? true : undefined));

    await db.offers.write(
      0,
      [{ type: 'product', entity: 'p1', variant: 'p1', channel: 'web', fields: { price: 3 } }],
      at(2),
    );
    await waitFor('the offers to be heard', async () => (heard.count('change') === 2 ? true : undefined));

    await db.settings.set('suggestions.learnt', 'b'.repeat(64));
    await waitFor('the learnt suggestions to be heard', async () =>
      heard.count('change') === 3 ? true : undefined,
    );

    // Other settings are nothing a query node follows; another schema's changes are its own.
    await db.settings.set('search_log.rolled_up_at', at(3));
    await goLive(other, 1);
    await waitFor('the other schema to hear its own', async () =>
      heardElsewhere.count('change') === 1 ? true : undefined,
    );
    await db.settings.set('suggestions.learnt', 'c'.repeat(64));
    await waitFor('the next change', async () => (heard.count('change') === 4 ? true : undefined));
    expect(heard.heard).toEqual(['listening', 'change', 'change', 'change', 'change']);
  });

  it('tells nothing of a transaction that rolled back', async () => {
    const heard = await listening();
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`insert into settings (key, value) values ('suggestions.learnt', $1)`, [
        'd'.repeat(64),
      ]);
      await client.query('rollback');
    } finally {
      await client.end();
    }
    await db.settings.set('suggestions.learnt', 'e'.repeat(64));
    await waitFor('the committed change', async () => (heard.count('change') === 1 ? true : undefined));
    expect(heard.heard).toEqual(['listening', 'change']);
    expect(await db.settings.get('suggestions.learnt')).toBe('e'.repeat(64));
  });

  it('says when its connection is lost, connects again once the database is back, and hears changes again', async () => {
    const proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
    try {
      const heard = await listening(throughProxy(proxy, { retryMs: 50, maxRetryMs: 200 }));
      await proxy.cut();
      await waitFor('the loss to be said', async () => (heard.count('lost') === 1 ? true : undefined));
      await proxy.restore();
      await waitFor('listening again', async () => (heard.count('listening') === 2 ? true : undefined));
      await goLive(db, 2);
      await waitFor('a change heard on the new connection', async () =>
        heard.count('change') === 1 ? true : undefined,
      );
      expect(heard.heard).toEqual(['listening', 'lost', 'listening', 'change']);
    } finally {
      await proxy.close();
    }
  });

  it('takes a connection that stopped answering its heartbeat for lost, and connects again', async () => {
    const proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
    try {
      const heard = await listening(throughProxy(proxy, { retryMs: 50, heartbeatMs: 100 }));
      proxy.stall();
      await waitFor('the loss to be said', async () => (heard.count('lost') === 1 ? true : undefined));
      await waitFor('listening again', async () => (heard.count('listening') === 2 ? true : undefined));
      await goLive(db, 2);
      await waitFor('a change heard on the new connection', async () =>
        heard.count('change') === 1 ? true : undefined,
      );
    } finally {
      await proxy.close();
    }
  });
});

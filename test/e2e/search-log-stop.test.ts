import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newQueryId } from '../../src/lib/ids.js';
import { parseBanner, runCli } from '../support/cli.js';
import { waitFor } from '../support/wait.js';

/**
 * Nothing accepted is lost: storefronts post events at load while `aisle start` is stopped with
 * SIGTERM; every event answered 202 is in the search log afterwards.
 */

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'aisle-stop-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('writes every accepted event before a graceful stop ends the process', async () => {
  // Events are taken once something is searchable: the demo shop goes live before the banner.
  const cli = runCli(['start', '--demo'], {
    AISLE_PUBLIC_PORT: '0',
    AISLE_INTERNAL_PORT: '0',
    AISLE_MANAGEMENT_PORT: '0',
    AISLE_DATA_DIR: dataDir,
    SEARCH_MANAGEMENT_KEY: 'stop-test-management-key',
  });
  const urls = parseBanner(await cli.waitForOutput(/aisle is ready\./));
  const accepted = new Set<string>();
  let sent = 0;

  /** One storefront: batches of 100 views, each naming its own entity, until the server is gone. */
  const storefront = async (name: number) => {
    for (let batch = 0; ; batch++) {
      const entities = Array.from({ length: 100 }, (_, index) => `product:s${name}-b${batch}-e${index}`);
      const body = JSON.stringify({
        page_view: `pv-${name}`,
        events: entities.map((entity, index) => ({
          type: 'view',
          query_id: newQueryId(new Date()),
          entity,
          position: index + 1,
        })),
      });
      sent += entities.length;
      try {
        const response = await fetch(`${urls.public}/v1/events`, {
          method: 'POST',
          headers: { 'content-type': batch % 2 === 0 ? 'application/json' : 'text/plain' },
          body,
        });
        if (response.status === 202) for (const entity of entities) accepted.add(entity);
        else await response.arrayBuffer();
      } catch {
        // The server closed the connection: this batch was not accepted.
        return;
      }
    }
  };

  const storefronts = Array.from({ length: 8 }, (_, name) => storefront(name));
  await waitFor('events to flow', async () => (accepted.size >= 5_000 ? true : undefined));
  // Stop while the storefronts keep sending.
  cli.child.kill('SIGTERM');
  expect(await cli.exited).toBe(0);
  await Promise.all(storefronts);
  expect(sent).toBeGreaterThan(accepted.size);

  const sqlite = new BetterSqlite3(join(dataDir, 'aisle.sqlite'), { readonly: true });
  const logged = new Set(
    (sqlite.prepare('select entity from search_events').all() as { entity: string }[]).map(
      (row) => row.entity,
    ),
  );
  sqlite.close();
  const missing = [...accepted].filter((entity) => !logged.has(entity));
  expect(missing).toEqual([]);
  expect(cli.errors()).not.toContain('could not write');
}, 120_000);

/**
 * Relevance as a shop gets it: the built `aisle start` runs as its own process, the Icecat catalog
 * is sent as a shop would send it, and each judged query is a `POST /v1/search` over HTTP.
 *
 * - **catalog**: the products as JSON Lines with `PUT /api/v1/catalog`, then a release with no
 *   settings (`{"rules.json": {"rules": []}}`) published: everything aisle does is its defaults.
 * - **import**: the Icecat export itself (its records as one JSON array) through
 *   `POST /api/v1/imports`, the release files its inspection derives (of a sample: the first
 *   1,000 rows) written into the draft with `PATCH`, then published.
 *
 * Each query is sent with `redirect: false` (the results a storefront shows when it does not follow
 * a redirect) and `per_page` 10; the hits are the listed section's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { parseBanner, runCli } from '../test/support/cli.js';
import { waitFor } from '../test/support/wait.js';
import type { EngineRun } from './relevance.js';

const KEY = 'relevance-bench-management-key';
const AUTH = { authorization: `Bearer ${KEY}` };
const DEPTH = 10;

/** The run a publish queued, as its answer names it. */
interface PublishedRun {
  id: string;
  release: string;
  snapshot: string;
}

export interface RunningAisle {
  public: string;
  management: string;
  stop(): Promise<void>;
}

/** The built `aisle start` on free ports and a fresh data directory. */
export async function startAisle(): Promise<RunningAisle> {
  const dataDir = await mkdtemp(join(tmpdir(), 'aisle-relevance-'));
  const cli = runCli(['start'], {
    AISLE_PUBLIC_PORT: '0',
    AISLE_INTERNAL_PORT: '0',
    AISLE_MANAGEMENT_PORT: '0',
    AISLE_DATA_DIR: dataDir,
    AISLE_LIVE_POLL_MS: '100',
    AISLE_INDEXER_POLL_MS: '100',
    SEARCH_MANAGEMENT_KEY: KEY,
  });
  try {
    const urls = parseBanner(await cli.waitForOutput(/aisle is ready\./));
    if (!urls.public || !urls.management) throw new Error('aisle printed no URLs');
    return {
      public: urls.public,
      management: urls.management,
      async stop() {
        await cli.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cli.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function manage(
  aisle: RunningAisle,
  method: string,
  path: string,
  body?: string,
  contentType = 'application/json',
): Promise<unknown> {
  const response = await fetch(`${aisle.management}${path}`, {
    method,
    headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': contentType }) },
    ...(body === undefined ? {} : { body }),
  });
  const answer = (await response.json()) as unknown;
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Waits until the run is live and the query node answers with its release and snapshot. */
async function waitForRun(
  aisle: RunningAisle,
  run: { id: string; release: string; snapshot: string },
): Promise<void> {
  const runId = run.id;
  await waitFor(
    `index run ${runId} to go live`,
    async () => {
      const run = (await manage(aisle, 'GET', `/index-runs/${runId}`)) as {
        status: string;
        live: boolean;
        error?: unknown;
      };
      if (run.status === 'failed' || run.status === 'superseded')
        throw new Error(`index run ${runId} ${run.status}: ${JSON.stringify(run.error)}`);
      return run.live ? true : undefined;
    },
    900_000,
  );
  await waitFor(
    'the query node to serve it',
    async () => {
      const response = await fetch(`${aisle.public}/v1/search?query=x`);
      if (response.status !== 200) return undefined;
      const answer = (await response.json()) as { release: string; snapshot: string };
      return answer.release === run.release && answer.snapshot === run.snapshot ? true : undefined;
    },
    300_000,
  );
}

/** The catalog as JSON Lines with PUT /catalog, then a release without settings published. */
export async function publishCatalogWithEmptyRelease(aisle: RunningAisle, jsonLines: string): Promise<void> {
  await manage(aisle, 'PUT', '/catalog', jsonLines, 'application/x-ndjson');
  const release = (await manage(
    aisle,
    'POST',
    '/releases',
    JSON.stringify({ files: { 'rules.json': { rules: [] } } }),
  )) as { id: string };
  const published = (await manage(aisle, 'POST', `/releases/${release.id}/publish`)) as {
    run: PublishedRun;
  };
  await waitForRun(aisle, published.run);
}

/** An export through POST /imports, the inspection's derived files written into it, published. */
export async function publishImportWithDerivedFiles(
  aisle: RunningAisle,
  name: string,
  bytes: string,
): Promise<void> {
  const created = (await manage(
    aisle,
    'POST',
    `/imports?name=${encodeURIComponent(name)}`,
    bytes,
    'application/json',
  )) as { import: { id: number } };
  const id = created.import.id;
  // A sample's inspection: reading every row of a large export can outlast the query side's answer.
  const inspection = (await manage(aisle, 'GET', `/imports/${id}/inspection?sample=true`)) as {
    files: Array<{ name: string; content: unknown }>;
  };
  const files = Object.fromEntries(inspection.files.map((file) => [file.name, file.content]));
  const draft = (await manage(aisle, 'GET', `/imports/${id}`)) as { version: string };
  const patched = (await manage(
    aisle,
    'PATCH',
    `/imports/${id}`,
    JSON.stringify({ files, version: draft.version }),
  )) as { version: string };
  const published = (await manage(
    aisle,
    'POST',
    `/imports/${id}/publish`,
    JSON.stringify({ version: patched.version }),
  )) as { run: PublishedRun };
  await waitForRun(aisle, published.run);
}

interface SearchAnswer {
  listed: string;
  sections: Array<{ type: string; total: number; hits: Array<{ entity: string }> }>;
}

/** Most tries of one query that the node sheds while it is overloaded (503). */
const SHED_TRIES = 30;

/**
 * One search, sent again after the node's Retry-After while it sheds load (503): on a busy
 * machine the node may shed a query, which says nothing of relevance.
 */
async function searchOnce(aisle: RunningAisle, query: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${aisle.public}/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, redirect: false, per_page: DEPTH, traffic: 'bench' }),
    });
    if (response.status !== 503 || attempt === SHED_TRIES) return response;
    await response.arrayBuffer();
    const seconds = Number(response.headers.get('retry-after'));
    await setTimeout(1000 * (Number.isFinite(seconds) && seconds > 0 ? seconds : 1));
  }
}

/** Sends every query once and answers from what aisle said. */
export async function httpRun(
  aisle: RunningAisle,
  name: string,
  queries: Iterable<string>,
): Promise<EngineRun> {
  const answers = new Map<string, { ids: string[]; total: number }>();
  for (const query of queries) {
    const response = await searchOnce(aisle, query);
    if (!response.ok)
      throw new Error(`search "${query}" answered ${response.status}: ${await response.text()}`);
    const answer = (await response.json()) as SearchAnswer;
    const section = answer.sections.find((candidate) => candidate.type === answer.listed);
    answers.set(query, {
      ids: (section?.hits ?? []).map((hit) => hit.entity.slice(hit.entity.indexOf(':') + 1)),
      total: section?.total ?? 0,
    });
  }
  return {
    name,
    search: (query) => answers.get(query) ?? { ids: [], total: 0 },
  };
}

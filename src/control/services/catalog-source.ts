import type { CatalogSource, PutCatalogSourceBody } from '../../contracts/catalog-source.js';
import { rfc3339 } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { open, seal } from '../../lib/sealed-box.js';
import type { CatalogFetchRecord, CatalogSourceRecord } from '../../store/index.js';
import type { ControlDeps } from './deps.js';

/** What sealed credentials are bound to: they open for nothing else. */
export const CREDENTIALS_PURPOSE = 'aisle/catalog-source/credentials';

/** Failed fetches in a row after which the source needs attention. */
export const FAILURES_FOR_ATTENTION = 3;

export async function getCatalogSource(deps: ControlDeps): Promise<CatalogSource> {
  const source = await deps.database.catalogSource.get();
  if (!source) throw noSource();
  return sourceAnswer(deps, source);
}

/**
 * Sets the feed the catalog is fetched from, or changes it. A new URL or new credentials are
 * fetched at once (and the feed's validators forgotten); a new interval counts from the last fetch.
 */
export async function putCatalogSource(
  deps: ControlDeps,
  body: PutCatalogSourceBody,
): Promise<{ created: boolean; source: CatalogSource }> {
  const url = checkedUrl(body.url);
  const now = deps.clock.now();
  const before = await deps.database.catalogSource.get();
  const authentication =
    body.authentication === undefined
      ? before?.authentication
      : body.authentication === null
        ? undefined
        : body.authentication.kind === 'basic'
          ? {
              kind: 'basic' as const,
              name: body.authentication.username,
              sealedSecret: seal(deps.secretKey, CREDENTIALS_PURPOSE, body.authentication.password),
            }
          : {
              kind: 'header' as const,
              name: body.authentication.name,
              sealedSecret: seal(deps.secretKey, CREDENTIALS_PURPOSE, body.authentication.value),
            };
  const intervalMinutes = body.interval_minutes ?? 60;
  const renewed = !before || before.url !== url || body.authentication !== undefined;
  const [last] = await deps.database.catalogSource.fetches(1);
  const from = last ? Date.parse(last.startedAt) : now.getTime();
  const source: CatalogSourceRecord = {
    url,
    ...(authentication ? { authentication } : {}),
    intervalMinutes,
    onChange: body.on_change ?? 'publish',
    nextFetchAt: renewed ? rfc3339(now) : new Date(from + intervalMinutes * 60_000).toISOString(),
    ...(renewed
      ? { fetchRequestedAt: rfc3339(now) }
      : before.fetchRequestedAt
        ? { fetchRequestedAt: before.fetchRequestedAt }
        : {}),
    ...(!renewed && before.etag ? { etag: before.etag } : {}),
    ...(!renewed && before.lastModified ? { lastModified: before.lastModified } : {}),
    ...(before?.heldImport !== undefined ? { heldImport: before.heldImport } : {}),
    createdAt: before?.createdAt ?? rfc3339(now),
    updatedAt: rfc3339(now),
  };
  const { created } = await deps.database.catalogSource.put(source);
  if (renewed) deps.wakeScheduler();
  return { created, source: await getCatalogSource(deps) };
}

/** Removes the source; the imports its fetches made stay. */
export async function deleteCatalogSource(deps: ControlDeps): Promise<CatalogSource> {
  const source = await deps.database.catalogSource.get();
  if (!source) throw noSource();
  const answer = await sourceAnswer(deps, source);
  await deps.database.catalogSource.remove();
  return answer;
}

/** Asks for a fetch now: the scheduler starts it within seconds. */
export async function requestCatalogFetch(deps: ControlDeps): Promise<CatalogSource> {
  if (!(await deps.database.catalogSource.requestFetch(deps.clock.now()))) throw noSource();
  deps.wakeScheduler();
  return getCatalogSource(deps);
}

/** The header a fetch signs in with, opened from its sealed form. */
export function credentialsOf(
  deps: ControlDeps,
  source: CatalogSourceRecord,
): { header: string; value: string } | undefined {
  const auth = source.authentication;
  if (!auth) return undefined;
  const secret = open(deps.secretKey, CREDENTIALS_PURPOSE, auth.sealedSecret);
  if (auth.kind === 'header') return { header: auth.name, value: secret };
  return {
    header: 'authorization',
    value: `Basic ${Buffer.from(`${auth.name}:${secret}`).toString('base64')}`,
  };
}

async function sourceAnswer(deps: ControlDeps, source: CatalogSourceRecord): Promise<CatalogSource> {
  const fetches = await deps.database.catalogSource.fetches();
  const held = await heldImport(deps, source);
  const failing =
    fetches.length >= FAILURES_FOR_ATTENTION &&
    fetches.slice(0, FAILURES_FOR_ATTENTION).every((fetch) => fetch.outcome === 'failed');
  const auth = source.authentication;
  return {
    url: source.url,
    ...(auth
      ? {
          authentication:
            auth.kind === 'basic'
              ? { kind: 'basic', username: auth.name }
              : { kind: 'header', name: auth.name },
        }
      : {}),
    interval_minutes: source.intervalMinutes,
    on_change: source.onChange,
    next_fetch_at: source.fetchRequestedAt ?? source.nextFetchAt,
    ...(source.fetchRequestedAt ? { fetch_requested_at: source.fetchRequestedAt } : {}),
    ...(held !== undefined || failing ? { needs_attention: true } : {}),
    ...(held !== undefined ? { held_import: held } : {}),
    fetches: fetches.map(fetchAnswer),
    created_at: source.createdAt,
    updated_at: source.updatedAt,
  };
}

/** The held-back import while it still waits as a draft; published or discarded, it holds nothing back. */
async function heldImport(deps: ControlDeps, source: CatalogSourceRecord): Promise<number | undefined> {
  if (source.heldImport === undefined) return undefined;
  const record = await deps.database.imports.get(source.heldImport);
  const waiting = record && record.publishedAt === undefined && record.discardedAt === undefined;
  return waiting ? source.heldImport : undefined;
}

function fetchAnswer(fetch: CatalogFetchRecord): CatalogSource['fetches'][number] {
  return {
    started_at: fetch.startedAt,
    finished_at: fetch.finishedAt,
    outcome: fetch.outcome,
    reason: fetch.detail,
    url: fetch.url,
    ...(fetch.httpStatus !== undefined ? { http_status: fetch.httpStatus } : {}),
    ...(fetch.bytes !== undefined ? { bytes: fetch.bytes } : {}),
    ...(fetch.snapshotId !== undefined ? { snapshot: fetch.snapshotId } : {}),
    ...(fetch.importId !== undefined ? { import: fetch.importId } : {}),
    ...(fetch.runId !== undefined ? { run: fetch.runId } : {}),
  };
}

function checkedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidUrl('is no absolute URL: write it as https://host/path.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidUrl(`uses ${url.protocol.replace(/:$/, '')}: feeds are fetched over http or https.`);
  }
  if (url.username || url.password) {
    throw invalidUrl('holds a user or password: remove them and set `authentication` instead.');
  }
  return url.toString();
}

function invalidUrl(why: string): AppError {
  return new AppError('invalid_value', 'The catalog source cannot be set as sent.', [
    { pointer: '/url', message: `The URL ${why}` },
  ]);
}

function noSource(): AppError {
  return new AppError(
    'catalog_source_not_found',
    'There is no catalog source: set one with PUT /api/v1/catalog-source naming the feed’s URL.',
  );
}

import { AppError } from '../../lib/errors.js';
import { snapshotId } from '../../lib/ids.js';
import type { CatalogFetchRecord, CatalogSourceRecord, NewCatalogFetch } from '../../store/index.js';
import { type FeedAnswer, FeedFailure, fetchFeed } from '../feeds/fetch-feed.js';
import { credentialsOf } from './catalog-source.js';
import type { ControlDeps } from './deps.js';
import { createImport } from './imports.js';
import { publishImport } from './imports-publish.js';

type Ending = Omit<NewCatalogFetch, 'url' | 'startedAt' | 'finishedAt'>;

/**
 * Fetches the catalog source when it is due (asked for, or an interval after the last fetch
 * started), asking whether the feed changed since the last fetch. A changed feed becomes an
 * import that is published (trigger `fetch`) or waits as a draft, as the source says; one that
 * would remove half the live products or more waits as a draft to confirm. The same bytes again
 * queue nothing. Answers the fetch recorded, or undefined when none was due.
 */
export async function fetchCatalogSourceIfDue(deps: ControlDeps): Promise<CatalogFetchRecord | undefined> {
  const started = deps.clock.now();
  const source = await deps.database.catalogSource.takeDue(started);
  if (!source) return undefined;
  const record = (ending: Ending) =>
    deps.database.catalogSource.addFetch({
      url: source.url,
      startedAt: started,
      finishedAt: deps.clock.now(),
      ...ending,
    });
  let ending: Ending;
  try {
    ending = await fetchAndKeep(deps, source);
  } catch (error) {
    // The fetch was taken (its next one is an interval on): it is recorded as failed whatever
    // failed, and the failure itself goes on to the scheduler, which logs it.
    await record({
      outcome: 'failed',
      detail:
        'The feed was fetched but could not be kept: aisle failed while keeping it (the failure is logged).',
    }).catch(() => undefined);
    throw error;
  }
  return record(ending);
}

async function fetchAndKeep(deps: ControlDeps, source: CatalogSourceRecord): Promise<Ending> {
  let credentials: ReturnType<typeof credentialsOf>;
  try {
    credentials = credentialsOf(deps, source);
  } catch {
    return {
      outcome: 'failed',
      detail:
        'The kept credentials cannot be opened with this stack’s secret key (was AISLE_SECRET_KEY changed?): set them again with PUT /api/v1/catalog-source.',
    };
  }
  let answer: FeedAnswer;
  try {
    answer = await fetchFeed(
      {
        url: source.url,
        ...(credentials ? { credentials } : {}),
        ...(source.etag ? { etag: source.etag } : {}),
        ...(source.lastModified ? { lastModified: source.lastModified } : {}),
      },
      deps.feeds,
    );
  } catch (error) {
    if (!(error instanceof FeedFailure)) throw error;
    return {
      outcome: 'failed',
      detail: error.message,
      ...(error.status ? { httpStatus: error.status } : {}),
    };
  }
  if (answer.kind === 'not_modified') {
    return {
      outcome: 'unchanged',
      httpStatus: answer.status,
      detail:
        'The feed answered 304 Not Modified: it did not change since the last fetch, so nothing was queued.',
    };
  }
  // A feed that sends neither validator is asked without one next time: it always answers whole.
  await deps.database.catalogSource.settle({
    validators: {
      ...(answer.etag ? { etag: answer.etag } : {}),
      ...(answer.lastModified ? { lastModified: answer.lastModified } : {}),
    },
  });
  const id = snapshotId(answer.bytes);
  const fetched = { httpStatus: answer.status, bytes: answer.bytes.length, snapshotId: id };
  const last = (await deps.database.catalogSource.fetches()).find((fetch) => fetch.snapshotId !== undefined);
  if (last?.snapshotId === id) {
    return {
      outcome: 'unchanged',
      ...fetched,
      detail: `The feed sent the same bytes as the fetch of ${last.startedAt} (snapshot ${id}), so nothing was queued.`,
    };
  }
  return keepChanged(deps, source, answer.bytes, fetched);
}

async function keepChanged(
  deps: ControlDeps,
  source: CatalogSourceRecord,
  bytes: Buffer,
  fetched: Pick<Ending, 'httpStatus' | 'bytes' | 'snapshotId'>,
): Promise<Ending> {
  let importId: number;
  let version: string;
  // The bytes are staged as an upload is: kept by the import, or discarded when they hold no export.
  const staged = await deps.blobs.stage(
    (async function* () {
      yield bytes;
    })(),
  );
  try {
    const accepted = await createImport(deps, staged, fileNameOf(source.url));
    importId = accepted.import.id;
    version = accepted.import.version;
  } catch (error) {
    await staged.discard();
    if (!(error instanceof AppError)) throw error;
    return {
      outcome: 'failed',
      ...fetched,
      detail: `The feed changed but holds no catalog: ${error.detail}`,
    };
  }
  const path = `/api/v1/imports/${importId}`;
  if (source.onChange === 'draft') {
    return {
      outcome: 'drafted',
      ...fetched,
      importId,
      detail: `The feed changed: import ${importId} keeps it as a draft, as the source asks. See GET ${path}/changes and publish it with POST ${path}/publish.`,
    };
  }
  try {
    const published = await publishImport(deps, importId, { version }, { kind: 'fetch', import: importId });
    await deps.database.catalogSource.settle({ heldImport: null });
    return {
      outcome: 'published',
      ...fetched,
      importId,
      runId: published.run.id,
      detail: `The feed changed: import ${importId} was published and index run ${published.run.id} queued.`,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const removes = error.extensions?.removes;
    if (error.code === 'removal_needs_confirmation' && typeof removes === 'number') {
      await deps.database.catalogSource.settle({ heldImport: importId });
      return {
        outcome: 'held',
        ...fetched,
        importId,
        detail: `The feed changed, but import ${importId} would remove ${removes} of the ${String(error.extensions?.live_products)} live products, half or more: it waits as a draft. Confirm with POST ${path}/publish sending "removing": ${removes}, or discard it.`,
      };
    }
    return {
      outcome: 'failed',
      ...fetched,
      importId,
      detail: `The feed changed and waits as draft import ${importId}, which could not be published: ${error.detail}`,
    };
  }
}

/** A file name for the import, from the URL's last path segment. */
function fileNameOf(url: string): string | undefined {
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  return last ? decodeURIComponent(last).slice(0, 255) : undefined;
}

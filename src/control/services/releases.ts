import type { PublishAccepted, Release } from '../../contracts/management.js';
import { rfc3339 } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/paging.js';
import { indexRunAnswer, releaseAnswer } from '../records.js';
import type { ControlDeps } from './deps.js';
import { queuedSentence } from './sentences.js';

/**
 * Stores a release: the query side checks it (the names it gives the live catalog included) and
 * names it by content; storing queues nothing. `created` is false when the same files were stored
 * before.
 */
export async function storeRelease(
  deps: ControlDeps,
  files: Record<string, unknown>,
): Promise<{ created: boolean; release: Release }> {
  const check = await checkedAgainstLive(deps, files);
  const { created, release } = await deps.database.releases.create({
    id: check.release.id,
    files: check.release.files,
    createdAt: rfc3339(deps.clock.now()),
  });
  const published = await deps.database.releases.published();
  return { created, release: releaseAnswer(release, published?.release.id) };
}

export async function listReleases(deps: ControlDeps, page: PageRequest) {
  const [{ items, total }, published] = await Promise.all([
    deps.database.releases.list(page),
    deps.database.releases.published(),
  ]);
  return {
    total,
    items: items.map((release) => ({
      id: release.id,
      file_names: Object.keys(release.files).sort(),
      created_at: release.createdAt,
      ...(release.id === published?.release.id ? { published: true } : {}),
    })),
  };
}

export async function getRelease(deps: ControlDeps, id: string): Promise<Release> {
  const release = await deps.database.releases.get(id);
  if (!release) throw unknownRelease(id);
  const published = await deps.database.releases.published();
  return releaseAnswer(release, published?.release.id);
}

/**
 * Publishes a release, or an earlier one again to roll back. It must name nothing the live
 * catalog lacks (a catalog that changed later only warns, in its index run). With a catalog kept,
 * an index run is queued; without one, `next` says the catalog is missing.
 */
export async function publishRelease(deps: ControlDeps, id: string): Promise<PublishAccepted> {
  const release = await deps.database.releases.get(id);
  if (!release) throw unknownRelease(id);
  await checkedAgainstLive(deps, release.files);
  const now = rfc3339(deps.clock.now());
  const [live, before] = await Promise.all([
    deps.database.live.get(),
    deps.database.indexRuns.lastSucceededWith(id),
  ]);
  const rollback = before !== undefined && live !== undefined && live.releaseId !== id;
  await deps.database.releases.publish(id, now);
  const catalog = await deps.database.snapshots.currentCatalog();
  if (!catalog) {
    return {
      release: id,
      next: `Release ${id} is published. No catalog is kept yet: upload one with PUT /api/v1/catalog to build the first index.`,
    };
  }
  const rolledBack = rollback
    ? `It rolls back to this release, live before in index run ${before.id}.`
    : undefined;
  const run = await deps.database.indexRuns.enqueue({
    trigger: { kind: 'release', ...(rolledBack ? { detail: rolledBack } : {}) },
    snapshotId: catalog.id,
    releaseId: id,
    at: now,
  });
  deps.runQueued();
  const next = await queuedSentence(deps, run, release.files);
  return {
    release: id,
    run: indexRunAnswer(run, live?.runId),
    next: `Release ${id} is published${rolledBack ? ' again, rolling back to it' : ''}. ${next}`,
  };
}

/** The release checked by the query side, the names it gives the live catalog included; 422 with the violations. */
async function checkedAgainstLive(deps: ControlDeps, files: Record<string, unknown>) {
  const check = await deps.querySide.validateRelease(files, { catalogNames: true });
  if (!check.ok) {
    throw new AppError(
      'release_violations',
      'The release has violations: correct each file at the pointer named.',
      check.violations,
    );
  }
  return check;
}

function unknownRelease(id: string): AppError {
  return new AppError(
    'release_not_found',
    `There is no release ${id}: list the stored ones with GET /api/v1/releases.`,
  );
}

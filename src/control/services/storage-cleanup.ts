import type { ControlDeps } from './deps.js';
import { keptCatalogs } from './storage.js';

export interface StorageCleanUp {
  /** Runs whose artifact was removed. */
  artifacts: number[];
  /** Catalog snapshots whose bytes were removed. */
  catalogs: string[];
  /** Generations of offers no run applies any more. */
  offers: number;
}

/**
 * The catalogs a rollback or a waiting run needs, which no clean-up removes: the live one, the
 * current one, those queued or running runs read, and the most recent earlier ones the storage
 * setting keeps.
 */
export async function neededCatalogs(deps: ControlDeps): Promise<Set<string>> {
  const [live, current, unfinished, built, kept] = await Promise.all([
    deps.database.live.get(),
    deps.database.snapshots.currentCatalog(),
    deps.database.indexRuns.unfinished(),
    deps.database.indexRuns.catalogsBuilt(),
    keptCatalogs(deps),
  ]);
  const needed = new Set<string>([
    ...(live ? [live.snapshotId] : []),
    ...(current ? [current.id] : []),
    ...unfinished.map((run) => run.snapshotId),
  ]);
  const earlier = built.filter((id) => !needed.has(id)).slice(0, kept);
  for (const id of earlier) needed.add(id);
  return needed;
}

/**
 * Removes what nothing needs any more: the artifacts of replaced runs (a run's artifact serves
 * only while it is live; a waiting run of the same catalog and release may find the same bytes),
 * the bytes of catalogs beyond the ones kept (an import still keeping them as its export leaves
 * them to the clean-up of exports), and offers of catalogs no run applies.
 */
export async function cleanUpStorage(deps: ControlDeps): Promise<StorageCleanUp> {
  const { database, blobs } = deps;
  const live = await database.live.get();
  const result: StorageCleanUp = { artifacts: [], catalogs: [], offers: 0 };

  for (const run of await database.indexRuns.withArtifacts()) {
    const artifact = run.artifact!;
    if (artifact === live?.artifact || run.id === live?.runId) continue;
    if (await database.indexRuns.unfinishedBuilds(run.snapshotId, run.releaseId)) continue;
    await blobs.delete(artifact);
    await database.indexRuns.dropArtifact(run.id);
    result.artifacts.push(run.id);
  }

  const needed = await neededCatalogs(deps);
  for (const id of await database.indexRuns.catalogsBuilt()) {
    if (needed.has(id)) continue;
    const imports = await database.imports.withSnapshot(id);
    if (imports.some((record) => record.exportRemovedAt === undefined)) continue;
    const snapshot = await database.snapshots.get(id);
    if (!snapshot || !(await blobs.has(snapshot.blob))) continue;
    await blobs.delete(snapshot.blob);
    result.catalogs.push(id);
  }

  const generations = [
    ...(await database.indexRuns.unfinished()).map((run) => run.catalogGeneration),
    ...(live ? [(await database.indexRuns.get(live.runId))?.catalogGeneration ?? 0] : []),
  ];
  if (generations.length > 0) result.offers = await database.offers.removeBefore(Math.min(...generations));
  return result;
}

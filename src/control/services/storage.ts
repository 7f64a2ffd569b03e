import { DEFAULT_KEPT_CATALOGS, type PatchStorageBody, type Storage } from '../../contracts/storage.js';
import type { ControlDeps } from './deps.js';

const KEPT_CATALOGS = 'storage.kept_catalogs';

/** How many earlier catalogs the clean-up keeps. */
export async function keptCatalogs(deps: ControlDeps): Promise<number> {
  const text = await deps.database.settings.get(KEPT_CATALOGS);
  return text === undefined ? DEFAULT_KEPT_CATALOGS : Number(text);
}

/**
 * What storage keeps and the disk each part takes: blobs counted once by key (content-named
 * bytes may serve several snapshots or runs), only those still in the blob store.
 */
export async function storageReport(deps: ControlDeps): Promise<Storage> {
  const [kept, snapshots, runs, catalogs, live, offers, searchLog, database] = await Promise.all([
    keptCatalogs(deps),
    deps.database.snapshots.all(),
    deps.database.indexRuns.withArtifacts(),
    deps.database.indexRuns.catalogsBuilt(),
    deps.database.live.get(),
    deps.database.offers.size(),
    deps.database.searchLog.size(),
    deps.database.sizeBytes(),
  ]);
  const current = await deps.database.snapshots.currentCatalog();
  const catalogIds = new Set([...catalogs, ...(current ? [current.id] : [])]);
  const counted = new Set<string>();
  const part = async (keys: string[]) => {
    let count = 0;
    let bytes = 0;
    for (const key of keys) {
      if (counted.has(key)) continue;
      counted.add(key);
      const size = await deps.blobs.size(key);
      if (size === undefined) continue;
      count++;
      bytes += size;
    }
    return { count, bytes };
  };
  const catalogsPart = await part(snapshots.filter((s) => catalogIds.has(s.id)).map((s) => s.blob));
  const exportsPart = await part(snapshots.filter((s) => !catalogIds.has(s.id)).map((s) => s.blob));
  const artifactsPart = await part([...(live ? [live.artifact] : []), ...runs.map((run) => run.artifact!)]);
  const offersPart = { count: offers.rows, bytes: offers.bytes };
  const logged = searchLog.searches > 0 ? { count: searchLog.searches, bytes: searchLog.bytes } : undefined;
  return {
    kept_catalogs: kept,
    // The offers and the search log live in the database: its file counts them on SQLite.
    bytes:
      catalogsPart.bytes +
      exportsPart.bytes +
      artifactsPart.bytes +
      (database ?? offersPart.bytes + (logged?.bytes ?? 0)),
    catalogs: catalogsPart,
    exports: exportsPart,
    artifacts: artifactsPart,
    offers: offersPart,
    ...(logged ? { search_log: logged } : {}),
    ...(database !== undefined ? { database: { bytes: database } } : {}),
  };
}

/** Changes how many earlier catalogs are kept; the clean-up runs within seconds. */
export async function changeStorage(deps: ControlDeps, body: PatchStorageBody): Promise<Storage> {
  await deps.database.settings.set(KEPT_CATALOGS, String(body.kept_catalogs));
  deps.wakeScheduler();
  return storageReport(deps);
}

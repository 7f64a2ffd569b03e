import { DEMO_SHOP, generateCatalog } from '../catalog/demo/index.js';
import { demoReleaseFilesAt } from '../catalog/demo/release.js';
import { uploadCatalog } from '../control/services/catalog.js';
import type { ControlDeps } from '../control/services/deps.js';
import { publishRelease, storeRelease } from '../control/services/releases.js';

/** A data dir is new when it keeps no catalog and no release yet. */
export async function isFreshStore(deps: ControlDeps): Promise<boolean> {
  const [snapshots, releases] = await Promise.all([
    deps.database.snapshots.count(),
    deps.database.releases.list({ page: 1, perPage: 1 }),
  ]);
  return snapshots === 0 && releases.total === 0;
}

/**
 * Loads the demo shop through the same use cases a shop's scripts reach over the management API:
 * the catalog upload, then the release stored and published, which queues the first index run.
 * Its sales and its seasonal sale are dated from the day it is loaded, so they run when it is tried.
 * The release files name their JSON Schemas at `schemas`, where this stack's management API serves them.
 */
export async function loadDemoShop(
  deps: ControlDeps,
  schemas: string,
): Promise<{ runId: number | undefined }> {
  const today = deps.clock.now();
  const lines: string[] = [];
  for (const entity of generateCatalog({ ...DEMO_SHOP, today })) lines.push(JSON.stringify(entity));
  const upload = await deps.blobs.stage(
    (async function* () {
      yield Buffer.from(`${lines.join('\n')}\n`);
    })(),
  );
  try {
    await uploadCatalog(deps, upload);
  } finally {
    await upload.discard();
  }
  const { release } = await storeRelease(deps, demoReleaseFilesAt(schemas, today));
  const published = await publishRelease(deps, release.id);
  return { runId: published.run?.id };
}

import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../catalog/demo/index.js';
import { demoReleaseFiles } from '../../catalog/demo/release.js';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { loadIndex } from '../../engine/index.js';
import { missingCatalogNames, vocabularyOf } from '../../planner/index.js';
import { compileReleaseIndex } from './release-index.js';

const demoCatalog = [...generateCatalog({ products: 3000, seed: 1 })];

/** The names the demo release gives a catalog that it does not hold. */
async function missing(entities: CatalogEntity[], files: Record<string, unknown> = demoReleaseFiles) {
  const index = loadIndex(await compileReleaseIndex(entities, files));
  return missingCatalogNames(files, vocabularyOf(index), index);
}

describe('names a release gives the catalog', () => {
  it('are all held by the catalog the demo release was written for', async () => {
    expect(await missing(demoCatalog)).toEqual([]);
  });

  it('are listed with file and pointer when a feed dropped them, and the index still builds', async () => {
    const isSoundbar = (entity: CatalogEntity) =>
      (entity.type === 'category' && entity.id === 'soundbars') ||
      (entity.categories ?? []).some((link) => (typeof link === 'string' ? link : link.id) === 'soundbars');
    const gone = new Set(['product:P100137', 'product:P100233', 'brand:sonora']);
    const reduced = demoCatalog.filter(
      (entity) => !isSoundbar(entity) && !gone.has(`${entity.type}:${entity.id}`),
    );
    const found = await missing(reduced);
    expect(found.map(({ file, pointer }) => `${file} ${pointer}`)).toEqual([
      expect.stringMatching(/^categories\.json \/nodes\/\d+\/category$/),
      expect.stringMatching(/^categories\.json \/nodes\/\d+\/where\/category\/is$/),
      expect.stringMatching(/^rules\.json \/rules\/3\/then\/hide\/0\/entities\/0$/),
      expect.stringMatching(/^rules\.json \/rules\/5\/then\/pin\/0\/entity$/),
      'routes.json /legacy/3/to',
      'routes.json /legacy/4/to',
    ]);
    expect(found[1]!.message).toBe(
      '"soundbars" is no category of the catalog, so this matches nothing: name a category the catalog holds, or remove it.',
    );
    expect(found[4]!.message).toContain('The catalog holds no "brand:sonora"');
    expect(found[5]!.message).toContain('The catalog holds no "product:P100137"');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExport } from '../../src/catalog/read-export.js';
import { readerFiles } from '../../src/catalog/reader-files.js';
import { derivedRelease } from '../../src/catalog/testing/checks.js';
import { CATALOGS, throughWindows1252, WHOLE_EXPORTS } from '../../src/catalog/testing/exports.js';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import {
  FIXTURES,
  PLATFORMS,
  productsFor,
  type ShopProduct,
  shopProducts,
} from '../support/platform-exports.js';

describe('platform exports read again with the feed.json and attributes.json their inspection derives', () => {
  for (const platform of PLATFORMS) {
    it(`${platform.name} gives the same entities`, async () => {
      const bytes = readFileSync(join(FIXTURES, platform.folder, platform.file));
      const first = await readExport(bytes, { fileName: platform.file });
      const again = await readExport(bytes, {
        fileName: platform.file,
        ...readerFiles(derivedRelease(first)),
      });
      expect(again.entities).toEqual(first.entities);
      expect(again.rejected.map((group) => [group.cause, group.rows])).toEqual(
        first.rejected.map((group) => [group.cause, group.rows]),
      );
    });
  }
});

/**
 * The mapping rules were chosen on the committed fixtures (test/data/exports). Here the same
 * layouts are written from products of ../shared/data that no fixture holds and nobody looked at
 * while choosing them, several slices per platform, and every listed product must come back whole.
 */
describe.skipIf(!WHOLE_EXPORTS)(
  `platform exports of unseen products${WHOLE_EXPORTS ? '' : ' (skipped: ../shared/data is absent)'}`,
  () => {
    const fashion = WHOLE_EXPORTS
      ? JSON.parse(readFileSync(join(CATALOGS, 'mrporter-fashion', 'data.json'), 'utf8'))
      : [];
    const electronics = WHOLE_EXPORTS
      ? JSON.parse(readFileSync(join(CATALOGS, 'bestbuy', 'ecommerce.json'), 'utf8'))
      : [];
    // Past the committed samples (60 and 48 products), in slices spread over the files.
    const slices = [0, 1, 2].map((slice) =>
      shopProducts(
        fashion.slice(400 + slice * 600, 440 + slice * 600),
        electronics.slice(500 + slice * 900, 530 + slice * 900),
      ),
    );

    for (const platform of PLATFORMS) {
      it(platform.name, async () => {
        for (const [slice, all] of slices.entries()) {
          // Windows-1252 (PrestaShop's encoding) lacks some letters: those titles come back with "?".
          const written = productsFor(platform, all);
          const products =
            platform.name === 'PrestaShop'
              ? written.map((product) => ({ ...product, title: throughWindows1252(product.title) }))
              : written;
          const listed = products.filter((product) => product.state === 'listed');
          const read = await readExport(platform.write(written), { fileName: platform.file });
          const label = `${platform.name}, slice ${slice + 1}`;
          const variants =
            platform.name === 'PrestaShop'
              ? 0
              : listed.reduce((sum, product) => sum + product.sizes.length, 0);
          expect(read.counts, label).toMatchObject({ products: listed.length, variants });
          const indexed = (read.entities as CatalogEntity[]).filter((entity) => entity.type === 'product');
          for (const product of indexed) expectFrom(label, product, listed);
        }
      });
    }
  },
);

/** A product as indexed matches a listed product of the same title: brand and prices. */
function expectFrom(label: string, product: CatalogEntity, listed: ShopProduct[]): void {
  const sources = listed.filter((source) => source.title === product.title);
  expect(sources.length, `${label}: "${String(product.title)}" is listed`).toBeGreaterThan(0);
  const offers = product.variants && product.variants.length > 0 ? product.variants : [product];
  const matches = sources.some(
    (source) =>
      source.brand === product.brand &&
      offers.every((offer) => offer.price === source.price && offer.sale_price === source.salePrice),
  );
  expect(matches, `${label}: "${String(product.title)}" keeps its brand and prices`).toBe(true);
}

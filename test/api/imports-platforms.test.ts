import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slug } from '../../src/catalog/mapping/names.js';
import { minimalRelease } from '../support/catalog.js';
import type { Answer } from '../support/http.js';
import { publish, searchesRead, sendExport, settled, storeAndPublishRelease } from '../support/imports.js';
import {
  FIXTURES,
  fixtureProducts,
  magentoMedia,
  PLATFORMS,
  type Platform,
  productsFor,
  type ShopProduct,
} from '../support/platform-exports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/** Platforms whose standard export writes a product's variants (PrestaShop's are a file of their own). */
const VARIANTS: Record<string, boolean> = { PrestaShop: false };
/** Platforms whose standard export names categories by ids only. */
const NO_CATEGORY_NAMES = new Set(['Shopware 6']);
/** Platforms whose export names no choice for its variants (Shopware's option ids name none). */
const NO_CHOICES = new Set(['Shopware 6']);

function expectedImage(platform: Platform, product: ShopProduct): string {
  return platform.name === 'Magento 2' ? `/media/catalog/product${magentoMedia(product)}` : product.image;
}

/** What the index receives for a product, checked against the product the export was written from. */
function expectProduct(platform: Platform, indexed: Answer, source: ShopProduct): void {
  const label = `${platform.name}: ${source.title}`;
  expect(indexed.title, label).toBe(source.title);
  expect(indexed.brand, label).toBe(source.brand);
  expect(indexed.image, label).toBe(expectedImage(platform, source));
  if (!NO_CATEGORY_NAMES.has(platform.name)) {
    const leaf =
      platform.name === 'PrestaShop'
        ? slug(source.categories.at(-1)!)
        : source.categories.map(slug).join('-');
    expect(indexed.categories, label).toContain(leaf);
  }
  const hasVariants = VARIANTS[platform.name] !== false && source.sizes.length > 0;
  const offers: Answer[] = hasVariants ? indexed.variants : [indexed];
  expect(offers, label).toHaveLength(hasVariants ? source.sizes.length : 1);
  for (const offer of offers) {
    expect(offer.price, label).toBe(source.price);
    expect(offer.sale_price, label).toBe(source.salePrice);
  }
  if (hasVariants && !NO_CHOICES.has(platform.name)) {
    expect(indexed.varies_by, label).toEqual(['size']);
    expect(offers.map((offer) => offer.attributes.size).sort(), label).toEqual([...source.sizes].sort());
  }
}

describe('standard exports of shop platforms: imported, inspected, published and searched over HTTP', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
  });
  afterAll(() => stack?.close());

  PLATFORMS.forEach((platform, index) => {
    it(platform.name, async () => {
      const products = productsFor(platform, fixtureProducts(index));
      const listed = products.filter((product) => product.state === 'listed');
      const unlisted = products.filter((product) => product.state !== 'listed');
      const bytes = readFileSync(join(FIXTURES, platform.folder, platform.file));
      const draft = await sendExport(stack, bytes, platform.file, platform.contentType);

      const inspection: Answer = await (await stack.manage('GET', `/imports/${draft.id}/inspection`)).json();
      const variants =
        VARIANTS[platform.name] === false
          ? 0
          : listed.reduce((sum, product) => sum + product.sizes.length, 0);
      expect(inspection.counts).toMatchObject({ products: listed.length, variants });
      expect(inspection.products.length).toBeGreaterThan(0);
      for (const { indexed } of inspection.products) {
        const source = listed.find((product) => product.title === indexed.title);
        expect(source, `${platform.name} lists "${indexed.title}"`).toBeDefined();
        expectProduct(platform, indexed, source!);
      }
      if (unlisted.length > 0) {
        const causes = inspection.rejected.map((group: { cause: string }) => group.cause).join(' ');
        expect(causes).toMatch(/not for sale|hides the row/);
      }

      const { run } = await publish(stack, draft.id, { removing: 1_000_000 });
      const live = await settled(stack, draft.id);
      expect(live.status, JSON.stringify(live.run)).toBe('live');
      await searchesRead(stack, run.id);
      const titlesFound = async (query: string): Promise<string[]> => {
        const answer = await (await stack.search({ query })).json();
        const section = answer.sections.find((each: { type: string }) => each.type === 'product');
        return (section?.hits ?? []).map((hit: { fields: { title?: unknown } }) =>
          String(hit.fields.title ?? ''),
        );
      };
      const shown = listed[0]!;
      expect(await titlesFound(shown.title)).toContain(shown.title);
      for (const product of unlisted) expect(await titlesFound(product.title)).not.toContain(product.title);
    });
  });
});

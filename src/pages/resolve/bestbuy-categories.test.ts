import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pagesLiveState } from '../../../test/support/storefront-shop.js';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { PACKAGE_ROOT } from '../../lib/package-root.js';
import { decidePage } from './decide.js';

const FILE = join(
  PACKAGE_ROOT,
  '..',
  'shared',
  'data',
  'catalogs',
  'bestbuy-categories',
  'categories.json.gz',
);
const present = existsSync(FILE);
if (!present) console.log(`Skipped the Best Buy category tree: ${FILE} is absent.`);

interface BestBuyCategory {
  id: string;
  /** A few categories of the taxonomy have no name. */
  name: string | null;
  path: Array<{ id: string; name: string | null }>;
}

function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'category'
  );
}

/** Best Buy's taxonomy as catalog categories: a path per category from its names, made unique. */
function categoriesOf(records: BestBuyCategory[]): CatalogEntity[] {
  const taken = new Set<string>();
  return records.map((record) => {
    let path = `/c/${record.path.map((step) => slug(step.name ?? step.id)).join('/')}`;
    if (taken.has(path)) path = `${path}-${record.id.toLowerCase()}`;
    taken.add(path);
    const parent = record.path.at(-2)?.id;
    return {
      type: 'category',
      id: record.id,
      title: record.name ?? record.id,
      path,
      ...(parent !== undefined ? { parent } : {}),
    };
  });
}

describe.skipIf(!present)('the real Best Buy category tree', () => {
  it('resolves every category path to its category page', async () => {
    const records = JSON.parse(gunzipSync(readFileSync(FILE)).toString('utf8')) as BestBuyCategory[];
    expect(records).toHaveLength(4584);
    expect(Math.max(...records.map((record) => record.path.length))).toBe(6);
    const categories = categoriesOf(records);
    const products: CatalogEntity[] = categories.slice(0, 500).map((category, at) => ({
      type: 'product',
      id: `p${at}`,
      title: `Product ${at}`,
      categories: [category.id],
      price: 10 + at,
      currency: 'EUR',
    }));
    const live = await pagesLiveState(
      { 'channels.json': { channels: [{ id: 'web', locales: ['en'], currency: 'EUR' }] } },
      [...categories, ...products],
    );
    const place = live.storefront.place(undefined, undefined);
    const missed: string[] = [];
    for (const category of categories) {
      const page = decidePage(live.storefront, category.path as string, place);
      if (page.kind !== 'category_page' || page.entity !== `category:${category.id}`)
        missed.push(category.id);
    }
    expect(missed).toEqual([]);
    // The deepest categories lead to their page through the whole path, breadcrumbs and all.
    const deepest = records.find((record) => record.path.length === 6)!;
    const page = decidePage(
      live.storefront,
      categoriesOf(records).find((one) => one.id === deepest.id)!.path as string,
      place,
    );
    expect(page).toMatchObject({
      kind: 'category_page',
      robots: 'index, follow',
      title: deepest.name ?? deepest.id,
    });
  });
});

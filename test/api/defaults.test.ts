import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { toJsonLines } from '../support/catalog.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * A shop that configured nothing: its catalog uploaded as JSON Lines, a release without settings
 * published, searched over HTTP. Attributes are not declared anywhere.
 */
const catalog: CatalogEntity[] = [
  {
    type: 'product',
    id: 'bag',
    title: 'Carrying case for notebooks up to 15"',
    brand: 'Lenovo',
    attributes: { ean: '0887770123456', colour_name: 'Graphite' },
  },
  {
    type: 'product',
    id: 'sleeve',
    title: 'Lenovo sleeve',
    brand: 'Lenovo',
    attributes: { ean: '0887770123457' },
  },
  {
    type: 'product',
    id: 'thinkpad',
    title: 'Lenovo ThinkPad T14 Notebook 35.6 cm (14") Intel Core i5',
    brand: 'Lenovo',
    description: 'A Lenovo business notebook: the Lenovo ThinkPad line.',
    attributes: { ean: '0195477123458', mpn: '20W0004MGE', colour_name: 'Black' },
  },
  {
    type: 'product',
    id: 'television',
    title: 'LG OLED television 55"',
    brand: 'LG',
    attributes: { ean: '8806091153807', panel: 'OLED evo with self-lit pixels' },
  },
  {
    type: 'product',
    id: 'mouse',
    title: 'Logitech wireless mouse',
    brand: 'Logitech',
    attributes: { ean: '5099206123459' },
  },
  {
    type: 'product',
    id: 'mouse-pad',
    title: 'Mouse pad',
    brand: 'Fellowes',
    // The shop says what the pad goes with, as shops do: no list of accessory nouns is needed.
    attributes: { suitable_for: 'Mouse' },
  },
];

let stack: TestStack;

interface Answer {
  query: { typed: string; searched: string };
  sections: Array<{ type: string; total: number; hits: Array<{ entity: string }> }>;
}

async function search(query: string): Promise<{ ids: string[]; total: number; answer: Answer }> {
  const response = await stack.search({ query, redirect: false });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Answer;
  const products = answer.sections.find((section) => section.type === 'product')!;
  return { ids: products.hits.map((hit) => hit.entity), total: products.total, answer };
}

beforeAll(async () => {
  stack = await startTestStack();
  await stack.manage('PUT', '/catalog', toJsonLines(catalog));
  const release = await (
    await stack.manage('POST', '/releases', { files: { 'rules.json': { rules: [] } } })
  ).json();
  await stack.manage('POST', `/releases/${release.id}/publish`);
  await waitFor('the catalog to be searchable', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
});
afterAll(async () => {
  await stack.close();
});

describe('a release without settings', () => {
  it('searches the words of attributes it does not declare, below the title', async () => {
    expect((await search('graphite')).ids).toEqual(['product:bag']);
    expect((await search('self-lit pixels')).ids).toEqual(['product:television']);
  });

  it('finds an EAN or a part number exactly, not by a piece of it', async () => {
    expect((await search('0195477123458')).ids).toEqual(['product:thinkpad']);
    expect((await search('20W0004MGE')).ids).toEqual(['product:thinkpad']);
    // Identifiers are one term each: a shorter code is no match.
    expect((await search('019547712345')).total).toBe(0);
  });

  it('stems English words and knows common shopping vocabulary', async () => {
    expect((await search('thinkpads')).ids).toEqual(['product:thinkpad']);
    expect((await search('laptop')).ids[0]).toBe('product:thinkpad');
    expect((await search('tv')).ids).toEqual(['product:television']);
  });

  it('ranks a brand-only query by relevance to the words, not in catalog order', async () => {
    const { ids, total } = await search('lenovo');
    expect(total).toBe(3);
    // The case, first in the catalog, names Lenovo only as its brand; the others in their titles too.
    expect(ids).toHaveLength(3);
    expect(ids[2]).toBe('product:bag');
  });

  it('ranks a product above an accessory that names it, and the accessory first by its own noun', async () => {
    // The pad's title is the shorter: by word counts alone it would come first. Its own
    // `suitable_for` says that its "mouse" names what it goes with, not what it is.
    expect((await search('mouse')).ids).toEqual(['product:mouse', 'product:mouse-pad']);
    expect((await search('mouse pad')).ids[0]).toBe('product:mouse-pad');
  });

  it('answers the best partial matches when no product holds every word', async () => {
    // Each word is in the catalog, but no product holds them all.
    const { ids } = await search('logitech mouse oled');
    expect(ids.length).toBeGreaterThan(0);
  });
});

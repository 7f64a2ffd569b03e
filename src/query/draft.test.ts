import { describe, expect, it } from 'vitest';
import { pagesLiveState } from '../../test/support/storefront-shop.js';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { SearchResponse } from '../contracts/search.js';
import { draftState } from './draft.js';
import { searchState } from './search.js';

const catalog: CatalogEntity[] = [
  { type: 'product', id: 'brass', title: 'Brass desk lamp', brand: 'Lumen' },
  { type: 'product', id: 'steel', title: 'Steel desk lamp', brand: 'Lumen' },
];
const files: Record<string, unknown> = {
  'channels.json': { channels: [{ id: 'web', locales: ['en'], currency: 'EUR' }] },
};
const arrival = new Date('2026-01-01T00:00:00Z');

const texts = (answer: SearchResponse) => (answer.suggestions ?? []).map((one) => one.text);

describe('a draft read over the live state', () => {
  it("suggests with the draft's rules and suggestion settings, the live state with its own", async () => {
    const live = await pagesLiveState(files, catalog);
    const typing = { on: 'autocomplete' as const, query: 'desk' };
    expect(texts(searchState(live, typing, arrival))).toEqual(['desk lamp']);
    const hiding = draftState(
      live,
      {
        'rules.json': {
          rules: [
            {
              id: 'hide-lamps',
              description: 'Lamps are off sale.',
              when: { on: 'search' },
              then: { hide: [{ where: { brand: 'Lumen' } }] },
            },
          ],
        },
      },
      arrival,
    );
    expect(texts(searchState(hiding, typing, arrival))).toEqual([]);
    const adding = draftState(
      live,
      { 'synonyms.json': { dictionaries: { en: { suggestions: { add: ['desk lamps'] } } } } },
      arrival,
    );
    // The draft's own suggestion first: its search finds the lamps.
    expect(texts(searchState(adding, typing, arrival))).toEqual(['desk lamps', 'desk lamp']);
    expect(texts(searchState(live, typing, arrival))).toEqual(['desk lamp']);
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { SearchResponse } from '../contracts/search.js';
import { compileReleaseIndex } from '../control/indexer/release-index.js';
import { loadIndex } from '../engine/index.js';
import { draftState } from './draft.js';
import { liveStateOf } from './live-index.js';
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
    const index = loadIndex(await compileReleaseIndex(catalog, files));
    const live = liveStateOf(
      {
        runId: 1,
        artifact: 'a',
        release: 'r1',
        snapshot: 's1',
        releaseFiles: files,
        generation: 0,
        offersApplied: 0,
      },
      index,
    );
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

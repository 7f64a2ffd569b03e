import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import { AppliedFilter, Selector } from '../contracts/search.js';
import { Trace } from '../contracts/trace.js';
import { compileReleaseIndex } from '../control/indexer/release-index.js';
import { loadIndex } from '../engine/index.js';
import { type LiveState, liveStateOf } from './live-index.js';
import { answerSearch } from './search.js';

const catalog: CatalogEntity[] = [
  { type: 'product', id: 'tv', title: 'LG OLED television 55"', attributes: { gtin: '8806091153807' } },
  { type: 'product', id: 'fernseher', title: 'Samsung Fernseher 65 Zoll' },
  { type: 'product', id: 'kopfhorer', title: 'Sony Kopfhörer WH-1000XM5' },
  { type: 'product', id: 'lamp', title: 'Brass desk lamp', url: '/p/brass-desk-lamp' },
  { type: 'product', id: 'lamps', title: 'Steel lamps, set of two' },
  { type: 'brand', id: 'sony', title: 'Sony' },
];

const files: Record<string, unknown> = {
  'channels.json': {
    channels: [
      { id: 'web', locales: ['en', 'de'], currency: 'EUR' },
      { id: 'at', locales: ['de-AT'], currency: 'EUR' },
    ],
  },
  'attributes.json': { attributes: [{ code: 'gtin', label: 'GTIN', type: 'identifier' }] },
  'synonyms.json': {
    dictionaries: {
      en: { groups: [{ words: ['tv', 'television'] }] },
      de: { one_way: [{ from: 'flachbildschirm', to: ['fernseher'] }] },
    },
  },
};

async function live(releaseFiles = files): Promise<LiveState> {
  const index = loadIndex(await compileReleaseIndex(catalog, files));
  return liveStateOf(
    { runId: 1, artifact: 'a', release: 'r1', snapshot: 's1', releaseFiles, generation: 0, offersApplied: 0 },
    index,
  );
}

const arrival = new Date('2026-01-01T00:00:00Z');

function listed(answer: ReturnType<typeof answerSearch>): string[] {
  return answer.sections.find((section) => section.type === answer.listed)!.hits.map((hit) => hit.entity);
}

describe('answerSearch', () => {
  it('reads the synonyms of the request’s locale from the live release', async () => {
    const state = await live();
    expect(listed(answerSearch(state, { query: 'tv' }, arrival))).toEqual(['product:tv']);
    expect(listed(answerSearch(state, { query: 'flachbildschirm', locale: 'de' }, arrival))).toEqual([
      'product:fernseher',
    ]);
    // A regional locale reads its language's dictionary; a channel's first locale is the default.
    expect(listed(answerSearch(state, { query: 'flachbildschirm', channel: 'at' }, arrival))).toEqual([
      'product:fernseher',
    ]);
    expect(listed(answerSearch(state, { query: 'flachbildschirm' }, arrival))).toEqual([]);
  });

  it('takes new synonyms from a switched release without another index', async () => {
    const state = await live();
    const switched: LiveState = {
      ...state,
      release: 'r2',
      releaseFiles: {
        ...files,
        'synonyms.json': {
          dictionaries: { en: { groups: [{ words: ['telly', 'television'] }] } },
          built_in: false,
        },
      },
    };
    expect(listed(answerSearch(switched, { query: 'telly' }, arrival))).toEqual(['product:tv']);
    expect(listed(answerSearch(switched, { query: 'tv' }, arrival))).toEqual([]);
    expect(listed(answerSearch(state, { query: 'telly' }, arrival))).toEqual([]);
  });

  it('knows common shopping vocabulary out of the box, unless synonyms.json switches it off or keeps words apart', async () => {
    const state = await live();
    const withSynonyms = (synonyms: unknown): LiveState => ({
      ...state,
      release: 'r2',
      releaseFiles: { ...files, 'synonyms.json': synonyms },
    });
    const none = withSynonyms(undefined);
    expect(listed(answerSearch(none, { query: 'tv' }, arrival))).toEqual(['product:tv']);
    const off = withSynonyms({ dictionaries: {}, built_in: false });
    expect(listed(answerSearch(off, { query: 'tv' }, arrival))).toEqual([]);
    const offForEnglish = withSynonyms({ dictionaries: { en: { built_in: false } } });
    expect(listed(answerSearch(offForEnglish, { query: 'tv' }, arrival))).toEqual([]);
    const apart = withSynonyms({ dictionaries: { en: { never: [{ words: ['tv', 'television'] }] } } });
    expect(listed(answerSearch(apart, { query: 'tv' }, arrival))).toEqual([]);
  });

  it('completes the last word on the autocomplete surface only', async () => {
    const state = await live();
    expect(listed(answerSearch(state, { query: 'kopfh', on: 'autocomplete' }, arrival))).toEqual([
      'product:kopfhorer',
    ]);
    expect(listed(answerSearch(state, { query: 'kopfh' }, arrival))).toEqual([]);
  });

  it('says what was searched: words no product knows are left out', async () => {
    const state = await live();
    const answer = answerSearch(state, { query: 'Brass LAMP qwxz' }, arrival);
    expect(answer.query).toEqual({ typed: 'Brass LAMP qwxz', searched: 'brass lamp' });
    expect(listed(answer)).toEqual(['product:lamp']);
  });

  it('traces the words, their expansions, the candidates and the parts of each hit’s score', async () => {
    const state = await live();
    const answer = answerSearch(state, { query: 'sony kopfhorer qwxz', debug: true }, arrival);
    const trace = answer.trace!;
    // "sony" names the brand, which no product carries: the search is relaxed back to text.
    expect(trace.map((entry) => entry.step)).toEqual([
      'arrival',
      'normalize',
      'rules',
      'rewrite',
      'resolution',
      'rules',
      'redirect',
      'plan',
      'match',
      'relaxation',
      'match',
      'match',
      'rank',
      'rank',
    ]);
    expect(answer.relaxed).toBe(true);
    expect(trace[8]).toMatchObject({ step: 'match', type: 'product', searched: 'kopfhorer', candidates: 0 });
    expect(trace[9]).toMatchObject({ step: 'relaxation', type: 'product', text: 'sony kopfhorer qwxz' });
    expect(trace[10]).toMatchObject({
      step: 'match',
      type: 'product',
      candidates: 1,
      searched: 'sony kopfhorer',
      left_out: ['qwxz'],
      words: [
        { word: 'sony', expansions: [{ matched: 'sony', kind: 'exact', documents: 1 }] },
        { word: 'kopfhorer', expansions: [{ matched: 'kopfhorer', kind: 'exact', documents: 1 }] },
        { word: 'qwxz', expansions: [], left_out: true },
      ],
    });
    const rank = trace[12] as {
      type: string;
      hits: Array<{ entity: string; score: number; parts: { total: number } }>;
    };
    expect(rank.type).toBe('product');
    expect(rank.hits[0]!.entity).toBe('product:kopfhorer');
    expect(rank.hits[0]!.parts.total).toBe(rank.hits[0]!.score);
  });

  it('writes a trace that meets its schema, planning and execution alike', async () => {
    if (!FormatRegistry.Has('date-time'))
      FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));
    const state = await live();
    for (const request of [
      { query: 'sony kopfhorer qwxz' },
      { query: 'lamp', on: 'autocomplete' as const },
      { query: '' },
      { query: 'television' },
    ]) {
      const trace = answerSearch(state, { ...request, debug: true }, arrival).trace;
      expect([...Value.Errors(Trace, [Selector, AppliedFilter], trace)].map((error) => error.path)).toEqual(
        [],
      );
    }
  });

  it('redirects to a product by its url, and answers the results where the product has none', async () => {
    const rules = {
      rules: [
        {
          id: 'lamp-of-the-week',
          description: 'The lamp of the week has its own page.',
          when: { query: { is: 'lamp of the week' } },
          then: { redirect: { to: 'product:lamp' } },
        },
        {
          id: 'headphones-of-the-week',
          description: 'The headphones of the week, a product without a page address.',
          when: { query: { is: 'headphones of the week' } },
          then: { redirect: { to: 'product:kopfhorer' } },
        },
      ],
    };
    const state = await live({ ...files, 'rules.json': rules });
    const lamp = answerSearch(state, { query: 'lamp of the week' }, arrival);
    expect(lamp.redirect).toEqual({
      url: '/p/brass-desk-lamp',
      entity: 'product:lamp',
      rule: 'lamp-of-the-week',
    });
    expect(lamp.sections.length).toBeGreaterThan(0);
    const headphones = answerSearch(state, { query: 'headphones of the week' }, arrival);
    expect(headphones.redirect).toBeUndefined();
    expect(headphones.sections.length).toBeGreaterThan(0);
  });

  it('finds a product by its identifier', async () => {
    const state = await live();
    expect(listed(answerSearch(state, { query: '08806091153807' }, arrival))).toEqual(['product:tv']);
  });
});

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

/** The live state of another catalog, compiled with the release it is served with. */
async function liveOf(entities: CatalogEntity[], releaseFiles: Record<string, unknown>): Promise<LiveState> {
  const index = loadIndex(await compileReleaseIndex(entities, releaseFiles));
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
  it("finds a product by its own id and by a variant's SKU typed as a query, exactly", async () => {
    const entities: CatalogEntity[] = [
      {
        type: 'product',
        id: 'P102073',
        title: 'Trail running shoe',
        variants: [
          { id: 'P102073-42', attributes: { size: '42' } },
          { id: 'SKU-88417', attributes: { size: '43' } },
        ],
      },
      { type: 'product', id: 'P102074', title: 'Road running shoe' },
      { type: 'product', id: 'lamp', title: 'Desk lamp' },
    ];
    const state = await liveOf(entities, {});
    for (const query of ['P102073', 'p102073', 'SKU-88417', 'sku 88417', 'P102073-42'])
      expect(listed(answerSearch(state, { query, redirect: false }, arrival)), query).toEqual([
        'product:P102073',
      ]);
    expect(listed(answerSearch(state, { query: 'P10207', redirect: false }, arrival))).toEqual([]);
    // An id that is a word is the entity's text's business, not a code.
    expect(listed(answerSearch(state, { query: 'lamp', redirect: false }, arrival))).toEqual([
      'product:lamp',
    ]);
  });

  it('answers a release without channels.json in the currency its offers name, and in none when they name none', async () => {
    const answerOf = async (entities: CatalogEntity[]) => {
      const files = {
        'types.json': {
          types: [{ code: 'product', offers: true, result_fields: ['title', 'price', 'currency'] }],
        },
      };
      return answerSearch(await liveOf(entities, files), { query: 'lamp', redirect: false }, arrival);
    };
    const dollars = await answerOf([
      { type: 'product', id: 'lamp', title: 'Desk lamp', price: 49.99, currency: 'USD' },
      { type: 'product', id: 'floor', title: 'Floor lamp', price: 89.99 },
    ]);
    expect(dollars.currency).toBe('USD');
    expect(dollars.sections[0]!.hits.map((hit) => hit.fields.currency)).toEqual(['USD', 'USD']);

    const unsaid = await answerOf([{ type: 'product', id: 'lamp', title: 'Desk lamp', price: 49.99 }]);
    expect(unsaid).not.toHaveProperty('currency');
    expect(unsaid.sections[0]!.hits[0]!.fields).toEqual({ title: 'Desk lamp', price: 49.99 });
  });

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

  it('says what was searched, words no product knows included; the trace names those left out', async () => {
    const state = await live();
    const answer = answerSearch(state, { query: 'Brass LAMP qwxz', debug: true }, arrival);
    expect(answer.query).toEqual({ typed: 'Brass LAMP qwxz', searched: 'brass lamp qwxz' });
    expect(listed(answer)).toEqual(['product:lamp']);
    expect(answer.trace!.find((entry) => entry.step === 'match')).toMatchObject({
      type: 'product',
      searched: 'brass lamp',
      left_out: ['qwxz'],
    });
    const nothing = answerSearch(state, { query: 'xyzzyq' }, arrival);
    expect(nothing.query).toEqual({ typed: 'xyzzyq', searched: 'xyzzyq' });
    expect(nothing.resolution).toMatchObject({ text: 'xyzzyq', complete: false });
    expect(listed(nothing)).toEqual([]);
  });

  it('traces the planning of a redirect once: its steps, then the plan of the results it carries', async () => {
    const state = await live({
      ...files,
      'rules.json': {
        rules: [
          {
            id: 'lamp-of-the-week',
            when: { query: { is: 'lamp of the week' } },
            then: { redirect: { to: 'product:lamp' } },
          },
        ],
      },
    });
    const answer = answerSearch(state, { query: 'lamp of the week', debug: true }, arrival);
    expect(answer.redirect).toMatchObject({ rule: 'lamp-of-the-week' });
    const steps = answer.trace!.map((entry) => entry.step);
    expect(steps.slice(0, 8)).toEqual([
      'arrival',
      'normalize',
      'rules',
      'rewrite',
      'resolution',
      'rules',
      'redirect',
      'plan',
    ]);
    expect(steps.filter((step) => step === 'arrival')).toHaveLength(1);
    expect(steps.filter((step) => step === 'redirect')).toHaveLength(1);
    expect(answer.trace!.find((entry) => entry.step === 'redirect')).toMatchObject({ outcome: 'redirected' });
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

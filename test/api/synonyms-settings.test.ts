import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, writeCatalogJsonl } from '../../src/catalog/demo/index.js';
import { startDemoStack } from '../support/demo.js';
import type { Answer } from '../support/http.js';
import { getImport, sendExport } from '../support/imports.js';
import type { TestStack } from '../support/stack.js';

/** Synonyms and search settings through the management API, on the demo shop. */

let stack: TestStack;
beforeAll(async () => {
  stack = await startDemoStack();
}, 120_000);
afterAll(async () => stack.close());

function newDraft(): Promise<Answer> {
  return sendExport(stack, writeCatalogJsonl(DEMO_SHOP), 'shop.jsonl');
}

const dictionary = (list: Answer, locale: string) =>
  list.dictionaries.find((one: Answer) => one.locale === locale);
const entry = (list: Answer, id: string) =>
  list.dictionaries.flatMap((one: Answer) => one.entries).find((one: Answer) => one.id === id);

/** What the search page lists for a word now, as a shopper's search counts it. */
async function liveTotal(word: string, locale = 'en'): Promise<number> {
  const answer = await (
    await stack.search({ query: word, locale, redirect: false, count_only: true })
  ).json();
  return answer.sections.find((section: Answer) => section.type === answer.listed).total;
}

describe('GET /api/v1/synonyms', () => {
  it('lists each language the channels serve, entries by id with words, summary and clashes', async () => {
    const response = await stack.manage('GET', '/synonyms');
    expect(response.status).toBe(200);
    const list = await response.json();
    const live = await (await stack.manage('GET', '/live')).json();
    expect(list.release).toBe(live.release);
    expect(list.locales).toEqual(['en', 'de']);
    expect(list.dictionaries.map((one: Answer) => one.locale)).toEqual(['en', 'de']);
    const english = dictionary(list, 'en');
    expect(english.waiting).toBeUndefined();
    expect(english.entries.map((one: Answer) => one.id)).toEqual([
      'en/groups/0',
      'en/groups/1',
      'en/groups/2',
      'en/groups/3',
      'en/groups/4',
      'en/groups/5',
      'en/one_way/0',
      'en/one_way/1',
      'en/one_way/2',
      'en/never/0',
      'en/never/1',
    ]);
    expect(entry(list, 'en/groups/1')).toEqual({
      id: 'en/groups/1',
      kind: 'group',
      words: ['sofa', 'couch', 'settee'],
      summary: '“sofa”, “couch” and “settee” each find what the others find.',
      clashes: [],
    });
    expect(entry(list, 'en/one_way/0')).toMatchObject({
      kind: 'one_way',
      from: 'audio',
      to: ['headphones', 'speaker', 'soundbar'],
      summary: '“audio” also finds “headphones”, “speaker” and “soundbar”, not the other way.',
    });
    expect(entry(list, 'en/never/0')).toMatchObject({ kind: 'never', words: ['sage', 'sale'] });
  });
});

describe('a draft’s synonyms', () => {
  let draft: Answer;
  beforeAll(async () => {
    draft = await newDraft();
  });

  it('lists the live ones with the draft’s version while it changes none', async () => {
    const response = await stack.manage('GET', `/imports/${draft.id}/synonyms`);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.version).toBe(draft.version);
    const live = await (await stack.manage('GET', '/synonyms')).json();
    const { release: _release, ...liveList } = live;
    expect(answer.synonyms).toEqual(liveList);
  });

  it('adds entries in the order sent, refusing each clash with why and writing the others', async () => {
    const response = await stack.manage('POST', `/imports/${draft.id}/synonyms`, {
      version: draft.version,
      locale: 'en',
      entries: [
        { kind: 'group', words: [' Headset', 'headphones ', 'HEADSET'] },
        { kind: 'group', words: ['couch', 'lounge'] },
        { kind: 'one_way', from: 'Audio', to: ['hifi'] },
        { kind: 'group', words: ['sage', 'sale', 'salbei'] },
        { kind: 'group', words: ['solo'] },
        { kind: 'one_way', from: 'headset', to: ['microphone'] },
      ],
    });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer.version).not.toBe(draft.version);
    expect(answer.written).toEqual(['en/groups/6', 'en/one_way/3']);
    expect(answer.refused).toEqual([
      {
        index: 1,
        entry: { kind: 'group', words: ['couch', 'lounge'] },
        clashes: [
          {
            id: 'taken',
            word: 'couch',
            entry: 'en/groups/1',
            words: ['sofa', 'couch', 'settee'],
            message: expect.stringContaining('group en/groups/1'),
          },
        ],
      },
      {
        index: 2,
        entry: { kind: 'one_way', from: 'audio', to: ['hifi'] },
        clashes: [
          {
            id: 'taken',
            word: 'audio',
            entry: 'en/one_way/0',
            words: ['audio', 'headphones', 'speaker', 'soundbar'],
            message: expect.any(String),
          },
        ],
      },
      {
        index: 3,
        entry: { kind: 'group', words: ['sage', 'sale', 'salbei'] },
        clashes: [{ id: 'never', words: ['sage', 'sale'], entry: 'en/never/0', message: expect.any(String) }],
      },
      {
        index: 4,
        entry: { kind: 'group', words: ['solo'] },
        clashes: [{ id: 'too_few', message: expect.any(String) }],
      },
    ]);
    expect(entry(answer.synonyms, 'en/groups/6')).toMatchObject({ words: ['headset', 'headphones'] });
    draft.version = answer.version;
    expect((await getImport(stack, draft.id)).files['synonyms.json'].dictionaries.en.groups.at(-1)).toEqual({
      words: ['headset', 'headphones'],
    });
  });

  it('writes an entry that merges words a never entry keeps apart despite_never, listing the clash on both', async () => {
    const response = await stack.manage('POST', `/imports/${draft.id}/synonyms`, {
      version: draft.version,
      locale: 'en',
      entries: [{ kind: 'group', words: ['sage', 'sale', 'salbei'] }],
      despite_never: true,
    });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer.written).toEqual(['en/groups/7']);
    expect(answer.refused).toBeUndefined();
    expect(entry(answer.synonyms, 'en/groups/7').clashes).toEqual([
      { id: 'never', words: ['sage', 'sale'], entry: 'en/never/0', message: expect.any(String) },
    ]);
    expect(entry(answer.synonyms, 'en/never/0').clashes).toEqual([
      { id: 'never', words: ['sage', 'sale'], entry: 'en/groups/7', message: expect.any(String) },
    ]);
    draft.version = answer.version;
  });

  it('answers 422 with refused, writing nothing, when every entry clashes', async () => {
    const response = await stack.manage('POST', `/imports/${draft.id}/synonyms`, {
      version: draft.version,
      locale: 'en',
      entries: [{ kind: 'group', words: ['tv', 'telly'] }],
    });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.refused).toEqual([
      {
        index: 0,
        entry: { kind: 'group', words: ['tv', 'telly'] },
        clashes: [expect.objectContaining({ id: 'taken', word: 'tv', entry: 'en/groups/0' })],
      },
    ]);
    expect(problem.violations).toEqual([
      { pointer: '/entries/0', message: expect.stringContaining('"tv"'.replaceAll('"', '“').slice(0, 1)) },
    ]);
    expect((await getImport(stack, draft.id)).version).toBe(draft.version);
  });

  it('changes an entry by its id, slashes sent as they are; a kind change moves it and names its new id', async () => {
    const same = await stack.manage('PATCH', `/imports/${draft.id}/synonyms/en/groups/6`, {
      version: draft.version,
      entry: { kind: 'group', words: ['headset', 'headphones', 'cans'] },
    });
    expect(same.status).toBe(200);
    const renamed = await same.json();
    expect(renamed.written).toEqual(['en/groups/6']);
    expect(entry(renamed.synonyms, 'en/groups/6').words).toEqual(['headset', 'headphones', 'cans']);

    const moved = await stack.manage('PATCH', `/imports/${draft.id}/synonyms/en/groups/6`, {
      version: renamed.version,
      entry: { kind: 'one_way', from: 'cans', to: ['headphones'] },
    });
    expect(moved.status).toBe(200);
    const answer = await moved.json();
    expect(answer.written).toEqual(['en/one_way/4']);
    // The group after it moved up into its place.
    expect(entry(answer.synonyms, 'en/groups/6').words).toEqual(['sage', 'sale', 'salbei']);
    expect(entry(answer.synonyms, 'en/one_way/4')).toMatchObject({ from: 'cans', to: ['headphones'] });
    draft.version = answer.version;
  });

  it('refuses a change that clashes with 422 and refused, its own words clashing with nothing', async () => {
    const own = await stack.manage('PATCH', `/imports/${draft.id}/synonyms/en/groups/1`, {
      version: draft.version,
      entry: { kind: 'group', words: ['sofa', 'couch', 'settee', 'divan'] },
    });
    expect(own.status).toBe(200);
    const answer = await own.json();
    const clash = await stack.manage('PATCH', `/imports/${draft.id}/synonyms/en/groups/1`, {
      version: answer.version,
      entry: { kind: 'group', words: ['sofa', 'laptop'] },
    });
    expect(clash.status).toBe(422);
    expect((await clash.json()).refused[0].clashes[0]).toMatchObject({
      id: 'taken',
      word: 'laptop',
      entry: 'en/groups/2',
    });
    draft.version = answer.version;
  });

  it('deletes an entry, later entries of its kind moving up', async () => {
    const response = await stack.manage(
      'DELETE',
      `/imports/${draft.id}/synonyms/en/groups/0?version=${encodeURIComponent(draft.version)}`,
    );
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(entry(answer.synonyms, 'en/groups/0').words).toEqual(['sofa', 'couch', 'settee', 'divan']);
    expect(answer.written).toBeUndefined();
    draft.version = answer.version;
  });

  it('answers 404 for an entry or an import there is none of, 409 with the draft on a stale version, 422 past synonyms_per_call', async () => {
    const version = encodeURIComponent(draft.version);
    for (const id of ['en/groups/99', 'xx/groups/0', 'en/tags/0', 'en']) {
      const response = await stack.manage('DELETE', `/imports/${draft.id}/synonyms/${id}?version=${version}`);
      expect(response.status, id).toBe(404);
    }
    expect((await stack.manage('GET', '/imports/9999/synonyms')).status).toBe(404);
    const stale = await stack.manage('POST', `/imports/${draft.id}/synonyms`, {
      version: 'dv_stale',
      locale: 'en',
      entries: [{ kind: 'group', words: ['lamp', 'light'] }],
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).draft.version).toBe(draft.version);
    const many = Array.from({ length: 1001 }, (_, index) => ({
      kind: 'group',
      words: [`a${index}`, `b${index}`],
    }));
    for (const entries of [many, []]) {
      const response = await stack.manage('POST', `/imports/${draft.id}/synonyms`, {
        version: draft.version,
        locale: 'en',
        entries,
      });
      expect(response.status).toBe(422);
      expect((await response.json()).violations[0].pointer).toBe('/entries');
    }
  });

  it('writes as many as synonyms_per_call allows in one call', async () => {
    const entries = Array.from({ length: 1000 }, (_, index) => ({
      kind: 'never',
      words: [`x${index}`, `y${index}`],
    }));
    const response = await stack.manage('POST', `/imports/${draft.id}/synonyms`, {
      version: draft.version,
      locale: 'de',
      entries,
    });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer.written).toHaveLength(1000);
    expect(answer.written.at(-1)).toBe('de/never/1000');
    draft.version = answer.version;
  });
});

describe('POST /api/v1/imports/{import}/synonyms/check', () => {
  let draft: Answer;
  beforeAll(async () => {
    draft = await newDraft();
  });
  const check = (body: Record<string, unknown>) =>
    stack.manage('POST', `/imports/${draft.id}/synonyms/check`, body);

  it('reports the live counts of the demo shop per word and what the entry clashes with, writing nothing', async () => {
    const response = await check({
      locale: 'en',
      entry: { kind: 'group', words: ['Sofa', 'couch', 'armchair'] },
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({
      channel: 'web',
      locale: 'en',
      entry: { kind: 'group', words: ['sofa', 'couch', 'armchair'] },
      conflicts: [expect.objectContaining({ id: 'taken', word: 'sofa', entry: 'en/groups/1' })],
    });
    const totals = answer.words.map((one: Answer) => one.word);
    expect(totals).toEqual(['sofa', 'couch', 'armchair']);
    for (const one of answer.words) expect(one.total, one.word).toBe(await liveTotal(one.word));
    // Couch finds the sofas through the live group.
    expect(answer.words[1].total).toBeGreaterThan(0);
    expect(answer.words[1].total).toBe(answer.words[0].total);
    expect((await getImport(stack, draft.id)).version).toBe(draft.version);
  });

  it('leaves the entry being changed out, and counts in German where the German dictionary is read', async () => {
    const own = await (
      await check({ locale: 'en', id: 'en/groups/1', entry: { kind: 'group', words: ['sofa', 'couch'] } })
    ).json();
    expect(own.conflicts).toBeUndefined();
    const german = await (
      await check({ locale: 'de', entry: { kind: 'one_way', from: 'kopfhörer', to: ['ohrhörer'] } })
    ).json();
    expect(german).toMatchObject({ channel: 'web', locale: 'de' });
    expect(german.words[0]).toEqual({ word: 'kopfhörer', total: await liveTotal('kopfhörer', 'de') });
    const never = await (
      await check({ locale: 'en', entry: { kind: 'never', words: ['tv', 'television'] } })
    ).json();
    expect(never.conflicts).toEqual([
      { id: 'never', words: ['tv', 'television'], entry: 'en/groups/0', message: expect.any(String) },
    ]);
  });

  it('answers 400 for a channel or locale the release lacks, 404, and 422 past words_per_check', async () => {
    const entryOf = { kind: 'group', words: ['a', 'b'] };
    const unserved = await check({ locale: 'fr', entry: entryOf });
    expect(unserved.status).toBe(400);
    expect((await unserved.json()).violations[0].pointer).toBe('/locale');
    const channel = await check({ locale: 'en', channel: 'shop', entry: entryOf });
    expect(channel.status).toBe(400);
    expect((await channel.json()).violations[0].pointer).toBe('/channel');
    expect(
      (await stack.manage('POST', '/imports/9999/synonyms/check', { locale: 'en', entry: entryOf })).status,
    ).toBe(404);
    expect((await check({ locale: 'en', id: 'en/groups/99', entry: entryOf })).status).toBe(404);
    const long = await check({
      locale: 'en',
      entry: { kind: 'group', words: Array.from({ length: 21 }, (_, index) => `word${index}`) },
    });
    expect(long.status).toBe(422);
    expect((await long.json()).violations[0].message).toContain('words_per_check');
  });
});

describe('search settings', () => {
  it('GET /api/v1/search-settings says how each live type is searched, in the locale asked', async () => {
    const response = await stack.manage('GET', '/search-settings');
    expect(response.status).toBe(200);
    const settings = await response.json();
    expect(settings.locale).toBe('en');
    expect(settings.types.map((one: Answer) => one.type)).toEqual(['product', 'category', 'brand']);
    const product = settings.types[0];
    expect(product).toMatchObject({
      label: 'Products',
      defaults: false,
      typos: {
        enabled: true,
        one_typo_min_letters: 5,
        two_typos_min_letters: 9,
        exempt: ['size', 'channels'],
      },
      prefix: true,
      stemmed: true,
    });
    expect(product.fields).toContainEqual({ field: 'attributes.size', weight: 2, match: 'exact' });
    expect(product.fields[0]).toEqual({ field: 'title', weight: 10, match: 'words' });
    expect(settings.types[1].typos.one_typo_min_letters).toBe(4);

    const german = await (await stack.manage('GET', '/search-settings?locale=de')).json();
    expect(german.types[0].label).toBe('Produkte');
    const unserved = await stack.manage('GET', '/search-settings?locale=fr');
    expect(unserved.status).toBe(400);
  });

  it('a draft changes how one type is searched on its version', async () => {
    const draft = await newDraft();
    const before = await (await stack.manage('GET', `/imports/${draft.id}/search-settings`)).json();
    expect(before.version).toBe(draft.version);
    const response = await stack.manage('PATCH', `/imports/${draft.id}/search-settings/category`, {
      version: draft.version,
      typos: { enabled: false },
      prefix: false,
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.type).toBe('category');
    expect(answer.version).not.toBe(draft.version);
    const category = answer.types.find((one: Answer) => one.type === 'category');
    expect(category).toMatchObject({ prefix: false, typos: { enabled: false, one_typo_min_letters: 5 } });
    expect(category.fields).toEqual([{ field: 'title', weight: 10, match: 'words' }]);
    const files = (await getImport(stack, draft.id)).files;
    expect(files['types.json'].types[1].search).toEqual({
      fields: [{ field: 'title', weight: 10 }],
      typos: { enabled: false },
      prefix: false,
    });

    expect(
      (
        await stack.manage('PATCH', `/imports/${draft.id}/search-settings/recipes`, {
          version: answer.version,
          prefix: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await stack.manage('PATCH', `/imports/${draft.id}/search-settings/category`, {
          version: draft.version,
          prefix: true,
        })
      ).status,
    ).toBe(409);
    const invalid = await stack.manage('PATCH', `/imports/${draft.id}/search-settings/product`, {
      version: answer.version,
      fields: [{ field: 'attributes.nope', weight: 2 }],
    });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).violations[0]).toMatchObject({ file: 'types.json' });
    expect(
      (
        await stack.manage('PATCH', `/imports/${draft.id}/search-settings/product`, {
          version: answer.version,
          fields: [],
        })
      ).status,
    ).toBe(422);
    expect((await stack.manage('GET', '/imports/9999/search-settings')).status).toBe(404);
    expect((await stack.manage('GET', `/imports/${draft.id}/search-settings?locale=fr`)).status).toBe(400);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type { Rule } from '../../contracts/release-files/index.js';
import type { SearchRequest } from '../../contracts/search.js';
import { compileReleaseIndex } from '../../control/indexer/release-index.js';
import { type EngineIndex, loadIndex } from '../../engine/index.js';
import { answerRequest } from '../answer/answer.js';
import { compilePlanner } from '../planner.js';
import type { Vocabulary } from '../vocabulary.js';
import { vocabularyOf } from '../vocabulary-codec.js';
import { catalogSuggestionsOf } from './catalog-suggestions.js';
import { LearntIndexes } from './learnt.js';
import { Suggester } from './suggester.js';

/**
 * A small electronics and kitchen shop in English and German, with a second channel that sells
 * only the kitchen: suggestions from the catalog alone (no search log), from learnt queries, and
 * from the release, checked against the channel.
 */

const NOW = new Date('2026-03-02T10:00:00Z');

const product = (
  id: string,
  title: string | Record<string, string>,
  brand: string,
  category: string,
  channels: string[] = ['web', 'kitchen'],
): CatalogEntity => ({
  type: 'product',
  id,
  title,
  brand,
  categories: [category],
  offers: channels.map((channel) => ({ channel, price: 50, availability: 'in_stock' })),
});

const catalog: CatalogEntity[] = [
  { type: 'category', id: 'electronics', title: { en: 'Electronics', de: 'Elektronik' }, path: '/e' },
  { type: 'category', id: 'audio', parent: 'electronics', title: { en: 'Audio', de: 'Audio' }, path: '/a' },
  {
    type: 'category',
    id: 'headphones',
    parent: 'audio',
    title: { en: 'Headphones', de: 'Kopfhörer' },
    path: '/h',
  },
  { type: 'category', id: 'kitchen', title: { en: 'Kitchen', de: 'Küche' }, path: '/k' },
  {
    type: 'category',
    id: 'fridges',
    parent: 'kitchen',
    title: { en: 'Fridges', de: 'Kühlschränke' },
    path: '/f',
  },
  product('h1', { en: 'Acme Studio Headphones', de: 'Acme Studio Kopfhörer' }, 'Acme', 'headphones', ['web']),
  product('h2', { en: 'Acme Travel Headphones', de: 'Acme Reise Kopfhörer' }, 'Acme', 'headphones', ['web']),
  product(
    'h3',
    { en: 'Sonora Wireless Headphones', de: 'Sonora Kabellose Kopfhörer' },
    'Sonora',
    'headphones',
    ['web'],
  ),
  product('h4', { en: 'Sonora Wireless Earbuds', de: 'Sonora Kabellose Ohrhörer' }, 'Sonora', 'audio', [
    'web',
  ]),
  product(
    'h5',
    { en: 'Sonora Wireless Earbuds Pro', de: 'Sonora Kabellose Ohrhörer Pro' },
    'Sonora',
    'audio',
    ['web'],
  ),
  product(
    'f1',
    { en: 'Frostline Fridge Freezer', de: 'Frostline Kühlschrank mit Gefrierfach' },
    'Frostline',
    'fridges',
  ),
  product('f2', { en: 'Frostline Mini Fridge', de: 'Frostline Mini Kühlschrank' }, 'Frostline', 'fridges'),
  product(
    'f3',
    { en: 'Homely Fridge Freezer', de: 'Homely Kühlschrank mit Gefrierfach' },
    'Homely',
    'fridges',
  ),
  // A kitchen word on a product outside the kitchen: a search for it is relaxed.
  product('r1', { en: 'Kitchen Radio', de: 'Küchenradio' }, 'Sonora', 'audio', ['web']),
  product(
    'f4',
    { en: 'Frostline Mini Freezer', de: 'Frostline Mini Gefrierschrank' },
    'Frostline',
    'fridges',
  ),
];

const files: Record<string, unknown> = {
  'channels.json': {
    channels: [
      { id: 'web', locales: ['en', 'de'], currency: 'EUR' },
      { id: 'kitchen', locales: ['en'], currency: 'EUR' },
    ],
  },
  'types.json': {
    types: [
      {
        code: 'product',
        label: 'Products',
        offers: true,
        search: {
          fields: [
            { field: 'title', weight: 10 },
            { field: 'brand', weight: 8 },
          ],
          prefix: true,
        },
      },
      { code: 'category', label: 'Categories' },
      { code: 'brand', label: 'Brands' },
    ],
  },
  'synonyms.json': {
    dictionaries: {
      en: { suggestions: { never: ['mini'], add: ['sonora earbuds', 'gift cards'] } },
    },
  },
};

let index: EngineIndex;
let vocabulary: Vocabulary;

beforeAll(async () => {
  index = loadIndex(await compileReleaseIndex(catalog, files));
  vocabulary = vocabularyOf(index);
});

/** The suggester of the shop's index with a release's files (default the shop's own). */
function suggesterOf(learnt?: LearntIndexes, release: Record<string, unknown> = files): Suggester {
  const target = { index, files: release, planner: compilePlanner(release, vocabulary) };
  return new Suggester(target, vocabulary, catalogSuggestionsOf(index), learnt);
}

function autocomplete(request: SearchRequest, learnt?: LearntIndexes, suggester = suggesterOf(learnt)) {
  return answerRequest(
    { index, files: suggester.target.files, planner: suggester.target.planner, suggester },
    { on: 'autocomplete', ...request },
    NOW,
  );
}

const texts = (answer: ReturnType<typeof autocomplete>) =>
  (answer.suggestions ?? []).filter((one) => one.scope === undefined).map((one) => one.text);

describe('suggestions of a shop nobody searched yet', () => {
  it('suggests category titles, brand names and frequent title phrases', () => {
    expect(texts(autocomplete({ query: 'hea' }))).toEqual(['Headphones']);
    // The release's own suggestion first, then the brand, then phrases two titles hold.
    expect(texts(autocomplete({ query: 'son' }))).toEqual([
      'sonora earbuds',
      'Sonora',
      'sonora wireless',
      'sonora wireless earbuds',
    ]);
    expect(texts(autocomplete({ query: 'wireless ear' }))).toEqual([
      'wireless earbuds',
      'sonora wireless earbuds',
    ]);
  });

  it('suggests only what finds something in the channel', () => {
    expect(texts(autocomplete({ query: 'fr', channel: 'kitchen' }))).toEqual(
      expect.arrayContaining(['Fridges', 'Frostline', 'fridge freezer']),
    );
    expect(texts(autocomplete({ query: 'hea', channel: 'kitchen' }))).toEqual([]);
  });

  it('follows a typo in the last word', () => {
    expect(texts(autocomplete({ query: 'hedpho' }))).toEqual(['Headphones']);
    expect(texts(autocomplete({ query: 'sonora wirel' }))).toContain('sonora wireless');
  });

  it('suggests in the locale: German titles, folded as searches fold them', () => {
    const german = texts(autocomplete({ query: 'kuhl', locale: 'de' }));
    expect(german).toEqual(expect.arrayContaining(['Kühlschränke', 'kühlschrank']));
    expect(texts(autocomplete({ query: 'kopf', locale: 'de' }))).toContain('Kopfhörer');
    expect(texts(autocomplete({ query: 'kopf', locale: 'en' }))).toEqual([]);
  });

  it('adds scoped suggestions after the text ones: where the results concentrate', () => {
    const answer = autocomplete({ query: 'wireless ear' });
    const scoped = (answer.suggestions ?? []).filter((one) => one.scope !== undefined);
    expect(scoped[0]).toEqual({ text: 'wireless earbuds', scope: { category: 'audio', title: 'Audio' } });
    const headphones = autocomplete({ query: 'headph' }).suggestions ?? [];
    // Not "Headphones in Headphones": one level up.
    expect(headphones).toContainEqual({ text: 'Headphones', scope: { category: 'audio', title: 'Audio' } });
    const firstScoped = headphones.findIndex((one) => one.scope !== undefined);
    expect(headphones.slice(firstScoped).every((one) => one.scope !== undefined)).toBe(true);
  });

  it("leaves out what the release never suggests and offers the release's own first", () => {
    // Two titles hold "frostline mini", but `mini` is never suggested; "Frostline" is.
    expect(texts(autocomplete({ query: 'frostline', channel: 'kitchen' }))).toEqual(['Frostline']);
    expect(texts(autocomplete({ query: 'sonora e' }))[0]).toBe('sonora earbuds');
    // Nothing finds gift cards: the release's own suggestion is not offered either.
    expect(texts(autocomplete({ query: 'gift' }))).toEqual([]);
  });

  it('answers lightly: no facets unless named, no sorts, no banners', () => {
    const answer = autocomplete({ query: 'hea', per_page: 6 });
    const listed = answer.sections.find((section) => section.type === 'product');
    expect(listed?.facets).toBeUndefined();
    expect(answer.sorts).toBeUndefined();
    expect(answer.placements).toBeUndefined();
    expect(listed?.hits.length).toBeGreaterThan(0);
    expect(autocomplete({ query: 'hea', on: 'search' }).suggestions).toBeUndefined();
  });
});

describe('learnt suggestions', () => {
  const learnt = LearntIndexes.of({
    learntAt: NOW.toISOString(),
    suggestions: [
      { channel: 'web', locale: 'en', text: 'acme travel', weight: 40 },
      { channel: 'web', locale: 'en', text: 'acme toaster', weight: 90 },
      { channel: 'kitchen', locale: 'en', text: 'acme studio', weight: 10 },
    ],
  });

  it('rank above the catalog, in their own channel and locale, where their search finds something', () => {
    // "acme toaster" weighs more, but finds nothing.
    expect(texts(autocomplete({ query: 'acme t' }, learnt))).toEqual(['acme travel']);
    expect(texts(autocomplete({ query: 'ac' }, learnt))).toEqual(['acme travel', 'Acme']);
    expect(texts(autocomplete({ query: 'acme t', locale: 'de' }, learnt))).toEqual([]);
    expect(texts(autocomplete({ query: 'acme s', channel: 'kitchen' }, learnt))).toEqual([]);
  });

  it('check at most twelve new candidates per answer; the next answer checks on', () => {
    const many = LearntIndexes.of({
      learntAt: NOW.toISOString(),
      suggestions: [
        ...Array.from({ length: 20 }, (_, i) => ({
          channel: 'web',
          locale: 'en',
          text: `acme q${i}`,
          weight: 100 - i,
        })),
        { channel: 'web', locale: 'en', text: 'acme travel', weight: 1 },
      ],
    });
    const suggester = suggesterOf(many);
    const place = { typed: 'acme ', channel: 'web', locale: 'en', time: NOW.getTime() };
    const first = suggester.suggest(place).map((one) => one.text);
    expect(suggester.deferred).toBeGreaterThan(0);
    expect(first).not.toContain('acme travel');
    expect(suggester.suggest(place).map((one) => one.text)).toContain('acme travel');
  });
});

describe("the check: what choosing a suggestion finds with the release's rules", () => {
  const withRules = (...rules: Rule[]) => ({ ...files, 'rules.json': { rules } });
  const hideFrostline: Rule = {
    id: 'hide-frostline',
    description: 'Frostline is recalled: its products are hidden from searches.',
    when: { on: 'search' },
    then: { hide: [{ where: { brand: 'Frostline' } }] },
  };

  it('withdraws a suggestion whose products a rule of the search surface hides, and offers it without the rule', () => {
    const hidden = suggesterOf(undefined, withRules(hideFrostline));
    const typing = autocomplete({ query: 'frost', channel: 'kitchen' }, undefined, hidden);
    expect(texts(typing)).toEqual([]);
    // The rule acts on searches, not on the typeahead's own products.
    expect(typing.sections.find((section) => section.type === 'product')?.total).toBe(3);
    expect(texts(autocomplete({ query: 'frost', channel: 'kitchen' }))).toEqual(['Frostline']);
  });

  it('withdraws a suggestion a rule filters away, and offers one a rule redirects', () => {
    const rules = withRules(
      {
        id: 'sonora-only-headphones',
        description: 'Searches for Sonora list headphones only.',
        when: { on: 'search', query: { contains: 'earbuds' } },
        then: { filter: { where: { category: { within: 'headphones' } } } },
      },
      {
        id: 'gift-cards-page',
        description: 'Gift cards are sold on their own page.',
        when: { query: { is: 'gift cards' } },
        then: { redirect: { url: '/gift-cards' } },
      },
    );
    const suggester = suggesterOf(undefined, rules);
    expect(texts(autocomplete({ query: 'wireless ear' }, undefined, suggester))).toEqual([]);
    expect(texts(autocomplete({ query: 'wireless ear' }))).toEqual([
      'wireless earbuds',
      'sonora wireless earbuds',
    ]);
    // Nothing finds gift cards, but the release sends the shopper to their page.
    expect(texts(autocomplete({ query: 'gift' }, undefined, suggester))).toEqual(['gift cards']);
  });

  it('counts what the search page shows once it relaxes what the words were read as', () => {
    const learnt = LearntIndexes.of({
      learntAt: NOW.toISOString(),
      suggestions: [{ channel: 'web', locale: 'en', text: 'kitchen radio', weight: 10 }],
    });
    // "kitchen" reads as the Kitchen category, where nothing is a radio; without it the words find one.
    const page = answerRequest(
      { index, files, planner: compilePlanner(files, vocabulary) },
      { query: 'kitchen radio' },
      NOW,
    );
    expect(page.relaxed).toBe(true);
    expect(texts(autocomplete({ query: 'kitchen ra' }, learnt))).toContain('kitchen radio');
  });

  it('follows a rule in time: the same suggester withdraws a suggestion while the rule is in force', () => {
    const hour = 3_600_000;
    const scheduled: Rule = {
      ...hideFrostline,
      schedule: {
        from: new Date(NOW.getTime() + hour).toISOString(),
        until: new Date(NOW.getTime() + 3 * hour).toISOString(),
      },
    };
    const suggester = suggesterOf(undefined, withRules(scheduled));
    const at = (time: number) =>
      suggester
        .suggest({ typed: 'frost', channel: 'kitchen', locale: 'en', time })
        .flatMap((one) => (one.scope === undefined ? [one.text] : []));
    expect(at(NOW.getTime())).toEqual(['Frostline']);
    expect(at(NOW.getTime() + 2 * hour)).toEqual([]);
    expect(at(NOW.getTime() + 4 * hour)).toEqual(['Frostline']);
    // Checks made before are still remembered for the times they hold for.
    expect(at(NOW.getTime() + 10 * 60_000)).toEqual(['Frostline']);
  });

  it('scopes a suggestion by what the rules leave of its results', () => {
    const scopedOf = (suggester?: Suggester) =>
      (autocomplete({ query: 'sonora wireless ' }, undefined, suggester).suggestions ?? []).filter(
        (one) => one.text === 'sonora wireless' && one.scope !== undefined,
      );
    // One of its three products is headphones: the deepest category with a third of them.
    expect(scopedOf()).toEqual([
      { text: 'sonora wireless', scope: { category: 'headphones', title: 'Headphones' } },
    ]);
    const hideHeadphones = withRules({
      id: 'hide-h3',
      description: 'The Sonora headphones are sold out for good.',
      when: { on: 'search' },
      then: { hide: [{ entity: 'product:h3' }] },
    });
    expect(scopedOf(suggesterOf(undefined, hideHeadphones))).toEqual([
      { text: 'sonora wireless', scope: { category: 'audio', title: 'Audio' } },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { fixedClock } from '../../src/lib/clock.js';
import { listedProduct, toJsonLines } from '../support/catalog.js';
import { type Answer, browserSearch, CHROME, GOOGLEBOT } from '../support/http.js';
import { storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * Autocomplete over HTTP: what a shop suggests from its catalog on its first day, in English and
 * German, scoped, through a typo; what it learns from shoppers' searches once two page views typed
 * them on a day (bots and tests left out) and the roll-up ran; rules on the autocomplete surface;
 * the release's never-suggest list; and an answer without facets, sorts or banners.
 */

const DAY = '2026-03-02';
const clock = fixedClock(`${DAY}T10:00:00.000Z`);

const shop: CatalogEntity[] = [
  { type: 'category', id: 'audio', title: { en: 'Audio', de: 'Audio' }, path: '/audio' },
  {
    type: 'category',
    id: 'headphones',
    parent: 'audio',
    title: { en: 'Headphones', de: 'Kopfhörer' },
    path: '/headphones',
  },
  { type: 'category', id: 'kitchen', title: { en: 'Kitchen', de: 'Küche' }, path: '/kitchen' },
  listedProduct('hp-1', { en: 'Acme Studio Headphones', de: 'Acme Studio Kopfhörer' }, 'Acme', 'headphones'),
  listedProduct('hp-2', { en: 'Acme Travel Headphones', de: 'Acme Reise Kopfhörer' }, 'Acme', 'headphones'),
  listedProduct('hp-3', { en: 'Sonora Air Headphones', de: 'Sonora Air Kopfhörer' }, 'Sonora', 'headphones'),
  listedProduct('hp-4', { en: 'Sonora Air Earbuds', de: 'Sonora Air Ohrhörer' }, 'Sonora', 'audio'),
  listedProduct('k-1', { en: 'Steel Kettle', de: 'Wasserkocher aus Stahl' }, 'Homely', 'kitchen'),
  listedProduct('k-2', { en: 'Glass Kettle', de: 'Wasserkocher aus Glas' }, 'Homely', 'kitchen'),
  listedProduct('k-3', { en: 'Cheap Kettle', de: 'Billiger Wasserkocher' }, 'Homely', 'kitchen'),
  listedProduct(
    'k-4',
    { en: 'Cheap Kettle Deluxe', de: 'Billiger Wasserkocher Deluxe' },
    'Homely',
    'kitchen',
  ),
];

const release = {
  'channels.json': { channels: [{ id: 'web', locales: ['en', 'de'], currency: 'EUR' }] },
  'ranking.json': { sorts: [{ code: 'price_asc', label: 'Price', by: 'price', direction: 'asc' }] },
  'categories.json': {
    default: {
      facets: [{ field: 'brand' }, { field: 'price', display: 'histogram' }],
      sort: { options: ['relevance', 'price_asc'] },
    },
  },
  'synonyms.json': { dictionaries: { en: { suggestions: { never: ['cheap'] } } } },
  'rules.json': {
    rules: [
      {
        id: 'kettles-while-typing',
        description: 'While typing "kett", the glass kettle first and the steel one hidden.',
        when: { on: 'autocomplete', query: { starts_with: 'kett' } },
        then: {
          pin: [{ entity: 'product:k-2', position: 1 }],
          hide: [{ entities: ['product:k-1'] }],
          sections: ['category', 'product'],
        },
      },
      {
        id: 'help-while-typing',
        description: 'Typing "help" goes to the help pages.',
        when: { on: 'autocomplete', query: { is: 'help' } },
        then: { redirect: { url: '/help' } },
      },
      {
        id: 'banner-everywhere',
        description: 'A banner on every surface that shows banners.',
        when: { on: ['search', 'autocomplete'] },
        then: { place: [{ slot: 'top', kind: 'banner', title: 'Spring sale', link: '/sale' }] },
      },
    ],
  },
};

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ clock });
  await stack.manage('PUT', '/catalog', toJsonLines(shop));
  const stored = await (await stack.manage('POST', '/releases', { files: release })).json();
  expect(stored.id).toBeDefined();
  await stack.manage('POST', `/releases/${stored.id}/publish`);
  await waitFor('the shop to be searchable', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
});
afterAll(async () => {
  await stack.close();
});

const search = (body: Record<string, unknown>, userAgent = CHROME): Promise<Answer> =>
  browserSearch(stack, body, userAgent);

const autocomplete = (query: string, more: Record<string, unknown> = {}) =>
  search({ query, on: 'autocomplete', traffic: 'test', ...more });
const texts = (answer: Answer): string[] =>
  (answer.suggestions ?? []).filter((one: Answer) => one.scope === undefined).map((one: Answer) => one.text);
const hitsOf = (answer: Answer, type = 'product'): string[] =>
  answer.sections.find((section: Answer) => section.type === type).hits.map((hit: Answer) => hit.entity);

describe('suggestions of a shop with no search log', () => {
  it('come from category titles, brand names and frequent title phrases', async () => {
    expect(texts(await autocomplete('hea'))).toEqual(['Headphones']);
    expect(texts(await autocomplete('son'))).toEqual(['Sonora', 'sonora air']);
    expect(texts(await autocomplete('ket'))).toEqual(['kettle']);
  });

  it('are scoped to the category where their results concentrate, after the text ones', async () => {
    const answer = await autocomplete('sonora ai');
    expect(answer.suggestions).toEqual([
      { text: 'sonora air' },
      // One of its two products is in Headphones, both in Audio: the deepest with a third or more.
      { text: 'sonora air', scope: { category: 'headphones', title: 'Headphones' } },
    ]);
  });

  it('follow a typo in the last word', async () => {
    expect(texts(await autocomplete('hedpho'))).toEqual(['Headphones']);
  });

  it('are in the locale asked for, folded as searches fold', async () => {
    expect(texts(await autocomplete('kopfho', { locale: 'de' }))).toEqual(['Kopfhörer']);
    expect(texts(await autocomplete('wasserk', { locale: 'de' }))).toEqual([
      'wasserkocher',
      'billiger wasserkocher',
    ]);
    expect(texts(await autocomplete('wasserk'))).toEqual([]);
  });

  it("leave out the release's never-suggest words, which change no search", async () => {
    // Two titles hold "cheap kettle": English never suggests `cheap`, German has no such list.
    expect(texts(await autocomplete('chea'))).toEqual([]);
    expect(hitsOf(await autocomplete('chea')).sort()).toEqual(['product:k-3', 'product:k-4']);
    expect(texts(await autocomplete('billig', { locale: 'de' }))).toContain('billiger wasserkocher');
  });
});

describe('the autocomplete answer', () => {
  it('is light: no facets unless named, no histogram, no sorts, no banners', async () => {
    const answer = await autocomplete('acme');
    const listed = answer.sections.find((section: Answer) => section.type === 'product');
    expect(listed.facets).toBeUndefined();
    expect(answer.sorts).toBeUndefined();
    expect(answer.placements).toBeUndefined();
    const named = await autocomplete('acme', { facets: ['brand', 'price'] });
    const facets = named.sections.find((section: Answer) => section.type === 'product').facets;
    expect(facets.map((facet: Answer) => facet.field)).toEqual(['brand', 'price']);
    expect(facets[1].histogram).toBeUndefined();
    // The search page keeps all of it.
    const page = await search({ query: 'acme', traffic: 'test' });
    expect(page.sorts).toBeDefined();
    expect(page.placements).toHaveLength(1);
    expect(page.suggestions).toBeUndefined();
  });

  it('follows the rules of the autocomplete surface: pins, hides, sections and redirects', async () => {
    const kettles = await autocomplete('kett');
    expect(kettles.sections.map((section: Answer) => section.type)).toEqual(['category', 'product']);
    expect(hitsOf(kettles)[0]).toBe('product:k-2');
    expect(hitsOf(kettles).sort()).toEqual(['product:k-2', 'product:k-3', 'product:k-4']);
    expect(texts(kettles)).toEqual(['kettle']);
    const help = await autocomplete('help');
    expect(help.redirect).toEqual({ url: '/help', rule: 'help-while-typing' });
    // The search page does not follow them.
    expect(hitsOf(await search({ query: 'kettle', traffic: 'test' }))).toContain('product:k-1');
  });
});

describe('suggestions learnt from the search log', () => {
  const rollUp = async () => {
    await stack.searchLog?.flush();
    await stack.scheduler!.runOnce();
    await stack.live!.refresh();
  };

  it('appear once two page views typed a query that found something on a day, after the roll-up', async () => {
    // "acme travel" is in one title only: no catalog phrase. One page view typing it twice, a bot,
    // a test and a query that finds nothing do not teach it.
    await search({ query: 'acme travel', page_view: 'pv-1' });
    await search({ query: 'Acme travel', page_view: 'pv-1' });
    await search({ query: 'acme travel', page_view: 'pv-bot' }, GOOGLEBOT);
    await search({ query: 'acme travel', page_view: 'pv-test', traffic: 'test' });
    await search({ query: 'acme toaster', page_view: 'pv-1' });
    await search({ query: 'acme toaster', page_view: 'pv-2' });
    await rollUp();
    expect(texts(await autocomplete('acme t'))).toEqual([]);

    await search({ query: 'acme travel', page_view: 'pv-2' });
    await rollUp();
    await waitFor('the learnt suggestion', async () =>
      texts(await autocomplete('acme t')).includes('acme travel') ? true : undefined,
    );
    expect(texts(await autocomplete('acme t'))).toEqual(['acme travel']);
    expect(texts(await autocomplete('acme t', { locale: 'de' }))).toEqual([]);
  });
});

describe("a merchandiser's rule", () => {
  it('withdraws a suggestion the storefront was offered once the release holding it is live', async () => {
    expect(texts(await autocomplete('son'))).toEqual(['Sonora', 'sonora air']);
    const hideSonora = {
      id: 'hide-sonora',
      description: 'Sonora is off the shelves: its products are hidden from searches.',
      when: { on: 'search' },
      then: { hide: [{ where: { brand: 'Sonora' } }] },
    };
    await storeAndPublishRelease(stack, {
      ...release,
      'rules.json': { rules: [...release['rules.json'].rules, hideSonora] },
    });
    await waitFor('the Sonora suggestions to be withdrawn', async () =>
      texts(await autocomplete('son')).length === 0 ? true : undefined,
    );
    // Choosing them would find nothing: the search page hides every Sonora product.
    const page = await search({ query: 'sonora', traffic: 'test' });
    expect(page.sections.find((section: Answer) => section.type === 'product').total).toBe(0);
    expect(texts(await autocomplete('acm'))).toContain('Acme');
  });
});

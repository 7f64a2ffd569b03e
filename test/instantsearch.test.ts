import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AisleProblemError } from '../src/client/index.js';
import type { SearchResult } from '../src/instantsearch/index.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';
import { startDemoStack } from './support/demo.js';
import { type Answer, CHROME } from './support/http.js';
import {
  connectors,
  createInsightsMiddleware,
  keep,
  type RunningSearch,
  startInstantSearch,
} from './support/instantsearch.js';
import type { TestStack } from './support/stack.js';
import { waitFor } from './support/wait.js';

/**
 * InstantSearch.js (with its algoliasearch-helper) over `aisle/instantsearch`, against the demo shop:
 * what its widgets show is what `POST /v1/search` answers for the same search, with one aisle
 * search per page whatever the refinements.
 */

const {
  connectConfigure,
  connectHierarchicalMenu,
  connectHits,
  connectPagination,
  connectRange,
  connectRefinementList,
  connectSearchBox,
  connectSortBy,
  connectToggleRefinement,
} = connectors;

let stack: TestStack;
const running: RunningSearch[] = [];

beforeAll(async () => {
  stack = await startDemoStack();
});
afterEach(() => {
  for (const search of running.splice(0)) search.dispose();
});
afterAll(() => stack?.close());

/** What aisle answers for a search body, as the adapter would send it. */
async function aisle(body: Record<string, unknown>): Promise<Answer> {
  const response = await stack.search(body);
  expect(response.status).toBe(200);
  return response.json();
}

const listed = (answer: Answer) => answer.sections.find((section: Answer) => section.type === answer.listed);
const facetCounts = (answer: Answer, field: string) =>
  Object.fromEntries(
    (listed(answer).facets.find((facet: Answer) => facet.field === field)?.values ?? []).map(
      (value: Answer) => [String(value.value), value.count],
    ),
  );
const entities = (answer: Answer) => listed(answer).hits.map((hit: Answer) => hit.entity);
/** Whether an array holds the values, in any order (InstantSearch sorts its refinements). */
const sameValues = (values: string[]) => (array: unknown) =>
  Array.isArray(array) && JSON.stringify([...array].sort()) === JSON.stringify(values);
const counts = (items: Array<{ value: string; count: number }>) =>
  Object.fromEntries(items.map((item) => [item.value, item.count]));

async function start(
  options: Parameters<typeof startInstantSearch>[1],
  widgets: Parameters<typeof startInstantSearch>[2],
): Promise<RunningSearch> {
  const search = await startInstantSearch(stack.urls.public!, options, widgets);
  running.push(search);
  return search;
}

describe('InstantSearch.js over aisle', () => {
  it('shows the hits, facet counts, disjunctive counts and pages POST /v1/search answers', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the connectors' render states, read as the widgets read them
    const state: Record<string, any> = {};
    const run = await start({ indexName: 'web' }, () => [
      connectSearchBox(keep(state, 'box'))({}),
      connectHits(keep(state, 'hits'))({}),
      connectPagination(keep(state, 'pagination'))({}),
      connectRefinementList(keep(state, 'brands'))({ attribute: 'brand', limit: 100 }),
      connectRange(keep(state, 'price'))({ attribute: 'price' }),
    ]);

    await run.settle(() => state.box.refine('wireless'));
    const first = run.aisleSearches().at(-1)!;
    expect(first).toMatchObject({ query: 'wireless', channel: 'web', page: 1, per_page: 24 });
    expect(first.facets).toEqual(['brand', 'price']);
    const expected = await aisle(first);
    expect(state.hits.items.map((hit: Answer) => hit.objectID)).toEqual(entities(expected));
    expect(state.hits.results.nbHits).toBe(listed(expected).total);
    expect(state.pagination.nbPages).toBe(Math.ceil(listed(expected).reachable / 24));
    expect(counts(state.brands.items)).toEqual(facetCounts(expected, 'brand'));
    const priceFacet = listed(expected).facets.find((facet: Answer) => facet.field === 'price');
    expect(state.price.range).toEqual({ min: Math.floor(priceFacet.min), max: Math.ceil(priceFacet.max) });
    const unrefined = facetCounts(expected, 'brand');

    // Two brands ORed: InstantSearch asks the brand counts without them in a second request, which
    // the page's one aisle search answers.
    const [one, two] = state.brands.items as Array<{ value: string; count: number }>;
    await run.settle(() => state.brands.refine(one!.value));
    const sentBefore = run.aisleSearches().length;
    await run.settle(() => state.brands.refine(two!.value));
    expect(run.aisleSearches().length).toBe(sentBefore + 1);
    const refined = await aisle(run.aisleSearches().at(-1)!);
    const chosen = [one!.value, two!.value].sort();
    expect(run.aisleSearches().at(-1)!.filters).toEqual({ brand: expect.toSatisfy(sameValues(chosen)) });
    expect(state.hits.items.map((hit: Answer) => hit.objectID)).toEqual(entities(refined));
    expect(state.hits.results.nbHits).toBe(one!.count + two!.count);
    expect(counts(state.brands.items)).toEqual(facetCounts(refined, 'brand'));
    expect(counts(state.brands.items)).toEqual(unrefined);

    // A price range narrows the brands' counts too.
    const { min, max } = state.price.range;
    const from = Math.round(min + (max - min) / 4);
    const upTo = Math.round((min + max) / 2);
    await run.settle(() => state.price.refine([from, upTo]));
    const ranged = run.aisleSearches().at(-1)!;
    expect(ranged.filters).toEqual({
      brand: expect.toSatisfy(sameValues(chosen)),
      price: { gte: from, lte: upTo },
    });
    const rangedAnswer = await aisle(ranged);
    expect(state.hits.results.nbHits).toBe(listed(rangedAnswer).total);
    expect(counts(state.brands.items)).toEqual(facetCounts(rangedAnswer, 'brand'));

    // The second page: its hits, their positions across pages, and the first page's query id.
    await run.settle(() => state.price.refine([undefined, undefined]));
    const firstPageQueryId = state.hits.results.queryID;
    await run.settle(() => state.pagination.refine(1));
    const second = run.aisleSearches().at(-1)!;
    expect(second).toMatchObject({ page: 2, per_page: 24 });
    const secondAnswer = await aisle(second);
    expect(state.hits.items.map((hit: Answer) => hit.objectID)).toEqual(entities(secondAnswer));
    expect(state.hits.items[0].__position).toBe(25);
    expect(state.hits.items[0].__queryID).toBe(firstPageQueryId);
    expect(state.pagination.currentRefinement).toBe(1);
  });

  it('refines the category tree, a toggle and a sort replica as aisle filters and sorts', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the connectors' render states
    const state: Record<string, any> = {};
    const run = await start({ indexName: 'web' }, () => [
      connectHits(keep(state, 'hits'))({}),
      connectHierarchicalMenu(keep(state, 'menu'))({
        attributes: ['category.lvl0', 'category.lvl1', 'category.lvl2'],
      }),
      connectToggleRefinement(keep(state, 'sale'))({ attribute: 'on_sale' }),
      connectSortBy(keep(state, 'sort'))({
        items: [
          { value: 'web', label: 'Relevance' },
          { value: 'web/price_asc', label: 'Price: low to high' },
        ],
      }),
    ]);
    const all = await aisle(run.aisleSearches().at(-1)!);
    const tree = facetCounts(all, 'category');
    expect(counts(state.menu.items)).toEqual({
      electronics: tree.electronics,
      home: tree.home,
      fashion: tree.fashion,
    });

    await run.settle(() => state.menu.refine('electronics'));
    await run.settle(() => state.menu.refine('electronics > audio'));
    const audio = run.aisleSearches().at(-1)!;
    expect(audio.filters).toEqual({ category: { within: 'audio' } });
    const audioAnswer = await aisle(audio);
    expect(state.hits.items.map((hit: Answer) => hit.objectID)).toEqual(entities(audioAnswer));
    const electronics = state.menu.items.find((item: Answer) => item.value === 'electronics');
    const audioItem = electronics.data.find((item: Answer) => item.value === 'electronics > audio');
    expect(audioItem).toMatchObject({ isRefined: true, count: facetCounts(audioAnswer, 'category').audio });
    expect(audioItem.data.length).toBeGreaterThan(0);

    await run.settle(() => state.sale.refine({ isRefined: false }));
    const onSale = run.aisleSearches().at(-1)!;
    expect(onSale.filters).toEqual({ category: { within: 'audio' }, on_sale: [true] });
    expect(state.hits.results.nbHits).toBe(listed(await aisle(onSale)).total);

    await run.settle(() => state.sort.refine('web/price_asc'));
    const sorted = run.aisleSearches().at(-1)!;
    expect(sorted.sort).toBe('price_asc');
    const sortedAnswer = await aisle(sorted);
    expect(state.hits.items.map((hit: Answer) => hit.objectID)).toEqual(entities(sortedAnswer));
  });

  it('searches facet values, highlights hits and carries aisle’s own parts of the answer', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the connectors' render states
    const state: Record<string, any> = {};
    const run = await start({ indexName: 'web' }, () => [
      connectSearchBox(keep(state, 'box'))({}),
      connectHits(keep(state, 'hits'))({}),
      connectRefinementList(keep(state, 'brands'))({ attribute: 'brand' }),
    ]);
    await run.settle(() => state.box.refine('headphones'));
    const results = state.hits.results as SearchResult;
    const answer = await aisle(run.aisleSearches().at(-1)!);
    expect(results.aisle.redirect).toEqual(answer.redirect);
    expect(results.renderingContent.redirect).toEqual({ url: '/c/electronics/audio/headphones' });
    expect(results.userData.map((placement) => placement.rule)).toContain('seasonal-sale');
    expect(results.queryID).toBe(results.aisle.query_id);
    const titled = state.hits.items.find((hit: Answer) => /headphones/i.test(hit.title));
    expect(titled._highlightResult.title.value).toMatch(/<mark>Headphones<\/mark>/);
    expect(titled._highlightResult.title.matchLevel).toBe('full');

    const brandCounts = facetCounts(answer, 'brand');
    state.brands.searchForItems('son');
    const found = await waitFor('the brands found by "son"', async () =>
      state.brands.isFromSearch ? state.brands.items : undefined,
    );
    expect(found.map((item: Answer) => item.value)).toContain('sonora');
    for (const item of found) {
      expect(item.count).toBe(brandCounts[item.value]);
      expect(item.highlighted).toMatch(/<mark>Son<\/mark>/i);
    }

    // The same asked as algoliasearch v5 asks, its parameters URL-encoded.
    const v5 = await run.client.searchForFacetValues({
      indexName: 'web',
      facetName: 'brand',
      searchForFacetValuesRequest: { facetQuery: 'son', params: 'query=headphones&hitsPerPage=5' },
    });
    expect(v5.facetHits.map((hit) => [hit.value, hit.count])).toEqual(
      found.map((item: Answer) => [item.value, item.count]),
    );
  });

  it('answers a category page and autocomplete through the aisle parameter', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the connectors' render states
    const state: Record<string, any> = {};
    const page = await start({ indexName: 'web' }, () => [
      connectConfigure(() => {})({
        searchParameters: { aisle: { on: 'category_page', category: 'headphones' } },
      }),
      connectHits(keep(state, 'page'))({}),
    ]);
    const pageSearch = page.aisleSearches().at(-1)!;
    expect(pageSearch).toMatchObject({ on: 'category_page', category: 'headphones' });
    expect(state.page.items.map((hit: Answer) => hit.objectID)).toEqual(entities(await aisle(pageSearch)));

    const typeahead = await start({ indexName: 'web' }, () => [
      connectConfigure(() => {})({ searchParameters: { hitsPerPage: 4, aisle: { on: 'autocomplete' } } }),
      connectSearchBox(keep(state, 'box'))({}),
      connectHits(keep(state, 'typeahead'))({}),
    ]);
    await typeahead.settle(() => state.box.refine('hea'));
    const typed = typeahead.aisleSearches().at(-1)!;
    expect(typed).toMatchObject({ on: 'autocomplete', query: 'hea', per_page: 4 });
    const suggestions = (await aisle(typed)).suggestions;
    expect(suggestions.length).toBeGreaterThan(0);
    expect((state.typeahead.results as SearchResult).aisle.suggestions).toEqual(suggestions);
  });

  it('is the package export aisle/instantsearch, with its types, once built', async () => {
    const built = await import('aisle/instantsearch');
    expect(typeof built.aisleSearchClient).toBe('function');
    expect(typeof built.facetLabels).toBe('function');
    const types = await readFile(join(PACKAGE_ROOT, 'dist/src/instantsearch/index.d.ts'), 'utf8');
    expect(types).toContain('aisleSearchClient');
  });

  it('surfaces a search aisle refuses as InstantSearch’s error, with aisle’s problem', async () => {
    const failure = await start({ indexName: 'web' }, () => [
      connectRefinementList(() => {})({ attribute: 'no_such_facet' }),
    ]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AisleProblemError);
    expect((failure as AisleProblemError).problem.violations?.[0]?.pointer).toBe('/facets/0');
  });

  it('reports clicks through the insights middleware, counted by GET /api/v1/insights', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the connectors' render states
    const state: Record<string, any> = {};
    const shopper = await start(
      { indexName: 'web', client: { headers: { 'user-agent': CHROME } } },
      (search) => {
        search.use(createInsightsMiddleware({ insightsClient: shopperClient(search) }));
        return [connectSearchBox(keep(state, 'box'))({}), connectHits(keep(state, 'hits'))({})];
      },
    );
    await shopper.settle(() => state.box.refine('kettle'));
    const clicked = state.hits.items[1];
    state.hits.sendEvent('click', clicked, 'Hit Clicked');

    // A test's searches are left out of the reports.
    const tester = await start({ indexName: 'web', client: { headers: { 'user-agent': CHROME } } }, () => [
      connectConfigure(() => {})({ searchParameters: { analyticsTags: ['traffic:test'] } }),
      connectSearchBox(keep(state, 'testBox'))({}),
    ]);
    await tester.settle(() => state.testBox.refine('kettle'));
    expect(tester.aisleSearches().at(-1)).toMatchObject({ traffic: 'test' });

    const insights = await waitFor('the click to be rolled up', async () => {
      await stack.searchLog!.flush();
      await stack.scheduler!.runOnce();
      const report = await (await stack.manage('GET', '/insights')).json();
      return report.totals.clicks > 0 ? report : undefined;
    });
    expect(insights.totals).toMatchObject({ searches: 1, clicks: 1, clicked_searches: 1 });
  });
});

/** The adapter's insights client of the search a test started. */
function shopperClient(search: { client: unknown }) {
  return (search.client as { insightsClient: (...args: unknown[]) => void }).insightsClient;
}

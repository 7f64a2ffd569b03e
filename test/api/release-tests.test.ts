import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, writeCatalogJsonl } from '../../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../../src/catalog/demo/release.js';
import type { TestsFile } from '../../src/contracts/release-files/index.js';
import { finishedRun, startDemoStack } from '../support/demo.js';
import type { Answer } from '../support/http.js';
import { call } from '../support/http.js';
import { getImport, searchesRead, sendExport } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

type Test = TestsFile['tests'][number];

const demoTests = (demoReleaseFiles['tests.json'] as TestsFile).tests;
/** Where tests added after the demo release's own stand in tests.json. */
const ADDED_AT = demoTests.length;

/** The demo release with these tests after its own. */
function withTests(...tests: Test[]): Record<string, unknown> {
  return { ...demoReleaseFiles, 'tests.json': { tests: [...demoTests, ...tests] } };
}

/** What resolution must find in "red kettle": the kettles, in red, nothing left as text. */
const redKettle = (category: string): Test => ({
  id: 'red-kettle',
  description: '"red kettle" lists the red kettles.',
  request: { query: 'red kettle', redirect: false },
  expect: { resolved: { category, filters: { color: 'Red' }, complete: true } },
});

/** Which rules a search for Sonora televisions under 500 applies. */
const sonoraTv = (applied: string[]): Test => ({
  id: 'sonora-tv-under-500',
  description: 'Sonora televisions under 500 stay within televisions and favour the partner brand.',
  request: { query: 'sonora tv under 500', redirect: false },
  expect: { resolved: { category: 'televisions', complete: true }, rules: { applied } },
});

async function releaseCount(stack: TestStack): Promise<number> {
  return (await (await stack.manage('GET', '/releases')).json()).meta.total;
}

/** What the headphones page must open with: a result expectation, which only the index run checks. */
const headphonesFirst = (entity: string): Test => ({
  id: 'headphones-page-first',
  description: 'The headphones page opens with the pinned best seller.',
  request: { on: 'category_page', category: 'headphones' },
  expect: { results: { first: entity, contains: ['product:P101051'] } },
});

/** Stores a release and publishes it; answers the release id and the index run it queued. */
async function publishFiles(
  stack: TestStack,
  files: Record<string, unknown>,
): Promise<{ release: string; run: number }> {
  const stored = await stack.manage('POST', '/releases', { files });
  const release = await stored.json();
  expect(stored.status, JSON.stringify(release)).toBe(201);
  const published = await (await stack.manage('POST', `/releases/${release.id}/publish`)).json();
  return { release: release.id, run: published.run.id };
}

/** How a release would go live over what is live now: by a switch or a rebuild. */
async function publication(stack: TestStack, release: string): Promise<Answer> {
  return (await stack.manage('GET', `/releases/${release}/publication`)).json();
}

/** The release that answers the headphones page now, and the page's first product. */
async function headphonesPage(stack: TestStack): Promise<{ release: string; first: string }> {
  const answer = await (await stack.search({ on: 'category_page', category: 'headphones' })).json();
  const products = answer.sections.find((section: Answer) => section.type === 'product');
  return { release: answer.release, first: products.hits[0].entity };
}

describe('plan tests against the live demo shop', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startDemoStack();
  }, 120_000);
  afterAll(async () => stack.close());

  it('the demo shows its sales on the day it is loaded: sale prices, the on-sale toggle, the discount sort and the sale banner', async () => {
    const answer = await (
      await stack.search({ on: 'category_page', category: 'home', sort: 'discount' })
    ).json();
    expect(answer.placements.map((placement: Answer) => [placement.slot, placement.rule])).toEqual([
      ['top', 'seasonal-sale'],
      ['grid', 'seasonal-sale'],
    ]);
    const products = answer.sections.find((section: Answer) => section.type === 'product');
    const onSale = products.facets.find((facet: Answer) => facet.field === 'on_sale');
    expect(onSale.values.find((value: Answer) => value.value === true)?.count).toBeGreaterThan(10);
    // The biggest discounts first: each of the first page sells below its price today.
    for (const hit of products.hits) expect(hit.fields.sale_price).toBeLessThan(hit.fields.price);
  });

  it('stores the demo release with $schema URLs of the schemas this stack serves', async () => {
    const { data } = await (await stack.manage('GET', '/releases')).json();
    const release = await (await stack.manage('GET', `/releases/${data[0].id}`)).json();
    const schema = release.files['rules.json'].$schema;
    expect(schema).toBe(`${stack.urls.management}/schemas/rules.json`);
    const served = await call(schema);
    expect(served.status).toBe(200);
    expect((await served.json()).$id).toBe(schema);
  });

  it('POST /api/v1/releases answers 422 naming each failing test and keeps nothing', async () => {
    const before = await releaseCount(stack);
    const response = await stack.manage('POST', '/releases', {
      files: withTests(redKettle('coffee-machines'), sonoraTv(['tv-partner-brand', 'rewrite-cheap'])),
    });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.violations).toEqual([
      {
        file: 'tests.json',
        pointer: `/tests/${ADDED_AT}/expect/resolved/category`,
        message: 'Test "red-kettle": expected the category "coffee-machines", got "kettles".',
      },
      {
        file: 'tests.json',
        pointer: `/tests/${ADDED_AT + 1}/expect/rules/applied/1`,
        message: expect.stringMatching(
          /^Test "sonora-tv-under-500": the rule "rewrite-cheap" did not apply; /,
        ),
      },
    ]);
    expect(await releaseCount(stack)).toBe(before);
  });

  it('POST /api/v1/releases stores the same release when its expectations hold for the live catalog', async () => {
    const response = await stack.manage('POST', '/releases', {
      files: withTests(redKettle('kettles'), sonoraTv(['tv-partner-brand'])),
    });
    expect(response.status).toBe(201);
    const release = await response.json();
    expect(release.files['tests.json'].tests.map((test: Test) => test.id).slice(ADDED_AT)).toEqual([
      'red-kettle',
      'sonora-tv-under-500',
    ]);
  });

  it('PATCH /api/v1/imports/{import} refuses tests that fail with 422 and keeps the draft as it was', async () => {
    const draft = await sendExport(stack, writeCatalogJsonl(DEMO_SHOP), 'shop.jsonl');
    const failing = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: { 'tests.json': { tests: [...demoTests, redKettle('coffee-machines')] } },
    });
    expect(failing.status).toBe(422);
    expect((await failing.json()).violations).toEqual([
      {
        file: 'tests.json',
        pointer: `/tests/${ADDED_AT}/expect/resolved/category`,
        message: 'Test "red-kettle": expected the category "coffee-machines", got "kettles".',
      },
    ]);
    const unchanged = await getImport(stack, draft.id);
    expect(unchanged.files).toEqual({});
    expect(unchanged.version).toBe(draft.version);

    const passing = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: { 'tests.json': { tests: [...demoTests, redKettle('kettles')] } },
    });
    expect(passing.status).toBe(200);
    expect((await getImport(stack, draft.id)).files['tests.json'].tests.at(-1).id).toBe('red-kettle');
  });

  it('an index run whose result expectation fails, naming the test, fails and leaves the live release live', async () => {
    const live = await (await stack.manage('GET', '/live')).json();
    const before = await headphonesPage(stack);
    expect(before).toEqual({ release: live.release, first: 'product:P100137' });

    // Only tests.json changes, so the run would switch: its tests run against the live indexes.
    const switching = await publishFiles(stack, withTests(headphonesFirst('product:P100201')));
    expect(await publication(stack, switching.release)).toMatchObject({ way: 'switch' });
    const switched = await finishedRun(stack, switching.run);
    expect(switched).toMatchObject({ status: 'failed', live: false, failed_step: 'testing' });
    expect(switched.error).toContain(
      `Test "headphones-page-first": expected "product:P100201" first, but the first is "product:P100137". (tests.json /tests/${ADDED_AT}/expect/results/first)`,
    );
    expect(switched.error).not.toContain('P101051');

    // A ranking change needs a rebuild: the new indexes are tested before anything goes live.
    const rebuilding = await publishFiles(stack, {
      ...withTests(headphonesFirst('product:P100201')),
      'ranking.json': { ...demoReleaseFiles['ranking.json'], sections: ['product', 'category', 'brand'] },
    });
    expect(await publication(stack, rebuilding.release)).toMatchObject({ way: 'rebuild' });
    const rebuilt = await finishedRun(stack, rebuilding.run);
    expect(rebuilt).toMatchObject({ status: 'failed', live: false, failed_step: 'testing' });
    expect(rebuilt.error).toContain('Test "headphones-page-first": expected "product:P100201" first');

    expect((await (await stack.manage('GET', '/live')).json()).run).toBe(live.run);
    expect(await headphonesPage(stack)).toEqual(before);
  });

  it('an index run whose result expectations hold goes live with its release', async () => {
    const { release, run } = await publishFiles(stack, withTests(headphonesFirst('product:P100137')));
    expect(await finishedRun(stack, run)).toMatchObject({ status: 'succeeded', live: true, release });
    await searchesRead(stack, run);
    expect(await headphonesPage(stack)).toEqual({ release, first: 'product:P100137' });
  });
});

describe('a catalog that lacks what a live test names', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startDemoStack();
  }, 120_000);
  afterAll(async () => stack.close());

  it('fails its run naming the test, what its request names that the catalog lacks, and how to let it through', async () => {
    const live = await (await stack.manage('GET', '/live')).json();
    const lines = writeCatalogJsonl(DEMO_SHOP)
      .split('\n')
      .filter((line) => line !== '' && !line.includes('"headphones"'));
    const sent = await stack.manage('PUT', '/catalog', `${lines.join('\n')}\n`);
    expect(sent.status).toBe(202);
    const run = await finishedRun(stack, (await sent.json()).run.id);
    expect(run).toMatchObject({ status: 'failed', failed_step: 'testing', live: false });
    const at = demoTests.findIndex((test) => test.id === 'headphones-page-pins');
    expect(run.error).toContain(
      `Test "headphones-page-pins": its request cannot be answered here: "headphones" is no category of the live catalog`,
    );
    expect(run.error).toContain(
      `Change the test's request, or drop the test, to let this release and catalog through. (tests.json /tests/${at}/request/category)`,
    );
    expect(run.error).not.toContain('The request cannot be answered as sent');
    expect((await (await stack.manage('GET', '/live')).json()).run).toBe(live.run);
  });
});

describe('plan tests with nothing live', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ roles: { indexer: false } });
  });
  afterAll(async () => stack.close());

  it('are left to the index run: with no catalog to resolve against, the release is stored', async () => {
    const response = await stack.manage('POST', '/releases', {
      files: withTests(redKettle('coffee-machines')),
    });
    expect(response.status).toBe(201);
  });
});
